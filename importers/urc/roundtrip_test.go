package urc

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers/importertest"
)

// TestRoundTrip writes records and reads them back: every field comes back
// as it was, or the writer says why not (issue 10: CATEGORY came back as
// X-CATEGORY, RATING and ID as X-RATING and X-ID).
func TestRoundTrip(t *testing.T) {
	recs := importertest.Imported(append(importertest.Tricky(), importertest.Generate(200)...))
	recs = append(recs, importertest.Imported([]*ssd3.Record{
		ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "\tspaced  out ", Category: " lead", Extensions: []ssd3.Field{{Name: "X-URN", Value: "URN:IANA:0::drafts:1204"}}}),
		ssd3.NewRecord(ssd3.Values{URI: "http://b.example/", Name: "Blanks%; ;; %%", Description: "a>\n<b; 10:00 EST"}),
	})...)
	importertest.RoundTrip(t, Format, recs)
}

// TestWriterReports: what URC cannot carry as it is is reported, record by
// record, and the output stays safe to show.
func TestWriterReports(t *testing.T) {
	d := time.Date(2001, 12, 2, 3, 4, 5, 0, time.UTC)
	ext := func(name, value string) []ssd3.Field { return []ssd3.Field{{Name: name, Value: value}} }
	tests := []struct {
		name string
		rec  *ssd3.Record
		want []string
	}{
		{"a URN for a URI reads back as the citation's URN",
			ssd3.NewRecord(ssd3.Values{URI: "urn:isbn:0451450523", Name: "n", Date: d}), []string{"its URI is written as the citation's URL, but reads back as a URN"}},
		{"\"_\" cannot be in a field name",
			ssd3.NewRecord(ssd3.Values{URI: "http://e.org/", Name: "n", Date: d, Extensions: ext("X-MY_FIELD", "v")}),
			[]string{"X-MY_FIELD is written as the URD X-MY-FIELD, which reads back as X-MY-FIELD"}},
		{"an X- value on several lines reads back on one",
			ssd3.NewRecord(ssd3.Values{URI: "http://e.org/", Name: "n", Date: d, Extensions: ext("X-NOTE", "a\nb")}),
			[]string{`X-NOTE is written as it is, but reads back as "a b"`}},
		{"controls, C1 controls and escape sequences are escaped; an import leaves them out, which is said once",
			ssd3.NewRecord(ssd3.Values{URI: "http://e.org/", Name: "red\x1b[31m \u009b2J", Date: d, Description: "osc\x1b]52;c;aGk=\x07"}),
			[]string{"control characters and escape sequences left out of NAME, DESCRIPTION: they are written escaped (%XX)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			importertest.CheckWriterNotes(t, Format, tt.rec, tt.want)
		})
	}
}

// TestNoRawControls: the output of a record full of control characters
// carries none of them raw (issue 10: URC output carried raw C1 controls),
// and reads back with them escaped, not lost on the way.
func TestNoRawControls(t *testing.T) {
	rec := ssd3.NewRecord(ssd3.Values{URI: "http://e.org/", Name: "a\u0085b\u009bc", Date: time.Unix(0, 0).UTC(),
		Description: "\x1b]52;c;aGk=\x07\x1b[2J\xff\xfe", Extensions: []ssd3.Field{{Name: "X-NOTE", Value: "\x00\x7f\u009d"}}})
	out, _ := importertest.Export(t, Format.NewWriter, rec)
	buf := bytes.NewBufferString(out)
	importertest.CheckOutput(t, "urc", buf.Bytes())
	for _, want := range []string{"a%C2%85b%C2%9Bc", "%1B]52%;c%;aGk=%07%1B[2J%FF%FE", "%00%7F%C2%9D"} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("output lacks %q:\n%q", want, buf.String())
		}
	}
}

// FuzzRoundTrip writes a record of arbitrary text, as an import leaves it,
// and reads it back: it comes back as it was, or the writer said why not;
// the output never holds a control character.
func FuzzRoundTrip(f *testing.F) {
	f.Add("100%; <b>", "a>\n<b", " lead", "X-URN", "IANA:0::drafts:1204", "3")
	f.Add("red\x1b[31m\u009b", "\u0085", "", "X-NOTE", " v ", "")
	f.Fuzz(func(t *testing.T, name, desc, cat, extName, extValue, id string) {
		rec := ssd3.NewRecord(ssd3.Values{URI: "http://example.org/", Name: name, Description: desc, Category: cat, ID: id,
			Date: time.Unix(1700000000, 0).UTC(), Extensions: []ssd3.Field{{Name: extName, Value: extValue}}})
		recs := importertest.Imported([]*ssd3.Record{rec})
		if len(recs) == 0 {
			return
		}
		importertest.RoundTrip(t, Format, recs)
	})
}
