package ssd3

import (
	"bufio"
	"bytes"
	"fmt"
	"io"

	"github.com/uricat/uricat/catalogue/internal/record"
)

// The kinds of problem a Reader finds, each a Diagnostic's Cause, which
// errors.Is tests through a Diagnostic or a ParseError.
var (
	ErrBareLine    = record.ErrBareLine    // a line that is not "NAME: value" (2.1.2)
	ErrFieldName   = record.ErrFieldName   // a name 2.1.3 or 2.2 does not allow
	ErrNotASCII    = record.ErrNotASCII    // a byte 2.1.1 forbids
	ErrFieldSyntax = record.ErrFieldSyntax // no single space after the colon, or no value
	ErrValue       = record.ErrValue       // a value its field's rules refuse (section 3)
	ErrDuplicate   = record.ErrDuplicate   // a field twice in a record (2.2)
	ErrMissing     = record.ErrMissing     // a required field missing or invalid (2.2)
	ErrBlankLine   = record.ErrBlankLine   // blank lines where 2.1.2 wants none
	ErrLineBreak   = record.ErrLineBreak   // lines that end in LF alone (2.1.2)
)

// ParseError is the first error a record read had: Read returns it with
// the record, which holds it and any other among its Problems.
type ParseError struct {
	Line   int   // the file line of the problem, 1-based
	Column int   // 1-based, 0 when the problem is the record's or the line's
	Err    error // the Diagnostic, which wraps its Kind and its Cause
}

// Error says where the problem is and what it is.
func (e *ParseError) Error() string {
	if e.Column > 0 {
		return fmt.Sprintf("line %d, column %d: %v", e.Line, e.Column, e.Err)
	}
	return fmt.Sprintf("line %d: %v", e.Line, e.Err)
}

// Unwrap returns the Diagnostic, for errors.Is and errors.As.
func (e *ParseError) Unwrap() error { return e.Err }

// Reader reads the records of a URI-Catalogue one at a time, in the shape
// of encoding/csv's: it holds one record's lines at a time, whatever the
// size of its input. It never drops a record: a record with problems is
// returned with them (Record.Problems), and with a ParseError when one of
// them is an error. What lies between records (the blank lines before
// each, Separator; those after the last, Trailer) is kept, so that a
// Writer writes back what was read, byte for byte.
type Reader struct {
	// StartLine is the number of the input's first line, in messages and
	// Line; 0 means 1. Set it before the first Read.
	StartLine int

	br      *bufio.Reader
	buf     []byte // the lines of the record being read, and the blank lines before it
	ahead   []byte // a blank line read past the end of the record before
	lines   int    // lines before buf
	off     int64  // bytes of the input read into records, separators and the trailer
	records int
	found   record.PieceReader // what was found between records, so far
	cache   *record.ValueCache
	last    *Record
	started bool // StartLine taken
	done    bool // the input's end was read
	err     error
}

// NewReader returns a Reader of r.
func NewReader(r io.Reader) *Reader {
	return &Reader{br: bufio.NewReader(r), cache: record.NewValueCache()}
}

// Read returns the next record, or io.EOF after the last. A record that
// has an error among its Problems comes with a *ParseError for the first
// of them: the record is returned all the same, and the next Read goes on.
// Any other error is the input's, and ends the reading.
func (r *Reader) Read() (*Record, error) {
	if r.err != nil {
		return nil, r.err
	}
	if err := r.fill(); err != nil {
		r.err = err
		return nil, err
	}
	if !r.started {
		r.started, r.lines = true, max(r.StartLine-1, 0)
	}
	rec, rd := record.ReadOne(r.buf, r.lines, r.records > 0, r.cache)
	r.found.Join(rd)
	r.lines += bytes.Count(r.buf, []byte{'\n'})
	if n := len(r.buf); n > 0 && r.buf[n-1] != '\n' { // the input's last line, without a line break
		r.lines++
	}
	r.off += int64(len(r.buf))
	r.buf = r.buf[:0]
	if rec == nil {
		r.err = io.EOF
		return nil, io.EOF
	}
	r.records++
	r.last = rec
	for _, p := range rec.Problems() {
		if p.Kind == Error {
			return rec, &ParseError{Line: p.Line, Column: p.Column, Err: p}
		}
	}
	return rec, nil
}

// fill reads the next record's lines into buf: the blank lines before it,
// then its lines up to the blank line after it, which it keeps in ahead;
// or, at the end, the blank lines after the last record.
func (r *Reader) fill() error {
	r.buf = append(r.buf, r.ahead...)
	r.ahead = r.ahead[:0]
	inRecord := false
	for !r.done {
		line, err := r.readLine()
		if err != nil && err != io.EOF {
			return fmt.Errorf("reading the catalogue after line %d: %w", r.lines, err)
		}
		if err == io.EOF {
			r.done = true
		}
		if len(line) == 0 {
			break
		}
		if record.IsBlankLine(line) {
			if inRecord {
				r.ahead = append(r.ahead, line...)
				return nil
			}
		} else {
			inRecord = true
		}
		r.buf = append(r.buf, line...)
	}
	return nil
}

// readLine returns the input's next line with its line break, however
// long, and io.EOF with the last.
func (r *Reader) readLine() ([]byte, error) {
	line, err := r.br.ReadSlice('\n')
	if err != bufio.ErrBufferFull {
		return line, err
	}
	long := append([]byte(nil), line...)
	for err == bufio.ErrBufferFull {
		line, err = r.br.ReadSlice('\n')
		long = append(long, line...)
	}
	return long, err
}

// Line returns the file line at which the last record read starts.
func (r *Reader) Line() int {
	if r.last == nil {
		return 0
	}
	return r.last.Line()
}

// InputOffset returns how many bytes of the input the records read so
// far, and the blank lines before them, take.
func (r *Reader) InputOffset() int64 { return r.off }

// Separator returns the blank lines before the last record read, as the
// input has them ("" before the first record of most files).
func (r *Reader) Separator() string {
	if r.last == nil {
		return ""
	}
	return record.Sep(r.last)
}

// Trailer returns what followed the last record (blank lines), once Read
// has returned io.EOF.
func (r *Reader) Trailer() string { return r.found.Trailer() }

// Problems returns the problems of the input between records, as read so
// far: blank lines where 2.1.2 wants none, and the lines that end in LF
// alone. Each record's own are its Problems.
func (r *Reader) Problems() []Diagnostic { return r.found.Problems() }
