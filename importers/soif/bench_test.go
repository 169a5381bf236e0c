package soif

import (
	"io"
	"runtime"
	"strconv"
	"testing"
	"time"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
	"github.com/uricat/uricat/internal/cputime"
)

// generator streams realistic Harvest FILE objects, made as they are read,
// up to size bytes: the benchmark's input is never held in memory.
type generator struct {
	size, done int64
	n          int
	objects    int // when not 0, the stream ends after this many objects
	buf, pend  []byte
	num, val   []byte
}

func newGenerator(size int64) *generator { return &generator{size: size} }

func (g *generator) Read(p []byte) (int, error) {
	if g.done >= g.size {
		return 0, io.EOF
	}
	if len(g.pend) == 0 {
		if g.objects > 0 && g.n == g.objects {
			return 0, io.EOF
		}
		g.n++
		g.buf = g.object(g.buf[:0], g.n)
		g.pend = g.buf
	}
	n := copy(p, g.pend)
	if rest := g.size - g.done; int64(n) > rest {
		n = int(rest)
	}
	g.pend = g.pend[n:]
	g.done += int64(n)
	return n, nil
}

// object writes the n-th object: about 650 bytes, with the attributes a
// gatherer wrote (Appendix A). It is cheap, so that the benchmark measures
// the reader.
func (g *generator) object(b []byte, n int) []byte {
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
		r := NewReader(newGenerator(size), opts)
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
	small, large := int64(4<<20), int64(16<<20)
	if raceEnabled || testing.Short() {
		small, large = 1<<20, 4<<20
	}
	var peaks []uint64
	for _, size := range []int64{small, large} {
		runtime.GC()
		var peak uint64
		n := importertest.Drain(t, NewReader(newGenerator(size), importers.Options{Now: now}), importertest.SampleHeap(&peak))
		if n < int(size/1000) {
			t.Fatalf("read %d records from %d bytes", n, size)
		}
		t.Logf("%d records from %d MB: peak heap in use %d KB", n, size>>20, peak>>10)
		if peak > importertest.HeapBound {
			t.Errorf("heap in use reached %d KB reading %d MB; the bound is %d KB", peak>>10, size>>20, importertest.HeapBound>>10)
		}
		if peak == 0 {
			t.Fatal("the heap was never sampled")
		}
		peaks = append(peaks, peak)
	}
	if peaks[1] > 2*peaks[0]+4<<20 {
		t.Errorf("peak heap grew with the stream: %d KB for %d MB, %d KB for %d MB", peaks[0]>>10, small>>20, peaks[1]>>10, large>>20)
	}
}

// BenchmarkRead100k imports 100,000 generated Harvest objects.
func BenchmarkRead100k(b *testing.B) {
	opts := importers.Options{Now: time.Now()}
	cpu := cputime.Used()
	for b.Loop() {
		g := newGenerator(1 << 40)
		g.objects = 100_000
		if n := importertest.Drain(b, NewReader(g, opts), nil); n != 100_000 {
			b.Fatalf("read %d records", n)
		}
	}
	cputime.Report(b, cpu)
}
