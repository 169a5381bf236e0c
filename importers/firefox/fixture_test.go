package firefox

import (
	"database/sql"
	"path/filepath"
	"testing"

	_ "modernc.org/sqlite"
)

// placesSchema is the schema of the tables of a current Firefox's
// places.sqlite (schema version 77, Firefox 128 to 140) that the reader
// reads, and their indexes, as Firefox's nsPlacesTables.h and
// nsPlacesIndexes.h create them.
const placesSchema = `
PRAGMA page_size = 32768;
CREATE TABLE moz_origins ( id INTEGER PRIMARY KEY, prefix TEXT NOT NULL, host TEXT NOT NULL, frecency INTEGER NOT NULL, recalc_frecency INTEGER NOT NULL DEFAULT 0, alt_frecency INTEGER, recalc_alt_frecency INTEGER NOT NULL DEFAULT 0, UNIQUE (prefix, host) );
CREATE TABLE moz_places (   id INTEGER PRIMARY KEY, url LONGVARCHAR, title LONGVARCHAR, rev_host LONGVARCHAR, visit_count INTEGER DEFAULT 0, hidden INTEGER DEFAULT 0 NOT NULL, typed INTEGER DEFAULT 0 NOT NULL, frecency INTEGER DEFAULT -1 NOT NULL, last_visit_date INTEGER , guid TEXT, foreign_count INTEGER DEFAULT 0 NOT NULL, url_hash INTEGER DEFAULT 0 NOT NULL , description TEXT, preview_image_url TEXT, site_name TEXT, origin_id INTEGER REFERENCES moz_origins(id), recalc_frecency INTEGER NOT NULL DEFAULT 0, alt_frecency INTEGER, recalc_alt_frecency INTEGER NOT NULL DEFAULT 0);
CREATE TABLE moz_bookmarks (  id INTEGER PRIMARY KEY, type INTEGER, fk INTEGER DEFAULT NULL, parent INTEGER, position INTEGER, title LONGVARCHAR, keyword_id INTEGER, folder_type TEXT, dateAdded INTEGER, lastModified INTEGER, guid TEXT, syncStatus INTEGER NOT NULL DEFAULT 0, syncChangeCounter INTEGER NOT NULL DEFAULT 1);
CREATE TABLE moz_keywords (  id INTEGER PRIMARY KEY AUTOINCREMENT, keyword TEXT UNIQUE, place_id INTEGER, post_data TEXT);
CREATE TABLE moz_anno_attributes (  id INTEGER PRIMARY KEY, name VARCHAR(32) UNIQUE NOT NULL);
CREATE TABLE moz_items_annos (  id INTEGER PRIMARY KEY, item_id INTEGER NOT NULL, anno_attribute_id INTEGER, content LONGVARCHAR, flags INTEGER DEFAULT 0, expiration INTEGER DEFAULT 0, type INTEGER DEFAULT 0, dateAdded INTEGER DEFAULT 0, lastModified INTEGER DEFAULT 0);
CREATE INDEX moz_places_url_hashindex ON moz_places (url_hash);
CREATE UNIQUE INDEX moz_places_guid_uniqueindex ON moz_places (guid);
CREATE INDEX moz_bookmarks_itemindex ON moz_bookmarks (fk, type);
CREATE INDEX moz_bookmarks_parentindex ON moz_bookmarks (parent, position);
CREATE UNIQUE INDEX moz_bookmarks_guid_uniqueindex ON moz_bookmarks (guid);
CREATE UNIQUE INDEX moz_keywords_placepostdata_uniqueindex ON moz_keywords (place_id, post_data);
CREATE UNIQUE INDEX moz_items_annos_itemattributeindex ON moz_items_annos (item_id, anno_attribute_id);
INSERT INTO moz_bookmarks (id, type, parent, position, title, dateAdded, lastModified, guid) VALUES
  (1, 2, 0, 0, '', 1700000000000000, 1700000000000000, 'root________'),
  (2, 2, 1, 0, 'menu', 1700000000000000, 1700000000000000, 'menu________'),
  (3, 2, 1, 1, 'toolbar', 1700000000000000, 1700000000000000, 'toolbar_____'),
  (4, 2, 1, 2, 'tags', 1700000000000000, 1700000000000000, 'tags________'),
  (5, 2, 1, 3, 'unfiled', 1700000000000000, 1700000000000000, 'unfiled_____'),
  (6, 2, 1, 4, 'mobile', 1700000000000000, 1700000000000000, 'mobile______');
`

