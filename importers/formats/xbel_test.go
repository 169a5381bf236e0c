package formats

import (
	"path/filepath"
	"testing"
)

// TestSniffXBEL: what floccus, buku, KDE and GTK write, and our own
// export, is recognised as XBEL by content, before any format tried
// after it could take it.
func TestSniffXBEL(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob(filepath.Join("..", "xbel", "testdata", "*.xbel"))
	files = append(files, filepath.Join("..", "xbel", "testdata", "kde-bookmarks.xml"), filepath.Join("..", "xbel", "testdata", "sample.golden"))
	if len(files) < 5 {
		t.Fatalf("only %d XBEL files found", len(files))
	}
	for _, path := range files {
		if got, err := sniffFile(t, path); got != "xbel" {
			t.Errorf("%s: Sniff = %q, %v; want xbel", filepath.Base(path), got, err)
		}
	}
}
