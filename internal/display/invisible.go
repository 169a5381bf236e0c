package display

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/rangetable"

	"github.com/uricat/uricat/internal/printable"
)

// Invisible reports whether r changes how text around it is shown, or is
// not shown at all: Unicode's default-ignorable code points and the
// bidirectional controls (see invisible), such as U+202E, the zero-width
// characters, the soft hyphen, variation selectors, tag characters and
// Hangul fillers. A name holding U+202E makes "BIDIMARK\u202Etxt.exe" read
// as "...exe.txt"; such characters are kept in the data and shown as
// visible markers. That includes the joiners and variation selectors of
// emoji sequences: a marker too many beats a name that hides its text.
func Invisible(r rune) bool {
	return r >= 0xad && unicode.Is(invisible, r)
}

// invisible is the set Invisible tests, derived from Unicode's properties
// as DerivedCoreProperties.txt derives Default_Ignorable_Code_Point
// (Other_Default_Ignorable_Code_Point + Cf + Variation_Selector -
// White_Space - FFF9..FFFB - 13430..1343F - Prepended_Concatenation_Mark),
// plus the bidirectional controls and U+FFF9-U+FFFB, the interlinear
// annotation characters, which hide the text between them. Egyptian
// hieroglyph format controls and prepended concatenation marks (the Arabic
// number sign) are shown by fonts: they stay out.
//
// It is written out rather than derived at start-up, which made every run
// of every command merge Unicode's large tables;
// TestInvisibleIsDerived derives it from the tables of the Unicode version
// Go has, and says what to write here when that version changes it.
var invisible = &unicode.RangeTable{
	R16: []unicode.Range16{
		{Lo: 0x00ad, Hi: 0x034f, Stride: 674},
		{Lo: 0x061c, Hi: 0x115f, Stride: 2883},
		{Lo: 0x1160, Hi: 0x17b4, Stride: 1620},
		{Lo: 0x17b5, Hi: 0x180b, Stride: 86},
		{Lo: 0x180c, Hi: 0x180f, Stride: 1},
		{Lo: 0x200b, Hi: 0x200f, Stride: 1},
		{Lo: 0x202a, Hi: 0x202e, Stride: 1},
		{Lo: 0x2060, Hi: 0x206f, Stride: 1},
		{Lo: 0x3164, Hi: 0xfe00, Stride: 52380},
		{Lo: 0xfe01, Hi: 0xfe0f, Stride: 1},
		{Lo: 0xfeff, Hi: 0xffa0, Stride: 161},
		{Lo: 0xfff0, Hi: 0xfffb, Stride: 1},
	},
	R32: []unicode.Range32{
		{Lo: 0x1bca0, Hi: 0x1bca3, Stride: 1},
		{Lo: 0x1d173, Hi: 0x1d17a, Stride: 1},
		{Lo: 0xe0000, Hi: 0xe0fff, Stride: 1},
	},
	LatinOffset: 0,
}

// InvisibleLeads are the bytes that start an Invisible character in
// UTF-8 (TestInvisibleLeads derives them from the set): 0xC2 (U+00AD),
// 0xCD (U+034F), 0xD8 (U+061C), 0xE1 (Hangul fillers, Khmer and Mongolian
// ones), 0xE2 (U+200B to U+206F), 0xE3 (U+3164), 0xEF (variation selectors,
// U+FEFF, U+FFA0, U+FFF0 to U+FFFB), 0xF0 (U+1BCA0, U+1D173) and 0xF3 (tags,
// variation selectors supplement). Text without them has none, which
// vectorised scans tell without decoding it.
const InvisibleLeads = "\xc2\xcd\xd8\xe1\xe2\xe3\xef\xf0\xf3"

// invisiblePrefixes holds, for each byte of InvisibleLeads, the first two
// bytes of the Invisible characters it starts: 0xE3 starts all of
// Japanese kana, but only U+3164 of the set, with 0xE3 0x85.
var invisiblePrefixes = func() [][]string {
	p := make([][]string, len(InvisibleLeads))
	var b [utf8.UTFMax]byte
	rangetable.Visit(invisible, func(r rune) {
		// Encoded in place: a string each would be 4,000 allocations
		// at every start, for a few dozen prefixes.
		utf8.EncodeRune(b[:], r)
		k := strings.IndexByte(InvisibleLeads, b[0])
		if n := len(p[k]); n == 0 || p[k][n-1] != string(b[:2]) {
			p[k] = append(p[k], string(b[:2]))
		}
	})
	return p
}()

// HasInvisible reports whether s holds an Invisible character. Lists and
// searches call it for every value they show: ASCII is passed eight bytes
// at a time, and the rest searched (vectorised) for each lead byte of
// InvisibleLeads and, if there is one, for the two-byte prefixes it starts;
// only a prefix found is decoded. Text in scripts that share a lead byte
// with the set (Vietnamese, Japanese, emoji) is mostly told apart by the
// second byte.
func HasInvisible(s string) bool {
	i := 0
	for i+8 <= len(s) && printable.ASCII(printable.Load(s, i)) {
		i += 8
	}
	if !hasNonASCII(s[i:min(i+8, len(s))]) {
		return false
	}
	s = s[i:]
	for k, prefixes := range invisiblePrefixes {
		j := strings.IndexByte(s, InvisibleLeads[k])
		if j < 0 {
			continue
		}
		for _, p := range prefixes {
			for t := s[j:]; ; {
				n := strings.Index(t, p)
				if n < 0 {
					break
				}
				if r, _ := utf8.DecodeRuneInString(t[n:]); Invisible(r) {
					return true
				}
				t = t[n+len(p):]
			}
		}
	}
	return false
}

// hasNonASCII reports whether s, of eight bytes or fewer, holds a byte of
// 0x80 or above.
func hasNonASCII(s string) bool {
	for i := range len(s) {
		if s[i] >= utf8.RuneSelf {
			return true
		}
	}
	return false
}

// MarkInvisible shows each Invisible character of s as a marker
// ("⟨U+202E⟩") and changes nothing else: Text and Writer mark what they
// cleaned with it, and a view marks with it text it has styled already
// (its escape sequences stay), such as a text input's, which holds what
// the user typed or pasted, and is drawn as it is edited.
func MarkInvisible(s string) string {
	if !HasInvisible(s) {
		return s
	}
	i := strings.IndexFunc(s, Invisible)
	var b strings.Builder
	b.WriteString(s[:i])
	for _, r := range s[i:] {
		if Invisible(r) {
			fmt.Fprintf(&b, "⟨U+%04X⟩", r)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}
