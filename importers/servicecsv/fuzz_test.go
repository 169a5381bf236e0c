package servicecsv

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

// FuzzReader checks that no input makes any service's reader fail, panic
// or loop, or emit a record the catalogue would reject or text holding
// control characters or escape sequences.
func FuzzReader(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.csv")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(uint8(0), b)
	}
	f.Add(uint8(2), []byte("url,created,excerpt,note,tags\nhttp://a/\x1b[31m,1e9,\"\x1b]0;x\x07\",,\"a,,b\"\n"))
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		s := services[int(which)%len(services)]
		importertest.FuzzRead(t, NewReader(strings.NewReader(string(data)), s.name, importers.Options{}), len(data))
	})
}
