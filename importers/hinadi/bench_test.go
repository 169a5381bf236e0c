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
)

// generator streams a WDB-style Hina-Di file in UTF-8, made as it is read,
// up to size bytes.
type generator struct {
	size, done int64
	n          int
	buf, pend  []byte
}

func (g *generator) Read(p []byte) (int, error) {
	if g.done >= g.size {
		return 0, io.EOF
	}
	if len(g.pend) == 0 {
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

func drain(tb testing.TB, r *Reader, each func(int)) int {
	n := 0
	for {
		_, err := r.Read()
		r.Diagnostics()
		if err == io.EOF {
			return n
		}
		if err != nil {
			tb.Fatal(err)
		}
		n++
		if each != nil {
			each(n)
		}
	}
}

// BenchmarkRead imports 32 MB of Hina-Di in EUC-JP, converted from the
// generator's text as it streams.
func BenchmarkRead(b *testing.B) {
	const size = 32 << 20
	b.SetBytes(size)
	b.ReportAllocs()
	opts := importers.Options{Now: time.Now()}
	for b.Loop() {
		in := transform.NewReader(&generator{size: size}, japanese.EUCJP.NewEncoder())
		if drain(b, NewReader(in, opts), nil) == 0 {
			b.Fatal("no records")
		}
	}
}

// TestMemoryBounded: memory does not grow with the file.
func TestMemoryBounded(t *testing.T) {
	size := int64(32 << 20)
	if raceEnabled || testing.Short() {
		size = 4 << 20
	}
	const bound = 16 << 20
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapInuse
	var peak uint64
	n := drain(t, NewReader(&generator{size: size}, importers.Options{Now: now}), func(n int) {
		if n%2000 == 0 {
			runtime.ReadMemStats(&ms)
			peak = max(peak, ms.HeapInuse)
		}
	})
	t.Logf("%d records from %d MB; heap in use: %d KB before, peak %d KB", n, size>>20, base>>10, peak>>10)
	if peak > base+bound {
		t.Errorf("heap in use reached %d KB: more than %d KB above the start", peak>>10, bound>>10)
	}
}
