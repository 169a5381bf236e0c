package exporters

import (
	"io"
	"testing"

	"github.com/uricat/uricat/importers/importertest"
	"github.com/uricat/uricat/internal/cputime"
)

// BenchmarkExport exports 100,000 records in each format: each must take
// well under a second (the bound).
func BenchmarkExport(b *testing.B) {
	recs := importertest.Records(100_000)
	for _, f := range Formats {
		b.Run(f.Name, func(b *testing.B) {
			n := &countingWriter{}
			cpu := cputime.Used()
			for b.Loop() {
				if err := f.Write(n, recs); err != nil {
					b.Fatal(err)
				}
			}
			if cpu := cputime.Used() - cpu; cpu > 0 {
				// GC runs on other threads: CPU time may exceed wall time.
				b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
			}
			b.SetBytes(n.n / int64(b.N))
			b.ReportMetric(float64(len(recs)), "records/op")
		})
	}
}

type countingWriter struct{ n int64 }

func (w *countingWriter) Write(p []byte) (int, error) { w.n += int64(len(p)); return len(p), nil }

var _ io.Writer = (*countingWriter)(nil)
