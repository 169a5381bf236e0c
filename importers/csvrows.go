package importers

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// CSVRows is the row loop of a reader of CSV files with a header row (RFC
// 4180): Read hands the reader the header, then each row, and reports the
// rows that are not CSV. Its ReaderNotes gather the diagnostics, with
// lines and no offsets (encoding/csv gives none).
type CSVRows struct {
	ReaderNotes
	name    string // the format's, for the input's errors
	opts    Options
	cr      *csv.Reader
	started bool // the header row is read
	done    bool
}

// NewCSVRows returns the rows of r, a file of the format called name, read
// with opts.
func NewCSVRows(r io.Reader, name string, opts Options) *CSVRows {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = -1 // rows of another length are reported, not refused
	cr.ReuseRecord = true
	return &CSVRows{name: name, opts: opts, cr: cr}
}

// Read returns the next record that record makes of a row (nil for a row
// it reports and leaves out), or io.EOF after the last; header is given the
// header row first, and says whether the file is of the format (else it
// reports why not, and the file is read no further). Errors are the
// input's.
func (c *CSVRows) Read(header func(row []string) bool, record func(row []string, line int) *ssd3.Record) (*ssd3.Record, error) {
	for {
		row, line, head, err := c.next()
		switch {
		case errors.Is(err, io.EOF):
			return nil, io.EOF
		case err != nil:
			return nil, fmt.Errorf("%s: %w", c.name, err)
		case head:
			if !header(row) {
				c.stop()
			}
		default:
			if rec := record(row, line); rec != nil {
				return rec, nil
			}
		}
	}
}

// NoteAt adds a diagnostic at line.
func (c *CSVRows) NoteAt(line int, kind ssd3.Kind, format string, a ...any) {
	c.Note(line, -1, kind, format, a...)
}

// next returns the next row and its line: first the header row (header is
// true), then the rows after it, but blank ones; io.EOF after the last, or
// after Stop. A row that is not CSV is reported and skipped; one whose
// quote never closes ends the file, which it took for one field, and so
// does a header row that is not CSV. Other errors are the input's. The row
// is reused by the next call. At the end, next calls End.
func (c *CSVRows) next() (row []string, line int, header bool, err error) {
	for !c.done {
		row, err := c.cr.Read()
		line := 0
		if len(row) > 0 {
			line, _ = c.cr.FieldPos(0)
		}
		var pe *csv.ParseError
		switch {
		case errors.Is(err, io.EOF):
			if !c.started {
				c.NoteAt(1, ssd3.Skipped, "the file is empty: no header row")
			}
			c.stop()
			return nil, 0, false, io.EOF
		case errors.As(err, &pe):
			c.NoteAt(pe.StartLine, ssd3.Skipped, "row not imported: %v", pe.Err)
			switch {
			case pe.StartLine != pe.Line && errors.Is(pe.Err, csv.ErrQuote):
				// A quote never closed: the rest of the file was read as
				// one field.
				c.NoteAt(pe.StartLine, ssd3.Skipped, "a quoted field from here to line %d never ends: the rest of the file is not imported", pe.Line)
				c.stop()
			case !c.started:
				c.NoteAt(pe.StartLine, ssd3.Skipped, "the header row cannot be read: nothing imported")
				c.stop()
			}
			continue
		case err != nil:
			c.done = true
			return nil, 0, false, err
		}
		if !c.started {
			c.started = true
			if len(row) > 0 {
				row[0] = strings.TrimPrefix(row[0], "\ufeff") // a spreadsheet's byte order mark
			}
			return row, line, true, nil
		}
		if len(row) == 1 && row[0] == "" {
			continue // a blank line
		}
		return row, line, false, nil
	}
	return nil, 0, false, io.EOF
}

// stop ends the file (End): Read returns io.EOF from now on.
func (c *CSVRows) stop() {
	c.done = true
	c.End(c.opts)
}
