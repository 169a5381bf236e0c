package csv

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/importers"
)

// Writer writes records as CSV with a header row (see the package doc). It
// holds the records until Close, since the header must name the extension
// columns of them all.
type Writer struct {
	w      io.Writer
	recs   []*catalogue.Record
	closed bool
	diags  []importers.Diagnostic
}

// NewWriter returns a Writer to w.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w} }

// Write adds rec to the file.
func (w *Writer) Write(rec *catalogue.Record) error {
	if w.closed {
		return errors.New("csv: Write after Close")
	}
	w.recs = append(w.recs, rec)
	w.check(rec)
	return nil
}

// check reports what clean leaves out of rec: CSV has no escapes, and a
// spreadsheet shows what it reads.
func (w *Writer) check(rec *catalogue.Record) {
	for _, v := range []string{rec.Name, rec.Category, rec.Description} {
		if _, dropped := importers.SafeText(v); dropped {
			w.diags = append(w.diags, importers.WriterNote(importers.Dropped, rec.URI, lostControls))
			return
		}
	}
	for _, f := range rec.Extensions {
		if _, dropped := importers.SafeText(f.Value); dropped {
			w.diags = append(w.diags, importers.WriterNote(importers.Dropped, rec.URI, lostControls))
			return
		}
	}
}

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
	for _, r := range recs {
		for _, f := range r.Extensions {
			if _, ok := extCol[f.Name]; !ok {
				extCol[f.Name] = len(Columns) + len(extNames)
				extNames = append(extNames, f.Name)
			}
		}
	}
	bw := bufio.NewWriterSize(w.w, 64<<10)
	row := make([]string, 0, len(Columns)+len(extNames))
	row = append(append(row, Columns...), extNames...)
	writeRow(bw, row)
	for _, r := range recs {
		row = row[:len(Columns)+len(extNames)]
		clear(row)
		row[0], row[1] = r.URI, r.Name
		if !r.Date.IsZero() {
			row[2] = r.Date.UTC().Format(time.RFC3339)
		}
		row[3], row[4] = r.Category, r.Description
		if r.Rating != 0 {
			row[5] = strconv.Itoa(r.Rating)
		}
		row[6], row[7], row[8] = r.Language, r.Type, r.ID
		for _, f := range r.Extensions {
			row[extCol[f.Name]] = f.Value
		}
		for j, v := range row {
			row[j] = catalogue.CleanText(v)
		}
		writeRow(bw, row)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("csv: %w", err)
	}
	return nil
}

// Diagnostics returns what the file cannot hold as it was, since the last
// call: each record's is known when Write returns.
func (w *Writer) Diagnostics() []importers.Diagnostic {
	d := w.diags
	w.diags = nil
	return d
}

// writeRow writes one row as RFC 4180 has it, ended with CR LF (section 2,
// rule 1), each field quoted if it holds a comma, a quote or a line break
// (rules 5 and 6) or starts with a blank (which many readers trim), with
// quotes doubled (rule 7). A line break inside a field is written as it is,
// LF, where encoding/csv would write CR LF: the value reads back the same
// in any reader. (encoding/csv's Writer has no way to end rows with CR LF
// and leave LF inside fields alone.) bufio.Writer keeps the first error.
func writeRow(bw *bufio.Writer, row []string) {
	for i, v := range row {
		if i > 0 {
			bw.WriteByte(',')
		}
		if !needsQuotes(v) {
			bw.WriteString(v)
			continue
		}
		bw.WriteByte('"')
		for {
			j := strings.IndexByte(v, '"')
			if j < 0 {
				break
			}
			bw.WriteString(v[:j+1])
			bw.WriteByte('"')
			v = v[j+1:]
		}
		bw.WriteString(v)
		bw.WriteByte('"')
	}
	bw.WriteString("\r\n")
}

// needsQuotes reports whether a field must be quoted (see writeRow). A
// field that is `\.` alone is quoted too, as encoding/csv does: PostgreSQL
// takes it for the end of the data.
func needsQuotes(v string) bool {
	if v == "" {
		return false
	}
	if v == `\.` || v[0] == ' ' || v[0] == '\t' {
		return true
	}
	return strings.ContainsAny(v, ",\"\r\n")
}
