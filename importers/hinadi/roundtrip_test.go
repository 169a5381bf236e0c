package hinadi

import (
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers/importertest"
)

// TestRoundTrip writes records and reads them back: every field comes back
// as it was, or the writer says why not (issue 10: X-KEYWORDS gained a copy
// of CATEGORY, multi-line descriptions were flattened without a word, ID
// came back as X-ID).
func TestRoundTrip(t *testing.T) {
	recs := importertest.Imported(append(importertest.Tricky(), importertest.Generate(200)...))
	recs = append(recs, importertest.Imported([]*ssd3.Record{
		ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "n", Category: "diary", Extensions: []ssd3.Field{{Name: "X-KEYWORDS", Value: "diary; anime"}}}),
		ssd3.NewRecord(ssd3.Values{URI: "http://b.example/", Name: "n", Extensions: []ssd3.Field{{Name: "X-KEYWORDS", Value: "no category"}}}),
		ssd3.NewRecord(ssd3.Values{URI: "http://c.example/", Name: "n", Category: "a: b", Extensions: []ssd3.Field{{Name: "X-KEYWORDS", Value: "c: d; e"}}}),
		ssd3.NewRecord(ssd3.Values{URI: "http://d.example/", Name: "n", Description: "=?UTF-8?Q?looks_encoded?=\n and two lines",
			Extensions: []ssd3.Field{{Name: "X-EXPIRES", Value: "Tue, 04 Dec 2001 10:00:00 GMT"}, {Name: "X-METHOD", Value: "GET/200"}}}),
	})...)
	importertest.RoundTrip(t, Format, recs)
}

// TestWriterReports: what Hina-Di cannot carry as it is is reported, record
// by record, and the output stays safe to show.
func TestWriterReports(t *testing.T) {
	d := time.Date(2001, 12, 2, 3, 4, 5, 0, time.UTC)
	ext := func(name, value string) []ssd3.Field { return []ssd3.Field{{Name: name, Value: value}} }
	tests := []struct {
		name string
		rec  *ssd3.Record
		want []string // words of the diagnostics, in order
	}{
		{"escape sequences and C1 controls are left out of TEXT, and said",
			ssd3.NewRecord(ssd3.Values{URI: "http://e.org/", Name: "red\x1b[31m text", Date: d, Description: "osc\x1b]52;c;aGk=\x07 c1 \u009b2J"}),
			[]string{"control characters and escape sequences left out of NAME, DESCRIPTION: a Hina-Di value is TEXT"}},
		{"blanks at the start of a NAME go: the SEPARATOR takes them (those at its end stay)",
			ssd3.NewRecord(ssd3.Values{URI: "http://e.org/", Name: "  a  b ", Date: d}),
			[]string{"NAME: the blanks at its start are left out"}},
		{"an extension with \"_\" has no Hina-Di name of its own",
			ssd3.NewRecord(ssd3.Values{URI: "http://e.org/", Name: "n", Date: d, Extensions: ext("X-MY_FIELD", "v")}),
			[]string{"X-MY_FIELD is written as X-MY-FIELD, which reads back as X-MY-FIELD"}},
		{"an extension in lower case reads back in upper case (names are case-insensitive)",
			ssd3.NewRecord(ssd3.Values{URI: "http://e.org/", Name: "n", Date: d, Extensions: ext("X-foo", "v")}),
			[]string{"X-foo is written as X-foo, which reads back as X-FOO"}},
		{"an extension named like uricat's own experimental fields is left out",
			ssd3.NewRecord(ssd3.Values{URI: "http://e.org/", Name: "n", Date: d, Extensions: ext("X-URICAT-RATING", "9")}),
			[]string{"X-URICAT-RATING is left out: its field, X-URICAT-RATING, would be taken for another"}},
		{"an X-ID, as a Netscape export's ID attribute makes, is written as it is",
			ssd3.NewRecord(ssd3.Values{URI: "http://e.org/", Name: "n", Date: d, ID: "7", Extensions: ext("X-ID", "rdf:#$22iCK1")}), nil},
		{"an extension Hina-Di has no name for", ssd3.NewRecord(ssd3.Values{URI: "http://e.org/", Name: "n", Date: d, Extensions: ext("X-_", "v")}),
			[]string{"X-_ is left out: Hina-Di has no field name for it"}},
		{"a multi-line description is encoded, not flattened: nothing to say",
			ssd3.NewRecord(ssd3.Values{URI: "http://e.org/", Name: "n", Date: d, Description: "a\nb"}), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := importertest.CheckWriterNotes(t, Format, tt.rec, tt.want)
			checkGrammar(t, string(out))
		})
	}
}

// FuzzRoundTrip writes a record of arbitrary text, as an import leaves it,
// and reads it back: it comes back as it was, or the writer said why not;
// the output never holds a control character and follows the grammar.
func FuzzRoundTrip(f *testing.F) {
	f.Add("ひな", "a\nb\r\n=?x?=", "x: y", "X-DESCRIPTION", " lead\ttab", "kw; kw2", "7")
	f.Add("red\x1b[31m", "\u009b2J", "", "X-EXPIRES", "v", "", "")
	f.Fuzz(func(t *testing.T, name, desc, cat, extName, extValue, keywords, id string) {
		rec := ssd3.NewRecord(ssd3.Values{URI: "http://example.org/", Name: name, Description: desc, Category: cat, ID: id,
			Date: time.Unix(1700000000, 0).UTC(), Extensions: []ssd3.Field{{Name: extName, Value: extValue}}})
		if extName != "X-KEYWORDS" {
			rec.AddExtension("X-KEYWORDS", keywords)
		}
		recs := importertest.Imported([]*ssd3.Record{rec})
		if len(recs) == 0 {
			return
		}
		checkGrammar(t, string(importertest.RoundTrip(t, Format, recs)))
	})
}
