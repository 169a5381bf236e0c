package hinadi

import (
	"io"
	"runtime"
	"strconv"
	"testing"
	"time"

	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/transform"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
	"github.com/uricat/uricat/internal/cputime"
)

// generator streams a WDB-style Hina-Di file in UTF-8, made as it is read,
// up to size bytes.
type generator struct {
	size, done int64
	n          int
	blocks     int // when not 0, the stream ends after this many entity blocks
	buf, pend  []byte
}

func (g *generator) Read(p []byte) (int, error) {
	if g.done >= g.size {
		return 0, io.EOF
	}
	if len(g.pend) == 0 {
		if g.blocks > 0 && g.n > g.blocks {
			return 0, io.EOF
		}
		g.buf = g.block(g.buf[:0], g.n)
		g.n++
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

// block writes the header (n = 0) or the n-th entity block, about 330 bytes.
func (g *generator) block(b []byte, n int) []byte {
	if n == 0 {
		return append(b, "HINA/2.2beta\r\nUser-Agent: bench/1.0\r\nContent-Type: text/plain; charset=EUC-JP\r\nDate: Sun, 02 Dec 2001 03:04:05 GMT\r\n\r\n"...)
	}
	b = append(b, "URL: http://antenna"...)
	b = strconv.AppendInt(b, int64(n%97), 10)
	b = append(b, ".example.jp/diary/"...)
	b = strconv.AppendInt(b, int64(n), 10)
	b = append(b, "\r\nTitle: 日記 その"...)
	b = strconv.AppendInt(b, int64(n), 10)
	b = append(b, "\r\nAuthor-Name: 朝比奈\r\nKeyword: diary: anime: 日本\r\nContent-Type: text/html\r\n"...)
	b = append(b, "Last-Modified: Sun, 02 Dec 2001 03:04:05 GMT\r\nLast-Modified-Detected: Sun, 02 Dec 2001 04:00:00 GMT\r\n"...)
	b = append(b, "HINA-Version: HINA/2.2\r\nMethod: GET/200\r\nServer: Apache\r\n\r\n"...)
	return b
}

// BenchmarkRead imports 32 MB of Hina-Di in EUC-JP, converted from the
// generator's text as it streams.
func BenchmarkRead(b *testing.B) {
	const size = 32 << 20
	b.SetBytes(size)
	b.ReportAllocs()
	opts := importers.Options{Now: time.Now()}
	var peak uint64
	for b.Loop() {
		in := transform.NewReader(&generator{size: size}, japanese.EUCJP.NewEncoder())
		if importertest.Drain(b, NewReader(in, opts), importertest.SampleHeap(&peak)) == 0 {
			b.Fatal("no records")
		}
	}
	b.ReportMetric(float64(peak>>10), "peak-heap-KB")
	if peak > importertest.HeapBound {
		b.Errorf("heap in use reached %d KB streaming %d MB; the bound is %d KB", peak>>10, size>>20, importertest.HeapBound>>10)
	}
}

// TestMemoryBounded reads generated files of two sizes, sampling the heap:
// it stays under a fixed bound, and reading four times as much does not
// raise it.
func TestMemoryBounded(t *testing.T) {
	small, large := int64(2<<20), int64(8<<20)
	if raceEnabled || testing.Short() {
		small, large = 512<<10, 2<<20
	}
	var peaks []uint64
	for _, size := range []int64{small, large} {
		runtime.GC()
		var peak uint64
		n := importertest.Drain(t, NewReader(&generator{size: size}, importers.Options{Now: now}), importertest.SampleHeap(&peak))
		t.Logf("%d records from %d KB: peak heap in use %d KB", n, size>>10, peak>>10)
		if peak > importertest.HeapBound {
			t.Errorf("heap in use reached %d KB reading %d KB; the bound is %d KB", peak>>10, size>>10, importertest.HeapBound>>10)
		}
		if peak == 0 {
			t.Fatal("the heap was never sampled")
		}
		peaks = append(peaks, peak)
	}
	if peaks[1] > 2*peaks[0]+4<<20 {
		t.Errorf("peak heap grew with the file: %d KB for %d KB, %d KB for %d KB", peaks[0]>>10, small>>10, peaks[1]>>10, large>>10)
	}
}

// BenchmarkRead100k imports 100,000 generated entity blocks in EUC-JP.
func BenchmarkRead100k(b *testing.B) {
	opts := importers.Options{Now: time.Now()}
	cpu := cputime.Used()
	for b.Loop() {
		in := transform.NewReader(&generator{size: 1 << 40, blocks: 100_000}, japanese.EUCJP.NewEncoder())
		if n := importertest.Drain(b, NewReader(in, opts), nil); n != 100_000 {
			b.Fatalf("read %d records", n)
		}
	}
	cputime.Report(b, cpu)
}
