package record

import (
	"encoding/base64"
	"io"
	"mime"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/unicode"

	"github.com/uricat/uricat/internal/charset"
)

// wordDecoder decodes RFC 2047 encoded-words in any charset
// internal/charset knows (mime itself knows UTF-8, ISO-8859-1 and
// US-ASCII).
var wordDecoder = &mime.WordDecoder{CharsetReader: func(name string, input io.Reader) (io.Reader, error) {
	enc, err := charset.Lookup(name)
	if err != nil {
		return nil, err
	}
	if enc == nil {
		enc = unicode.UTF8 // UTF-8 or ASCII: checked, invalid bytes become U+FFFD
	}
	return enc.NewDecoder().Reader(input), nil
}}

// DecodeText decodes the RFC 2047 encoded-words in a text value read from a
// file. A value without "=?" is returned as it is, without allocating.
func DecodeText(v string) (string, error) {
	if !strings.Contains(v, "=?") {
		return v, nil
	}
	return wordDecoder.DecodeHeader(v)
}

// EncodeText makes a text value fit a catalogue line: printable ASCII is
// written as it is, and anything else (non-ASCII, line breaks, tabs, or text
// that would itself read as an encoded-word) as RFC 2047 encoded-words, so
// that DecodeText gives back exactly the same string.
func EncodeText(v string) string {
	if !needsEncoding(v) {
		return v
	}
	for i := 0; i < len(v); i++ {
		if c := v[i]; c < 0x20 && c != '\t' || c >= 0x7f {
			// mime's Q encoder applies: it encodes the whole value, tabs included.
			return mime.QEncoding.Encode("UTF-8", v)
		}
	}
	// Only a tab or a literal "=?": mime leaves such text alone, so encode it
	// with B words ourselves, each within RFC 2047's 75 characters.
	return encodeB(v)
}

func needsEncoding(v string) bool {
	for i := 0; i < len(v); i++ {
		if c := v[i]; c < 0x20 || c >= 0x7f {
			return true
		}
	}
	return strings.Contains(v, "=?")
}

func encodeB(v string) string {
	const prefix, suffix = "=?UTF-8?B?", "?="
	const maxChunk = (75 - len(prefix) - len(suffix)) / 4 * 3
	var b strings.Builder
	for len(v) > 0 {
		n := min(len(v), maxChunk)
		for n < len(v) && n > 0 && !utf8.RuneStart(v[n]) {
			n-- // keep runes whole inside one word
		}
		if n == 0 {
			n = min(len(v), maxChunk)
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(prefix)
		b.WriteString(base64.StdEncoding.EncodeToString([]byte(v[:n])))
		b.WriteString(suffix)
		v = v[n:]
	}
	return b.String()
}
