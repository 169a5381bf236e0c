// Package charset finds the decoder for a charset a file names: by its
// IANA name or alias (a MIME charset parameter, an http-index-format 301
// line, a URC representation tag), else by a label browsers know
// ("x-sjis", "x-euc-jp", "utf8"), and for the Swedish 7-bit sets of ISO 646
// the URC proposal's example uses, which golang.org/x/text lacks.
package charset

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/ianaindex"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"
)

// ErrUnknown is what Lookup's error wraps when no decoder has the name.
var ErrUnknown = errors.New("unknown charset")

// Lookup returns the encoding called name. IANA's names come first, with
// their registered meaning (ISO-8859-1 is ISO-8859-1, not the
// windows-1252 browsers take it for), then browsers' labels. UTF-8 and
// US-ASCII give nil and no error: the text needs no decoding (ASCII is
// UTF-8), only checking.
func Lookup(name string) (encoding.Encoding, error) {
	name = strings.TrimSpace(name)
	if t, ok := iso646Names[strings.ToUpper(name)]; ok {
		return t, nil
	}
	enc, err := ianaindex.MIME.Encoding(name)
	if err != nil || enc == nil {
		enc, err = ianaindex.IANA.Encoding(name)
	}
	if err != nil || enc == nil {
		enc, err = htmlindex.Get(name)
		if err == nil && meansASCII(name, enc) {
			return nil, nil
		}
	}
	if err != nil || enc == nil {
		return nil, fmt.Errorf("%w %q", ErrUnknown, name)
	}
	if enc == unicode.UTF8 || enc == encoding.Nop || isASCII(enc) {
		return nil, nil
	}
	return enc, nil
}

// isASCII reports whether enc is US-ASCII, which x/text names but has no
// exported value for.
func isASCII(enc encoding.Encoding) bool {
	n, err := ianaindex.IANA.Name(enc)
	return err == nil && n == "US-ASCII"
}

// meansASCII reports a browser label for US-ASCII ("ascii"): browsers read
// it as windows-1252, but a file that says ASCII means ASCII.
func meansASCII(label string, enc encoding.Encoding) bool {
	n, _ := htmlindex.Name(enc)
	return n == "windows-1252" && strings.Contains(strings.ToLower(label), "ascii")
}

// iso646 is a 7-bit national variant of ISO 646: ASCII with some of the
// twelve national-use positions holding other letters.
type iso646 map[byte]rune

// The Swedish variants (RFC 1345, glibc's charmaps). The URC proposal's
// example uses SEN_850200_B, in which 0x7B "{" is a-diaeresis.
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

// NewDecoder decodes the set: a byte over 0x7F, which a 7-bit set has not,
// becomes U+FFFD.
func (t iso646) NewDecoder() *encoding.Decoder {
	return &encoding.Decoder{Transformer: iso646Decoder(t)}
}

// NewEncoder encodes text into the set; a character it has not is an error.
func (t iso646) NewEncoder() *encoding.Encoder {
	back := map[rune]byte{}
	for b, r := range t {
		back[r] = b
	}
	return &encoding.Encoder{Transformer: iso646Encoder{t: t, back: back}}
}

type iso646Decoder iso646

func (t iso646Decoder) Reset() {}

func (t iso646Decoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for _, c := range src {
		r, ok := t[c]
		switch {
		case ok:
		case c < utf8.RuneSelf:
			r = rune(c)
		default:
			r = utf8.RuneError
		}
		if nDst+utf8.RuneLen(r) > len(dst) {
			return nDst, nSrc, transform.ErrShortDst
		}
		nDst += utf8.EncodeRune(dst[nDst:], r)
		nSrc++
	}
	return nDst, nSrc, nil
}

type iso646Encoder struct {
	t    iso646
	back map[rune]byte
}

func (e iso646Encoder) Reset() {}

func (e iso646Encoder) Transform(dst, src []byte, atEOF bool) (nDst, nSrc int, err error) {
	for nSrc < len(src) {
		r, size := utf8.DecodeRune(src[nSrc:])
		if r == utf8.RuneError && !atEOF && !utf8.FullRune(src[nSrc:]) {
			return nDst, nSrc, transform.ErrShortSrc
		}
		b, ok := e.back[r]
		if !ok {
			if _, taken := e.t[byte(r)]; r >= utf8.RuneSelf || taken {
				return nDst, nSrc, fmt.Errorf("charset: %U is not in this ISO 646 set", r)
			}
			b = byte(r)
		}
		if nDst >= len(dst) {
			return nDst, nSrc, transform.ErrShortDst
		}
		dst[nDst] = b
		nDst++
		nSrc += size
	}
	return nDst, nSrc, nil
}
