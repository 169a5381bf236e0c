package catalogue

import (
	"bytes"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// crlf turns a readable multi-line literal into CRLF text.
func crlf(s string) string {
	return strings.ReplaceAll(strings.TrimPrefix(s, "\n"), "\n", "\r\n")
}

func mustRead(t *testing.T, text string) *Catalogue {
	t.Helper()
	c, err := Read(strings.NewReader(text))
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	return c
}

func TestSpecExamplesLoad(t *testing.T) {
	for _, name := range []string{"ex41.uricat", "ex42.uricat"} {
		t.Run(name, func(t *testing.T) {
			b, err := os.ReadFile("testdata/" + name)
			if err != nil {
				t.Fatal(err)
			}
			c := mustRead(t, string(b))
			if ps := c.Problems(); len(ps) != 0 {
				t.Errorf("problems in the spec's example: %v", ps)
			}
			var out bytes.Buffer
			c.WriteTo(&out)
			if !bytes.Equal(out.Bytes(), b) {
				t.Errorf("written back differently:\n%q\nwant\n%q", out.Bytes(), b)
			}
		})
	}
}

// TestExample41Fields checks the records of SSD3 4.1 field by field.
func TestExample41Fields(t *testing.T) {
	b, _ := os.ReadFile("testdata/ex41.uricat")
	recs := mustRead(t, string(b)).Valid()
	if len(recs) != 2 {
		t.Fatalf("%d records, want 2", len(recs))
	}
	g := recs[0]
	want := ssd3.Values{URI: "http://google.co.uk/", Name: "Google", ID: "1",
		Date: time.Date(2007, 10, 30, 8, 31, 32, 0, time.UTC), Category: "Search Engines",
		Description: "A popular search engine run by Google, Inc. of the USA", Rating: 1,
		Language: "en-us", Type: "text/html"}
	if got := g.Values(); !reflect.DeepEqual(got, want) {
		t.Errorf("first record = %+v\nwant %+v", got, want)
	}
	if recs[1].Name() != `SSD3 - "Specification of URI-Catalogue format"` || recs[1].Line() != 11 {
		t.Errorf("second record: name %q at line %d", recs[1].Name(), recs[1].Line())
	}
}

func TestFieldRules(t *testing.T) {
	const head = "URI: http://example.com/\nNAME: Example\nDATE: 31/10/2007 19:03:34\n"
	tests := []struct {
		name    string
		extra   string // appended field line(s)
		valid   bool   // record stays usable
		problem string // substring of the expected problem ("" = none)
		line    int
		column  int
	}{
		{"2.1.1 TAB forbidden", "CATEGORY: a\tb", true, "TAB (0x09)", 4, 12},
		{"2.1.1 control char forbidden", "CATEGORY: a\x07b", true, "0x07", 4, 12},
		{"2.1.1 DEL forbidden", "DESCRIPTION: x\x7f", true, "0x7F", 4, 15},
		{"2.1.1 non-ASCII forbidden", "CATEGORY: caf\xc3\xa9", true, "non-ASCII byte 0xC3", 4, 14},
		{"2.1.2 space after colon required", "CATEGORY:Search", true, "single space", 4, 10},
		{"2.1.3 name characters", "X-A.B: v", true, "'.'", 4, 4},
		{"2.1.3 case-sensitive names", "rating: 3", true, "did you mean RATING", 4, 1},
		{"2.2 empty value", "CATEGORY: ", true, "empty", 4, 11},
		{"2.2 duplicate field", "RATING: 3\nRATING: 4", true, "appears again", 5, 0},
		{"2.2 unknown field", "COLOUR: red", true, `unknown field "COLOUR"`, 4, 1},
		{"2.2 X- fields kept", "X-Note: a, b", true, "", 0, 0},
		{"2.1.3 x- is not X-", "x-tags: a", true, "did you mean X-TAGS", 4, 1},
		{"2.2 not a field", "just words", true, "not a field", 4, 1},
		{"3.6 rating 1-5", "RATING: 6", true, "1 to 5", 4, 9},
		{"3.6 rating integer", "RATING: 2.5", true, "1 to 5", 4, 9},
		{"3.7 language", "LANGUAGE: english", true, "2- or 3-letter", 4, 11},
		{"3.7 language country", "LANGUAGE: en-JJ", true, "ISO 3166", 4, 11},
		{"3.7 language ok", "LANGUAGE: en-gb", true, "", 0, 0},
		{"3.7 language private", "LANGUAGE: x-klingon", true, "", 0, 0},
		{"3.8 type needs subtype", "TYPE: text", true, "type/subtype", 4, 7},
		{"3.8 type with params", "TYPE: text/html; charset=utf-8", true, "", 0, 0},
		{"3.8 type bad top level", "TYPE: foo/bar", true, "top-level", 4, 7},
		{"3.9 ID positive", "ID: 0", true, "positive", 4, 5},
		{"3.9 ID decimal", "ID: 12a", true, "positive decimal", 4, 5},
		{"3.9 ID any length", "ID: 123456789012345678901234567890", true, "", 0, 0},
		{"3.1 duplicate URI makes record ambiguous", "URI: http://other/", false, "appears again", 4, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := mustRead(t, crlf(head+tt.extra+"\n"))
			r := c.Records()[0]
			if r.Valid() != tt.valid {
				t.Errorf("Valid() = %v, want %v (%v)", r.Valid(), tt.valid, r.Problems())
			}
			ps := r.Problems()
			if tt.problem == "" {
				if len(ps) > 0 {
					t.Errorf("unexpected problems %v", ps)
				}
				return
			}
			if len(ps) == 0 || !strings.Contains(ps[0].Msg, tt.problem) {
				t.Fatalf("problems %v, want one containing %q", ps, tt.problem)
			}
			if ps[0].Line != tt.line || ps[0].Column != tt.column {
				t.Errorf("problem at %d:%d, want %d:%d (%s)", ps[0].Line, ps[0].Column, tt.line, tt.column, ps[0].Msg)
			}
			var out bytes.Buffer
			c.WriteTo(&out)
			if out.String() != crlf(head+tt.extra+"\n") {
				t.Errorf("not written back verbatim: %q", out.String())
			}
		})
	}
}

