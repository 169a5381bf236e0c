package ssd3

import (
	"errors"
	"testing"

	"github.com/uricat/uricat/internal/charset"
)

// An encoded-word may name any charset (RFC 2047 2: "charset ... any
// character set name allowed in a MIME charset parameter"): DecodeText
// knows what internal/charset knows, the one charset lookup of the program.
func TestDecodeTextCharsets(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"=?ISO-8859-1?Q?K=F6ln?=", "Köln"},             // mime's own
		{"=?windows-1252?Q?=80_5?=", "€ 5"},             // IANA
		{"=?ISO-2022-JP?B?GyRCRWw1fhsoQg==?=", "東京"},    // RFC 1468, the Japanese mail charset
		{"=?SEN_850200_B?Q?p}_svenska?=", "på svenska"}, // ISO 646 Swedish, which x/text lacks
		{"=?utf8?Q?caf=C3=A9_=FF?=", "café \uFFFD"},     // a browser's label; invalid UTF-8 is replaced
	} {
		got, err := DecodeText(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("DecodeText(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
	if _, err := DecodeText("=?X-NOPE?Q?a?="); !errors.Is(err, charset.ErrUnknown) {
		t.Errorf("an unknown charset: error %v, want one wrapping charset.ErrUnknown", err)
	}
}
