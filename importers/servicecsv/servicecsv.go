// Package servicecsv reads the CSV files that read-later and bookmarking
// services export, each known by its header row: Pocket's (PocketFormat),
// Instapaper's (InstapaperFormat) and Raindrop.io's (RaindropFormat). One
// Reader reads them all, by the table of the service's columns; a column
// the table does not name is kept as an X- field of its name in capitals
// (its name as it is, if it is an X- name already), as uricat's own CSV
// does, and said once.
//
// A header names the service only if it has all of the service's telling
// columns: none of them has uricat's uri column (importers/csv), so none
// takes uricat's own export.
//
// # Pocket
//
// Pocket's export of 2024 on, part_000000.csv in the zip it mailed
// ("title,url,time_added,tags,status"): time_added is Unix seconds, tags
// are separated by "|", status is "unread" or "archive", which become the
// sections of Pocket's HTML export ("Unread", "Read Archive"), so that a
// bookmark reads the same from either. An unread bookmark is also on the
// reading list (X-TOREAD 1, importers.MarkUnread), as in the HTML export.
//
//	column      field     cell
//	title       NAME      text
//	url         URI       text
//	time_added  DATE      date
//	tags        X-TAGS    tags split at |
//	status      CATEGORY  Unread, Read Archive
//
// # Instapaper
//
// Instapaper's "Download .CSV file" ("URL,Title,Selection,Folder,
// Timestamp", then "Tags" in later exports): Selection is the text
// selected when the page was saved; Folder "Unread", "Archive", "Starred"
// or a folder of the user's, as the sections of its HTML export;
// Timestamp Unix seconds; Tags a JSON array of names. A bookmark in
// "Unread" is also on the reading list (X-TOREAD 1), as in the HTML export.
//
//	column     field        cell
//	URL        URI          text
//	Title      NAME         text
//	Selection  DESCRIPTION  text
//	Folder     CATEGORY     text
//	Timestamp  DATE         date
//	Tags       X-TAGS       tags (JSON array)
//
// # Raindrop
//
// Raindrop.io's CSV backup ("id,title,note,excerpt,url,folder,tags,
// created,cover,highlights,favorite"), and the CSV it imports (url, folder,
// title, note, tags, created): created is ISO 8601 (or Unix seconds in
// the import format), folder the path of the collection ("a/b"), tags
// separated by commas. The note is the user's, the excerpt the page's:
// the excerpt is the DESCRIPTION of a bookmark with no note, and X-EXCERPT
// beside one. cover is the X-DATA-COVER that Raindrop's HTML export's
// DATA-COVER becomes.
//
//	column      field          cell
//	id          X-RAINDROP-ID  text
//	title       NAME           text
//	note        DESCRIPTION    text
//	excerpt     X-EXCERPT      DESCRIPTION if no note
//	url         URI            text
//	folder      CATEGORY       text
//	tags        X-TAGS         tags split at ,
//	created     DATE           date
//	cover       X-DATA-COVER   text
//	highlights  X-HIGHLIGHTS   text
//	favorite    X-FAVORITE     true 1
package servicecsv

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
)

// The formats, for the formats registry.
var (
	PocketFormat     = pocket.format()
	InstapaperFormat = instapaper.format()
	RaindropFormat   = raindrop.format()
)

func (s *service) format() importers.Format {
	return importers.Format{
		Name:       s.name,
		Title:      s.title,
		Extensions: []string{".csv"},
		Detect:     func(head []byte) bool { return s.detects(head) },
		NewReader: func(r io.Reader, opts importers.Options) importers.Reader {
			return NewReader(r, s.name, opts)
		},
	}
}

// header returns the names of the columns of head's first line, in lower
// case, without the blanks and quotes around them.
func header(head []byte) []string {
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	line, _, _ := bytes.Cut(head, []byte("\n"))
	cols := strings.Split(strings.ToLower(strings.TrimRight(string(line), "\r")), ",")
	for i, c := range cols {
		cols[i] = strings.Trim(strings.TrimSpace(c), `"`)
	}
	return cols
}

// detects reports whether head's first line is a header with all of s's
// telling columns.
func (s *service) detects(head []byte) bool {
	cols := header(head)
	for _, c := range s.detect {
		if !slices.Contains(cols, c) {
			return false
		}
	}
	return true
}

// Reader reads the bookmarks of one service's CSV file.
type Reader struct {
	svc  *service
	rows *importers.CSVRows // the row loop, and the diagnostics
	opts importers.Options
	cols []*column // by column index; nil for one left out
}

// NewReader returns a Reader of r, a CSV file of the service whose format
// is called name (PocketFormat.Name and so on); it panics on another name.
func NewReader(r io.Reader, name string, opts importers.Options) *Reader {
	i := slices.IndexFunc(services, func(s *service) bool { return s.name == name })
	return &Reader{svc: services[i], rows: importers.NewCSVRows(r, name, opts), opts: opts}
}

// Diagnostics returns the diagnostics gathered since the last call.
func (r *Reader) Diagnostics() []ssd3.Diagnostic { return r.rows.Diagnostics() }

// Read returns the next record, or io.EOF after the last.
func (r *Reader) Read() (*ssd3.Record, error) { return r.rows.Read(r.header, r.record) }

