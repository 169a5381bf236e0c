package urc

import (
	"bufio"
	"errors"
	"io"

	"github.com/uricat/uricat/internal/lines"
)

// Limits that keep memory bounded whatever the input: a longer element is
// cut (and reported), a citation with more is cut short (and reported),
// and blocks nested deeper are flattened (and reported).
const (
	maxElement     = 1 << 20
	maxCitation    = 8 << 20
	maxElements    = 10000 // elements in a citation
	maxDepth       = 100   // BEGIN*/END* levels
	maxLookahead   = 512   // how far past a '>' the scanner looks for the next '<'
	maxOutsideNote = 60
)

// scanner reads bytes and knows where it is: the line (counted by
// lines.Counter's rule) and the byte offset of the next byte.
type scanner struct {
	br     *bufio.Reader
	lines  lines.Counter
	offset int64
	err    error // the first non-EOF read error
}

func newScanner(r io.Reader) *scanner {
	return &scanner{br: bufio.NewReaderSize(r, 64<<10)}
}

// line returns the number of the line the next byte is on.
func (s *scanner) line() int { return s.lines.Line() }

// next returns the next byte, or false at the end of input (or on a read
// error, kept in s.err).
func (s *scanner) next() (byte, bool) {
	c, err := s.br.ReadByte()
	if err != nil {
		if !errors.Is(err, io.EOF) && s.err == nil {
			s.err = err
		}
		return 0, false
	}
	s.offset++
	s.lines.Byte(c)
	return c, true
}

// peek returns the next byte without consuming it.
func (s *scanner) peek() (byte, bool) {
	b, err := s.br.Peek(1)
	if err != nil {
		if !errors.Is(err, io.EOF) && s.err == nil {
			s.err = err
		}
		return 0, false
	}
	return b[0], true
}

// closesCitation reports whether what follows a '>' met inside an element
// is only white space before the next '<' or the end of input: then the
// '>' closes a citation whose last element lacks its ';'. Otherwise the '>'
// is part of a value ("<" and ">" need no special treatment in values).
func (s *scanner) closesCitation() bool {
	b, err := s.br.Peek(maxLookahead)
	for _, c := range b {
		switch c {
		case ' ', '\t', '\r', '\n':
			continue
		case '<':
			return true
		}
		return false
	}
	return err != nil // only white space up to the end of input
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'
}
