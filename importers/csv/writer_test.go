package csv

import (
	stdcsv "encoding/csv"
	"flag"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers/importertest"
	"github.com/uricat/uricat/internal/display"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func sample() []*ssd3.Record {
	return []*ssd3.Record{
		ssd3.NewRecord(ssd3.Values{URI: "https://example.org/?a=1&b=2", Name: `Café, "Co"`, Date: time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC),
			Category: "Food/Paris", Description: "\"quoted\"; 100%\nsecond, line", Rating: 5, Language: "fr", Type: "text/html", ID: "1",
			Extensions: []ssd3.Field{{Name: "X-TAGS", Value: "a,b"}, {Name: "X-AUTHOR", Value: "Zoë"}}}),
		ssd3.NewRecord(ssd3.Values{URI: "http://example.com/", Name: "Plain", Date: time.Date(1999, 12, 31, 23, 59, 59, 0, time.UTC),
			Extensions: []ssd3.Field{{Name: "X-MD5", Value: "abc"}, {Name: "X-AUTHOR", Value: "Hina"}}}),
	}
}

// write writes recs with a Writer and returns the output and the report.
func write(t testing.TB, recs ...*ssd3.Record) (string, []ssd3.Diagnostic) {
	t.Helper()
	return importertest.Export(t, newWriter, recs...)
}

func TestHeaderAndLineEnds(t *testing.T) {
	out, _ := write(t, sample()...)
	// RFC 4180 section 2: rule 1, CRLF line breaks; rule 3, a header line
	// with the same number of fields.
	header := "uri,name,date,category,description,rating,language,type,id,added,X-TAGS,X-AUTHOR,X-MD5\r\n"
	if !strings.HasPrefix(out, header) {
		t.Errorf("header is %q, want %q", out[:strings.Index(out, "\n")+1], header)
	}
	// Rule 7: a double quote inside a field is doubled, in a quoted field.
	if !strings.Contains(out, `"Café, ""Co"""`) {
		t.Errorf("name not quoted as rule 7 says: %q", out)
	}
	// Rule 6: a line break inside a field is in a quoted field, and it is
	// the value's own LF; rows end with CR LF.
	if !strings.Contains(out, "\"\"\"quoted\"\"; 100%\nsecond, line\"") || strings.Count(out, "\r\n") != 3 {
		t.Errorf("line breaks: %q", out)
	}
}

// Issue 10, item 7: a "\n" inside a value came back as "\r\n" from any
// reader but Go's (encoding/csv's writer turns LF into CR LF when UseCRLF
// is set, and its reader alone turns it back). The value is written as it
// is, and reads back the same in encoding/csv and with LazyQuotes.
func TestLineBreakInValue(t *testing.T) {
	rec := ssd3.NewRecord(ssd3.Values{URI: "http://a/", Name: "a", Date: time.Unix(1, 0).UTC(), Description: "one\ntwo"})
	out, _ := write(t, rec)
	if !strings.Contains(out, "\"one\ntwo\"") || strings.Contains(out, "one\r\ntwo") {
		t.Errorf("the line break is not written as it is: %q", out)
	}
	rows, err := stdcsv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || rows[1][4] != "one\ntwo" {
		t.Errorf("encoding/csv reads %q, %v", rows, err)
	}
}

// Every field comes back from encoding/csv as it went in, extensions in
// their own columns.
func TestStandardReader(t *testing.T) {
	recs := sample()
	out, _ := write(t, recs...)
	rows, err := stdcsv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(recs)+1 {
		t.Fatalf("%d rows, want header + %d", len(rows), len(recs))
	}
	col := map[string]int{}
	for i, name := range rows[0] {
		col[name] = i
	}
	for i, r := range recs {
		row := rows[i+1]
		get := func(name string) string { return row[col[name]] }
		date, err := time.Parse(time.RFC3339, get("date"))
		if err != nil || !date.Equal(r.Date()) {
			t.Errorf("row %d: date %q, want %v", i, get("date"), r.Date())
		}
		rating := ""
		if r.Rating() != 0 {
			rating = strconv.Itoa(r.Rating())
		}
		for name, want := range map[string]string{"uri": r.URI(), "name": r.Name(), "category": r.Category(),
			"description": r.Description(), "rating": rating, "language": r.Language(), "type": r.Type(), "id": r.ID(),
			"X-TAGS": r.Extension("X-TAGS"), "X-AUTHOR": r.Extension("X-AUTHOR"), "X-MD5": r.Extension("X-MD5")} {
			if got := get(name); got != want {
				t.Errorf("row %d: %s = %q, want %q", i, name, got, want)
			}
		}
	}
}