// header reads the header row: each column is one of the service's, or an
// extension field of its own; ok is whether one is the URI's.
func (r *Reader) header(row []string) (ok bool) {
	uri := false
	r.cols = make([]*column, len(row))
	seen := map[string]bool{}
	for i, name := range row {
		name = strings.TrimSpace(name)
		var c *column
		for j := range r.svc.columns {
			if strings.EqualFold(name, r.svc.columns[j].name) {
				c = &r.svc.columns[j]
			}
		}
		if c == nil {
			field := name
			if !strings.HasPrefix(name, "X-") {
				field = "X-" + strings.ToUpper(name)
			}
			if ssd3.ValidateExtensionName(field) != nil {
				r.rows.NoteAt(1, ssd3.Dropped, "column %q is left out: its name cannot be a field's (SSD3 2.1.3)", importers.Excerpt(name))
				continue
			}
			c = &column{name: name, field: field}
			r.rows.NoteAt(1, ssd3.Info, "column %q is not one that %s exports: kept as %s", importers.Excerpt(name), r.svc.who, field)
		}
		if seen[c.name] {
			r.rows.NoteAt(1, ssd3.Dropped, "column %q is left out: an earlier column is %s too", importers.Excerpt(name), c.name)
			continue
		}
		seen[c.name] = true
		uri = uri || c.field == ssd3.FieldURI
		r.cols[i] = c
	}
	if !uri {
		r.rows.NoteAt(1, ssd3.Skipped, "the header row has no %s column: not a CSV file of %s, nothing imported", r.svc.uriColumn(), r.svc.who)
	}
	return uri
}

// record makes a record of a row, or reports why it cannot.
func (r *Reader) record(row []string, line int) *ssd3.Record {
	rec := ssd3.NewRecord(ssd3.Values{})
	var notes []string
	var excerpt *column
	var excerptText string
	if len(row) > len(r.cols) {
		notes = append(notes, fmt.Sprintf("%d cell(s) past the last column left out: the header names no column for them", len(row)-len(r.cols)))
	}
	for i, v := range row[:min(len(row), len(r.cols))] {
		c := r.cols[i]
		if c == nil || strings.TrimSpace(v) == "" {
			continue
		}
		switch c.kind {
		case cellText:
			setText(rec, c.field, v)
		case cellFolder:
			setText(rec, c.field, v)
			importers.MarkUnread(rec, v)
		case cellDate:
			t, err := parseDate(v)
			if err != nil {
				notes = append(notes, fmt.Sprintf("%s %q is neither Unix seconds nor an ISO 8601 date: left out", c.name, importers.Excerpt(v)))
			}
			rec.SetDate(t)
		case cellTags:
			rec.SetExtension(c.field, joinTags(strings.Split(v, c.sep)))
		case cellJSONTags:
			rec.SetExtension(c.field, joinTags(jsonTags(v)))
		case cellStatus:
			rec.SetCategory(pocketSection(v))
			importers.MarkUnread(rec, v)
		case cellExcerpt:
			excerpt, excerptText = c, v
		case cellFlag:
			if b, err := strconv.ParseBool(strings.TrimSpace(v)); err != nil {
				notes = append(notes, fmt.Sprintf("%s %q is neither true nor false: left out", c.name, importers.Excerpt(v)))
			} else if b {
				rec.SetExtension(c.field, "1")
			}
		}
	}
	if excerpt != nil {
		if strings.TrimSpace(rec.Description()) == "" {
			rec.SetDescription(excerptText)
		} else {
			rec.SetExtension(excerpt.field, excerptText)
		}
	}
	return r.rows.Finish(rec, r.opts, line, -1, notes)
}

// setText stores v in the field called field, as it is: Finish checks it.
func setText(rec *ssd3.Record, field, v string) {
	switch field {
	case ssd3.FieldURI:
		rec.SetURI(v)
	case ssd3.FieldName:
		rec.SetName(v)
	case ssd3.FieldDescription:
		rec.SetDescription(v)
	case ssd3.FieldCategory:
		rec.SetCategory(v)
	default:
		rec.SetExtension(field, v)
	}
}

// parseDate reads a date as the services write it: Unix seconds, or ISO
// 8601 (RFC 3339, with or without fractions of a second). "0" is no date.
func parseDate(v string) (time.Time, error) {
	v = strings.TrimSpace(v)
	if n, err := strconv.ParseInt(v, 10, 64); err == nil {
		if n == 0 {
			return time.Time{}, nil
		}
		if n < 0 || n > 1e11 { // after the year 5138: no service's
			return time.Time{}, fmt.Errorf("%d is out of range", n)
		}
		return time.Unix(n, 0).UTC(), nil
	}
	t, err := time.Parse(time.RFC3339, v)
	return t.UTC(), err
}

// joinTags makes tags an X-TAGS value, without the blanks around them,
// empty ones, or the commas inside one, which X-TAGS cannot hold.
func joinTags(tags []string) string {
	return ssd3.JoinTags(ssd3.SplitTags(strings.Join(tags, ",")))
}

// jsonTags reads Instapaper's tags: a JSON array of names, or, in a file
// that was edited by hand, names separated by commas.
func jsonTags(v string) []string {
	var tags []string
	if json.Unmarshal([]byte(v), &tags) == nil {
		return tags
	}
	var objs []struct{ Name string } // [{"name": "go"}], as its API gives tags
	if json.Unmarshal([]byte(v), &objs) == nil {
		for _, o := range objs {
			tags = append(tags, o.Name)
		}
		return tags
	}
	return strings.Split(v, ",")
}

// pocketSection is the section of Pocket's HTML export that holds what its
// CSV gives the status v.
func pocketSection(v string) string {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "unread":
		return "Unread"
	case "archive", "archived":
		return "Read Archive"
	}
	return v
}
