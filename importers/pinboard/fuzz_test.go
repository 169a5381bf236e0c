package pinboard

import (
	"os"
	"strings"
	"testing"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

// FuzzReader checks that no input makes the reader fail, panic or loop, or
// emit a record the catalogue would reject or text holding control
// characters or escape sequences.
func FuzzReader(f *testing.F) {
	b, err := os.ReadFile("testdata/export.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add([]byte(`[{"href":"http://a/\u001b[31m","description":"\u001b]0;x\u0007","time":"2024-03-01T12:00:00Z","tags":"a\u0000b","x-y":"\r\n"}]`))
	f.Add([]byte(`[{"href":5},[],"x",{"href":"http://b/","shared":"no","toread":"yes"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		importertest.FuzzRead(t, NewReader(strings.NewReader(string(data)), importers.Options{}), len(data))
	})
}
