// Package csv reads and writes records as CSV (RFC 4180): a header row,
// then one row per record, CR LF at the end of each row, fields quoted
// where they must be. The columns are the standard ones of the table
// below, in its order, then one column per extension field (X-...) that
// any record has, named as the field, in the order the extensions first
// appear. An absent value is an empty cell, so every field and extension
// is carried, and an export reads back whole.
//
// # Field mapping
//
// The standard columns are the fields of SSD3 in lower case, and "added",
// when the record was added (catalogue.Record.Added: its X-ADDED, which
// has no column of its own then, or its DATE), last so that the columns of
// older files keep their places. Dates are RFC 3339 in UTC, as in the JSON
// export. (This table is a copy of the one in mapping.go, which a test
// checks it against.)
//
//	column       field        cell
//	uri          URI          as is
//	name         NAME         text
//	date         DATE         date
//	category     CATEGORY     text
//	description  DESCRIPTION  text
//	rating       RATING       1 to 5
//	language     LANGUAGE     as is
//	type         TYPE         as is
//	id           ID           as is
//	added        X-ADDED      added date
//
// A line break inside a value is written as it is, LF: RFC 4180 allows line
// breaks in quoted fields, and encoding/csv's writer would turn LF into
// CR LF, which readers other than Go's keep.
//
// No control character reaches the output from data: CSV has no escapes,
// and a spreadsheet shows what it reads, so the Writer leaves out escape
// sequences and control characters but LF and TAB (display.Clean),
// and reports the records it changed. An import does the same to any text.
//
// The Reader takes the columns in any order and case; a column that is not
// a field of the header's list is kept as an extension field named "X-" and
// the column's name, if that can be a field's name, and is otherwise
// reported and left out. It reads dates as RFC 3339 or as SSD3 writes them.
package csv

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
)

// Format is CSV with a header row, for the formats registry.
var Format = importers.Format{
	Name:       "csv",
	Title:      "CSV (RFC 4180) with a header row",
	Extensions: []string{".csv"},
	Detect:     Detect,
	NewReader: func(r io.Reader, opts importers.Options) importers.Reader {
		return NewReader(r, opts)
	},
	NewWriter: func(w io.Writer) importers.Writer { return NewWriter(w) },
}

// Detect reports whether the first line of head is a header row with a
// uri column and a name or date column.
func Detect(head []byte) bool {
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	line, _, _ := bytes.Cut(head, []byte("\n"))
	cols := strings.Split(strings.ToLower(strings.TrimRight(string(line), "\r")), ",")
	has := map[string]bool{}
	for _, c := range cols {
		has[strings.Trim(strings.TrimSpace(c), `"`)] = true
	}
	return has["uri"] && (has["name"] || has["date"])
}

// Reader reads the records of a CSV file, one by one.
type Reader struct {
	rows *importers.CSVRows // the row loop, and the diagnostics
	opts importers.Options
	cols []headerColumn // by column index
}

// headerColumn says where a column's values go: a standard column (index
// into columns) or an extension field; skip for a column left out.
type headerColumn struct {
	std   int // -1 for an extension
	field string
	skip  bool
}

// NewReader returns a Reader of r.
func NewReader(r io.Reader, opts importers.Options) *Reader {
	return &Reader{rows: importers.NewCSVRows(r, "csv", opts), opts: opts}
}

// Diagnostics returns the diagnostics gathered since the last call.
func (r *Reader) Diagnostics() []ssd3.Diagnostic { return r.rows.Diagnostics() }

// Read returns the next record, or io.EOF after the last.
func (r *Reader) Read() (*ssd3.Record, error) { return r.rows.Read(r.header, r.record) }

// header reads the header row; ok is whether it has a uri column.
func (r *Reader) header(row []string) (ok bool) {
	uri := false
	r.cols = make([]headerColumn, len(row))
	seen := map[string]bool{}
	for i, name := range row {
		name = strings.TrimSpace(name)
		c := headerColumn{std: -1}
		for j, s := range columns {
			if strings.EqualFold(name, s.name) {
				c.std, c.field = j, strings.ToUpper(s.name)
			}
		}
		if c.std < 0 {
			c.field = name
			if !strings.HasPrefix(name, "X-") {
				c.field = "X-" + strings.ToUpper(name)
			}
			if ssd3.ValidateExtensionName(c.field) != nil {
				r.rows.NoteAt(1, ssd3.Dropped, "column %q is left out: its name cannot be a field's (SSD3 2.1.3)", importers.Excerpt(name))
				c.skip = true
			} else if !strings.HasPrefix(name, "X-") {
				r.rows.NoteAt(1, ssd3.Info, "column %q is not a field of a catalogue: kept as %s", importers.Excerpt(name), c.field)
			}
		}
		if !c.skip && seen[c.field] {
			r.rows.NoteAt(1, ssd3.Dropped, "column %q is left out: an earlier column is %s too", importers.Excerpt(name), c.field)
			c.skip = true
		}
		seen[c.field] = true
		uri = uri || c.std == 0
		r.cols[i] = c
	}
	if !uri {
		r.rows.NoteAt(1, ssd3.Skipped, "the header row has no uri column: not a CSV file of bookmarks, nothing imported")
	}
	return uri
}

// record makes a record of a row, or reports why it cannot.
func (r *Reader) record(row []string, line int) *ssd3.Record {
	rec := ssd3.NewRecord(ssd3.Values{})
	var notes []string
	var added time.Time
	if len(row) > len(r.cols) {
		notes = append(notes, fmt.Sprintf("%d cell(s) past the last column left out: the header names no column for them", len(row)-len(r.cols)))
	}
	for i, v := range row[:min(len(row), len(r.cols))] {
		c := r.cols[i]
		if c.skip || v == "" {
			continue
		}
		if c.std < 0 {
			rec.AddExtension(c.field, v)
			continue
		}
		switch col := &columns[c.std]; col.kind {
		case cellAsIs, cellText:
			col.set(rec, v)
		case cellDate:
			t, err := importers.ParseExportDate(v)
			if err != nil {
				notes = append(notes, fmt.Sprintf("date %q is neither RFC 3339 nor DD/MM/YYYY hh:mm:ss: left out", importers.Excerpt(v)))
			}
			rec.SetDate(t)
		case cellRating:
			n, err := ssd3.ParseRating(strings.TrimSpace(v))
			if err != nil {
				notes = append(notes, err.Error()+": left out")
			}
			rec.SetRating(n)
		case cellAdded:
			t, err := importers.ParseExportDate(v)
			if err != nil {
				notes = append(notes, fmt.Sprintf("added %q is neither RFC 3339 nor DD/MM/YYYY hh:mm:ss: left out", importers.Excerpt(v)))
			}
			added = t
		}
	}
	importers.SetAdded(rec, added)
	return r.rows.Finish(rec, r.opts, line, -1, notes)
}
