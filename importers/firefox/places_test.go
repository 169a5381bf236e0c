package firefox

import (
	"context"
	"database/sql"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

var now = time.Date(2099, 1, 1, 0, 0, 0, 0, time.UTC)

// readPlaces imports the places.sqlite at path as `uricat import` does,
// through the format's Open.
func readPlaces(t testing.TB, path string) importers.Summary {
	t.Helper()
	s, err := importers.NewPlan(false).ReadFile(context.Background(), Format, path, importers.ReadConfig{Options: importers.Options{Now: now}})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range s.Records {
		importertest.CheckRecord(t, r, true)
	}
	return s
}

// want is a record as a test expects it: its fields, X- ones by name.
type want struct {
	uri, name, date, category, description string
	ext                                    map[string]string
}

func checkRecords(t *testing.T, got []*ssd3.Record, wants []want) {
	t.Helper()
	if len(got) != len(wants) {
		for _, r := range got {
			t.Logf("%s %q [%s]", r.URI(), r.Name(), r.Category())
		}
		t.Fatalf("%d records, want %d", len(got), len(wants))
	}
	for i, w := range wants {
		r := got[i]
		rec := ssd3.NewRecord(ssd3.Values{URI: w.uri, Name: w.name, Category: w.category, Description: w.description})
		d, err := ssd3.ParseDate(w.date)
		if err != nil {
			t.Fatal(err)
		}
		rec.SetDate(d)
		// In the order the readers set them.
		for _, k := range []string{"X-ADDED", "X-LAST-MODIFIED", "X-TAGS", "X-KEYWORD", "X-POST-DATA", "X-BROWSER-ROOT", "X-BUKU-FLAGS"} {
			if v, ok := w.ext[k]; ok {
				rec.SetExtension(k, v)
			}
		}
		if len(rec.Extensions()) != len(w.ext) {
			t.Fatalf("record %d: unknown X- fields in %v", i, w.ext)
		}
		if diff := importertest.Diff(r, rec); diff != nil {
			t.Errorf("record %d (%s):\n%s", i, w.uri, strings.Join(diff, "\n"))
		}
	}
}

// us is a date as Firefox keeps it: microseconds since 1970.
func us(date string) int64 {
	t, err := time.Parse(time.RFC3339, date)
	if err != nil {
		panic(err)
	}
	return t.UnixMicro() + 123
}

// TestPlaces reads a database with every kind of row Firefox writes.
func TestPlaces(t *testing.T) {
	f := newPlaces(t, t.TempDir())
	jan, feb := us("2024-01-02T03:04:05Z"), us("2024-02-03T04:05:06Z")
	f.add(rootMenu, "https://menu.example/", "In the menu", jan, jan)
	news := f.folder(rootToolbar, "News/Politics")
	deep := f.folder(news, "Deep")
	tagged := f.add(deep, "https://tagged.example/", "Tagged", jan, feb)
	f.tag(f.placeOf(tagged), "zeta")
	f.tag(f.placeOf(tagged), "alpha")
	f.separator(rootToolbar)
	kw := f.add(rootUnfiled, "https://search.example/?q=%s", "Search", feb, jan)
	f.keyword(f.placeOf(kw), "s", "q=%s&x=1")
	described := f.add(rootMenu, "https://described.example/", "Described", jan, 0)
	f.anno(described, descriptionAnno, "What I wrote")
	f.bookmark(rootMenu, f.place("https://page.example/", "Page", "The page's own"), "Page", jan, jan)
	query := f.add(rootMenu, "place:sort=8&maxResults=10", "Most Visited", jan, jan)
	orphan := f.insert(`INSERT INTO moz_bookmarks (type, fk, parent, title, dateAdded) VALUES (1, 999, ?, 'Lost', ?)`, rootMenu, jan)
	f.close()

	s := readPlaces(t, f.path)
	checkRecords(t, s.Records, []want{
		{uri: "https://menu.example/", name: "In the menu", date: "02/01/2024 03:04:05"},
		{uri: "https://tagged.example/", name: "Tagged", date: "03/02/2024 04:05:06", category: `Bookmarks Toolbar/News\/Politics/Deep`,
			ext: map[string]string{"X-ADDED": "02/01/2024 03:04:05", "X-TAGS": "alpha, zeta", "X-BROWSER-ROOT": "toolbar"}},
		{uri: "https://search.example/?q=%s", name: "Search", date: "03/02/2024 04:05:06", category: "Other Bookmarks",
			ext: map[string]string{"X-LAST-MODIFIED": "02/01/2024 03:04:05", "X-KEYWORD": "s", "X-POST-DATA": "q=%s&x=1", "X-BROWSER-ROOT": "other"}},
		{uri: "https://described.example/", name: "Described", date: "02/01/2024 03:04:05", description: "What I wrote"},
		{uri: "https://page.example/", name: "Page", date: "02/01/2024 03:04:05", description: "The page's own"},
	})
	importertest.CheckDiagnostics(t, s.Diagnostics, []string{
		"0 skipped: moz_bookmarks id " + itoa(query) + `: "Most Visited" is a Firefox smart bookmark (a place: query), not an address`,
		"0 skipped: moz_bookmarks id " + itoa(orphan) + `: bookmark "Lost" has no place (moz_places row): not imported`,
		"0 note: 1 separator(s) not imported",
	}, true)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// TestPlacesHostile: what a database may hold that no field may, or not
// of the type its schema says (SQLite's columns take anything): control
// characters, escape sequences, invalid UTF-8, a huge title, text for a
// date, dates out of range, folders in a loop. Nothing of it reaches a
// record, nothing panics, and each bookmark that has an address is read.
func TestPlacesHostile(t *testing.T) {
	f := newPlaces(t, t.TempDir())
	huge := strings.Repeat("é", 5<<20)
	evil := f.folder(rootMenu, "\x1b]0;owned\x07Evil\x9b31m/\xff")
	f.add(evil, "https://a.example/\x1b[2J", "A\x1b[31m\x00b\xfe", 1700000000000000, 0)
	f.add(rootMenu, "https://huge.example/", huge, 1700000000000000, 0)
	f.bookmark(rootMenu, f.place([]byte("https://blob.example/"), 1, nil), 42, "yesterday", 1e18)
	f.bookmark(rootMenu, f.place(3.5, nil, nil), nil, nil, nil)
	loopA := f.folder(rootMenu, "A")
	loopB := f.folder(loopA, "B")
	f.exec(`UPDATE moz_bookmarks SET parent = ? WHERE id = ?`, loopB, loopA)
	f.add(loopB, "https://loop.example/", "Loop", 1700000000000000, 0)
	f.close()

	s := readPlaces(t, f.path)
	var got []string
	for _, r := range s.Records {
		name := r.Name()
		if name == huge {
			name = "(huge)"
		}
		got = append(got, r.URI()+" | "+name+" | "+r.Category())
	}
	want := []string{
		// An escape sequence in a URI is kept, percent-encoded, with a note.
		"https://a.example/%1B%5B2J | Ab | Evil31m\\/",
		"https://huge.example/ | (huge) | ",
		"https://blob.example/ | 42 | ",
		"https://loop.example/ | Loop | A/B",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("records\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	importertest.CheckDiagnostics(t, s.Diagnostics, []string{
		`0 note: moz_bookmarks id 8: the URI "https://a.example/\x1b[2J" holds control characters or an escape sequence: kept percent-encoded, https://a.example/%1B%5B2J`,
		`0 deviation: moz_bookmarks id 10: dateAdded "yesterday" is not a date in microseconds: ignored`,
		"0 dropped: moz_bookmarks id 10: lastModified 1000000000000000000 is not a date DATE can hold",
		`0 skipped: moz_bookmarks id 11: record not imported: "3.5" is a relative URI`,
		"0 deviation: moz_bookmarks id 13: folders in a loop (a broken database): the CATEGORY path starts at folder \"B\"",
		"0 note: 1 bookmark had no date",
	}, true)
}

// TestPlacesOldSchema reads a database of Firefox 3.6 to 38: roots named
// in moz_bookmarks_roots, with localised titles and no fixed GUIDs,
// keywords named by the bookmark (keyword_id), no moz_places.description.
func TestPlacesOldSchema(t *testing.T) {
	path := filepath.Join(t.TempDir(), "places.sqlite")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []string{
		`CREATE TABLE moz_bookmarks (  id INTEGER PRIMARY KEY, type INTEGER, fk INTEGER DEFAULT NULL, parent INTEGER, position INTEGER, title LONGVARCHAR, keyword_id INTEGER, folder_type TEXT, dateAdded INTEGER, lastModified INTEGER, guid TEXT)`,
		`CREATE TABLE moz_bookmarks_roots (  root_name VARCHAR(16) UNIQUE, folder_id INTEGER)`,
		`CREATE TABLE moz_keywords (  id INTEGER PRIMARY KEY AUTOINCREMENT, keyword TEXT UNIQUE)`,
		`CREATE TABLE moz_places (   id INTEGER PRIMARY KEY, url LONGVARCHAR, title LONGVARCHAR, rev_host LONGVARCHAR, visit_count INTEGER DEFAULT 0, hidden INTEGER DEFAULT 0 NOT NULL, typed INTEGER DEFAULT 0 NOT NULL, favicon_id INTEGER, frecency INTEGER DEFAULT -1 NOT NULL, last_visit_date INTEGER , guid TEXT)`,
		`INSERT INTO moz_bookmarks (id, type, parent, title, guid) VALUES (1, 2, 0, '', 'aaaaaaaaaaaa'), (2, 2, 1, 'Lesezeichen-Menü', 'bbbbbbbbbbbb'), (3, 2, 1, 'Lesezeichen-Symbolleiste', 'cccccccccccc'), (4, 2, 1, 'Schlagwörter', 'dddddddddddd'), (5, 2, 1, 'Unsortierte Lesezeichen', 'eeeeeeeeeeee'), (6, 2, 4, 'go', 'ffffffffffff')`,
		`INSERT INTO moz_bookmarks_roots VALUES ('places', 1), ('menu', 2), ('toolbar', 3), ('tags', 4), ('unfiled', 5)`,
		`INSERT INTO moz_keywords (id, keyword) VALUES (7, 'g')`,
		`INSERT INTO moz_places (id, url, title) VALUES (1, 'https://go.dev/', 'Go'), (2, 'https://menu.example/', 'M')`,
		`INSERT INTO moz_bookmarks (type, fk, parent, title, keyword_id, dateAdded) VALUES (1, 1, 3, 'Go', 7, 1300000000000000), (1, 1, 6, NULL, NULL, 1300000000000000), (1, 2, 2, 'M', NULL, 1300000000000000)`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	db.Close()
	checkRecords(t, readPlaces(t, path).Records, []want{
		{uri: "https://go.dev/", name: "Go", date: "13/03/2011 07:06:40", category: "Bookmarks Toolbar", ext: map[string]string{"X-TAGS": "go", "X-KEYWORD": "g", "X-BROWSER-ROOT": "toolbar"}},
		{uri: "https://menu.example/", name: "M", date: "13/03/2011 07:06:40"},
	})
}

// A chain of 20,000 folders with a bookmark in each (a places.sqlite of
// 43 MB once took 10.9 GB, every bookmark given the innermost 64 names):
// each folder's path is made once, the outermost levels are kept within
// the bound on a CATEGORY, each cut is said once, and every bookmark is
// imported.
func TestPlacesFolderChain(t *testing.T) {
	t.Parallel()
	const depth = 20_000
	f := newPlaces(t, t.TempDir())
	name := strings.Repeat("x", 300)
	f.exec(`WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c WHERE i < ?)
		INSERT INTO moz_bookmarks (id, type, parent, title, dateAdded, lastModified)
		SELECT 100+i, 2, CASE i WHEN 1 THEN ? ELSE 99+i END, i || '-' || ?, 1700000000000000, 1700000000000000 FROM c`, depth, rootToolbar, name)
	f.exec(`WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM c WHERE i < ?)
		INSERT INTO moz_places (id, url, guid) SELECT i, 'https://e.example/' || i, 'g' || i FROM c`, depth)
	f.exec(`INSERT INTO moz_bookmarks (type, fk, parent, title, dateAdded, lastModified)
		SELECT 1, id, 100+id, 'b', 1700000000000000, 1700000000000000 FROM moz_places`)
	f.close()

	s := readPlaces(t, f.path)
	if len(s.Records) != depth {
		t.Fatalf("%d records, want %d", len(s.Records), depth)
	}
	// "Bookmarks Toolbar" and seven names cut to 128 bytes: an eighth
	// would pass 1,024.
	importertest.CheckCategoriesShared(t, s.Records, 7)
	last := ssd3.SplitCategory(s.Records[depth-1].Category())
	if len(last) != 8 || last[0] != "Bookmarks Toolbar" || last[7] != "7-"+name[:123]+"..." {
		t.Errorf("CATEGORY %q", s.Records[depth-1].Category())
	}
	if s.Dropped != 8 {
		t.Errorf("%d notes of what was dropped, want 8: %v", s.Dropped, s.Diagnostics)
	}
	importertest.CheckDiagnostics(t, s.Diagnostics, []string{
		`0 dropped: moz_bookmarks id 101: folder "1-xxx`,
		`0 dropped: moz_bookmarks id 108: folder "8-xxxx`,
	}, false)
}
