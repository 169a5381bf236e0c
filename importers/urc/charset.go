package urc

import (
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/ianaindex"
)

// iso646 is a 7-bit national variant of ISO 646: ASCII with some of the
// twelve national-use positions holding other letters.
type iso646 map[byte]rune

// The Swedish variants (RFC 1345, glibc's charmaps), which
// golang.org/x/text does not have. The URC proposal's example uses
// SEN_850200_B, in which 0x7B "{" is a-diaeresis.
var (
	// SEN_850200_B, iso-ir-10 (ISO646-SE, ISO646-FI): Swedish and Finnish.
	sen850200B = iso646{'$': '¤', '[': 'Ä', '\\': 'Ö', ']': 'Å', '{': 'ä', '|': 'ö', '}': 'å', '~': '‾'}
	// SEN_850200_C, iso-ir-11 (ISO646-SE2): Swedish for names, which adds
	// É, é, Ü and ü.
	sen850200C = iso646{'$': '¤', '@': 'É', '[': 'Ä', '\\': 'Ö', ']': 'Å', '^': 'Ü', '`': 'é', '{': 'ä', '|': 'ö', '}': 'å', '~': 'ü'}
)

// iso646Names maps the upper-cased names and aliases IANA registers for the
// variants above.
var iso646Names = map[string]iso646{
	"SEN_850200_B": sen850200B, "ISO-IR-10": sen850200B, "FI": sen850200B, "ISO646-FI": sen850200B,
	"ISO646-SE": sen850200B, "SE": sen850200B, "CSISO10SWEDISH": sen850200B,
	"SEN_850200_C": sen850200C, "ISO-IR-11": sen850200C, "ISO646-SE2": sen850200C, "SE2": sen850200C,
	"CSISO11SWEDISHFORNAMES": sen850200C,
}

func (t iso646) decode(b []byte) string {
	var s strings.Builder
	for _, c := range b {
		if r, ok := t[c]; ok {
			s.WriteRune(r)
		} else if c < 0x80 {
			s.WriteByte(c)
		} else {
			s.WriteRune(utf8.RuneError) // a 7-bit set has no high bytes
		}
	}
	return s.String()
}

// decoder turns a value's bytes into text.
type decoder func([]byte) (string, error)

// lookupCharset returns the decoder for a charset name, or nil when it is not
// one this reader can decode.
func lookupCharset(name string) decoder {
	if t, ok := iso646Names[strings.ToUpper(name)]; ok {
		return func(b []byte) (string, error) { return t.decode(b), nil }
	}
	enc, err := ianaindex.MIME.Encoding(name)
	if err != nil || enc == nil {
		enc, err = ianaindex.IANA.Encoding(name)
	}
	if err != nil || enc == nil {
		return nil
	}
	return func(b []byte) (string, error) {
		out, err := enc.NewDecoder().Bytes(b)
		return string(out), err
	}
}

// latin1 decodes ISO-8859-1, the fallback for untagged bytes that are not UTF-8.
var latin1 encoding.Encoding = charmap.ISO8859_1
