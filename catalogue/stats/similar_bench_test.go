package stats

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/uricat/uricat/internal/cputime"
)

// benchTags counts the tags of n records as Tags would: three tags each,
// from a vocabulary of n/5 words written one of six ways (most often the
// first), as years of imports leave them.
func benchTags(n int) []Count {
	rng := rand.New(rand.NewPCG(1, uint64(n)))
	words := max(n/5, 1)
	counts := map[string]int{}
	forms := []func(string) string{
		func(w string) string { return w },
		strings.ToUpper,
		func(w string) string { return w + "s" },
		func(w string) string { return w[:3] + "-" + w[3:] },
		func(w string) string { return "#" + w },
		func(w string) string { return w[:3] + " " + strings.ToUpper(w[3:4]) + w[4:] },
	}
	zipf := rand.NewZipf(rng, 1.2, 1, uint64(words-1))
	for range n * 3 {
		w := fmt.Sprintf("tag%dx", zipf.Uint64())
		f := 0
		if rng.IntN(4) == 0 {
			f = rng.IntN(len(forms))
		}
		counts[forms[f](w)]++
	}
	out := make([]Count, 0, len(counts))
	for name, k := range counts {
		out = append(out, Count{name, k})
	}
	return out
}

// BenchmarkSimilar groups the tags of 10k, 100k and 1M records; cpu-ms/op
// is the figure to read on a shared machine.
func BenchmarkSimilar(b *testing.B) {
	for _, n := range []int{10_000, 100_000, 1_000_000} {
		tags := benchTags(n)
		b.Run(fmt.Sprintf("records=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			groups := 0
			start := cputime.Used()
			for b.Loop() {
				groups = len(Similar(tags))
			}
			cputime.Report(b, start)
			b.ReportMetric(float64(len(tags)), "tags")
			b.ReportMetric(float64(groups), "groups")
		})
	}
}
