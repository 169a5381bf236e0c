package hinadi

import (
	"io"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
	"github.com/uricat/uricat/internal/display"
)

// exportTime dates the header blocks the tests write.
var exportTime = time.Date(2001, 12, 2, 3, 4, 5, 0, time.UTC)

func write(t *testing.T, recs ...*ssd3.Record) string {
	t.Helper()
	out, _ := importertest.Export(t, fixedClock, recs...)
	return out
}

// fixedClock makes Writers that date their header exportTime.
func fixedClock(w io.Writer) importers.Writer {
	hw := NewWriter(w)
	hw.Now = func() time.Time { return exportTime }
	return hw
}

// lineFormat is the spec's line-format: field-name SEPARATOR field-value
// CRLF, field-name = WORD *("-" WORD), field-value a TOKEN (TEXT without
// CTLs but HT, not starting with SP or HT).
var lineFormat = regexp.MustCompile(`^[A-Za-z0-9]+(-[A-Za-z0-9]+)*:[ \t]+[^ \t\x00-\x1f\x7f][^\x00-\x08\x0a-\x1f\x7f]*$`)

// checkGrammar checks a whole file against the spec's structure: the HINA
// line, then blocks of unique field lines, each block ended by CRLF.
func checkGrammar(t *testing.T, out string) (blocks []map[string]string) {
	t.Helper()
	if !strings.HasSuffix(out, "\r\n\r\n") {
		t.Fatalf("file does not end with a block's empty line: %q", out[max(0, len(out)-20):])
	}
	for i, text := range strings.Split(strings.TrimSuffix(out, "\r\n\r\n"), "\r\n\r\n") {
		lines := strings.Split(text, "\r\n")
		if i == 0 {
			if lines[0] != "HINA/2.2beta" {
				t.Errorf("first line is %q, want HINA/2.2beta (section HINA)", lines[0])
			}
			lines = lines[1:]
		}
		fields := map[string]string{}
		for _, l := range lines {
			if !lineFormat.MatchString(l) {
				t.Errorf("block %d: line %q does not follow line-format", i, l)
				continue
			}
			name, value, _ := strings.Cut(l, ": ")
			key := strings.ToLower(name)
			if _, dup := fields[key]; dup {
				t.Errorf("block %d: field %s twice; such a block MUST be discarded (section Block)", i, name)
			}
			fields[key] = value
		}
		blocks = append(blocks, fields)
	}
	return blocks
}

func TestHeaderBlock(t *testing.T) {
	out := write(t)
	want := "HINA/2.2beta\r\nUser-Agent: uricat\r\nContent-Type: text/plain; charset=UTF-8\r\nDate: Sun, 02 Dec 2001 03:04:05 GMT\r\n\r\n"
	if out != want {
		t.Errorf("header block\n got %q\nwant %q", out, want)
	}
}

