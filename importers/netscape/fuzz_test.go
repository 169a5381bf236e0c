package netscape

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

// FuzzReader checks that no input makes the reader panic or loop, or emit
// a record the catalogue would reject or text holding control characters
// or escape sequences.
func FuzzReader(f *testing.F) {
	for _, name := range []string{"firefox.html", "chrome.html", "safari.html", "ie6.html"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte("<DL><DT><A HREF=https://a/ ADD_DATE=1>x\x1b[31m<DD>d</DL>"))
	f.Add([]byte("</DL></DL><DL><DT><H3>a/b</H3><DD>f<DL><DT><A HREF=\"place:x\">"))
	f.Add([]byte("<META charset=shift_jis><DL><DT><A HREF=\"http://\x82\xa0/\">\x82\xa0</A>"))
	f.Fuzz(func(t *testing.T, data []byte) {
		importertest.FuzzRead(t, NewReader(strings.NewReader(string(data)), importers.Options{}), len(data))
	})
}
