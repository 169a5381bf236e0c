package record

import (
	"reflect"
	"strings"
	"testing"
)

// A record's text is packed (field names to a byte, a DATE to eight) and
// unpacked exactly, whatever it holds.
func TestPackRoundTrip(t *testing.T) {
	for _, tt := range []struct {
		name, text string
		packed     int // its packed length
	}{
		{"the spec's fields", "URI: http://example.org/\r\nNAME: Example\r\nDATE: 28/05/2021 13:00:00\r\nRATING: 5\r\n",
			len("\x90http://example.org/\n\x91Example\n") + 1 + dateBytes + 1 + len("\x95"+"5\n")},
		{"LF alone", "URI: u\nDATE: 01/01/0001 00:00:00\n", 3 + 1 + dateBytes + 1},
		{"no line break at the end", "URI: u\r\nDATE: 31/12/9999 23:59:59", 3 + 1 + dateBytes},
		{"a DATE not in the one form", "DATE: 1/1/2001 00:00:00\r\n", 1 + len("1/1/2001 00:00:00\n")},
		{"a DATE with more after it", "DATE: 01/01/2001 00:00:00 UTC\r\n", 1 + len("01/01/2001 00:00:00 UTC\n")},
		{"a DATE that is no date, digits in place", "DATE: 99/99/9999 99:99:99\r\n", 1 + dateBytes + 1},
		{"a DATE with letters", "DATE: 0a/01/2001 00:00:00\r\n", 1 + len("0a/01/2001 00:00:00\n")},
		{"an extension, verbatim", "X-TAGS: a, b\r\n", len("X-TAGS: a, b\r\n")},
		{"a field name in lower case", "name: x\r\n", len("name: x\r\n")},
		{"no space after the colon", "NAME:x\r\n", len("NAME:x\r\n")},
		{"a name alone", "NAME:", len("NAME:")},
		{"a label and nothing", "NAME: ", 1},
		{"lines that start with the packed codes", "\x80URI\r\n\xc0\x80\x80\x80\x80\x80\x80\x80\r\n\xffx\n", len("\x80URI\r\n\xc0\x80\x80\x80\x80\x80\x80\x80\r\n\xffx\n") + 3}, // each escaped
		{"blank and odd lines", "\r\n\n \r\nNAME: a\rb\r\n", len("\r\n\n \r\n") + len("\x91a\rb\n")},
		{"a value that ends in CR keeps its CRLF", "NAME: a\r\r\n", len("\x81a\r\r\n")},
		{"LF lines and CRLF lines", "URI: u\nNAME: n\r\nTYPE: t\n", len("\x80u\n\x91n\n\x86t\n")},
		{"packed CRLF codes in the text, escaped", "\x91a\n\xd0b\r\n", len("\xff\x91a\n\xff\xd0b\r\n")},
		{"the empty text", "", 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := PackText(tt.text)
			if got := unpack(p); got != tt.text {
				t.Errorf("unpack(pack(%q)) = %q", tt.text, got)
			}
			if len(p) != tt.packed {
				t.Errorf("pack(%q) = %q, %d bytes, want %d", tt.text, p, len(p), tt.packed)
			}
		})
	}
}

// Values read from a record's text are spans of its packed text, and give
// back what the text says, on whichever line.
func TestPackedSpans(t *testing.T) {
	text := "ID: 7\r\nURI: http://e.org/\r\nDATE: 01/02/2003 04:05:06\r\nNAME: N\r\nX-A: 1\r\nCATEGORY: C/D\r\nDESCRIPTION: d e\r\nLANGUAGE: en\r\nTYPE: text/html\r\n"
	r := parseRecord(text, 1, nil)
	want := Values{ID: "7", URI: "http://e.org/", Name: "N", Category: "C/D", Description: "d e", Language: "en", Type: "text/html"}
	got := r.Values()
	got.Date, got.Extensions = want.Date, nil
	if !reflect.DeepEqual(got, want) {
		t.Errorf("values %+v, want %+v", got, want)
	}
	for _, v := range []string{r.ID(), r.URI(), r.Name(), r.Category(), r.Description(), r.Language(), r.Type()} {
		if !within(v, r.raw) {
			t.Errorf("%q is not a span of the packed text", v)
		}
	}
	if r.Raw() != text || len(r.raw) >= len(text)*2/3 {
		t.Errorf("packed %d bytes into %d; unpacked %q", len(text), len(r.raw), r.Raw())
	}
	if got := r.Extension("X-A"); got != "1" {
		t.Errorf("X-A = %q", got)
	}
}

// FuzzPack: unpacking gives back any text, so packed texts are equal
// exactly when the texts are (merges compare them).
func FuzzPack(f *testing.F) {
	for _, s := range []string{"URI: u\r\nDATE: 01/01/2001 00:00:00\r\n", "\xc0\x81\n", "DATE: 01/01/2001 00:00:00", "NAME: \n\n", "NAME: a\r\r\n", "\x91a\n\xd0\r\n", "TYPE: \r\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if got := unpack(PackText(text)); got != text {
			t.Fatalf("unpack(pack(%q)) = %q", text, got)
		}
		if strings.Count(PackText(text), "\n") != strings.Count(text, "\n") {
			t.Fatalf("pack(%q) moved line breaks", text)
		}
	})
}