// Safety: CSV has no escapes, so control characters and escape sequences
// from the data (a NAME of another catalogue, =?UTF-8?Q?=1B]52;c;...=07?=,
// decodes to an OSC 52 clipboard write) are left out, and the writer says
// so, once for the file.
func TestControlsLeftOut(t *testing.T) {
	recs := []*ssd3.Record{
		ssd3.NewRecord(ssd3.Values{URI: "http://a/", Name: "\x1b]52;c;cHduZWQ=\x07name", Date: time.Unix(1, 0).UTC(), Description: "clear\x1b[2J csi\u009b31m"}),
		ssd3.NewRecord(ssd3.Values{URI: "http://b/", Name: "b", Date: time.Unix(1, 0).UTC(), Extensions: []ssd3.Field{{Name: "X-A", Value: "bell\x07"}}}),
		ssd3.NewRecord(ssd3.Values{URI: "http://c/", Name: "c", Date: time.Unix(1, 0).UTC(), Description: "CR LF\r\nis a line break"}),
	}
	out, losses := write(t, recs...)
	for _, r := range out {
		if r < 0x20 && r != '\n' && r != '\r' || r >= 0x7f && r <= 0x9f {
			t.Errorf("control %U in %q", r, out)
		}
	}
	if !strings.Contains(out, ",name,") || !strings.Contains(out, ",clear csi,") || !strings.Contains(out, ",bell\r\n") ||
		!strings.Contains(out, "\"CR LF\nis a line break\"") {
		t.Errorf("output %q", out)
	}
	if len(losses) != 2 || !strings.HasPrefix(losses[0].Msg, "record http://a/: control characters") || !strings.HasPrefix(losses[1].Msg, "record http://b/: ") {
		t.Errorf("report %v, want one line for each of the 2 records", losses)
	}
}

// TestExportGolden checks the output for the sample catalogue against
// testdata/sample.golden (go test -update rewrites it).
func TestExportGolden(t *testing.T) { importertest.CheckGolden(t, newWriter, *update) }

// FuzzWrite: whatever the text, encoding/csv reads back the same fields,
// control characters left out (and reported).
func FuzzWrite(f *testing.F) {
	f.Add("a,\"b\"", "x\ny\r\nz", "X-T", "\r")
	f.Fuzz(func(t *testing.T, name, desc, extName, extValue string) {
		rec := ssd3.NewRecord(ssd3.Values{URI: "http://example.org/", Name: name, Description: desc, Date: time.Unix(1, 0).UTC(),
			Extensions: []ssd3.Field{{Name: extName, Value: extValue}}})
		if ssd3.ValidateExtensionName(extName) != nil {
			rec.SetExtensions(nil)
		}
		out, losses := write(t, rec)
		rows, err := stdcsv.NewReader(strings.NewReader(out)).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 2 {
			t.Fatalf("%d rows, want 2", len(rows))
		}
		clean := display.Clean
		if rows[1][1] != clean(name) || rows[1][4] != clean(desc) {
			t.Errorf("read back %q, %q; want %q, %q", rows[1][1], rows[1][4], name, desc)
		}
		// X-ADDED, when it is a date, is in the added column.
		ext := len(Columns)
		if extName == ssd3.FieldAdded && !rec.Changed().IsZero() {
			ext = slices.Index(Columns, "added")
			extValue = rec.Added().Format(time.RFC3339)
		}
		if rec.Extensions() != nil && rows[1][ext] != clean(extValue) {
			t.Errorf("%s read back as %q, want %q", extName, rows[1][ext], extValue)
		}
		lf := strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace
		changed := clean(name) != lf(name) || clean(desc) != lf(desc) || rec.Extensions() != nil && clean(extValue) != lf(extValue)
		if changed != (len(losses) > 0) {
			t.Errorf("text changed: %v, but losses %v", changed, losses)
		}
	})
}