func TestEntityBlock(t *testing.T) {
	rec := ssd3.NewRecord(ssd3.Values{URI: "http://example.jp/~hina/", Name: "ひなの日記", Date: time.Date(2002, 7, 9, 1, 2, 3, 0, time.UTC),
		Category: "日記", Description: "first line\nsecond\tline\r\n", Rating: 4, Language: "ja", Type: "text/html", ID: "7",
		Extensions: []ssd3.Field{{Name: "X-AUTHOR", Value: "Hina"}, {Name: "X-KEYWORDS", Value: "日記; antenna: news; 日記"},
			{Name: "X-URICAT-DESCRIPTION", Value: "would duplicate X-Uricat-Description"}, {Name: "X-DESCRIPTION", Value: "another's"}, {Name: "X-LANG", Value: "x"}, {Name: "X-EXPIRES", Value: "Tue, 04 Dec 2001 10:00:00 GMT"}}})
	out, notes := importertest.Export(t, fixedClock, rec)
	var diags []string
	for _, d := range notes {
		diags = append(diags, d.String())
	}
	// X-URICAT-DESCRIPTION cannot be written: X-Uricat-Description is DESCRIPTION's.
	if len(diags) != 1 || !strings.Contains(diags[0], "X-URICAT-DESCRIPTION is left out: its field, X-URICAT-DESCRIPTION, would be taken for another") {
		t.Errorf("diagnostics %q", diags)
	}
	blocks := checkGrammar(t, out)
	if len(blocks) != 2 {
		t.Fatalf("%d blocks, want header + 1", len(blocks))
	}
	got := blocks[1]
	want := map[string]string{
		"url":                  "http://example.jp/~hina/",
		"title":                "ひなの日記",
		"last-modified":        "Tue, 09 Jul 2002 01:02:03 GMT", // rfc1123-date: 2*DIGIT day
		"keyword":              "日記",                            // keywords = TOKEN *(SEPARATOR TOKEN): "antenna: news" is not one
		"x-uricat-keywords":    "日記; antenna: news; 日記",         // ... so they go in X-Keywords, as they are
		"author-name":          "Hina",
		"content-type":         "text/html",
		"hina-version":         "HINA/2.2beta",
		"x-uricat-description": "first =?UTF-8?q?line=0Asecond=09line?=", // RFC 2047: one line of TEXT, nothing lost
		"x-uricat-rating":      "4",
		"x-uricat-language":    "ja",
		"x-uricat-id":          "7",
		"x-description":        "another's",
		"x-lang":               "x",
		"expires":              "Tue, 04 Dec 2001 10:00:00 GMT", // the spec's field, as the reader found it
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
	if len(got) != len(want) {
		t.Errorf("block has %d fields, want %d: %q", len(got), len(want), got)
	}
}

// Each entity block starts with URL, as RECOMMENDED (section URL).
func TestURLFirst(t *testing.T) {
	out := write(t, ssd3.NewRecord(ssd3.Values{URI: "http://a.example/", Name: "A", Date: exportTime}),
		ssd3.NewRecord(ssd3.Values{URI: "http://b.example/", Name: "B", Date: exportTime}))
	if !strings.Contains(out, "\r\n\r\nURL: http://a.example/\r\nTitle: A\r\n") ||
		!strings.Contains(out, "\r\n\r\nURL: http://b.example/\r\nTitle: B\r\n") {
		t.Errorf("entity blocks do not start with URL:\n%s", out)
	}
	checkGrammar(t, out)
}

// FuzzWrite: whatever the text, the file follows the spec's grammar (one
// line per field, unique names per block) and has one block per record.
func FuzzWrite(f *testing.F) {
	f.Add("ひな", "a\nb\r\n", "x: y", "X-DESCRIPTION", " lead\ttab")
	f.Add("", "", "", "X-A", "")
	f.Fuzz(func(t *testing.T, name, desc, cat, extName, extValue string) {
		rec := ssd3.NewRecord(ssd3.Values{URI: "http://example.org/", Name: name, Description: desc, Category: cat, Date: exportTime,
			Extensions: []ssd3.Field{{Name: extName, Value: extValue}, {Name: "X-KEYWORDS", Value: cat + ";" + extValue}}})
		if ssd3.ValidateExtensionName(extName) != nil || extName == "X-KEYWORDS" {
			rec.SetExtensions(rec.Extensions()[1:])
		}
		blocks := checkGrammar(t, write(t, rec, rec))
		if len(blocks) != 3 || blocks[2]["url"] != rec.URI() {
			t.Fatalf("%d blocks, want header + 2: %q", len(blocks), blocks)
		}
	})
}

// appendEncoded encodes the words that hold a line break, a tab or "=?",
// and only those, and what it writes decodes back to the value: the white
// space between a word and an encoded-word is kept, the white space
// between two encoded-words dropped (RFC 2047 6.2), so neighbours are one.
func TestAppendEncoded(t *testing.T) {
	tests := []struct{ in, want string }{
		{"one line", "one line"},
		{"first line\nsecond line", "first =?UTF-8?q?line=0Asecond?= line"},
		{"a\nb  c\td e", "=?UTF-8?q?a=0Ab__c=09d?= e"},              // two words to encode and the spaces between: one
		{"a\nb  c  d\te", "=?UTF-8?q?a=0Ab?=  c  =?UTF-8?B?ZAll?="}, // a plain word between: two
		{"see =?UTF-8?Q?x?= there", "see =?UTF-8?B?PT9VVEYtOD9RP3g/PQ==?= there"},
		{"日本\n語 です", "=?UTF-8?q?=E6=97=A5=E6=9C=AC=0A=E8=AA=9E?= です"},
		{"a \n b", "a =?UTF-8?q?=0A?= b"},
	}
	for _, tt := range tests {
		got := string(appendEncoded(nil, tt.in))
		if got != tt.want {
			t.Errorf("appendEncoded(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if back, err := ssd3.DecodeText(got); err != nil || back != tt.in {
			t.Errorf("appendEncoded(%q) = %q decodes to %q, %v", tt.in, got, back, err)
		}
	}
}

// FuzzAppendEncoded: any clean text without blanks at its ends is written
// on one line, without a tab, and decodes back to itself.
func FuzzAppendEncoded(f *testing.F) {
	f.Add("a\nb  c\td e =?x?= f")
	f.Add("=?UTF-8?Q?=1B?= \n =? ?=")
	f.Fuzz(func(t *testing.T, s string) {
		s = strings.TrimSpace(display.Clean(s))
		got := string(appendEncoded(nil, s))
		if strings.ContainsAny(got, "\r\n\t") {
			t.Fatalf("appendEncoded(%q) = %q: not one line", s, got)
		}
		if back, err := ssd3.DecodeText(got); err != nil || back != s {
			t.Fatalf("appendEncoded(%q) = %q decodes to %q, %v", s, got, back, err)
		}
	})
}

func TestFieldName(t *testing.T) {
	for _, tc := range []struct {
		ext, want string
		ok        bool
	}{
		{"X-AUTHOR", "X-AUTHOR", true},
		{"X-Image-Width", "X-Image-Width", true},
		{"X-MY_FIELD", "X-MY-FIELD", true}, // field-name = WORD *("-" WORD)
		{"X-A--B-", "X-A-B", true},
		{"X--", "", false},
		{"X-_", "", false},
	} {
		if got, ok := FieldName(tc.ext); got != tc.want || ok != tc.ok {
			t.Errorf("FieldName(%q) = %q, %v; want %q, %v", tc.ext, got, ok, tc.want, tc.ok)
		}
	}
}
