package exporters

import (
	"testing"

	"github.com/uricat/uricat/importers/detect"
)

// What we export in a format that uricat also imports (netscape, soif,
// hinadi, urc) is recognised as that format by `uricat import` without
// --format.
func TestImportDetectsExports(t *testing.T) {
	recs := loadSample(t)
	checked := 0
	for _, f := range Formats {
		if _, err := detect.ByName(f.Name); err != nil {
			continue // no importer (json, csv; or not registered yet)
		}
		checked++
		data, err := writeFixed(f, recs)
		if err != nil {
			t.Fatal(err)
		}
		got, err := detect.Sniff(data[:min(len(data), detect.HeadSize)])
		if err != nil || got.Name != f.Name {
			t.Errorf("%s export detected as %q (%v)", f.Name, got.Name, err)
		}
	}
	if checked < 4 {
		t.Errorf("only %d export formats have an importer; netscape, soif, hinadi and urc should", checked)
	}
}
