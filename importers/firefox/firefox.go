// Package firefox reads Firefox's own bookmark stores: its database,
// places.sqlite in the profile folder (Format, "firefox"), and the JSON
// backups it writes into the profile's bookmarkbackups/ folder, plain
// (bookmarks-*.json, as "Backup…" in the Library saves them) or
// compressed (*.jsonlz4) (BackupFormat, "firefox-json"). The Firefox
// forks (LibreWolf, Zen, Floorp, Waterfox) keep the same files.
//
// # Field mapping
//
// Both read the same things, which become the same fields as in the HTML
// file Firefox exports (importers/netscape), so that a bookmark imported
// from any of the three is the same record. (This table is a copy of the
// one in mapping.go, which a test checks it against.)
//
//	places.sqlite                                    JSON backup                          field
//	moz_places.url                                   uri                                  URI
//	moz_bookmarks.title                              title                                NAME
//	the titles of the folders around it              the titles of the containers         CATEGORY
//	moz_bookmarks.dateAdded                          dateAdded                            DATE, or X-ADDED
//	moz_bookmarks.lastModified                       lastModified                         DATE, or X-LAST-MODIFIED
//	the tag folders that hold its place              tags                                 X-TAGS
//	moz_keywords.keyword                             keyword                              X-KEYWORD
//	moz_keywords.post_data                           postData                             X-POST-DATA
//	bookmarkProperties/description, moz_places.description  annos bookmarkProperties/description  DESCRIPTION
//
// The dates are microseconds since 1970. As in the HTML import, a
// lastModified after dateAdded is the DATE (SSD3 3.3: when the record was
// "last amended") and dateAdded is kept as X-ADDED (catalogue.FieldAdded);
// otherwise dateAdded is the DATE and lastModified, if any, X-LAST-MODIFIED.
// The folders are joined as netscape.JoinFolders joins them ("/" between
// them, a "/" in a name as `\/`), within the bound on a CATEGORY
// (importers.MaxFolders). Firefox's own top folders are named as
// its HTML export names them: the Bookmarks Menu is the top level (no
// CATEGORY), the others are "Bookmarks Toolbar", "Other Bookmarks" and
// "Mobile Bookmarks", whatever title the database or the backup gives
// them; each bookmark in one of these says which in X-BROWSER-ROOT
// (importers.FieldBrowserRoot). Tags are joined as catalogue.JoinTags
// joins them, in alphabetical order. A description is the one the user wrote (the
// bookmarkProperties/description annotation of older Firefox), else the
// page's own (moz_places.description, which current Firefox keeps).
//
// place: queries ("smart bookmarks") are not addresses: they are skipped,
// each with a diagnostic; separators are counted in one note. Favicons and
// the other annotations are not bookmark data and are left out.
//
// # Reading the database
//
// Firefox holds places.sqlite open, in WAL mode, while it runs, and the
// Reader must never disturb it: it reads a copy of the database and its
// -wal file (internal/sqlitecopy), so that it sees even the bookmarks
// added in the running session, takes no lock on Firefox's files and
// leaves nothing beside them. A diagnostic names the row it is about
// ("moz_bookmarks id 42"): a database has no lines.
//
// # Reading a backup
//
// A backup is one JSON object, the root container, with its children
// nested in "children" arrays; Firefox writes it on one line. The Reader
// streams it (encoding/json's tokens), holding only the path of folders
// it is in, so that a backup of 100,000 bookmarks never sits in memory as
// a tree. A .jsonlz4 file is "mozLz40\0", the size of the JSON as 4 bytes
// little-endian, then the JSON as one LZ4 block: it is decompressed as it
// is read, keeping only the 64 KiB that LZ4 may copy from, and never
// past that size, which must be within the import's size limit (a few MB
// of LZ4 may hold a gigabyte of JSON). A folder whose title comes after
// its children (Firefox writes it before) holds its bookmarks back only
// up to a bound. Diagnostics give the byte offset in the JSON (of the
// decompressed text, for a .jsonlz4).
package firefox

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
)

// Format is Firefox's places.sqlite, for the formats registry. It is read
// by path only (Open): a database is not a stream.
var Format = importers.Format{
	Name:       "firefox",
	Title:      "Firefox database (places.sqlite)",
	Extensions: []string{".sqlite"},
	Detect:     detectSQLite,
	DetectPath: DetectPlaces,
	Open:       OpenPlaces,
}

// BackupFormat is Firefox's JSON bookmark backup, plain or compressed
// (.jsonlz4), for the formats registry.
var BackupFormat = importers.Format{
	Name:       "firefox-json",
	Title:      "Firefox bookmark backup (JSON, .jsonlz4)",
	Extensions: []string{".json", ".jsonlz4"},
	Detect:     DetectBackup,
	NewReader: func(r io.Reader, opts importers.Options) importers.Reader {
		return NewBackupReader(r, opts)
	},
	Open: OpenBackup,
}

// Firefox's top folders, by the GUID the database gives them and the
// "root" name a backup gives them, and the name that the HTML export gives
// them, which is what the CATEGORY path holds: the menu is the top level.
// The places root and the tags root hold no bookmarks of their own.
var topFolders = map[string]string{
	"menu________": "", "bookmarksMenuFolder": "",
	"toolbar_____": "Bookmarks Toolbar", "toolbarFolder": "Bookmarks Toolbar",
	"unfiled_____": "Other Bookmarks", "unfiledBookmarksFolder": "Other Bookmarks",
	"mobile______": "Mobile Bookmarks", "mobileFolder": "Mobile Bookmarks",
	"root________": "", "placesRoot": "",
}

