package formats

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
)

// FuzzRoundTrip exports one record with arbitrary text in every format
// that has a reader, reads it back, and checks that the record comes back
// whole, or that the writer said what it could not carry. The record is
// first made what an import makes of it (importers.Finish: clean text, NAME
// and CATEGORY on one line), since that is what any reader gives.
func FuzzRoundTrip(f *testing.F) {
	f.Add("Café & <Co>", "100%; \"x\"\n<DD>y</A>;>", "Food/Paris", "X-TAGS", "a,b", int64(1709294400))
	f.Add("a;b%c", "%0A%%;", `News\/Politics`, "X-Author", "Zoë", int64(1))
	f.Add("n", "d", "a//b", "X-LAST-VISIT", "29/03/2019 18:40:52", int64(-86400))
	f.Add("n", "d", strings.Repeat("x", 2012), "X-LAST-MODIFIED", "junk", int64(1e10))
	f.Fuzz(func(t *testing.T, name, desc, cat, extName, extValue string, date int64) {
		rec := ssd3.NewRecord(ssd3.Values{URI: "http://example.org/a;b?c=%20&d", Name: name, Description: desc, Category: cat,
			Date: time.Unix(date%253402300799, 0).UTC()})
		if ssd3.ValidateExtensionName(extName) == nil {
			rec.SetExtension(extName, extValue)
		}
		if _, ok := importers.Finish(rec, importers.Options{Now: time.Unix(1, 0)}, 0, -1); !ok {
			return
		}
		for _, fm := range Writers() {
			if fm.NewReader == nil {
				continue
			}
			in := rec
			data, losses, err := writeFixed(fm, []*ssd3.Record{in})
			if err != nil {
				t.Fatal(err)
			}
			rd := fm.NewReader(bytes.NewReader(data), importers.Options{Now: time.Unix(1, 0)})
			got, err := rd.Read()
			if err != nil {
				t.Fatalf("%s: %v; diagnostics %v\n%s", fm.Name, err, rd.Diagnostics(), data)
			}
			if _, err := rd.Read(); !errors.Is(err, io.EOF) {
				t.Errorf("%s: a second record or error: %v", fm.Name, err)
			}
			want := expected(fm, in)
			if d := sameRecord(got, want); d != nil && len(losses) == 0 {
				t.Errorf("%s: came back changed, and the writer did not say so: %s\nfrom\n%q", fm.Name, strings.Join(d, "; "), data)
			}
		}
	})
}
