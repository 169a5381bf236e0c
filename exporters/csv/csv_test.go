package csv

import (
	"bytes"
	stdcsv "encoding/csv"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue"
)

func sample() []*catalogue.Record {
	return []*catalogue.Record{
		{URI: "https://example.org/?a=1&b=2", Name: `Café, "Co"`, Date: time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC),
			Category: "Food/Paris", Description: "\"quoted\"; 100%\nsecond, line", Rating: 5, Language: "fr", Type: "text/html", ID: "1",
			Extensions: []catalogue.Field{{Name: "X-TAGS", Value: "a,b"}, {Name: "X-AUTHOR", Value: "Zoë"}}},
		{URI: "http://example.com/", Name: "Plain", Date: time.Date(1999, 12, 31, 23, 59, 59, 0, time.UTC),
			Extensions: []catalogue.Field{{Name: "X-MD5", Value: "abc"}, {Name: "X-AUTHOR", Value: "Hina"}}},
	}
}

func TestHeaderAndLineEnds(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf, sample()); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	// RFC 4180 section 2: rule 1, CRLF line breaks (inside quoted fields too);
	// rule 3, a header line with the same number of fields.
	header := "uri,name,date,category,description,rating,language,type,id,X-TAGS,X-AUTHOR,X-MD5\r\n"
	if !strings.HasPrefix(out, header) {
		t.Errorf("header is %q, want %q", out[:strings.Index(out, "\n")+1], header)
	}
	if strings.Count(out, "\n") != strings.Count(out, "\r\n") {
		t.Errorf("a line ends in LF alone:\n%q", out)
	}
	// Rule 7: a double quote inside a field is doubled, in a quoted field.
	if !strings.Contains(out, `"Café, ""Co"""`) {
		t.Errorf("name not quoted as rule 7 says: %q", out)
	}
}

// Every field comes back from encoding/csv as it went in, extensions in
// their own columns.
func TestRoundTrip(t *testing.T) {
	recs := sample()
	var buf bytes.Buffer
	if err := Write(&buf, recs); err != nil {
		t.Fatal(err)
	}
	rows, err := stdcsv.NewReader(&buf).ReadAll()
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
		if err != nil || !date.Equal(r.Date) {
			t.Errorf("row %d: date %q, want %v", i, get("date"), r.Date)
		}
		rating := ""
		if r.Rating != 0 {
			rating = strconv.Itoa(r.Rating)
		}
		for name, want := range map[string]string{"uri": r.URI, "name": r.Name, "category": r.Category,
			"description": r.Description, "rating": rating, "language": r.Language, "type": r.Type, "id": r.ID,
			"X-TAGS": r.Extension("X-TAGS"), "X-AUTHOR": r.Extension("X-AUTHOR"), "X-MD5": r.Extension("X-MD5")} {
			if got := get(name); got != want {
				t.Errorf("row %d: %s = %q, want %q", i, name, got, want)
			}
		}
	}
}

// FuzzWrite: whatever the text, encoding/csv reads back the same fields,
// except that every line break reads back as LF (see the package doc).
func FuzzWrite(f *testing.F) {
	f.Add("a,\"b\"", "x\ny\r\nz", "X-T", "\r")
	f.Fuzz(func(t *testing.T, name, desc, extName, extValue string) {
		rec := &catalogue.Record{URI: "http://example.org/", Name: name, Description: desc, Date: time.Unix(1, 0).UTC(),
			Extensions: []catalogue.Field{{Name: extName, Value: extValue}}}
		if catalogue.ValidateExtensionName(extName) != nil {
			rec.Extensions = nil
		}
		var buf bytes.Buffer
		if err := Write(&buf, []*catalogue.Record{rec}); err != nil {
			t.Fatal(err)
		}
		rows, err := stdcsv.NewReader(&buf).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 2 {
			t.Fatalf("%d rows, want 2", len(rows))
		}
		lf := func(s string) string { return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n") }
		if rows[1][1] != lf(name) || rows[1][4] != lf(desc) {
			t.Errorf("read back %q, %q; want %q, %q", rows[1][1], rows[1][4], name, desc)
		}
		if rec.Extensions != nil && rows[1][9] != lf(extValue) {
			t.Errorf("%s read back as %q, want %q", extName, rows[1][9], extValue)
		}
	})
}
