package csv

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/internal/display"
)

// Writer writes records as CSV with a header row (see the package doc). It
// holds the records until Close, since the header must name the extension
// columns of them all.
type Writer struct {
	importers.WriterNotes // what Diagnostics returns: each record's is known when Write returns
	w                     io.Writer
	recs                  []entry
	closed                bool
}

// entry is a record to write; dirty says its text holds what display.Clean
// leaves out (a CR of a line break, at least).
type entry struct {
	rec   *ssd3.Record
	dirty bool
}

// NewWriter returns a Writer to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write adds rec to the file. What the file cannot hold of it is noted
// here, for Diagnostics; it is written at Close.
func (w *Writer) Write(rec *ssd3.Record) error {
	if w.closed {
		return errors.New("csv: Write after Close")
	}
	dirty, dropped := false, false
	check := func(v string) {
		if s, d := importers.SafeText(v); s != v {
			dirty, dropped = true, dropped || d
		}
	}
	for i := range columns {
		if c := &columns[i]; c.kind == cellText {
			check(c.get(rec))
		}
	}
	for _, f := range rec.Extensions() {
		check(f.Value)
	}
	if dropped {
		w.Record(rec.URI())
		w.Note(ssd3.Dropped, lostControls)
	}
	w.recs = append(w.recs, entry{rec, dirty})
	return nil
}

// inAdded reports whether the extension field name of r is written in the
// added column: an X-ADDED that is a date. One that is not keeps a column
// of its own, as any other extension.
func inAdded(r *ssd3.Record, name string) bool {
	return name == ssd3.FieldAdded && !r.Changed().IsZero()
}

// lostControls is what a record with control characters loses: CSV has no
// escapes, and a spreadsheet shows what it reads.
const lostControls = "control characters and escape sequences left out: a CSV file has no way to write them that a spreadsheet would read"

// Close writes the file and reports the first error.
func (w *Writer) Close() error {
	if w.closed {
		return errors.New("csv: Close called twice")
	}
	w.closed = true
	recs := w.recs
	w.recs = nil
	var extNames []string
	extCol := map[string]int{}
	for _, e := range recs {
		for _, f := range e.rec.Extensions() {
			if inAdded(e.rec, f.Name) {
				continue
			}
			if _, ok := extCol[f.Name]; !ok {
				extCol[f.Name] = len(extNames)
				extNames = append(extNames, f.Name)
			}
		}
	}
	rw := &rowWriter{bw: bufio.NewWriterSize(w.w, 64<<10)}
	for i := range columns {
		rw.cell(columns[i].name, false)
	}
	for _, c := range extNames {
		rw.cell(c, false)
	}
	rw.end()
	ext := make([]string, len(extNames))
	for _, e := range recs {
		r, dirty := e.rec, e.dirty
		for i := range columns {
			switch c := &columns[i]; c.kind {
			case cellAsIs:
				rw.cell(c.get(r), false)
			case cellText:
				rw.cell(c.get(r), dirty)
			case cellDate:
				rw.dateCell(r.Date())
			case cellRating:
				if r.Rating() != 0 {
					rw.next()
					rw.bw.WriteByte(byte('0' + r.Rating()%10))
				} else {
					rw.cell("", false)
				}
			case cellAdded:
				rw.dateCell(r.Added())
			}
		}
		clear(ext)
		for _, f := range r.Extensions() {
			if !inAdded(r, f.Name) {
				ext[extCol[f.Name]] = f.Value
			}
		}
		for _, v := range ext {
			rw.cell(v, dirty)
		}
		rw.end()
	}
	if err := rw.bw.Flush(); err != nil {
		return fmt.Errorf("csv: %w", err)
	}
	return nil
}

// rowWriter writes rows as RFC 4180 has them, ended with CR LF (section 2,
// rule 1), each field quoted if it holds a comma, a quote or a line break
// (rules 5 and 6) or starts with a blank (which many readers trim), with
// quotes doubled (rule 7). A line break inside a field is written as it is,
// LF, where encoding/csv would write CR LF: the value reads back the same
// in any reader. (encoding/csv's Writer has no way to end rows with CR LF
// and leave LF inside fields alone.) bufio.Writer keeps the first error.
type rowWriter struct {
	bw    *bufio.Writer
	inRow bool
	num   []byte
}

// next starts a field: a comma unless it is the row's first.
func (rw *rowWriter) next() {
	if rw.inRow {
		rw.bw.WriteByte(',')
	}
	rw.inRow = true
}

// end ends the row.
func (rw *rowWriter) end() {
	rw.bw.WriteString("\r\n")
	rw.inRow = false
}

// cell writes one field, cleaned first if dirty (display.Clean).
func (rw *rowWriter) cell(v string, dirty bool) {
	rw.next()
	if dirty {
		v = display.Clean(v)
	}
	bw := rw.bw
	if !needsQuotes(v) {
		bw.WriteString(v)
		return
	}
	bw.WriteByte('"')
	last := 0
	for i := 0; i < len(v); i++ {
		if v[i] == '"' {
			bw.WriteString(v[last : i+1])
			bw.WriteByte('"')
			last = i + 1
		}
	}
	bw.WriteString(v[last:])
	bw.WriteByte('"')
}

// date writes a date field: RFC 3339 in UTC.
func (rw *rowWriter) date(t time.Time) {
	rw.next()
	rw.num = t.UTC().AppendFormat(rw.num[:0], time.RFC3339)
	rw.bw.Write(rw.num)
}

// dateCell writes a date field, or an empty cell for the zero time.
func (rw *rowWriter) dateCell(t time.Time) {
	if t.IsZero() {
		rw.cell("", false)
		return
	}
	rw.date(t)
}

// needsQuotes reports whether a field must be quoted (see rowWriter). A
// field that is `\.` alone is quoted too, as encoding/csv does: PostgreSQL
// takes it for the end of the data.
func needsQuotes(v string) bool {
	if v == "" {
		return false
	}
	if v[0] == ' ' || v[0] == '\t' || v == `\.` {
		return true
	}
	// Four vectorised scans beat one loop over the bytes.
	return strings.IndexByte(v, ',') >= 0 || strings.IndexByte(v, '"') >= 0 ||
		strings.IndexByte(v, '\n') >= 0 || strings.IndexByte(v, '\r') >= 0
}
