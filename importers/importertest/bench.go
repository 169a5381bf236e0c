package importertest

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/internal/cputime"
)

// Sizes are the record counts of the readers' and writers' benchmarks.
var Sizes = []struct {
	Name string
	N    int
}{{"10k", 10_000}, {"100k", 100_000}, {"1M", 1_000_000}}

// BenchmarkWriter writes Generate(n) records with a writer newWriter makes,
// for each of Sizes, reporting CPU time, bytes and allocations.
func BenchmarkWriter(b *testing.B, newWriter func(io.Writer) importers.Writer) {
	for _, size := range Sizes {
		b.Run(size.Name, func(b *testing.B) {
			recs := Generate(size.N)
			var c counter
			b.ReportAllocs()
			cpu := cputime.Used()
			for b.Loop() {
				c = counter{}
				w := newWriter(&c)
				for _, r := range recs {
					if err := w.Write(r); err != nil {
						b.Fatal(err)
					}
				}
				if err := w.Close(); err != nil {
					b.Fatal(err)
				}
			}
			cputime.Report(b, cpu)
			b.SetBytes(c.n)
		})
	}
}

// BenchmarkReader reads, with a reader newReader makes, input(n) for each
// of Sizes: n records (ExportOf makes such an input).
func BenchmarkReader(b *testing.B, newReader func(io.Reader) importers.Reader, input func(n int) []byte) {
	for _, size := range Sizes {
		b.Run(size.Name, func(b *testing.B) {
			in := input(size.N)
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			cpu := cputime.Used()
			for b.Loop() {
				r := newReader(bytes.NewReader(in))
				n := 0
				for {
					_, err := r.Read()
					if errors.Is(err, io.EOF) {
						break
					}
					if err != nil {
						b.Fatal(err)
					}
					n++
				}
				if n != size.N {
					b.Fatalf("read %d records of %d", n, size.N)
				}
			}
			cputime.Report(b, cpu)
		})
	}
}

// ExportOf returns an input for BenchmarkReader: the export of Generate(n)
// by a writer newWriter makes.
func ExportOf(newWriter func(io.Writer) importers.Writer) func(n int) []byte {
	return func(n int) []byte {
		var buf bytes.Buffer
		w := newWriter(&buf)
		for _, r := range Generate(n) {
			w.Write(r)
		}
		w.Close()
		return buf.Bytes()
	}
}

// counter counts the bytes written to it.
type counter struct{ n int64 }

func (c *counter) Write(p []byte) (int, error) { c.n += int64(len(p)); return len(p), nil }