func TestRequiredFields(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"3.1 URI required", "NAME: n\nDATE: 31/10/2007 19:03:34\n", "no URI field"},
		{"3.2 NAME required", "URI: http://e/\nDATE: 31/10/2007 19:03:34\n", "no NAME field"},
		{"3.3 DATE required", "URI: http://e/\nNAME: n\n", "no DATE field"},
		{"3.1 invalid URI", "URI: example.com\nNAME: n\nDATE: 31/10/2007 19:03:34\n", "no scheme"},
		{"3.1 URI with space", "URI: http://e/a b\nNAME: n\nDATE: 31/10/2007 19:03:34\n", "space at byte 11"},
		{"3.3 not a calendar date", "URI: http://e/\nNAME: n\nDATE: 30/02/2007 19:03:34\n", "has no day 30"},
		{"3.3 two-digit fields", "URI: http://e/\nNAME: n\nDATE: 1/10/2007 19:03:34\n", "DD/MM/YYYY"},
		{"3.3 24-hour clock", "URI: http://e/\nNAME: n\nDATE: 31/10/2007 24:00:00\n", "hh is 00-23"},
		{"3.3 leap day ok only in leap years", "URI: http://e/\nNAME: n\nDATE: 29/02/2007 00:00:00\n", "has no day 29"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := mustRead(t, crlf(tt.text))
			r := c.Records()[0]
			if r.Valid() {
				t.Fatalf("record is valid; want invalid")
			}
			if len(c.Valid()) != 0 {
				t.Errorf("Valid() lists an invalid record")
			}
			found := false
			for _, p := range r.Problems() {
				found = found || strings.Contains(p.Msg, tt.want)
			}
			if !found {
				t.Errorf("problems %v, want %q", r.Problems(), tt.want)
			}
		})
	}
	leap := mustRead(t, crlf("URI: http://e/\nNAME: n\nDATE: 29/02/2008 23:59:59\n"))
	if !leap.Records()[0].Valid() {
		t.Errorf("29/02/2008 rejected: %v", leap.Problems())
	}
}

func TestDuplicateIDsCompareAsNumbers(t *testing.T) {
	text := crlf(`
URI: http://a/
NAME: a
ID: 7
DATE: 31/10/2007 19:03:34

URI: http://b/
NAME: b
ID: 007
DATE: 31/10/2007 19:03:34
`)
	c := mustRead(t, text)
	b := c.Records()[1]
	if !b.Valid() || b.ID() != "" {
		t.Errorf("second record: valid %v, ID %q; want valid with the ID dropped", b.Valid(), b.ID())
	}
	if ps := b.Problems(); len(ps) != 1 || !strings.Contains(ps[0].Msg, "line 1") || ps[0].Line != 8 {
		t.Errorf("problems %v, want the duplicate ID at line 8 naming line 1", ps)
	}
	// Editing the record keeps the rejected ID line as it was.
	edit := b.Clone()
	edit.SetRating(3)
	if _, err := testUpdate(c, b, edit); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	c.WriteTo(&out)
	if !strings.Contains(out.String(), "ID: 007\r\n") {
		t.Errorf("the duplicate ID line was lost:\n%s", out.String())
	}
}

