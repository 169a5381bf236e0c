// Package csv exports records as CSV (RFC 4180, through encoding/csv): a
// header row, then one row per record, CRLF line ends, fields quoted where
// they must be. The columns are every standard SSD3 field in lower case
// (uri, name, date, category, description, rating, language, type, id) and
// then one column per extension field (X-...) that any record has, in the
// order the extensions first appear. Dates are RFC 3339 in UTC, as in the
// JSON export; an absent value is an empty cell, so every field and
// extension is carried. A line break inside a field (LF, CR LF, or a lone
// CR) is written as CR LF, as RFC 4180 has it, and reads back as LF
// (encoding/csv, like most readers, drops the CR; its writer would drop a
// lone CR altogether): text a catalogue holds uses LF already.
package csv

import (
	"bufio"
	stdcsv "encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/uricat/uricat/catalogue"
)

// Columns are the standard columns, in order, before the extension columns.
var Columns = []string{"uri", "name", "date", "category", "description", "rating", "language", "type", "id"}

// lineBreaks makes every line break LF, which the writer turns into CR LF.
var lineBreaks = strings.NewReplacer("\r\n", "\n", "\r", "\n")

// Write writes recs to w as CSV with a header row.
func Write(w io.Writer, recs []*catalogue.Record) error {
	// The extension columns must be known before the header is written.
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
	bw := bufio.NewWriterSize(w, 64<<10)
	cw := stdcsv.NewWriter(bw)
	cw.UseCRLF = true // RFC 4180 section 2, rule 1
	row := make([]string, 0, len(Columns)+len(extNames))
	row = append(append(row, Columns...), extNames...)
	if err := cw.Write(row); err != nil {
		return fmt.Errorf("csv: header: %w", err)
	}
	for i, r := range recs {
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
			if strings.IndexByte(v, '\r') >= 0 {
				row[j] = lineBreaks.Replace(v)
			}
		}
		if err := cw.Write(row); err != nil {
			return fmt.Errorf("csv: record %d (%s): %w", i+1, r.URI, err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("csv: %w", err)
	}
	return bw.Flush()
}
