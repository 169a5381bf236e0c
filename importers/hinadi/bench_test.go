package hinadi

import (
	"strconv"
	"testing"
	"time"

	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/transform"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
	"github.com/uricat/uricat/internal/cputime"
)

// generate streams a WDB-style Hina-Di file in UTF-8, made as it is
// read, up to size bytes or blocks entity blocks (0: no bound).
func generate(size int64, blocks int) *importertest.Stream {
	return &importertest.Stream{Size: size, Piece: func(b []byte, n int) ([]byte, bool) {
		if blocks > 0 && n > blocks {
			return b, false
		}
		return appendBlock(b, n), true
	}}
}

// appendBlock appends the header (n = 0) or the n-th entity block, about 330 bytes.
func appendBlock(b []byte, n int) []byte {
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
		in := transform.NewReader(generate(size, 0), japanese.EUCJP.NewEncoder())
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
	importertest.CheckMemoryBounded(t, 2<<20, func(size int64) importers.Reader {
		return NewReader(generate(size, 0), importers.Options{Now: now})
	})
}

// BenchmarkRead100k imports 100,000 generated entity blocks in EUC-JP.
func BenchmarkRead100k(b *testing.B) {
	opts := importers.Options{Now: time.Now()}
	cpu := cputime.Used()
	for b.Loop() {
		in := transform.NewReader(generate(1<<40, 100_000), japanese.EUCJP.NewEncoder())
		if n := importertest.Drain(b, NewReader(in, opts), nil); n != 100_000 {
			b.Fatalf("read %d records", n)
		}
	}
	cputime.Report(b, cpu)
}
