package cataloguetest

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// hostilePieces are what hostile text is made of: terminal commands
// (C0 and C1 controls, CSI, OSC 52 clipboard writes ended by BEL or ST,
// hyperlinks, DCS), bytes that are not UTF-8, line separators, and
// ordinary text of several scripts between them.
var hostilePieces = []string{
	"\x1b[2J", "\x1b[31m", "\x1b]52;c;aGk=\x07", "\x1b]52;c;aGk=\x1b\\", "\x1b]8;;http://x/\x07link\x1b]8;;\x07",
	"\x1bP+q544e\x1b\\", "\x1b(0", "\x1b", "\x1b[", "\x1b]0;title",
	"\u009b2J", "\u009d52;c;aGk=\u009c", "\u0085", "\u0090x\u009c", "\x9b", "\x9d", "\xc2",
	"\xff", "\xfe", "\xe2\x80", "\xc0\xaf", "\xed\xa0\x80", "\r", "\r\n", "\n", "\t", "\u2028", "\u2029",
	"plain", "Köln", "東京", "Tiếng Việt", "русский", "العربية", "🎉", "👨\u200d👩\u200d👧", "❤\ufe0f", "\u00a0", " ",
	"BIDI\u202etxt.exe", "evil", ".html", "%E2%80%AE",
}

// invisibles are every default-ignorable code point and bidirectional
// control (Ignorable's set), hostile text draws from all of them.
var invisibles = func() []rune {
	var rs []rune
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if Ignorable(r) {
			rs = append(rs, r)
		}
	}
	return rs
}()

// HostileText returns a string of up to n pieces of hostile text, drawn
// with rng: terminal commands, C0 and C1 controls, invalid UTF-8,
// default-ignorable and bidirectional characters, ordinary text.
func HostileText(rng *rand.Rand, n int) string {
	var b strings.Builder
	for range 1 + rng.IntN(n) {
		switch k := rng.IntN(4); {
		case k == 0:
			b.WriteRune(invisibles[rng.IntN(len(invisibles))])
		case k == 1:
			b.WriteByte(byte(rng.IntN(0x20)))
		default:
			b.WriteString(hostilePieces[rng.IntN(len(hostilePieces))])
		}
	}
	return b.String()
}

// HostileName returns a file name made of hostile text: no "/" nor NUL,
// not "." nor "..", at most 200 bytes.
func HostileName(rng *rand.Rand) string {
	for {
		s := strings.NewReplacer("/", "", "\x00", "").Replace(HostileText(rng, 6))
		if len(s) > 200 {
			s = s[:200]
		}
		if s != "" && s != "." && s != ".." {
			return s
		}
	}
}

// HostileCatalogue returns a valid SSD3 catalogue of n records whose text
// (NAME, CATEGORY, DESCRIPTION, X-TAGS, an X- field) is hostile text,
// written as encoded-words, as another program may have written it.
func HostileCatalogue(rng *rand.Rand, n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "URI: https://evil%d.example/%%E2%%80%%AE%%1B%%5B2J\n", i)
		fmt.Fprintf(&b, "NAME: %s\n", ssd3.EncodeText(HostileText(rng, 8)))
		b.WriteString("DATE: 31/10/2007 19:28:00\n")
		fmt.Fprintf(&b, "CATEGORY: %s\n", ssd3.EncodeText(HostileText(rng, 4)))
		fmt.Fprintf(&b, "DESCRIPTION: %s\n", ssd3.EncodeText(HostileText(rng, 12)))
		fmt.Fprintf(&b, "X-TAGS: %s\n", ssd3.EncodeText(HostileText(rng, 3)+","+HostileText(rng, 3)))
		fmt.Fprintf(&b, "X-%s: %s\n\n", []string{"NOTE", "EVIL", "VIA"}[i%3], ssd3.EncodeText(HostileText(rng, 6)))
	}
	return b.String()
}

// Ignorable reports whether r is a default-ignorable code point or a
// bidirectional control, as Unicode derives them (DerivedCoreProperties.txt),
// with U+FFF9-U+FFFB: what must never reach a terminal unmarked. It is
// written apart from display.Invisible, to check it.
func Ignorable(r rune) bool {
	if unicode.In(r, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector, unicode.Bidi_Control) {
		return true
	}
	return unicode.Is(unicode.Cf, r) && !unicode.Is(unicode.Prepended_Concatenation_Mark, r) &&
		!(r >= 0x13430 && r <= 0x1343f)
}

// Unsafe returns what in out, text shown on a terminal, the terminal
// would obey or not show, described with where it is, or "": invalid
// UTF-8, a C0 control but line feed (and tab, when tabs is true), DEL, a
// C1 control, a default-ignorable or bidirectional character (Ignorable).
func Unsafe(out string, tabs bool) string {
	for i, r := range out {
		bad := ""
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(out[i:], "\ufffd"):
			bad = "invalid UTF-8"
		case r == '\n', r == '\t' && tabs:
		case r < 0x20, r >= 0x7f && r <= 0x9f:
			bad = "a control character"
		case Ignorable(r):
			bad = "an invisible character"
		}
		if bad != "" {
			return fmt.Sprintf("%s (%U) at byte %d: %q", bad, r, i, out[max(0, i-40):min(len(out), i+40)])
		}
	}
	return ""
}
