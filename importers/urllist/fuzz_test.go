package urllist

import (
	"os"
	"strings"
	"testing"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

// FuzzReader checks that no input makes the reader fail, panic or loop, or
// emit a record the catalogue would reject or text holding control
// characters or escape sequences; and that Detect never panics.
func FuzzReader(f *testing.F) {
	b, err := os.ReadFile("testdata/tabs.txt")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add([]byte("http://a/\x1b[31m\n\x00:x\r#\rhttp://[::1\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		Detect(data)
		importertest.FuzzRead(t, NewReader(strings.NewReader(string(data)), importers.Options{}), len(data))
	})
}
