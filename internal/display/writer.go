package display

import (
	"bytes"
	"io"
	"unicode/utf8"
)

// Writer passes what is written to it on to a terminal as Lines shows
// text, but keeping tabs: escape sequences, control characters and invalid
// UTF-8 are left out, and invisible characters shown as markers
// ("⟨U+202E⟩"). It is for output meant for people, such
// as messages on stderr or an export printed on a terminal, that may
// quote file names and file contents.
//
// Each Write passes on at once all it can; it only holds back what may
// be completed by the next one (an escape sequence not yet ended, the
// first bytes of a character, a CR that may precede an LF), which
// Flush passes on.
type Writer struct {
	w       io.Writer
	pending []byte
}

// NewWriter returns a Writer that writes to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// maxHeld bounds what a Writer holds back: an escape sequence longer than
// this is cleaned in pieces, each safe on its own.
const maxHeld = 4096

// Write shows p on the underlying writer, as Writer says. It
// reports len(p) written unless the underlying writer fails.
func (d *Writer) Write(p []byte) (int, error) {
	buf := p
	if len(d.pending) > 0 {
		buf = append(d.pending, p...)
	}
	cut := completeUpTo(buf)
	if len(buf)-cut > maxHeld {
		cut = wholeRunes(buf)
	}
	var err error
	if cut > 0 {
		err = d.show(buf[:cut])
	}
	d.pending = append(d.pending[:0:0], buf[cut:]...)
	if err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush shows what Write held back.
func (d *Writer) Flush() error {
	if len(d.pending) == 0 {
		return nil
	}
	err := d.show(d.pending)
	d.pending = d.pending[:0]
	return err
}

func (d *Writer) show(b []byte) error {
	s := string(b)
	_, err := io.WriteString(d.w, MarkInvisible(Clean(s)))
	return err
}

// completeUpTo returns the length of the longest start of b that ends
// neither inside an escape sequence (as Clean skips them), nor inside
// a UTF-8 character, nor on a CR.
func completeUpTo(b []byte) int {
	if bytes.IndexByte(b, 0x1b) >= 0 || bytes.IndexByte(b, 0xc2) >= 0 {
		s := string(b)
		for i := 0; i < len(s); {
			var end int
			switch {
			case s[i] == 0x1b:
				end = skipEscape(s, i)
			case s[i] == 0xc2 && i+1 < len(s) && s[i+1] == 0x9b:
				end = skipCSI(s, i+2)
			case s[i] == 0xc2 && i+1 < len(s) && (s[i+1] == 0x9d || s[i+1] == 0x90 || s[i+1] == 0x9e || s[i+1] == 0x9f):
				end = skipString(s, i+2)
			default:
				i++
				continue
			}
			if end >= len(s) {
				return i // may go on in the next Write
			}
			i = end
		}
	}
	n := wholeRunes(b)
	if n > 0 && b[n-1] == '\r' {
		return n - 1
	}
	return n
}

// wholeRunes returns the length of b without the first bytes of a UTF-8
// character that it ends with.
func wholeRunes(b []byte) int {
	n := len(b)
	for k := 1; k < utf8.UTFMax && k <= n; k++ {
		c := b[n-k]
		if c < 0x80 {
			break
		}
		if c >= 0xc0 {
			if !utf8.FullRune(b[n-k:]) {
				return n - k
			}
			break
		}
	}
	return n
}
