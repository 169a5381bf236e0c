// Package display makes text from files safe and readable on a terminal:
// Clean drops escape sequences, control characters and invalid UTF-8; Text
// and Lines also show invisible characters (bidirectional, zero-width and
// other default-ignorable ones) as markers; Writer does it to a stream; URI
// and Date show a URI and a date as people read them. What is shown is
// never written back: the catalogue keeps the data as it is.
//
// text.go holds Clean, Text and Lines; invisible.go the table of
// invisible characters and their markers; writer.go the Writer; uri.go
// URI; date.go Date.
package display

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/uricat/uricat/internal/printable"
)

// Clean removes what must never reach the catalogue or a terminal from
// text that came from elsewhere: terminal escape sequences (CSI, OSC, DCS and
// other ESC sequences), C0 and C1 control characters other than line feed
// and tab, and invalid UTF-8. CRLF and CR become LF.
func Clean(s string) string {
	if isPlain(s) {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", "\n")
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		if c == 0x1b {
			i = skipEscape(s, i)
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		i += n
		switch {
		case r == utf8.RuneError && n == 1:
		case r == '\r':
			b.WriteByte('\n')
		case r == '\n' || r == '\t':
			b.WriteRune(r)
		case r == 0x9b: // C1 CSI: skip like ESC [
			i = skipCSI(s, i)
		case r == 0x9d || r == 0x90 || r == 0x9e || r == 0x9f: // C1 OSC, DCS, PM, APC
			i = skipString(s, i)
		case unicode.IsControl(r):
		case r == '\u2028' || r == '\u2029':
			b.WriteByte('\n')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Text is Clean for one line of a screen: line breaks and tabs
// become spaces, and invisible characters (Invisible: bidirectional,
// zero-width and other default-ignorable ones), which would reorder or
// hide what is around them, are shown as markers ("⟨U+202E⟩").
func Text(s string) string {
	s = MarkInvisible(Clean(s))
	if strings.ContainsAny(s, "\n\t") {
		s = strings.NewReplacer("\n", " ", "\t", " ").Replace(s)
	}
	return s
}

// Lines is Text for text of several lines, a message or a
// multi-line value printed for people: each line is shown as Text
// shows it, and the line breaks stay.
func Lines(s string) string {
	s = Clean(s)
	if strings.IndexByte(s, '\n') < 0 {
		return Text(s)
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = Text(l)
	}
	return strings.Join(lines, "\n")
}

// isPlain reports whether Clean would return s unchanged: valid UTF-8
// with no control character but line feed and tab, no C1 control (U+0080
// to U+009F, 0xC2 0x80-0x9F in UTF-8), and no U+2028 or U+2029. Most text,
// in any script, is plain, and is returned without a copy.
func isPlain(s string) bool {
	ascii := true
	i := printable.First(s) // printable ASCII up to i, a word at a time
	if i < 0 {
		return true
	}
	for i < len(s) {
		c := s[i]
		switch {
		case c < 0x20:
			if c != '\n' && c != '\t' {
				return false
			}
			// Printable ASCII again, most likely (the next line of a
			// description): back to a word at a time.
			i++
			if j := printable.First(s[i:]); j >= 0 {
				i += j
			} else {
				i = len(s)
			}
			continue
		case c < 0x7f:
		case c == 0x7f:
			return false
		default:
			ascii = false
			if c == 0xc2 && i+1 < len(s) && s[i+1] < 0xa0 {
				return false
			}
			if c == 0xe2 && i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0xa8 || s[i+2] == 0xa9) {
				return false
			}
		}
		i++
	}
	return ascii || utf8.ValidString(s)
}

// skipEscape returns the index after the escape sequence that starts at i.
func skipEscape(s string, i int) int {
	i++ // ESC
	if i >= len(s) {
		return i
	}
	switch s[i] {
	case '[':
		return skipCSI(s, i+1)
	case ']', 'P', '^', '_', 'X':
		return skipString(s, i+1)
	}
	// ESC followed by intermediates (0x20-0x2f) and one final byte
	// (0x30-0x7e). Anything else after them is not part of the sequence:
	// text (a letter of another script, a line break) stays, and the
	// same whether it came in one piece or two (Writer).
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x2f {
		i++
	}
	if i < len(s) && s[i] >= 0x30 && s[i] <= 0x7e {
		i++
	}
	return i
}

// skipCSI skips parameters and intermediates up to the final byte (0x40-0x7e).
func skipCSI(s string, i int) int {
	for i < len(s) {
		c := s[i]
		i++
		if c >= 0x40 && c <= 0x7e {
			break
		}
		if c < 0x20 || c > 0x7e {
			return i - 1 // malformed: stop here, the rest is cleaned as text
		}
	}
	return i
}

// skipString skips an OSC/DCS/PM/APC string up to BEL or ST (ESC \ or 0x9c).
func skipString(s string, i int) int {
	for i < len(s) {
		switch {
		case s[i] == 0x07:
			return i + 1
		case s[i] == 0x1b && i+1 < len(s) && s[i+1] == '\\':
			return i + 2
		case strings.HasPrefix(s[i:], "\u009c"):
			return i + len("\u009c")
		}
		i++
	}
	return i
}
