package soif

import (
	"bytes"
	"flag"
	"path/filepath"
	"testing"

	"github.com/uricat/uricat/importers/importertest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestGolden checks the export of the sample catalogue, which has non-ASCII
// text, quotes, ";", "%", "<", "&", multi-line descriptions and
// extensions, against testdata/sample.golden (go test -update rewrites it,
// after review).
func TestGolden(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf)
	for _, r := range importertest.Sample(t) {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if ds := w.Diagnostics(); len(ds) > 0 {
		t.Errorf("the writer reports losses: %v", ds)
	}
	importertest.CompareGolden(t, filepath.Join("testdata", "sample.golden"), buf.Bytes(), *update)
}
