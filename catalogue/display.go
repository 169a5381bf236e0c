package catalogue

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"

	"github.com/uricat/uricat/internal/dates"
)

// Invisible reports whether r changes how text around it is shown without
// showing itself: the bidirectional controls (U+202A-U+202E, U+2066-U+2069,
// U+200E, U+200F, U+061C) and the zero-width characters (U+200B-U+200D,
// U+2060, U+FEFF). A name holding U+202E makes "BIDIMARK\u202Etxt.exe"
// read as "...exe.txt"; such characters are kept in the data and shown as
// visible markers.
func Invisible(r rune) bool {
	switch {
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069,
		r == 0x200e, r == 0x200f, r == 0x061c,
		r >= 0x200b && r <= 0x200d, r == 0x2060, r == 0xfeff:
		return true
	}
	return false
}

// InvisibleLeads are the bytes that start an Invisible character in
// UTF-8: 0xD8 (U+061C), 0xE2 (U+200B to U+2069) and 0xEF (U+FEFF). Text
// without them has none, which vectorised scans tell without decoding it.
const InvisibleLeads = "\xd8\xe2\xef"

// HasInvisible reports whether s holds an Invisible character.
func HasInvisible(s string) bool {
	for i := range len(InvisibleLeads) {
		if strings.IndexByte(s, InvisibleLeads[i]) >= 0 {
			return strings.IndexFunc(s, Invisible) >= 0
		}
	}
	return false
}

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
			esc := s[i+3*k : i+3*(k+n)]
			if r == utf8.RuneError || r < 0x80 || !shownInIRI(r) {
				esc = s[i+3*k : i+3*k+3]
				b.WriteString(esc)
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
