package soif

import (
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers/importertest"
)

// TestRoundTrip writes records and reads them back: every field comes back
// as it was (issue 10: ID came back as X-ID), or the writer says why not.
func TestRoundTrip(t *testing.T) {
	recs := importertest.Imported(append(importertest.Tricky(), importertest.Generate(200)...))
	importertest.RoundTrip(t, Format, recs)
}

// TestWriterReports: what SOIF cannot carry as it is is reported, record
// by record, and the output stays safe to show.
func TestWriterReports(t *testing.T) {
	d := time.Date(2001, 12, 2, 3, 4, 5, 0, time.UTC)
	tests := []struct {
		name string
		rec  *ssd3.Record
		want []string // words of the diagnostics, in order
	}{
		{"an escape sequence in a value is left out, and said",
			ssd3.NewRecord(ssd3.Values{URI: "http://e.org/", Name: "red\x1b[31m text\x07", Date: d, Description: "osc\x1b]52;c;aGk=\x07 and c1 \u009b2J"}),
			[]string{"control characters and escape sequences left out of NAME, DESCRIPTION: SOIF has no way"}},
		{"an extension in lower case reads back in upper case",
			ssd3.NewRecord(ssd3.Values{URI: "http://e.org/", Name: "n", Date: d, Extensions: []ssd3.Field{{Name: "X-foo", Value: "v"}}}),
			[]string{"X-foo is written as the attribute Foo, which reads back as X-FOO"}},
		{"an extension ending in -N reads back as the attribute without it (4.3)",
			ssd3.NewRecord(ssd3.Values{URI: "http://e.org/", Name: "n", Date: d, Extensions: []ssd3.Field{{Name: "X-PART-2", Value: "v"}}}),
			[]string{"X-PART-2 is written as the attribute X-PART-2, which reads back as X-PART"}},
		{"an extension on several lines reads back on one",
			ssd3.NewRecord(ssd3.Values{URI: "http://e.org/", Name: "n", Date: d, Extensions: []ssd3.Field{{Name: "X-NOTE", Value: "a\nb"}}}),
			[]string{`X-NOTE is written as it is, but reads back as "a b"`}},
		{"a three-letter language reads back as its two-letter code",
			ssd3.NewRecord(ssd3.Values{URI: "http://e.org/", Name: "n", Date: d, Language: "eng"}),
			[]string{`LANGUAGE "eng" is written as it is, but reads back as "en"`}},
		{"nothing to say", ssd3.NewRecord(ssd3.Values{URI: "http://e.org/", Name: "n", Date: d, Extensions: []ssd3.Field{{Name: "X-FORMAT", Value: "text/plain"}}}), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			importertest.CheckWriterNotes(t, Format, tt.rec, tt.want)
		})
	}
}

// FuzzRoundTrip writes a record of arbitrary text, as an import leaves it,
// and reads it back: it comes back as it was, or the writer said why not;
// the output never holds a control character.
func FuzzRoundTrip(f *testing.F) {
	f.Add("100% sure; {braces}", "line one\n}\n@FILE { http://x/\nTitle{3}:\tx", "Food/Paris", "X-NOTE", "v", "42")
	f.Add("red\x1b[31m", "\u009b2J", "", "X-PART-2", "a\nb", "")
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
