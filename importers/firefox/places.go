package firefox

import (
	"database/sql"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/internal/sqlitecopy"
)

// The types of moz_bookmarks rows.
const (
	typeBookmark  = 1
	typeFolder    = 2
	typeSeparator = 3
)

// detectSQLite recognises an SQLite database by its head; DetectPlaces
// tells which.
func detectSQLite(head []byte) bool { return sqlitecopy.IsSQLite(head) }

// DetectPlaces reports whether the file at path is a Firefox places
// database: an SQLite database with the tables moz_bookmarks and
// moz_places. It reads the schema of the file itself, read-only and
// immutable (sqlitecopy.Tables): no lock, no file left beside it.
func DetectPlaces(path string) bool {
	t, err := sqlitecopy.Tables(path)
	return err == nil && t["moz_bookmarks"]["fk"] && t["moz_places"]["url"]
}

// OpenPlaces opens the places.sqlite at path for reading (Format.Open):
// a private copy of it and its -wal file (see the package doc). The
// Closer removes the copy.
func OpenPlaces(path string, opts importers.Options) (importers.Reader, io.Closer, error) {
	return importers.OpenDatabase(path, opts, func(db *sql.DB) (*PlacesReader, error) { return NewPlacesReader(db, opts) })
}

// folder is a moz_bookmarks row of type 2.
type folder struct {
	parent int64
	title  string
	guid   string
}

// keyword is a moz_keywords row.
type keyword struct{ keyword, post string }

// PlacesReader reads the bookmarks of a places database, one by one, in
// the order they were added (moz_bookmarks id).
type PlacesReader struct {
	opts       importers.Options
	rows       *sql.Rows
	folders    map[int64]folder
	paths      map[int64]importers.Folder // by folder id, once made
	roots      map[int64]string           // the root (importers.FieldBrowserRoot) of the folders in paths that have one
	tagFolders map[int64]bool             // the tags root and the tags in it
	tags       map[int64][]string
	keywords   map[int64]keyword // by place id (Firefox 39 on)
	keywordIDs map[int64]string  // by moz_keywords id (before)
	descs      map[int64]string  // bookmarkProperties/description, by bookmark id
	notes      importers.ReaderNotes
	done       bool
	separators int
	tagEntries int
}

// NewPlacesReader returns a reader of the places database db, which it
// reads from as it goes: db must stay open until the reader is done. It
// reads what each version of Firefox's schema has; the error is for a
// database that is not a places database, or that cannot be read.
func NewPlacesReader(db *sql.DB, opts importers.Options) (*PlacesReader, error) {
	r := &PlacesReader{opts: opts, paths: map[int64]importers.Folder{}, roots: map[int64]string{}, tagFolders: map[int64]bool{},
		tags: map[int64][]string{}, keywords: map[int64]keyword{}, keywordIDs: map[int64]string{}, descs: map[int64]string{}}
	bcols, err := sqlitecopy.Columns(db, "moz_bookmarks")
	if err != nil {
		return nil, fmt.Errorf("read the database's schema: %w", err)
	}
	pcols, err := sqlitecopy.Columns(db, "moz_places")
	if err != nil {
		return nil, fmt.Errorf("read the database's schema: %w", err)
	}
	for _, c := range []string{"id", "type", "fk", "parent"} {
		if !bcols[c] {
			return nil, errors.New("not a Firefox places database: it has no moz_bookmarks table with id, type, fk and parent")
		}
	}
	if !pcols["id"] || !pcols["url"] {
		return nil, errors.New("not a Firefox places database: it has no moz_places table with id and url")
	}
	col := func(cols map[string]bool, table, name string) string {
		if cols[strings.ToLower(name)] {
			return table + "." + name
		}
		return "NULL"
	}
	if err := r.readFolders(db, col(bcols, "b", "title"), col(bcols, "b", "guid")); err != nil {
		return nil, err
	}
	if err := r.readTags(db); err != nil {
		return nil, err
	}
	if err := r.readKeywords(db, bcols); err != nil {
		return nil, err
	}
	if err := r.readDescriptions(db); err != nil {
		return nil, err
	}
	r.rows, err = db.Query(`SELECT b.id, b.type, b.parent, ` + col(bcols, "b", "title") + `, ` +
		col(bcols, "b", "dateAdded") + `, ` + col(bcols, "b", "lastModified") + `, ` + col(bcols, "b", "keyword_id") + `,
		p.id, p.url, ` + col(pcols, "p", "description") + `
		FROM moz_bookmarks b LEFT JOIN moz_places p ON p.id = b.fk
		WHERE b.type IN (1, 3) ORDER BY b.id`)
	if err != nil {
		return nil, fmt.Errorf("read moz_bookmarks: %w", err)
	}
	return r, nil
}

