package main

import (
	"database/sql"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pierrec/lz4/v4"
	_ "modernc.org/sqlite"
)

// TestImportDetectsStores: `uricat import FILE`, without --format,
// recognises Firefox's places.sqlite, its JSON backups, plain and
// compressed, and buku's bookmarks.db, and a database from standard input
// is refused with a reason.
func TestImportDetectsStores(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	places := filepath.Join(dir, "places.sqlite")
	db, err := sql.Open("sqlite", places)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url LONGVARCHAR, title LONGVARCHAR, description TEXT)`,
		`CREATE TABLE moz_bookmarks (id INTEGER PRIMARY KEY, type INTEGER, fk INTEGER DEFAULT NULL, parent INTEGER, position INTEGER, title LONGVARCHAR, keyword_id INTEGER, folder_type TEXT, dateAdded INTEGER, lastModified INTEGER, guid TEXT)`,
		`INSERT INTO moz_bookmarks (id, type, parent, title, guid) VALUES (1, 2, 0, '', 'root________'), (2, 2, 1, 'menu', 'menu________'), (3, 2, 1, 'toolbar', 'toolbar_____')`,
		`INSERT INTO moz_places (id, url, title) VALUES (1, 'https://firefox.example/', 'Fx')`,
		`INSERT INTO moz_bookmarks (type, fk, parent, title, dateAdded) VALUES (1, 1, 3, 'Fx', 1700000000000000)`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	backup := `{"type":"text/x-moz-place-container","root":"placesRoot","children":[{"type":"text/x-moz-place-container","root":"unfiledBookmarksFolder","children":[{"type":"text/x-moz-place","title":"Backup","uri":"https://backup.example/","dateAdded":1700000000000000}]}]}`
	plain := filepath.Join(dir, "bookmarks-2024-01-01.json")
	compressed := filepath.Join(dir, "bookmarks-2024-01-01_1_x.jsonlz4")
	buf := make([]byte, lz4.CompressBlockBound(len(backup)))
	n, err := lz4.CompressBlock([]byte(backup), buf, nil)
	if err != nil {
		t.Fatal(err)
	}
	lz := append([]byte("mozLz40\x00"), binary.LittleEndian.AppendUint32(nil, uint32(len(backup)))...)
	bukuDB, err := os.ReadFile(filepath.Join("..", "..", "importers", "buku", "testdata", "bookmarks.db"))
	if err != nil {
		t.Fatal(err)
	}
	buku := filepath.Join(dir, "bookmarks.db")
	for path, data := range map[string][]byte{plain: []byte(backup), compressed: append(lz, buf[:n]...), buku: bukuDB} {
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct{ path, format, record string }{
		{places, "firefox", "Fx <https://firefox.example/> [Bookmarks Toolbar]"},
		{plain, "firefox-json", "Backup <https://backup.example/> [Other Bookmarks]"},
		{compressed, "firefox-json", "Backup <https://backup.example/> [Other Bookmarks]"},
		{buku, "buku", "T <https://example.org>\n"},
	} {
		p := filepath.Join(t.TempDir(), "c.uricat")
		code, out, errs := uricatIn(t, "", "--catalogue", p, "import", "--dry-run", tc.path)
		if code != 0 {
			t.Fatalf("%s: exit %d, stderr:\n%s", tc.path, code, errs)
		}
		if !strings.Contains(out, "("+tc.format+")\n") || !strings.Contains(out, "  + "+tc.record) {
			t.Errorf("%s: stdout\n%s\nwant format %s and the record %s", filepath.Base(tc.path), out, tc.format, tc.record)
		}
	}
	in, err := os.ReadFile(places)
	if err != nil {
		t.Fatal(err)
	}
	code, _, errs := uricatIn(t, string(in), "--catalogue", filepath.Join(dir, "c.uricat"), "import", "-")
	if code == 0 || !strings.Contains(errs, "which uricat reads from a file, not from standard input") {
		t.Errorf("a database from standard input: exit %d, stderr %s", code, errs)
	}
}
