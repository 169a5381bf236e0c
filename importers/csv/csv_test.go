package csv

import (
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

var now = time.Date(2025, 6, 1, 9, 30, 0, 0, time.UTC)

func readAll(t testing.TB, in string) ([]*ssd3.Record, []ssd3.Diagnostic) {
	t.Helper()
	return importertest.ReadAll(t, NewReader(strings.NewReader(in), importers.Options{Now: now}))
}

// Our own export reads back whole: every field, every extension, in order.
func TestReadsExportBack(t *testing.T) {
	importertest.CheckReadsBack(t, Format, importertest.Sample(t), false)
}

// A file from elsewhere: columns in another order and case, a spreadsheet's
// byte order mark, columns that are no field, dates as SSD3 writes them.
func TestForeignFile(t *testing.T) {
	in := "\ufeffName,URI,Date,Tags,my col,X-Note\r\n" +
		"Go,https://go.dev/,01/03/2024 12:00:00,go,x,a note\r\n" +
		"\r\n" +
		"\"Two\nlines\",https://b.example/,,,,\r\n"
	recs, diags := readAll(t, in)
	if len(recs) != 2 {
		t.Fatalf("%d records", len(recs))
	}
	r := recs[0]
	if r.URI() != "https://go.dev/" || r.Name() != "Go" || !r.Date().Equal(time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)) ||
		r.Extension("X-TAGS") != "go" || r.Extension("X-NOTE") != "" || r.Extension("X-Note") != "a note" {
		t.Errorf("record %+v", r)
	}
	if recs[1].Name() != "Two lines" {
		t.Errorf("NAME %q: a NAME is one line", recs[1].Name())
	}
	importertest.CheckDiagnostics(t, diags, []string{
		`1 note: column "Tags" is not a field of a catalogue: kept as X-TAGS`,
		`1 dropped: column "my col" is left out: its name cannot be a field's (SSD3 2.1.3)`,
		"0 note: 1 bookmark had no date: DATE set to the time of the import, 01/06/2025 09:30:00",
	}, true)
}

// Bad input is reported at its line, and what can be read is.
func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		uris     []string
		diags    []string
	}{
		{"empty", "", nil, []string{"1 skipped: the file is empty: no header row"}},
		{"no uri column", "name,date\r\na,b\r\n", nil, []string{"1 skipped: the header row has no uri column"}},
		{"header not CSV", "uri,na\"me,date\r\nhttp://a/,a,2024-03-01T12:00:00Z\r\n", nil, []string{
			`1 skipped: row not imported: bare " in non-quoted-field`,
			"1 skipped: the header row cannot be read: nothing imported",
		}},
		{"bare quote", "uri,name,date\r\nhttp://a/,a \"b\",2024-03-01T12:00:00Z\r\nhttp://c/,c,2024-03-01T12:00:00Z\r\n",
			[]string{"http://c/"}, []string{`2 skipped: row not imported: bare " in non-quoted-field`}},
		{"quote never closed", "uri,name,date\r\nhttp://a/,a,2024-03-01T12:00:00Z\r\nhttp://b/,\"b,2024-03-01T12:00:00Z\r\nhttp://c/,c,x\r\n",
			[]string{"http://a/"}, []string{
				`3 skipped: row not imported: extraneous or missing " in quoted-field`,
				"3 skipped: a quoted field from here to line 4 never ends: the rest of the file is not imported",
			}},
		{"bad values", "uri,name,date,rating,language\r\nhttp://a/,a,2024-03-01T12:00:00Z,9,english,extra\r\nnot a uri,b,2024-03-01T12:00:00Z\r\n",
			[]string{"http://a/"}, []string{
				"2 dropped: 1 cell(s) past the last column left out",
				`2 dropped: RATING "9" must be an integer from 1 to 5 (3.6): left out`,
				`2 dropped: LANGUAGE "english"`,
				`3 skipped: record not imported: "not%20a%20uri" is a relative URI; give the URL it is relative to with --base`,
			}},
		{"duplicate column", "uri,name,date,X-A,X-A\r\nhttp://a/,a,2024-03-01T12:00:00Z,1,2\r\n", []string{"http://a/"},
			[]string{`1 dropped: column "X-A" is left out: an earlier column is X-A too`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			recs, diags := readAll(t, tc.in)
			var uris []string
			for _, r := range recs {
				uris = append(uris, r.URI())
			}
			if strings.Join(uris, " ") != strings.Join(tc.uris, " ") {
				t.Errorf("records %q, want %q", uris, tc.uris)
			}
			importertest.CheckDiagnostics(t, diags, tc.diags, true)
		})
	}
}

func TestDetect(t *testing.T) {
	for head, want := range map[string]bool{
		"uri,name,date,category\r\n": true,
		"\ufeffURI,Name\n":           true,
		`"uri","date"` + "\n":        true,
		"name,address\r\n":           false,
		"uri\r\nhttp://a/\r\n":       false,
		"[{\"uri\": \"x\"}]":         false,
	} {
		if got := Detect([]byte(head)); got != want {
			t.Errorf("Detect(%q) = %v, want %v", head, got, want)
		}
	}
}

// FuzzReader: no input makes the reader panic, loop, fail (bad input is a
// diagnostic) or emit a record the catalogue would reject.
func FuzzReader(f *testing.F) {
	out, _ := write(f, importertest.Sample(f)...)
	f.Add([]byte(out))
	f.Add([]byte("uri,name,x y,X-A\r\nhttp://a/,\"a\nb\",1,2,3\r\n\"unclosed"))
	f.Fuzz(func(t *testing.T, data []byte) {
		importertest.FuzzRead(t, NewReader(strings.NewReader(string(data)), importers.Options{Now: now}), len(data))
	})
}

// FuzzRoundTrip: the Writer's output reads back to the same records,
// whole, whatever their text: the writer reports no loss, the reader no
// problem (importertest.CheckReadsBack).
func FuzzRoundTrip(f *testing.F) {
	f.Add("Café, \"Co\"", "x\ny", " A/B", "X-T", "\\.", int64(1709294400), 5)
	f.Fuzz(func(t *testing.T, name, desc, cat, extName, extValue string, date int64, rating int) {
		rec := ssd3.NewRecord(ssd3.Values{URI: "http://example.org/a?b=1,c", Name: name, Description: desc, Category: cat,
			Date: time.Unix(date%253402300799, 0).UTC(), Rating: rating})
		if ssd3.ValidateExtensionName(extName) == nil {
			rec.SetExtension(extName, extValue)
		}
		recs := importertest.Imported([]*ssd3.Record{rec})
		if len(recs) == 0 {
			return
		}
		importertest.CheckReadsBack(t, Format, recs, false)
	})
}
