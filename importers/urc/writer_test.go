package urc

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers/importertest"
)

// TestEscape follows the proposal's list of "special encodings in the value
// part of URIs".
func TestEscape(t *testing.T) {
	for _, tc := range []struct{ in, want, why string }{
		{"100%", "100%%", `"%", otherwise unrepresentable: %%`},
		{"a;b", "a%;b", `";", otherwise unrepresentable: %;`},
		{"one\ntwo", "one\r\ntwo", "Line breaks should be represented by an ASCII CR LF pair"},
		{"one\r\ntwo", "one\r\ntwo", "a CR LF line break stays one"},
		{"a\rb", "a%0Db", "other CR characters: %0D"},
		{"a\x00b", "a%00b", "NUL, very vulnerable: %00"},
		{"a\x1b[31mb", "a%1B[31mb", "ESC, important in some two-byte character sets: %1B"},
		{"a\x07b\x7f", "a%07b%7F", "other controls as %XX"},
		{"tab\there", "tab\there", "tabs are text"},
		{"<a> & b=c.d/e:f", "<a> & b=c.d/e:f", `"<" and ">" need no special treatment in URI values`},
		{"a><b", "a%3E<b", `"><" would read as the end of one citation and the start of another`},
		{"a> \n <b>", "a%3E \r\n <b>", "blanks and line breaks between do not change that"},
		{"http://x/%7Euser", "http://x/%%7Euser", "a URI's own escapes: the % is escaped"},
		{"Likformiga resurslägesgivare", "Likformiga resurslägesgivare", "non-ASCII bytes are allowed"},
	} {
		if got := Escape(tc.in); got != tc.want {
			t.Errorf("Escape(%q) = %q, want %q (%s)", tc.in, got, tc.want, tc.why)
		}
	}
}

// unescape reverses the proposal's encodings, as a reader would.
func unescape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case strings.HasPrefix(s[i:], "\r\n"):
			b.WriteByte('\n')
			i++
		case s[i] == '%' && i+1 < len(s) && (s[i+1] == '%' || s[i+1] == ';'):
			b.WriteByte(s[i+1])
			i++
		case s[i] == '%' && i+2 < len(s):
			var c byte
			for _, h := range s[i+1 : i+3] {
				c = c<<4 | byte(strings.IndexRune("0123456789ABCDEF", h))
			}
			b.WriteByte(c)
			i += 2
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

func TestEscapeReverses(t *testing.T) {
	for _, s := range []string{"", "plain", "%;%%;;\n\r\n\r", "a\x00\x1b\x7f;b%c", "日本語; 100%"} {
		if got := unescape(Escape(s)); got != strings.ReplaceAll(s, "\r\n", "\n") {
			t.Errorf("unescape(Escape(%q)) = %q", s, got)
		}
	}
}

func TestWriteCitation(t *testing.T) {
	rec := ssd3.NewRecord(ssd3.Values{URI: "ftp://nic.nordu.net/internet-drafts/draft-ietf-uri-url-01.txt",
		Name: "Likformiga resurslägesgivare", Date: time.Date(1993, 10, 26, 11, 59, 44, 0, time.UTC),
		Language: "en", Type: "text/plain", Description: "RFC; draft\nv1",
		Extensions: []ssd3.Field{{Name: "X-AUTHOR", Value: "Tim Berners-Lee"}, {Name: "X-URN", Value: "IANA:0::drafts:1204"},
			{Name: "X-VERSION", Value: "01"}, {Name: "X-PRIVATE", Value: "p"}, {Name: "X-MY_FIELD", Value: "m"}}})
	out, _ := importertest.Export(t, Format.NewWriter, rec)
	buf := bytes.NewBufferString(out)
	want := "<ftp://nic.nordu.net/internet-drafts/draft-ietf-uri-url-01.txt;\r\n" +
		"URN:IANA:0::drafts:1204;\r\n" +
		"Title/Text/Plain/charset:UTF-8=Likformiga resurslägesgivare;\r\n" +
		"Description=RFC%; draft\r\nv1;\r\n" +
		"Date=Tue, 26 Oct 1993 11:59:44 GMT;\r\n" +
		"Language=en;\r\n" +
		"Content-type=text/plain;\r\n" +
		"Author=Tim Berners-Lee;\r\n" +
		"Version=01;\r\n" +
		"X-PRIVATE=p;\r\n" +
		"X-MY-FIELD=m;>\r\n"
	if got := buf.String(); got != want {
		t.Errorf("citation\n got %q\nwant %q", got, want)
	}
}

