package transfer

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/uricat/uricat/importers/formats"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/theme"
)

// bukuDB writes a buku database of n bookmarks in dir.
func bukuDB(t *testing.T, dir string, n int) string {
	t.Helper()
	path := filepath.Join(dir, "bookmarks.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`CREATE TABLE bookmarks (id integer PRIMARY KEY, URL text NOT NULL UNIQUE, metadata text default '', tags text default ',', desc text default '', flags integer default 0)`); err != nil {
		t.Fatal(err)
	}
	tx, err := db.Begin()
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if _, err := tx.Exec(`INSERT INTO bookmarks (URL, metadata) VALUES (?, ?)`, fmt.Sprintf("https://example.org/%d", i), fmt.Sprintf("Page %d", i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// A source read by path (a database), which tells no bytes read, shows
// how many records it has given so far, where a stream shows its bytes:
// "opening it" until it is open, then the count the import sends
// (recordsMsg), the newest one.
func TestImportByPathCountsRecords(t *testing.T) {
	path := bukuDB(t, t.TempDir(), 300)
	m := NewImport(dialog.NewContext(theme.Plain()), ImportConfig{})
	m.SetSize(80, 24)
	f, _ := formats.ByName(readers, "buku")
	for i, r := range readers {
		if r.Name == f.Name {
			m.format = i
		}
	}
	m.path = path
	m.start()
	if v := m.View(); !strings.Contains(v, "importing bookmarks.db") || !strings.Contains(v, "opening it") {
		t.Fatalf("before the database is open:\n%s", v)
	}
	done := m.run()() // the whole import: the newest count waits in the channel
	msg := waitRecords(m.id, m.counts)()
	if got, ok := msg.(recordsMsg); !ok || got.n != 300 {
		t.Fatalf("the import answered %#v, want a count of 300 records", msg)
	}
	m, _ = step(m, recordsMsg{id: m.id + 1000, n: 7}) // another screen's import
	m, _ = step(m, msg)
	if v := m.View(); !strings.Contains(v, "300 records read so far") {
		t.Errorf("the count is not shown:\n%s", v)
	}
	m, _ = step(m, done)
	if !m.Done() || m.summary.Imported != 300 {
		t.Errorf("import not done: %+v", m.summary)
	}
}

// countRecords counts what the reader of a source read by path gives:
// 0 once it is open, then one more after each record; a stream's format
// is left as it is.
func TestCountRecords(t *testing.T) {
	path := bukuDB(t, t.TempDir(), 3)
	var calls []int
	f, _ := formats.ByName(readers, "buku")
	_, s, err := importFile(context.Background(), ImportConfig{}, path, countRecords(f, func(n int) { calls = append(calls, n) }), nil)
	if err != nil || s.Imported != 3 {
		t.Fatalf("err %v summary %s", err, s)
	}
	if fmt.Sprint(calls) != "[0 1 2 3]" {
		t.Errorf("counts %v, want [0 1 2 3]", calls)
	}
	html, _ := formats.ByName(readers, "netscape")
	if got := countRecords(html, func(int) { t.Error("a stream counted") }); got.Open != nil {
		t.Error("a stream's format got an Open")
	}
}
