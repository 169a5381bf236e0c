package charset

import (
	"errors"
	"testing"
)

func TestLookup(t *testing.T) {
	tests := []struct {
		name      string
		in, want  string // bytes in the charset, and the text they are
		noDecoder bool   // UTF-8 and ASCII: nothing to decode
	}{
		{name: "UTF-8", noDecoder: true},
		{name: "utf8", noDecoder: true}, // a browser label
		{name: "US-ASCII", noDecoder: true},
		{name: "ascii", noDecoder: true},
		{name: "ANSI_X3.4-1968", noDecoder: true},
		// IANA's meaning: 0x80 is a C1 control in ISO-8859-1, the euro in windows-1252.
		{name: "ISO-8859-1", in: "caf\xe9 \x80", want: "café \u0080"},
		{name: "latin1", in: "caf\xe9", want: "café"},
		{name: "windows-1252", in: "\x80", want: "€"},
		// Hina-Di's default, and the labels WDB and Tamatebako wrote.
		{name: "EUC-JP", in: "\xc6\xfc\xcb\xdc", want: "日本"},
		{name: "x-euc-jp", in: "\xc6\xfc\xcb\xdc", want: "日本"},
		{name: "Shift_JIS", in: "\x93\xfa\x96\x7b", want: "日本"},
		{name: "x-sjis", in: "\x93\xfa\x96\x7b", want: "日本"},
		// The URC proposal's example: "Likformiga resursl{gesgivare".
		{name: "SEN_850200_B", in: "resursl{gesgivare", want: "resurslägesgivare"},
		{name: "iso-ir-11", in: "@`~", want: "Ééü"},
		{name: " ISO-8859-1 ", in: "\xe9", want: "é"},
	}
	for _, tt := range tests {
		enc, err := Lookup(tt.name)
		if err != nil {
			t.Errorf("Lookup(%q): %v", tt.name, err)
			continue
		}
		if tt.noDecoder {
			if enc != nil {
				t.Errorf("Lookup(%q) = %v, want nil (no decoding)", tt.name, enc)
			}
			continue
		}
		if enc == nil {
			t.Errorf("Lookup(%q) = nil", tt.name)
			continue
		}
		got, err := enc.NewDecoder().String(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("Lookup(%q) decodes %q as %q (%v), want %q", tt.name, tt.in, got, err, tt.want)
		}
	}
	for _, name := range []string{"", "klingon", "x-unknown-charset"} {
		if _, err := Lookup(name); !errors.Is(err, ErrUnknown) {
			t.Errorf("Lookup(%q): %v, want ErrUnknown", name, err)
		}
	}
}

func TestISO646RoundTrip(t *testing.T) {
	enc, _ := Lookup("SEN_850200_B")
	b, err := enc.NewEncoder().String("Likformiga resurslägesgivare")
	if err != nil || b != "Likformiga resursl{gesgivare" {
		t.Errorf("encoded as %q, %v", b, err)
	}
	if _, err := enc.NewEncoder().String("{"); err == nil {
		t.Error("a \"{\", which the set has not, was encoded")
	}
	if s, _ := enc.NewDecoder().String("\xff"); s != "\uFFFD" {
		t.Errorf("a byte over 0x7F decodes as %q", s)
	}
}

// The Swedish tables against RFC 1345 (as glibc's iconv has them: "iconv -f
// SEN_850200_B" of $@[\]^`{|}~).
func TestSwedishTables(t *testing.T) {
	const nationalUse = "$@[\\]^`{|}~"
	tests := []struct{ charset, want string }{
		{"SEN_850200_B", "¤@ÄÖÅ^`äöå‾"},
		{"iso-ir-10", "¤@ÄÖÅ^`äöå‾"},
		{"ISO646-SE", "¤@ÄÖÅ^`äöå‾"},
		{"SEN_850200_C", "¤ÉÄÖÅÜéäöåü"},
		{"ISO646-SE2", "¤ÉÄÖÅÜéäöåü"},
	}
	for _, tt := range tests {
		enc, err := Lookup(tt.charset)
		if err != nil || enc == nil {
			t.Errorf("%s: no decoder (%v)", tt.charset, err)
			continue
		}
		if s, _ := enc.NewDecoder().String(nationalUse); s != tt.want {
			t.Errorf("%s: %q decodes to %q, want %q", tt.charset, nationalUse, s, tt.want)
		}
		if s, _ := enc.NewDecoder().String("Plain ASCII 123"); s != "Plain ASCII 123" {
			t.Errorf("%s: ASCII letters changed: %q", tt.charset, s)
		}
	}
}