// readFolders reads every folder, for the CATEGORY paths, and finds the
// tags root.
func (r *PlacesReader) readFolders(db *sql.DB, title, guid string) error {
	r.folders = map[int64]folder{}
	rows, err := db.Query(`SELECT b.id, b.parent, `+title+`, `+guid+` FROM moz_bookmarks b WHERE b.type = ?`, typeFolder)
	if err != nil {
		return fmt.Errorf("read the folders of moz_bookmarks: %w", err)
	}
	defer rows.Close()
	tagsRoot := int64(-1)
	for rows.Next() {
		var id, parent, t, g any
		if err := rows.Scan(&id, &parent, &t, &g); err != nil {
			return fmt.Errorf("read the folders of moz_bookmarks: %w", err)
		}
		f := folder{parent: asInt(parent), title: asString(t), guid: asString(g)}
		r.folders[asInt(id)] = f
		if f.guid == tagsGUID {
			tagsRoot = asInt(id)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read the folders of moz_bookmarks: %w", err)
	}
	if tagsRoot < 0 {
		tagsRoot = r.readRoots(db)
	}
	if tagsRoot >= 0 {
		r.tagFolders[tagsRoot] = true
		for id, f := range r.folders {
			if f.parent == tagsRoot {
				r.tagFolders[id] = true
			}
		}
	}
	return nil
}

// oldRoots are the GUIDs that Firefox 57 gave the roots, by the names
// that moz_bookmarks_roots gave them before.
var oldRoots = map[string]string{"places": "root________", "menu": "menu________", "toolbar": "toolbar_____",
	"tags": tagsGUID, "unfiled": "unfiled_____", "mobile": "mobile______"}

// readRoots reads the roots of a database from before Firefox 57, whose
// roots had no fixed GUIDs but were named in moz_bookmarks_roots, and
// gives them the GUIDs they have since; it returns the id of the tags
// root, -1 if there is none.
func (r *PlacesReader) readRoots(db *sql.DB) int64 {
	tagsRoot := int64(-1)
	rows, err := db.Query(`SELECT root_name, folder_id FROM moz_bookmarks_roots`)
	if err != nil {
		return tagsRoot // no such table: a database of no Firefox known
	}
	defer rows.Close()
	for rows.Next() {
		var name, id any
		if rows.Scan(&name, &id) != nil {
			continue
		}
		guid, ok := oldRoots[asString(name)]
		f, exists := r.folders[asInt(id)]
		if !ok || !exists {
			continue
		}
		f.guid = guid
		r.folders[asInt(id)] = f
		if guid == tagsGUID {
			tagsRoot = asInt(id)
		}
	}
	return tagsRoot
}

// readTags reads the tags of each place. Firefox keeps a tag as a folder
// in the tags root, named after the tag, that holds a bookmark of each
// place so tagged: the place's tags are the names of the tag folders that
// hold it.
func (r *PlacesReader) readTags(db *sql.DB) error {
	if len(r.tagFolders) == 0 {
		return nil
	}
	var tagsRoot int64
	for id, f := range r.folders {
		if r.tagFolders[id] && !r.tagFolders[f.parent] {
			tagsRoot = id
		}
	}
	// Through the index on parent: only the rows in tag folders.
	rows, err := db.Query(`SELECT fk, parent FROM moz_bookmarks WHERE type = ? AND parent IN (SELECT id FROM moz_bookmarks WHERE parent = ?)`, typeBookmark, tagsRoot)
	if err != nil {
		return fmt.Errorf("read the tags of moz_bookmarks: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var fk, parent any
		if err := rows.Scan(&fk, &parent); err != nil {
			return fmt.Errorf("read the tags of moz_bookmarks: %w", err)
		}
		p := asInt(parent)
		if f, ok := r.folders[p]; ok && r.tagFolders[p] && r.tagFolders[f.parent] {
			r.tags[asInt(fk)] = append(r.tags[asInt(fk)], f.title)
		}
	}
	return rows.Err()
}

// readKeywords reads moz_keywords: since Firefox 39 a keyword belongs to
// a place (place_id), with the POST data of a search; before, a bookmark
// named its keyword (moz_bookmarks.keyword_id).
func (r *PlacesReader) readKeywords(db *sql.DB, bcols map[string]bool) error {
	kcols, err := sqlitecopy.Columns(db, "moz_keywords")
	if err != nil || !kcols["keyword"] || !kcols["id"] {
		return err
	}
	post := "NULL"
	if kcols["post_data"] {
		post = "post_data"
	}
	switch {
	case kcols["place_id"]:
		rows, err := db.Query(`SELECT place_id, keyword, ` + post + ` FROM moz_keywords`)
		if err != nil {
			return fmt.Errorf("read moz_keywords: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var place, kw, pd any
			if err := rows.Scan(&place, &kw, &pd); err != nil {
				return fmt.Errorf("read moz_keywords: %w", err)
			}
			if k := r.keywords[asInt(place)]; k.keyword == "" {
				r.keywords[asInt(place)] = keyword{asString(kw), asString(pd)}
			}
		}
		return rows.Err()
	case bcols["keyword_id"]:
		rows, err := db.Query(`SELECT id, keyword FROM moz_keywords`)
		if err != nil {
			return fmt.Errorf("read moz_keywords: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var id, kw any
			if err := rows.Scan(&id, &kw); err != nil {
				return fmt.Errorf("read moz_keywords: %w", err)
			}
			r.keywordIDs[asInt(id)] = asString(kw)
		}
		return rows.Err()
	}
	return nil
}

// readDescriptions reads the descriptions that users wrote, which Firefox
// kept as an annotation of the bookmark until version 62.
func (r *PlacesReader) readDescriptions(db *sql.DB) error {
	acols, err := sqlitecopy.Columns(db, "moz_items_annos")
	if err != nil || !acols["item_id"] || !acols["content"] || !acols["anno_attribute_id"] {
		return err
	}
	ncols, err := sqlitecopy.Columns(db, "moz_anno_attributes")
	if err != nil || !ncols["name"] || !ncols["id"] {
		return err
	}
	rows, err := db.Query(`SELECT a.item_id, a.content FROM moz_items_annos a
		JOIN moz_anno_attributes n ON n.id = a.anno_attribute_id WHERE n.name = ?`, descriptionAnno)
	if err != nil {
		return fmt.Errorf("read moz_items_annos: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, content any
		if err := rows.Scan(&id, &content); err != nil {
			return fmt.Errorf("read moz_items_annos: %w", err)
		}
		r.descs[asInt(id)] = asString(content)
	}
	return rows.Err()
}

// Read returns the next bookmark, or io.EOF after the last.
func (r *PlacesReader) Read() (*ssd3.Record, error) {
	for !r.done {
		if !r.rows.Next() {
			r.done = true
			if err := r.rows.Err(); err != nil {
				return nil, fmt.Errorf("read moz_bookmarks: %w", err)
			}
			r.finish()
			break
		}
		var id, typ, parent, title, added, modified, kwID, placeID, url, pdesc any
		if err := r.rows.Scan(&id, &typ, &parent, &title, &added, &modified, &kwID, &placeID, &url, &pdesc); err != nil {
			return nil, fmt.Errorf("read moz_bookmarks: %w", err)
		}
		if rec := r.row(asInt(id), asInt(typ), asInt(parent), title, added, modified, kwID, placeID, url, pdesc); rec != nil {
			return rec, nil
		}
	}
	return nil, io.EOF
}

// row makes a record of one row of moz_bookmarks (a bookmark or a
// separator) and its place, or returns nil for a row that is none.
func (r *PlacesReader) row(id, typ, parent int64, title, added, modified, kwID, placeID, url, pdesc any) *ssd3.Record {
	where := fmt.Sprintf("moz_bookmarks id %d: ", id)
	switch {
	case typ == typeSeparator:
		r.separators++
		return nil
	case r.tagFolders[parent]:
		// Not a bookmark but the mark of a tag, which readTags read.
		r.tagEntries++
		return nil
	case placeID == nil:
		r.note(ssd3.Skipped, "%sbookmark %q has no place (moz_places row): not imported", where, importers.Excerpt(asString(title)))
		return nil
	}
	place := asInt(placeID)
	cat, root := r.category(parent)
	b := bookmark{uri: asString(url), title: asString(title), category: cat, root: root,
		added: r.date(where, "dateAdded", added), modified: r.date(where, "lastModified", modified), tags: r.tags[place]}
	if k, ok := r.keywords[place]; ok {
		b.keyword, b.post = k.keyword, k.post
	} else if kwID != nil {
		b.keyword = r.keywordIDs[asInt(kwID)]
	}
	if d, ok := r.descs[id]; ok && strings.TrimSpace(d) != "" {
		b.description = d
	} else {
		b.description = asString(pdesc)
	}
	return b.record(&r.notes, r.opts, 0, -1, where)
}

// date is the value v of a date column, microseconds since 1970; one
// that is not a number is reported and taken for none.
func (r *PlacesReader) date(where, column string, v any) int64 {
	switch v.(type) {
	case nil, int64, float64:
		return asInt(v)
	}
	n, err := strconv.ParseInt(strings.TrimSpace(asString(v)), 10, 64)
	if err != nil {
		r.note(ssd3.Deviation, "%s%s %q is not a date in microseconds: ignored", where, column, importers.Excerpt(asString(v)))
	}
	return n
}

// category is the CATEGORY of a bookmark in the folder id: the path of
// folders from the top, each top folder named as the HTML export names it
// (topFolders), within the bound on a CATEGORY (importers.Folder), whose
// cuts are reported at the folder. Each folder's path is made once, from
// its parent's, so that a chain of 20,000 folders costs 20,000 steps, not
// their square. A path that loops (a broken database) starts where the
// walk up from id found the loop. root is the browser's root folder the
// folder is in (importers.FieldBrowserRoot), "" for the menu.
func (r *PlacesReader) category(id int64) (category, root string) {
	if p, ok := r.paths[id]; ok {
		return p.Category(), r.roots[id]
	}
	// The folders from id up to the first whose path is made, or the top.
	var chain []int64
	on := map[int64]bool{}
	var top importers.Folder
	for at := id; ; {
		if p, ok := r.paths[at]; ok {
			top, root = p, r.roots[at]
			break
		}
		f, ok := r.folders[at]
		if !ok {
			break
		}
		if on[at] {
			r.note(ssd3.Deviation, "moz_bookmarks id %d: folders in a loop (a broken database): the CATEGORY path starts at folder %q", at, importers.Excerpt(f.title))
			break
		}
		if _, inner := r.folders[f.parent]; !inner {
			r.paths[at] = top // the places root, whatever it is called
			break
		}
		on[at] = true
		chain = append(chain, at)
		at = f.parent
	}
	for i := len(chain) - 1; i >= 0; i-- {
		f := r.folders[chain[i]]
		name, ok := topFolders[f.guid]
		if !ok {
			name = folderName(f.title, fmt.Sprintf("moz_bookmarks id %d: ", chain[i]), r.note)
		}
		if top = top.Child(name); top.Cut() != "" {
			r.note(ssd3.Dropped, "moz_bookmarks id %d: %s", chain[i], top.Cut())
		}
		if rt := browserRoots[f.guid]; rt != "" {
			root = rt
		}
		r.paths[chain[i]] = top
		if root != "" {
			r.roots[chain[i]] = root
		}
	}
	return top.Category(), root
}

// finish gives the notes about the whole database.
func (r *PlacesReader) finish() {
	if r.separators > 0 {
		r.note(ssd3.Info, "%d separator(s) not imported: a catalogue has no separators", r.separators)
	}
	r.notes.End(r.opts)
}

func (r *PlacesReader) note(kind ssd3.Kind, format string, a ...any) {
	r.notes.Note(0, -1, kind, format, a...)
}

// Diagnostics returns the diagnostics gathered since the last call.
func (r *PlacesReader) Diagnostics() []ssd3.Diagnostic { return r.notes.Diagnostics() }

// Close releases the query the reader holds.
func (r *PlacesReader) Close() error {
	if r.rows == nil {
		return nil
	}
	return r.rows.Close()
}

// asString is a column's value as text: SQLite's columns take any type,
// whatever the schema says, so a reader takes what is there.
func asString(v any) string {
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

// asInt is a column's value as an integer, 0 when it is none.
func asInt(v any) int64 {
	switch v := v.(type) {
	case int64:
		return v
	case float64:
		if v >= math.MinInt64 && v < math.MaxInt64 {
			return int64(v)
		}
	case string:
		n, _ := strconv.ParseInt(strings.TrimSpace(v), 10, 64)
		return n
	case []byte:
		n, _ := strconv.ParseInt(strings.TrimSpace(string(v)), 10, 64)
		return n
	}
	return 0
}

// Position says where the record rec, which Read returned last, was
// (importers.Positioner).
func (r *PlacesReader) Position(rec *ssd3.Record) (importers.Position, bool) {
	return r.notes.Position(rec)
}
