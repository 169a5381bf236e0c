package netscape

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

// exportOf generates a Chrome-like export of n bookmarks in folders of 50,
// one in four with a 2 KB inline favicon, as real exports have.
func exportOf(n int) string {
	var b strings.Builder
	b.WriteString("<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<META HTTP-EQUIV=\"Content-Type\" CONTENT=\"text/html; charset=UTF-8\">\n<TITLE>Bookmarks</TITLE>\n<H1>Bookmarks</H1>\n<DL><p>\n")
	icon := strings.Repeat("iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8", 50)
	for i := range n {
		if i%50 == 0 {
			if i > 0 {
				b.WriteString("    </DL><p>\n")
			}
			fmt.Fprintf(&b, "    <DT><H3 ADD_DATE=\"1672531200\" LAST_MODIFIED=\"1700000000\">Folder %d</H3>\n    <DL><p>\n", i/50)
		}
		fmt.Fprintf(&b, "        <DT><A HREF=\"https://site%d.example.com/articles/%d/some-title-here?ref=bookmarks\" ADD_DATE=\"%d\"", i%997, i, 1600000000+i)
		if i%4 == 0 {
			fmt.Fprintf(&b, " ICON=\"data:image/png;base64,%s\"", icon)
		}
		fmt.Fprintf(&b, " TAGS=\"tag%d,reading\">Article number %d &amp; its title – with some Unicode</A>\n", i%10, i)
		if i%10 == 0 {
			b.WriteString("        <DD>A description of the article, long enough to be realistic.\n")
		}
	}
	b.WriteString("    </DL><p>\n</DL><p>\n")
	return b.String()
}

func newWriter(w io.Writer) importers.Writer { return NewWriter(w) }

// BenchmarkReader reads Chrome-like exports (exportOf) of 10k, 100k and 1M
// bookmarks (100k is about 65 MB).
func BenchmarkReader(b *testing.B) {
	importertest.BenchmarkReader(b, func(r io.Reader) importers.Reader { return NewReader(r, importers.Options{}) },
		func(n int) []byte { return []byte(exportOf(n)) })
}

// BenchmarkWriter writes 10k, 100k and 1M records shaped like a real
// catalogue.
func BenchmarkWriter(b *testing.B) { importertest.BenchmarkWriter(b, newWriter) }
