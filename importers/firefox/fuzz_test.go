package firefox

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

// seeds are backups for the fuzz targets: the real sample if there, and
// this package's.
func seeds(f *testing.F) [][]byte {
	s := [][]byte{
		[]byte(modernBackup),
		[]byte(`{"children":[{"children":[{"uri":"https://a.example/\u001b[31m","title":"A\u009b"}],"title":"a/b\\","root":"tagsFolder"}],"root":"toolbarFolder"}`),
		[]byte(`{"children":[{"uri":"place:x","title":7,"dateAdded":1e300,"annos":[{"name":"bookmarkProperties/description","value":3}]},[],{"typeCode":3}]}`),
	}
	if b, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "samples", "firefox-bookmarks-json", "floorp-firefox_browser-places-tests-unit_bookmarks.glue.json")); err == nil {
		s = append(s, b)
	}
	return s
}

// FuzzFirefoxJSON: no backup makes the reader panic, loop, fail (bad
// input is a diagnostic) or emit a record the catalogue would reject or
// text with control characters.
func FuzzFirefoxJSON(f *testing.F) {
	for _, s := range seeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		importertest.FuzzRead(t, NewBackupReader(bytes.NewReader(data), importers.Options{Now: now}), len(data))
	})
}

// FuzzJSONLZ4: the same for .jsonlz4 files, whose header and LZ4 block
// the fuzzer changes.
func FuzzJSONLZ4(f *testing.F) {
	for _, s := range seeds(f) {
		f.Add(jsonlz4(f, s))
	}
	f.Add([]byte(LZ4Magic + "\xff\xff\xff\x7f\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		in := append([]byte(LZ4Magic), data[min(len(data), len(LZ4Magic)):]...)
		// The JSON a block expands to may be up to 255 times its size.
		importertest.FuzzRead(t, NewBackupReader(bytes.NewReader(in), importers.Options{Now: now}), 255*len(in))
	})
}
