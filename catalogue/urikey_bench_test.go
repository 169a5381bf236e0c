package catalogue

import (
	"strings"
	"testing"

	"github.com/uricat/uricat/internal/cputime"
)

// BenchmarkURIKey keys every URI of a generated catalogue: what the first
// duplicate check of a session costs.
func BenchmarkURIKey(b *testing.B) {
	c, err := Read(strings.NewReader(generate(10000)))
	if err != nil {
		b.Fatal(err)
	}
	recs := c.Records()
	b.ResetTimer()
	start := cputime.Used()
	for b.Loop() {
		for _, r := range recs {
			URIKey(r.URI())
		}
	}
	cputime.Report(b, start)
}
