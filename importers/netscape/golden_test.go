package netscape

import (
	"bytes"
	"flag"
	"path/filepath"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/importers/importertest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestGolden imports each browser export into an empty catalogue and
// compares the catalogue written, and the diagnostics, with the golden
// files testdata/NAME.uricat and testdata/NAME.diag (go test -update
// rewrites them).
func TestGolden(t *testing.T) {
	for _, name := range []string{"firefox.html", "chrome.html", "safari.html", "ie6.html"} {
		t.Run(name, func(t *testing.T) {
			recs, diags := readFile(t, name)
			c, err := catalogue.Read(strings.NewReader(""))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := c.Apply(catalogue.Add{Records: recs, AllowDuplicates: true}); err != nil {
				t.Fatalf("Add: %v", err)
			}
			var got bytes.Buffer
			if _, err := c.WriteTo(&got); err != nil {
				t.Fatal(err)
			}
			var d bytes.Buffer
			for _, x := range diags {
				d.WriteString(x.In(name).String() + "\n")
			}
			base := filepath.Join("testdata", strings.TrimSuffix(name, ".html"))
			compareGolden(t, base+".uricat", got.Bytes())
			compareGolden(t, base+".diag", d.Bytes())
			// What was written reads back as the same records, with no problem.
			back, err := catalogue.Read(bytes.NewReader(got.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			if ps := back.Problems(); len(ps) > 0 || len(back.Valid()) != len(recs) {
				t.Errorf("read back %d valid records of %d, problems %v", len(back.Valid()), len(recs), ps)
			}
		})
	}
}

func compareGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	importertest.CompareGolden(t, path, got, *update)
}
