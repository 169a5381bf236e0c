package formats

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/httpindex"
	"github.com/uricat/uricat/importers/importertest"
	"github.com/uricat/uricat/internal/display"
)

// FuzzSniffAndRun feeds any input through detection and the whole import
// pipeline, as `uricat import` does: no Detect may panic, and whatever the
// format, Run must not fail on bad input nor add a record the catalogue
// would reject or text with control characters.
func FuzzSniffAndRun(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/*")
	more, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "samples", "*", "*")) // when there
	for _, fm := range Writers() {                                                           // our own exports
		if b, _, err := writeFixed(fm, importertest.Sample(f)); err == nil && fm.NewReader != nil {
			f.Add(b)
		}
	}
	for _, p := range append(seeds, more...) {
		if b, err := os.ReadFile(p); err == nil && !strings.HasSuffix(p, ".md") {
			f.Add(b)
		}
	}
	now := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, data []byte) {
		format, err := Sniff(data[:min(len(data), HeadSize)])
		if err != nil {
			return
		}
		c, err := catalogue.Read(strings.NewReader(""))
		if err != nil {
			t.Fatal(err)
		}
		s, err := importers.Import(c, format, bytes.NewReader(data), importers.ReadConfig{Source: "fuzz", Options: importers.Options{Now: now}})
		var noBase *httpindex.NoBaseError
		if errors.As(err, &noBase) {
			return // the one input error by design: relative rows and no base URL
		}
		if err != nil {
			t.Fatalf("%s: Run: %v (bad input must be a diagnostic)", format.Name, err)
		}
		if len(c.Records()) != s.Imported {
			t.Fatalf("%s: summary says %d imported, the catalogue has %d", format.Name, s.Imported, len(c.Records()))
		}
		for _, r := range c.Records() {
			if !r.Valid() || len(r.Validate()) > 0 {
				t.Fatalf("%s: record %q is not valid: %v", format.Name, r.URI(), r.Validate())
			}
			for _, v := range []string{r.Name(), r.Category(), r.Description()} {
				if display.Clean(v) != v {
					t.Fatalf("%s: record %q holds control characters: %q", format.Name, r.URI(), v)
				}
			}
		}
	})
}
