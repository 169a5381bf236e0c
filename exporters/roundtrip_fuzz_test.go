package exporters

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/exporters/netscape"
	"github.com/uricat/uricat/importers"
	netscapeimport "github.com/uricat/uricat/importers/netscape"
)

// FuzzRoundTrip exports one record with arbitrary text in every format that
// has an importer and checks that the importer gives back its NAME, DATE,
// CATEGORY and DESCRIPTION. The text is first made what an imported record
// holds (clean, NAME and CATEGORY on one line), since that is what the
// importers make of any text.
func FuzzRoundTrip(f *testing.F) {
	f.Add("Café & <Co>", "100%; \"x\"\n<DD>y</A>;>", "Food/Paris", int64(1709294400))
	f.Add("a;b%c", "%0A%%;", `News\/Politics`, int64(1))
	f.Fuzz(func(t *testing.T, name, desc, cat string, date int64) {
		oneLine := func(s string) string { return strings.Join(strings.Fields(catalogue.CleanText(s)), " ") }
		rec := &catalogue.Record{URI: "http://example.org/a;b?c=%20&d", Name: oneLine(name),
			Description: strings.TrimSpace(catalogue.CleanText(desc)), Category: oneLine(cat),
			Date: time.Unix(date%253402300799, 0).UTC()}
		if rec.Date.Unix() < 1 || len(rec.Validate()) > 0 { // ADD_DATE="0" means none
			return
		}
		for _, rt := range roundTrips {
			fm, _ := ByName(rt.format)
			data, err := writeFixed(fm, []*catalogue.Record{rec})
			if err != nil {
				t.Fatal(err)
			}
			rd := rt.read.NewReader(bytes.NewReader(data), importers.Options{Now: time.Unix(1, 0)})
			got, err := rd.Read()
			if err != nil {
				t.Fatalf("%s: %v; diagnostics %v\n%s", rt.format, err, rd.Diagnostics(), data)
			}
			if _, err := rd.Read(); !errors.Is(err, io.EOF) {
				t.Errorf("%s: a second record or error: %v", rt.format, err)
			}
			want := rt.carried(rec)
			if rt.format == "netscape" {
				want.Category = netscapeimport.JoinFolders(netscape.Folders(rec.Category))
			}
			if got.URI != want.URI || got.Name != want.Name || !got.Date.Equal(want.Date) ||
				got.Category != want.Category || got.Description != want.Description {
				t.Errorf("%s: came back as\n%s\nwant\n%s\nfrom\n%q", rt.format, describe(got), describe(want), data)
			}
		}
	})
}