// Rule 1 of the BNF: URC = "<" *(URI ";") ">". With every ";" inside a value
// escaped, splitting at ";" gives back exactly the elements.
func TestOneCitationPerRecord(t *testing.T) {
	recs := []*ssd3.Record{
		ssd3.NewRecord(ssd3.Values{URI: "http://example.com/a;b=1", Name: "x; y", Date: time.Unix(0, 0).UTC(), Description: ";>;<"}),
		ssd3.NewRecord(ssd3.Values{URI: "http://example.com/", Name: "z", Date: time.Unix(0, 0).UTC(), Category: "A;B"}),
	}
	out, _ := importertest.Export(t, Format.NewWriter, recs...)
	buf := bytes.NewBufferString(out)
	citations := strings.SplitAfter(strings.TrimSuffix(buf.String(), "\r\n"), ">\r\n")
	if len(citations) != 2 {
		t.Fatalf("%d citations, want 2: %q", len(citations), buf.String())
	}
	for i, c := range citations {
		c = strings.TrimSuffix(c, "\r\n")
		if !strings.HasPrefix(c, "<") || !strings.HasSuffix(c, ";>") {
			t.Errorf("citation %d is not <...;>: %q", i, c)
		}
		elems := strings.Split(strings.ReplaceAll(strings.ReplaceAll(c[1:len(c)-2], "%%", ""), "%;", ""), ";")
		wantElems := map[int]int{0: 4, 1: 4}[i] // URL, Title, Description, Date | URL, Title, Date, Category
		if len(elems) != wantElems {
			t.Errorf("citation %d has %d elements, want %d: %q", i, len(elems), wantElems, elems)
		}
	}
	if !strings.HasPrefix(citations[0], "<http://example.com/a%;b=1;\r\n") {
		t.Errorf("the URL's ';' is not escaped: %q", citations[0])
	}
}

// FuzzEscape: an escaped value never holds a bare ";" (which would end the
// element early) or a "%" that does not start an escape, and reads back.
func FuzzEscape(f *testing.F) {
	f.Add("100%; \r\n\x00\x1b")
	f.Add("%;%%%")
	f.Fuzz(func(t *testing.T, s string) {
		e := Escape(s)
		for i := 0; i < len(e); i++ {
			switch e[i] {
			case ';':
				t.Fatalf("Escape(%q) = %q has a bare ';' at %d", s, e, i)
			case '%':
				if i+1 >= len(e) {
					t.Fatalf("Escape(%q) = %q ends in '%%'", s, e)
				}
				if e[i+1] == '%' || e[i+1] == ';' {
					i++
				} else if i+2 < len(e) && strings.ContainsRune(hexDigits, rune(e[i+1])) && strings.ContainsRune(hexDigits, rune(e[i+2])) {
					i += 2
				} else {
					t.Fatalf("Escape(%q) = %q: '%%' at %d starts no escape", s, e, i)
				}
			case '\r':
				if i+1 >= len(e) || e[i+1] != '\n' {
					t.Fatalf("Escape(%q) = %q: bare CR at %d", s, e, i)
				}
			case '\n':
				if i == 0 || e[i-1] != '\r' {
					t.Fatalf("Escape(%q) = %q: bare LF at %d", s, e, i)
				}
			}
		}
		if got := unescape(e); got != strings.ReplaceAll(s, "\r\n", "\n") {
			t.Fatalf("unescape(Escape(%q)) = %q", s, got)
		}
	})
}
