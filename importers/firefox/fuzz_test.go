package firefox

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pierrec/lz4/v4"

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

// FuzzLZ4Block: blockReader makes of any block what pierrec/lz4 makes of
// it, when that takes it, and never panics nor makes more than its bound.
func FuzzLZ4Block(f *testing.F) {
	f.Add([]byte{0x10, 'a', 1, 0, 0x50, 'b', 'c', 'd', 'e', 'f'}, uint16(100))
	f.Add(compressBlock(f, []byte(strings.Repeat("abc", 300))), uint16(900))
	f.Fuzz(func(t *testing.T, block []byte, max uint16) {
		z := newBlockReader(bufio.NewReader(bytes.NewReader(block)), int64(max))
		got, err := io.ReadAll(z)
		if len(got) > int(max) {
			t.Fatalf("%d bytes, more than %d", len(got), max)
		}
		want := make([]byte, max)
		n, perr := lz4.UncompressBlock(block, want)
		if perr == nil && err == nil && !bytes.Equal(got, want[:n]) {
			t.Fatalf("made %q; pierrec/lz4 makes %q", got, want[:n])
		}
	})
}
