package formats

import (
	"io"
	"testing"

	"github.com/uricat/uricat/importers/importertest"
	"github.com/uricat/uricat/internal/cputime"
)

// BenchmarkExport exports 100,000 records in each format through the
// registry, as `uricat export` does: each must take well under a second.
// The formats' own packages have benchmarks at 10k, 100k and 1M records.
func BenchmarkExport(b *testing.B) {
	recs := importertest.Generate(100_000)
	for _, f := range Writers() {
		b.Run(f.Name, func(b *testing.B) {
			n := &countingWriter{}
			cpu := cputime.Used()
			for b.Loop() {
				if _, err := Write(n, f, recs); err != nil {
					b.Fatal(err)
				}
			}
			cputime.Report(b, cpu)
			b.SetBytes(n.n / int64(b.N))
			b.ReportMetric(float64(len(recs)), "records/op")
		})
	}
}

type countingWriter struct{ n int64 }

func (w *countingWriter) Write(p []byte) (int, error) { w.n += int64(len(p)); return len(p), nil }

var _ io.Writer = (*countingWriter)(nil)
