package ssd3

import (
	"bufio"
	"io"

	"github.com/uricat/uricat/catalogue/internal/record"
)

// Writer writes records in URI-Catalogue format, in the shape of
// encoding/csv's. A record read by a Reader and not changed since is
// written back byte for byte, with the blank lines that stood before it;
// any other is written from its values, CRLF throughout, in the order of
// the spec's example (4.1). Records are separated by one blank line at
// least: the Writer adds one where a record has none before it.
//
// Writes are buffered: call Flush at the end, then Error.
type Writer struct {
	w       *bufio.Writer
	records int
	last    byte // the last byte written; '\n' before any
	err     error
}

// NewWriter returns a Writer to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{w: bufio.NewWriter(w), last: '\n'}
}

// Write writes rec, after the blank lines it was read with (Reader's
// Separator), or the one blank line a record needs after another.
func (w *Writer) Write(rec *Record) error {
	if w.err != nil {
		return w.err
	}
	sep := record.SepBefore(record.Sep(rec), w.records > 0, w.last)
	w.records++
	w.write(sep)
	w.write(record.Text(rec))
	return w.err
}

// WriteTrailer writes what follows the last record (Reader's Trailer).
func (w *Writer) WriteTrailer(s string) error {
	if w.err == nil {
		w.write(s)
	}
	return w.err
}

func (w *Writer) write(s string) {
	if s == "" || w.err != nil {
		return
	}
	_, w.err = w.w.WriteString(s)
	w.last = s[len(s)-1]
}

// Flush writes any buffered data to the underlying io.Writer; Error then
// says whether it, or a Write before, failed.
func (w *Writer) Flush() {
	if w.err == nil {
		w.err = w.w.Flush()
	}
}

// Error returns the first error of a Write or Flush, or nil.
func (w *Writer) Error() error { return w.err }
