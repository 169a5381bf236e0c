package records

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/gen"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/internal/cputime"
)

// The pipeline's benchmarks on generated catalogues of 10k, 100k and 1M
// records: a pass, its answer applied and the rows of a frame asked for
// (the root's benchmarks draw them). Run: go test -run XXX -bench . ./tui/records

var sizes = []struct {
	name string
	n    int
}{{"10k", 10_000}, {"100k", 100_000}, {"1M", 1_000_000}}

// benchN is the size of the benchmarks that do not vary it.
const benchN = 100_000

// loadedList returns a list with the generated catalogue of n records
// loaded, from the file the root's benchmarks write and reuse.
func loadedList(b *testing.B, n int) *List {
	b.Helper()
	path := filepath.Join(os.TempDir(), fmt.Sprintf("uricat-bench-gen-%d.uricat", n))
	if _, err := os.Stat(path); err != nil {
		tmp := path + ".tmp"
		if err := os.WriteFile(tmp, []byte(gen.Catalogue(n)), 0o644); err != nil {
			b.Fatal(err)
		}
		if err := os.Rename(tmp, path); err != nil {
			b.Fatal(err)
		}
	}
	c, err := catalogue.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	li := New(Keys{})
	li.SetHeight(38)
	li.Load(Find(c.Records(), ""))
	return li
}

// BenchmarkSearchKeystroke types the next character of a search: the pass
// (narrowing the previous answer) plus applying it and drawing the frame.
// The index is built beforehand, as the model builds it after the first
// frame.
func BenchmarkSearchKeystroke(b *testing.B) {
	for _, s := range sizes {
		li := loadedList(b, s.n)
		li.res.Prepare()
		for _, tc := range []struct{ before, after string }{
			{"", "g"},           // the first key: a pass over every record
			{"gi", "git"},       // typing on: narrows the previous answer
			{"git", "git s"},    // a second word
			{"", "rating:>=4"},  // the query language, pasted at once
			{"server", "serve"}, // backspace: a full pass again
			{"", "koln"},        // accents folded
			{"s", "se"},         // a second letter: most records hold it spelt out, fuzzily
			{"serv", "ser"},     // backspace to a short word
		} {
			b.Run(fmt.Sprintf("%s/%q->%q", s.name, tc.before, tc.after), func(b *testing.B) {
				prev := (pass{text: tc.before, recs: li.Records(), prev: li.res}).run(context.Background())
				b.ResetTimer()
				start := cputime.Used()
				for b.Loop() {
					// In memory Update lends, as the program's passes are.
					p := pass{seq: 1, text: tc.after, recs: li.Records(), prev: prev, mem: li.pool.take()}
					res := p.run(context.Background())
					li.pool.putHits(p.mem.hits)
					li.apply(res)
					_ = li.Visible(38)
				}
				cputime.Report(b, start)
				b.ReportMetric(float64(li.res.Len()), "shown")
			})
		}
	}
}

// BenchmarkSearchKeystrokeSorted is the same with a sort key chosen (the
// ordering is computed once and reused while typing).
func BenchmarkSearchKeystrokeSorted(b *testing.B) {
	li := loadedList(b, benchN)
	li.sortKey = query.SortByName
	prev := (pass{text: "", recs: li.Records(), sort: li.sortKey, prev: li.res}).run(context.Background())
	b.ResetTimer()
	start := cputime.Used()
	for b.Loop() {
		res := (pass{seq: 1, text: "g", recs: li.Records(), sort: li.sortKey, prev: prev}).run(context.Background())
		li.apply(res)
		_ = li.Visible(38)
	}
	cputime.Report(b, start)
}

// BenchmarkSortChange is choosing a sort key (once, in the background).
func BenchmarkSortChange(b *testing.B) {
	li := loadedList(b, benchN)
	start := cputime.Used()
	for b.Loop() {
		res := (pass{seq: 1, recs: li.Records(), sort: query.SortByName, prev: li.res}).run(context.Background())
		li.apply(res)
		_ = li.Visible(38)
	}
	cputime.Report(b, start)
}

// BenchmarkGroupChange is grouping by category (in the background).
func BenchmarkGroupChange(b *testing.B) {
	li := loadedList(b, benchN)
	start := cputime.Used()
	for b.Loop() {
		res := (pass{seq: 1, recs: li.Records(), group: query.GroupByCategory, prev: li.res}).run(context.Background())
		li.group = query.GroupByCategory
		li.apply(res)
		_ = li.Visible(38)
	}
	cputime.Report(b, start)
}

// BenchmarkFirstKeyBeforeIndex types the first key of a search right
// after the first frame, while the search index is still being built in
// the background (Warm, started just before): ns/op is the time to the
// first answer shown (a first screenful, when the pass gives one), and
// whole-ms the time to the whole answer. The build is waited for, out
// of the timing, before the next key.
func BenchmarkFirstKeyBeforeIndex(b *testing.B) {
	for _, s := range sizes {
		li := loadedList(b, s.n)
		for _, text := range []string{"g", "git", "rating:>=4"} {
			b.Run(fmt.Sprintf("%s/%q", s.name, text), func(b *testing.B) {
				var whole time.Duration
				start := cputime.Used()
				for b.Loop() {
					b.StopTimer()
					base := Find(li.Records(), "")
					built := make(chan struct{})
					b.StartTimer()
					go func() { base.Prepare(); close(built) }()
					t0 := time.Now()
					first := make(chan struct{})
					p := pass{seq: 1, text: text, recs: li.Records(), prev: base}
					p.early = func(*Answer) { b.StopTimer(); close(first) }
					if res := p.run(context.Background()); res == nil {
						b.Fatal("cancelled")
					}
					select {
					case <-first: // the timer stopped there
					default:
						b.StopTimer()
					}
					whole += time.Since(t0)
					<-built
					b.StartTimer()
				}
				cputime.Report(b, start)
				b.ReportMetric(float64(whole.Milliseconds())/float64(b.N), "whole-ms")
			})
		}
	}
}

// BenchmarkFirstAnswer is the answer for the empty search a catalogue
// just opened gets (Find), which its first frame waits for.
func BenchmarkFirstAnswer(b *testing.B) {
	for _, s := range sizes {
		li := loadedList(b, s.n)
		b.Run(s.name, func(b *testing.B) {
			start := cputime.Used()
			for b.Loop() {
				Find(li.Records(), "")
			}
			cputime.Report(b, start)
		})
	}
}
