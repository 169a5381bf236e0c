// Package buku reads the database of buku, the command-line bookmark
// manager: bookmarks.db, an SQLite database in buku's folder
// ($XDG_DATA_HOME/buku, else ~/.local/share/buku; on Windows
// %APPDATA%\buku), whose one table is
//
//	CREATE TABLE bookmarks (id integer PRIMARY KEY, URL text NOT NULL UNIQUE,
//	    metadata text default '', tags text default ',', desc text default '',
//	    flags integer default 0)
//
// # Field mapping
//
// Every column is kept, so that a person moving from buku loses nothing.
// (This table is a copy of the one in mapping.go, which a test checks it
// against.)
//
//	column    field
//	URL       URI
//	metadata  NAME
//	tags      X-TAGS
//	desc      DESCRIPTION
//	flags     X-BUKU-FLAGS
//
// buku keeps tags as ",tag1,tag2,": they become "tag1, tag2"
// (catalogue.JoinTags). flags is a bit set, of which buku uses one bit
// today, 1, "immutable": buku does not replace the title it keeps with the
// page's when it refreshes the bookmark; X-BUKU-FLAGS keeps the number as
// it is when it is not 0. The id only orders the bookmarks: it is buku's
// index, which changes when a bookmark is deleted, not a name to keep.
// buku keeps no dates: every record's DATE is the database file's
// modification time (importers.FallbackDate), said in one note.
//
// Like Firefox's database, bookmarks.db is read from a private copy
// (internal/sqlitecopy): buku may be running, and nothing is written,
// locked or left beside it. A diagnostic names the row it is about
// ("bookmarks id 42").
package buku

import (
	"database/sql"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/internal/sqlitecopy"
)

// Format is buku's bookmarks.db, for the formats registry. It is read by
// path only (Open): a database is not a stream.
var Format = importers.Format{
	Name:       "buku",
	Title:      "buku database (bookmarks.db)",
	Extensions: []string{".db"},
	Detect:     sqlitecopy.IsSQLite,
	DetectPath: Detect,
	Open:       Open,
}

// FieldFlags is the X- field that keeps buku's flags.
const FieldFlags = "X-BUKU-FLAGS"

// Detect reports whether the file at path is a buku database: an SQLite
// database with a table bookmarks that has the columns URL and metadata,
// read from the file itself, read-only and immutable (sqlitecopy.Tables).
func Detect(path string) bool {
	t, err := sqlitecopy.Tables(path)
	return err == nil && t["bookmarks"]["url"] && t["bookmarks"]["metadata"]
}

// Open opens the bookmarks.db at path for reading (Format.Open): a private
// copy of it. The Closer removes the copy.
func Open(path string, opts importers.Options) (importers.Reader, io.Closer, error) {
	return importers.OpenDatabase(path, opts, func(db *sql.DB) (*Reader, error) { return NewReader(db, opts) })
}

// Reader reads the bookmarks of a buku database, in buku's order (id).
type Reader struct {
	opts  importers.Options
	rows  *sql.Rows
	notes importers.ReaderNotes
	done  bool
}

// NewReader returns a reader of the buku database db, which it reads from
// as it goes: db must stay open until the reader is done. The error is
// for a database that is not buku's, or that cannot be read.
func NewReader(db *sql.DB, opts importers.Options) (*Reader, error) {
	cols, err := sqlitecopy.Columns(db, "bookmarks")
	if err != nil {
		return nil, fmt.Errorf("read the database's schema: %w", err)
	}
	if !cols["url"] || !cols["id"] {
		return nil, errors.New("not a buku database: it has no bookmarks table with id and URL")
	}
	col := func(name string) string {
		if cols[strings.ToLower(name)] {
			return `"` + name + `"`
		}
		return "NULL"
	}
	rows, err := db.Query(`SELECT id, URL, ` + col("metadata") + `, ` + col("tags") + `, ` + col("desc") + `, ` + col("flags") + ` FROM bookmarks ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("read bookmarks: %w", err)
	}
	return &Reader{opts: opts, rows: rows}, nil
}

// Read returns the next bookmark, or io.EOF after the last.
func (r *Reader) Read() (*ssd3.Record, error) {
	for !r.done {
		if !r.rows.Next() {
			r.done = true
			if err := r.rows.Err(); err != nil {
				return nil, fmt.Errorf("read bookmarks: %w", err)
			}
			r.notes.End(r.opts)
			break
		}
		var id, url, title, tags, desc, flags any
		if err := r.rows.Scan(&id, &url, &title, &tags, &desc, &flags); err != nil {
			return nil, fmt.Errorf("read bookmarks: %w", err)
		}
		if rec := r.record(text(id), text(url), text(title), text(tags), text(desc), text(flags)); rec != nil {
			return rec, nil
		}
	}
	return nil, io.EOF
}

// record makes a record of one row, or returns nil, with a diagnostic,
// for one that cannot be imported.
func (r *Reader) record(id, url, title, tags, desc, flags string) *ssd3.Record {
	where := "bookmarks id " + id + ": "
	rec := ssd3.NewRecord(ssd3.Values{URI: strings.TrimSpace(url), Name: title, Description: desc})
	var ext []ssd3.Field
	if ts := ssd3.SplitTags(tags); len(ts) > 0 {
		for i, t := range ts {
			ts[i] = importers.OneLine(t)
		}
		ext = append(ext, ssd3.Field{Name: ssd3.FieldTags, Value: ssd3.JoinTags(ts)})
	}
	if f := strings.TrimSpace(flags); f != "" && f != "0" {
		ext = append(ext, ssd3.Field{Name: FieldFlags, Value: f})
	}
	rec.SetExtensions(ext)
	return r.notes.FinishNamed(rec, r.opts, 0, -1, where, nil) // buku keeps no dates: End says so
}

// Diagnostics returns the diagnostics gathered since the last call.
func (r *Reader) Diagnostics() []ssd3.Diagnostic { return r.notes.Diagnostics() }

// Close releases the query the reader holds.
func (r *Reader) Close() error { return r.rows.Close() }

// text is a column's value as text: SQLite's columns take any type,
// whatever the schema says, so a reader takes what is there.
func text(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case []byte:
		return string(v)
	case int64:
		return strconv.FormatInt(v, 10)
	case float64:
		return strconv.FormatFloat(v, 'g', -1, 64)
	}
	return ""
}
