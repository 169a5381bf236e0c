package catalogue

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/rangetable"

	"github.com/uricat/uricat/internal/dates"
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
var invisible = func() *unicode.RangeTable {
	var set []rune
	all := rangetable.Merge(unicode.Other_Default_Ignorable_Code_Point, unicode.Cf,
		unicode.Variation_Selector, unicode.Bidi_Control)
	rangetable.Visit(all, func(r rune) {
		if !unicode.Is(unicode.White_Space, r) && !unicode.Is(unicode.Prepended_Concatenation_Mark, r) &&
			(r < 0x13430 || r > 0x1343f) {
			set = append(set, r)
		}
	})
	return rangetable.New(set...)
}()

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
	rangetable.Visit(invisible, func(r rune) {
		pre := string(r)[:2]
		k := strings.IndexByte(InvisibleLeads, pre[0])
		if len(p[k]) == 0 || p[k][len(p[k])-1] != pre {
			p[k] = append(p[k], pre)
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
// ("⟨U+202E⟩") and changes nothing else: it is for text a view has styled
// already (its escape sequences stay), such as a text input's, which holds
// what the user typed or pasted, and is drawn as it is edited.
func MarkInvisible(s string) string { return revealInvisible(s) }

// revealInvisible replaces each invisible character of s with a visible
// marker, "⟨U+202E⟩".
func revealInvisible(s string) string {
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

// DisplayDateLayout is how a DATE is shown to people, in the TUI and in
// `uricat list`: year first (no DD/MM or MM/DD to guess), to the minute,
// and in UTC, as SSD3 3.3 stores it, saying so. A DATE is typed, and
// written to the file, as DateLayout.
const DisplayDateLayout = "2006-01-02 15:04 UTC"

// DisplayDate returns t as DisplayDateLayout shows it, "" for the zero
// time (no DATE).
func DisplayDate(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(DisplayDateLayout)
}

// DisplayDateText returns the text of a date field (an X-ADDED, the
// X-LAST-MODIFIED and X-LAST-VISIT an import kept) as DisplayDate shows a
// DATE, and true: so that every date reads the same way, whatever form it
// is stored in. The text is read in DATE's form (3.3), which uricat writes,
// else in the Internet forms the importers read (internal/dates: HTTP's,
// RFC 822's, RFC 3339). Text that is not a date, or whose time zone is not
// known, is returned as it is, with false: it is what the user has.
func DisplayDateText(v string) (string, bool) {
	if t, err := ParseDate(v); err == nil {
		return DisplayDate(t), true
	}
	if d, ok := dates.Parse(v, dates.HTTP); ok && !d.UnknownZone {
		return DisplayDate(d.Time), true
	}
	return v, false
}

// DisplayURI returns uri as people read it (RFC 3987 3.2): percent-escapes
// of UTF-8 text decoded ("wiki/K%C3%B6ln" shows "wiki/Köln") and an IDNA
// host in Unicode ("xn--bcher-kva.de" shows "bücher.de"). Escapes of ASCII
// characters stay (decoding "%2F" would change the path), as do escapes of
// characters that are not text: spaces, controls, bidirectional and
// zero-width characters. It is for display only: copy and open the stored
// URI.
func DisplayURI(uri string) string {
	if !strings.Contains(uri, "%") && !strings.Contains(uri, "xn--") {
		return uri
	}
	return decodePercentText(unicodeHost(uri))
}

// unicodeHost shows the host of an absolute URI with an authority in
// Unicode, when it has IDNA labels.
func unicodeHost(uri string) string {
	colon := strings.Index(uri, "://")
	if colon < 0 {
		return uri
	}
	start := colon + 3
	end := len(uri)
	if i := strings.IndexAny(uri[start:], "/?#"); i >= 0 {
		end = start + i
	}
	auth := uri[start:end]
	hostStart := start
	if at := strings.LastIndexByte(auth, '@'); at >= 0 {
		hostStart = start + at + 1
	}
	host := uri[hostStart:end]
	port := ""
	if i := strings.LastIndexByte(host, ':'); i >= 0 && !strings.Contains(host, "]") {
		host, port = host[:i], host[i:]
	}
	if !strings.Contains(strings.ToLower(host), "xn--") {
		return uri
	}
	u, err := idna.Display.ToUnicode(host)
	if err != nil || strings.IndexFunc(u, Invisible) >= 0 {
		return uri
	}
	return uri[:hostStart] + u + port + uri[end:]
}

// decodePercentText decodes the runs of percent-escapes that form valid
// UTF-8 for characters that are text and not ASCII.
func decodePercentText(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		if s[i] != '%' {
			b.WriteByte(s[i])
			i++
			continue
		}
		// Gather the run of escapes here.
		var raw []byte
		j := i
		for j+2 < len(s) && s[j] == '%' && isHex(s[j+1]) && isHex(s[j+2]) {
			raw = append(raw, unhexByte(s[j+1])<<4|unhexByte(s[j+2]))
			j += 3
		}
		if len(raw) == 0 {
			b.WriteByte(s[i])
			i++
			continue
		}
		// Decode what forms whole non-ASCII text characters; keep the
		// escapes of the rest as they were written.
		k := 0
		for k < len(raw) {
			r, n := utf8.DecodeRune(raw[k:])
			if r == utf8.RuneError || r < 0x80 || !shownInIRI(r) {
				b.WriteString(s[i+3*k : i+3*k+3])
				k++
				continue
			}
			b.WriteRune(r)
			k += n
		}
		i = j
	}
	return b.String()
}

// shownInIRI reports whether r may be shown decoded in an IRI: a letter,
// mark, number, punctuation or symbol, and not one that hides or reorders
// text (RFC 3987 4.1).
func shownInIRI(r rune) bool {
	return !Invisible(r) && (unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsNumber(r) || unicode.IsPunct(r) || unicode.IsSymbol(r))
}

func unhexByte(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}