// The ids of Firefox's roots, as a new profile has them.
const (
	rootMenu    = 2
	rootToolbar = 3
	rootTags    = 4
	rootUnfiled = 5
)

// fixture builds a places.sqlite as Firefox fills it.
type fixture struct {
	t    testing.TB
	db   *sql.DB
	path string
}

// newPlaces creates dir/places.sqlite with Firefox's schema and roots.
func newPlaces(t testing.TB, dir string) *fixture {
	t.Helper()
	path := filepath.Join(dir, "places.sqlite")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	f := &fixture{t: t, db: db, path: path}
	f.exec(placesSchema)
	return f
}

func (f *fixture) exec(q string, args ...any) sql.Result {
	f.t.Helper()
	res, err := f.db.Exec(q, args...)
	if err != nil {
		f.t.Fatalf("%s: %v", q, err)
	}
	return res
}

func (f *fixture) insert(q string, args ...any) int64 {
	f.t.Helper()
	id, err := f.exec(q, args...).LastInsertId()
	if err != nil {
		f.t.Fatal(err)
	}
	return id
}

// close closes the database: what Firefox does when it quits (the WAL is
// checkpointed into the database).
func (f *fixture) close() {
	f.t.Helper()
	if err := f.db.Close(); err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) folder(parent int64, title string) int64 {
	return f.insert(`INSERT INTO moz_bookmarks (type, parent, title, dateAdded, lastModified) VALUES (2, ?, ?, 1700000000000000, 1700000000000000)`, parent, title)
}

func (f *fixture) place(url, title, description any) int64 {
	return f.insert(`INSERT INTO moz_places (url, title, description, guid) VALUES (?, ?, ?, lower(hex(randomblob(6))))`, url, title, description)
}

func (f *fixture) bookmark(parent, place int64, title any, added, modified any) int64 {
	return f.insert(`INSERT INTO moz_bookmarks (type, fk, parent, title, dateAdded, lastModified, guid) VALUES (1, ?, ?, ?, ?, ?, lower(hex(randomblob(6))))`, place, parent, title, added, modified)
}

// add adds a place and a bookmark of it, and returns the bookmark's id.
func (f *fixture) add(parent int64, url, title string, added, modified int64) int64 {
	return f.bookmark(parent, f.place(url, title, nil), title, added, modified)
}

func (f *fixture) separator(parent int64) int64 {
	return f.insert(`INSERT INTO moz_bookmarks (type, parent, dateAdded, lastModified) VALUES (3, ?, 1700000000000000, 1700000000000000)`, parent)
}

// tag tags place as Firefox does: a bookmark of it in the tag's folder,
// made in the tags root if need be.
func (f *fixture) tag(place int64, tag string) {
	var folder int64
	if err := f.db.QueryRow(`SELECT id FROM moz_bookmarks WHERE parent = ? AND title = ?`, rootTags, tag).Scan(&folder); err != nil {
		folder = f.folder(rootTags, tag)
	}
	f.bookmark(folder, place, nil, int64(1700000000000000), int64(1700000000000000))
}

func (f *fixture) keyword(place int64, kw, post any) {
	f.exec(`INSERT INTO moz_keywords (keyword, place_id, post_data) VALUES (?, ?, ?)`, kw, place, post)
}

func (f *fixture) anno(item int64, name, content string) {
	f.exec(`INSERT OR IGNORE INTO moz_anno_attributes (name) VALUES (?)`, name)
	f.exec(`INSERT INTO moz_items_annos (item_id, anno_attribute_id, content) SELECT ?, id, ? FROM moz_anno_attributes WHERE name = ?`, item, content, name)
}

// placeOf is the place of bookmark id.
func (f *fixture) placeOf(id int64) int64 {
	var p int64
	if err := f.db.QueryRow(`SELECT fk FROM moz_bookmarks WHERE id = ?`, id).Scan(&p); err != nil {
		f.t.Fatal(err)
	}
	return p
}
