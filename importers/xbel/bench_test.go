package xbel

import (
	"bytes"
	"fmt"
	"io"
	"testing"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

func newWriter(w io.Writer) importers.Writer { return NewWriter(w) }

// BenchmarkReader reads our own exports of 10k, 100k and 1M records.
func BenchmarkReader(b *testing.B) {
	importertest.BenchmarkReader(b, func(r io.Reader) importers.Reader { return NewReader(r, importers.Options{Now: now}) },
		importertest.ExportOf(newWriter))
}

// BenchmarkWriter writes 10k, 100k and 1M records shaped like a real
// catalogue.
func BenchmarkWriter(b *testing.B) { importertest.BenchmarkWriter(b, newWriter) }

// BenchmarkDecodeEncode reads and writes back a floccus file of 10,000
// bookmarks, what a sync does with the browser's file.
func BenchmarkDecodeEncode(b *testing.B) {
	var in bytes.Buffer
	if _, err := io.Copy(&in, &generator{size: 1 << 62, items: 10000}); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(in.Len()))
	b.ReportAllocs()
	for b.Loop() {
		doc, err := Decode(bytes.NewReader(in.Bytes()))
		if err != nil {
			b.Fatal(err)
		}
		if err := Encode(io.Discard, doc); err != nil {
			b.Fatal(err)
		}
	}
}

// generator streams a floccus-style XBEL file of folders of 50 bookmarks,
// up to size bytes or items bookmarks (0: no bound), closed whole.
type generator struct {
	size, n int64
	items   int
	i       int
	buf     bytes.Buffer
	done    bool
}

func (g *generator) Read(p []byte) (int, error) {
	for g.buf.Len() < len(p) && !g.done {
		g.more()
	}
	if g.buf.Len() == 0 {
		return 0, io.EOF
	}
	n, _ := g.buf.Read(p)
	g.n += int64(n)
	return n, nil
}

// more adds the next piece: the head, a folder, or the end.
func (g *generator) more() {
	b := &g.buf
	if g.i == 0 {
		b.WriteString(FloccusProlog + floccusOpen + "\n<!--- highestId :0: for Floccus bookmark sync browser extension -->\n")
	}
	if g.n+int64(b.Len()) >= g.size || g.items > 0 && g.i >= g.items {
		b.WriteString("\n</xbel>")
		g.done = true
		return
	}
	fmt.Fprintf(b, "\n<folder id=\"f%d\">\n  <title>Folder %d</title>", g.i, g.i/50)
	for range 50 {
		fmt.Fprintf(b, "\n  <bookmark href=\"https://site%d.example.com/articles/%d?ref=x&amp;y=1\" id=\"%d\">\n    <title>Article %d &amp; its title – with Unicode</title>\n  </bookmark>", g.i%997, g.i, g.i, g.i)
		g.i++
	}
	b.WriteString("\n</folder>")
}

// TestMemoryBounded reads generated files of two sizes, sampling the heap:
// the Reader streams, so it stays under a fixed bound, and reading four
// times as much does not raise it.
func TestMemoryBounded(t *testing.T) {
	importertest.CheckMemoryBounded(t, 2<<20, func(size int64) importers.Reader {
		return NewReader(&generator{size: size}, importers.Options{Now: now})
	})
}
