package soif

import (
	"strconv"
	"testing"
	"time"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
	"github.com/uricat/uricat/internal/cputime"
)

// generate streams realistic Harvest FILE objects, made as they are
// read, up to size bytes or objects objects (0: no bound): the
// benchmark's input is never held in memory.
func generate(size int64, objects int) *importertest.Stream {
	var o objectMaker
	return &importertest.Stream{Size: size, Piece: func(b []byte, i int) ([]byte, bool) {
		if objects > 0 && i == objects {
			return b, false
		}
		return o.object(b, i+1), true
	}}
}

// objectMaker makes objects in buffers it keeps.
type objectMaker struct{ num, val []byte }

// object writes the n-th object: about 650 bytes, with the attributes a
// gatherer wrote (Appendix A). It is cheap, so that the benchmark measures
// the reader.
func (g *objectMaker) object(b []byte, n int) []byte {
	num := strconv.AppendInt(g.num[:0], int64(n), 10)
	b = append(b, "@FILE { http://www"...)
	b = strconv.AppendInt(b, int64(n%97), 10)
	b = append(b, ".example.org/docs/page-"...)
	b = append(b, num...)
	b = append(b, ".html\n"...)
	g.val = append(append(append(g.val[:0], "Page "...), num...), ": notes on summary objects and indexing"...)
	b = appendPair(b, "Title", g.val)
	g.val = append(append(append(g.val[:0], "A page about harvesting, number "...), num...),
		", with a description of moderate length to be realistic."...)
	b = appendPair(b, "Description", g.val)
	b = appendPair(b, "Keywords", []byte("harvest\nsoif\nindexing\nsummary objects\nbroker"))
	b = appendPair(b, "Author-1", []byte("Darren Hardy"))
	b = appendPair(b, "Author-2", []byte("Mike Schwartz"))
	b = appendPair(b, "Type", []byte("HTML"))
	b = appendPair(b, "File-Size", strconv.AppendInt(g.val[:0], int64(1000+n%50000), 10))
	b = appendPair(b, "Last-Modification-Time", strconv.AppendInt(g.val[:0], int64(800000000+n), 10))
	b = appendPair(b, "Update-Time", strconv.AppendInt(g.val[:0], int64(850000000+n), 10))
	b = appendPair(b, "MD5", []byte("24766f075e3f96a7b5494fea88659fa8"))
	b = appendPair(b, "Gatherer-Name", []byte("Example Gatherer"))
	b = appendPair(b, "Partial-Text", []byte("The first lines of the document, which Harvest kept for full-text search and uricat does not keep."))
	return append(b, "}\n"...)
}

// BenchmarkRead100MB imports 100 MB of generated SOIF streamed from an
// io.Reader. The issue asks for 50 MB/s or better.
func BenchmarkRead100MB(b *testing.B) {
	const size = 100 << 20
	b.SetBytes(size)
	b.ReportAllocs()
	opts := importers.Options{Now: time.Now()}
	var peak uint64
	for b.Loop() {
		r := NewReader(generate(size, 0), opts)
		if importertest.Drain(b, r, importertest.SampleHeap(&peak)) == 0 {
			b.Fatal("no records")
		}
	}
	b.ReportMetric(float64(peak>>10), "peak-heap-KB")
	if peak > importertest.HeapBound {
		b.Errorf("heap in use reached %d KB streaming %d MB; the bound is %d KB", peak>>10, size>>20, importertest.HeapBound>>10)
	}
}

// TestMemoryBounded streams generated files of two sizes and samples the
// heap while each is read: the heap in use stays under a fixed bound, and
// reading four times as much does not raise it. (BenchmarkRead100MB checks
// the same bound over 100 MB; the test stays quick for go test ./...)
func TestMemoryBounded(t *testing.T) {
	var sizes []int64
	counts := importertest.CheckMemoryBounded(t, 4<<20, func(size int64) importers.Reader {
		sizes = append(sizes, size)
		return NewReader(generate(size, 0), importers.Options{Now: now})
	})
	for i, n := range counts {
		if n < int(sizes[i]/1000) {
			t.Errorf("read %d records from %d bytes", n, sizes[i])
		}
	}
}

// BenchmarkRead100k imports 100,000 generated Harvest objects.
func BenchmarkRead100k(b *testing.B) {
	opts := importers.Options{Now: time.Now()}
	cpu := cputime.Used()
	for b.Loop() {
		if n := importertest.Drain(b, NewReader(generate(1<<40, 100_000), opts), nil); n != 100_000 {
			b.Fatalf("read %d records", n)
		}
	}
	cputime.Report(b, cpu)
}
