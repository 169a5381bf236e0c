package floccus

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers/xbel"
)

// FuzzToBrowser writes a small catalogue over any XBEL file the decoder
// reads: every record a browser opens ends in it once, in its folder,
// what no record can hold stays, and writing again changes nothing.
func FuzzToBrowser(f *testing.F) {
	if b, err := os.ReadFile(filepath.Join("..", "xbel", "testdata", "floccus.xbel")); err == nil {
		f.Add(b)
	}
	f.Add([]byte(`<?xml version="1.0" encoding="UTF-8"?>
<xbel version="1.0">
<!--- highestId :4: for Floccus bookmark sync browser extension -->
<folder id="1"><title>A</title><bookmark href="https://go.dev/" id="2"><title>Go</title></bookmark></folder>
<bookmark href="https://go.dev/" id="3"><title>Go twice</title></bookmark>
<bookmark href="not a uri" id="4"><title>x</title></bookmark>
</xbel>`))
	recs := []*ssd3.Record{
		ssd3.NewRecord(ssd3.Values{URI: "https://go.dev/", Name: "Go", Category: "A"}),
		ssd3.NewRecord(ssd3.Values{URI: "https://example.org/", Name: "Example", Category: "B/C"}),
		ssd3.NewRecord(ssd3.Values{URI: "mailto:bob@example.org", Name: "Bob"}),
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		d, err := xbel.Decode(bytes.NewReader(in))
		if err != nil {
			return
		}
		foreign := 0
		for _, e := range flatten(d, "f").entries {
			if e.rec == nil {
				foreign++
			}
		}
		_, out, err := render(d, recs, "f")
		if err != nil {
			t.Fatal(err)
		}
		d2, err := xbel.Decode(bytes.NewReader(out))
		if err != nil {
			t.Fatalf("the file written does not read back: %v\n%s", err, out)
		}
		got := map[string]int{}
		left := 0
		for _, e := range flatten(d2, "f").entries {
			if e.rec == nil {
				left++
				continue
			}
			got[exactKey(e.rec.URI(), e.category)]++
		}
		for _, r := range recs[:2] {
			if n := got[exactKey(r.URI(), r.Category())]; n != 1 {
				t.Errorf("%s in %q is in the file %d times:\n%s", r.URI(), r.Category(), n, out)
			}
		}
		if left != foreign {
			t.Errorf("%d bookmarks no record holds, %d before", left, foreign)
		}
		_, again, err := render(d2, recs, "f")
		if err != nil || !bytes.Equal(again, out) {
			t.Errorf("written again, the file changed:\n%s\nthen\n%s", out, again)
		}
	})
}