func TestDeviations(t *testing.T) {
	tests := []struct {
		name, text, want string
		line             int
	}{
		{"LF line endings", "URI: http://e/\nNAME: n\nDATE: 31/10/2007 19:03:34\n", "LF alone", 1},
		{"extra blank lines", crlf("URI: http://e/\nNAME: n\nDATE: 31/10/2007 19:03:34\n\n\n\nURI: http://f/\nNAME: n\nDATE: 31/10/2007 19:03:34\n"), "extra blank line", 6},
		{"leading blank line", "\r\n" + crlf("URI: http://e/\nNAME: n\nDATE: 31/10/2007 19:03:34\n"), "before the first record", 1},
		{"trailing blank line", crlf("URI: http://e/\nNAME: n\nDATE: 31/10/2007 19:03:34\n\n"), "after the last record", 4},
		{"white-space line", crlf("URI: http://e/\nNAME: n\nDATE: 31/10/2007 19:03:34\n  \nURI: http://f/\nNAME: n\nDATE: 31/10/2007 19:03:34\n"), "only white space", 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := mustRead(t, tt.text)
			for _, r := range c.Records() {
				if !r.Valid() {
					t.Errorf("record at line %d not read: %v", r.Line(), r.Problems())
				}
			}
			ps := c.Problems()
			if len(ps) != 1 || !strings.Contains(ps[0].Msg, tt.want) || ps[0].Line != tt.line {
				t.Errorf("problems %v, want one at line %d containing %q", ps, tt.line, tt.want)
			}
			var out bytes.Buffer
			c.WriteTo(&out)
			if out.String() != tt.text {
				t.Errorf("written back differently: %q", out.String())
			}
		})
	}
}

func TestLongLine(t *testing.T) {
	long := strings.Repeat("x", 200_000)
	c := mustRead(t, crlf("URI: http://e/\nNAME: n\nDATE: 31/10/2007 19:03:34\nDESCRIPTION: "+long+"\n"))
	if got := c.Records()[0].Description(); got != long {
		t.Errorf("long description read as %d bytes, want %d", len(got), len(long))
	}
}

func TestEncodedWordsDecoded(t *testing.T) {
	c := mustRead(t, crlf(`
URI: http://e/
NAME: =?UTF-8?Q?Caf=C3=A9_cr=C3=A8me?=
DATE: 31/10/2007 19:03:34
DESCRIPTION: =?ISO-8859-1?Q?K=F6ln?= and =?UTF-8?B?5p2x5Lqs?=
X-Note: =?UTF-8?Q?line1=0Aline2?=
`))
	r := c.Records()[0]
	if r.Name() != "Café crème" || r.Description() != "Köln and 東京" || r.Extension("X-Note") != "line1\nline2" {
		t.Errorf("decoded %q / %q / %q", r.Name(), r.Description(), r.Extension("X-Note"))
	}
	// An encoded-word in an unknown charset keeps the field out, and says why.
	c = mustRead(t, crlf("URI: http://e/\nNAME: n\nDATE: 31/10/2007 19:03:34\nCATEGORY: =?X-NOPE?Q?a?=\n"))
	if r := c.Records()[0]; r.Category() != "" || len(r.Problems()) != 1 || !strings.Contains(r.Problems()[0].Msg, "RFC 2047") {
		t.Errorf("category %q, problems %v", r.Category(), r.Problems())
	}
}

func TestValidateURI(t *testing.T) {
	tests := []struct{ uri, want string }{
		{"http://example.com/", ""},
		{"https://user:pw@example.com:8443/a?b=c#d", ""},
		{"http://[::1]:80/", ""},
		{"urn:isbn:0451450523", ""},
		{"mailto:someone@example.com", ""},
		{"file:///home/me/notes.txt", ""},
		{"http://host:abc/", "port"},
		{"http://a[b]/", "brackets"},
		{"http://[::1/", "without closing"},
		{"http://[::1]x/", "only"},
		{"http://e/a%zz", "%XX"},
		{"http://e/a#b#c", "second '#'"},
		{"http://e/<script>", "'<'"},
		{"1http://e/", "scheme"},
		{"://e/", "no scheme"},
		{"http://e/é", "non-ASCII"},
		{"http://e/[x]", "brackets may only"},
	}
	for _, tt := range tests {
		err := ssd3.ValidateURI(tt.uri)
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("ValidateURI(%q) = %v, want %q", tt.uri, err, tt.want)
		}
	}
}