// The GUID of the tags root in the database, and its "root" name in a
// backup.
const (
	tagsGUID = "tags________"
	tagsRoot = "tagsFolder"
)

// descriptionAnno is the annotation that held a bookmark's description
// until Firefox 62 (and in backups written by it).
const descriptionAnno = "bookmarkProperties/description"

// fieldKeyword and fieldPostData are the X- fields that the netscape
// package reads SHORTCUTURL and POST_DATA into.
const (
	fieldKeyword  = "X-KEYWORD"
	fieldPostData = "X-POST-DATA"
)

// bookmark is what both sources say of a bookmark, before it is a record.
type bookmark struct {
	uri, title      string
	category        string
	added, modified int64 // microseconds since 1970; 0 for none
	tags            []string
	keyword, post   string
	description     string
	root            string // the root folder it is in (importers.FieldBrowserRoot)
}

// browserRoots are the roots that importers.FieldBrowserRoot names, by
// the GUID the database gives them and the "root" name a backup gives
// them; the menu is the top level, and has none.
var browserRoots = map[string]string{
	"toolbar_____": importers.RootToolbar, "toolbarFolder": importers.RootToolbar,
	"unfiled_____": importers.RootOther, "unfiledBookmarksFolder": importers.RootOther,
	"mobile______": importers.RootMobile, "mobileFolder": importers.RootMobile,
}

// folderName is the name of a folder that is not one of Firefox's top
// folders, and what a reader says of it at where (importers.FolderName).
func folderName(title, where string, note func(kind ssd3.Kind, format string, a ...any)) string {
	name, msg := importers.FolderName(title)
	if msg != "" {
		note(ssd3.Info, "%s%s", where, msg)
	}
	return name
}

// fromMicro is a Firefox date, microseconds since 1970, or the zero time
// for 0 or a value DATE cannot hold (which the caller reports).
func fromMicro(us int64) (time.Time, bool) {
	if us == 0 {
		return time.Time{}, true
	}
	t := time.UnixMicro(us).UTC()
	if ssd3.ValidateDate(t.Truncate(time.Second)) != nil {
		return time.Time{}, false
	}
	return t, true
}

// record makes the bookmark a record and finishes it (ReaderNotes.Finish),
// noting in notes what it says; where is how diagnostics name it, before
// their message. It returns nil, with the reason noted, for a bookmark that
// cannot be imported.
func (b *bookmark) record(notes *importers.ReaderNotes, opts importers.Options, line int, offset int64, where string) *ssd3.Record {
	note := func(kind ssd3.Kind, format string, a ...any) {
		notes.Note(line, offset, kind, "%s%s", where, fmt.Sprintf(format, a...))
	}
	uri := strings.TrimSpace(b.uri)
	if scheme, _, ok := strings.Cut(uri, ":"); ok && strings.EqualFold(scheme, "place") {
		note(ssd3.Skipped, "%q is a Firefox smart bookmark (a place: query), not an address", importers.Excerpt(b.title))
		return nil
	}
	rec := ssd3.NewRecord(ssd3.Values{URI: uri, Name: b.title, Category: b.category, Description: b.description})
	var ext []ssd3.Field
	added, ok := fromMicro(b.added)
	if !ok {
		note(ssd3.Dropped, "dateAdded %d is not a date DATE can hold: not imported", b.added)
	}
	modified, ok := fromMicro(b.modified)
	if !ok {
		note(ssd3.Dropped, "lastModified %d is not a date DATE can hold: not imported", b.modified)
	}
	date, extra := importers.BrowserDates(added, modified)
	rec.SetDate(date)
	if extra.Name != "" {
		ext = append(ext, extra)
	}
	if len(b.tags) > 0 {
		tags := make([]string, 0, len(b.tags))
		for _, t := range b.tags {
			// A comma would split the tag in two: Firefox's own UI
			// splits what is typed at commas, so no tag has one.
			if t = strings.TrimSpace(importers.OneLine(t)); t != "" && !strings.Contains(t, ",") {
				tags = append(tags, t)
			} else if t != "" {
				note(ssd3.Dropped, "tag %q is not imported: X-TAGS separates tags with commas", importers.Excerpt(t))
			}
		}
		slices.Sort(tags)
		ext = append(ext, ssd3.Field{Name: ssd3.FieldTags, Value: ssd3.JoinTags(slices.Compact(tags))})
	}
	ext = append(ext, ssd3.Field{Name: fieldKeyword, Value: b.keyword}, ssd3.Field{Name: fieldPostData, Value: b.post},
		ssd3.Field{Name: importers.FieldBrowserRoot, Value: b.root})
	rec.SetExtensions(ext) // Finish drops the empty ones
	if rec = notes.FinishNamed(rec, opts, line, offset, where, nil); rec != nil {
		if msg := importers.TitleNote(b.title, rec); msg != "" {
			note(ssd3.Info, "%s", msg)
		}
	}
	return rec
}
