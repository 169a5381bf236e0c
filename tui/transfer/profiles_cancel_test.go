package transfer

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/importers/profiles"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/theme"
)

// makeBuku makes a buku database of n bookmarks at path.
func makeBuku(t *testing.T, path string, n int) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, s := range []string{`CREATE TABLE bookmarks (id integer PRIMARY KEY, URL text NOT NULL UNIQUE, metadata text default '', tags text default ',', desc text default '', flags integer default 0)`,
		`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i < ` + fmt.Sprint(n) + `)
		INSERT INTO bookmarks (URL, metadata) SELECT 'https://example.org/' || i, 'page ' || i FROM n`} {
		if _, err := db.Exec(s); err != nil {
			t.Fatal(err)
		}
	}
}

// TestProfileCountsStopWhenTheScreenCloses: the counting of the profiles'
// bookmarks, in the background, stops when the import screen closes,
// rather than copying and reading every profile for a screen no longer
// there (a FIFO hung it, with no way out but to quit).
func TestProfileCountsStopWhenTheScreenCloses(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "bookmarks.db")
	makeBuku(t, db, 2000)
	p := profiles.Profile{Browser: "buku", Title: "buku", Path: db, Format: "buku", Default: true}
	m := NewImport(dialog.NewContext(theme.Plain()), ImportConfig{Dir: dir, Profiles: found([]profiles.Profile{p, p, p})})
	m.SetSize(80, 24)
	batch, ok := m.Init()().(tea.BatchMsg)
	if !ok {
		t.Fatal("Init's command is not a batch")
	}
	if _, cmd := step(m, press(tea.KeyEsc)); cmd == nil {
		t.Fatal("esc did not close the screen")
	}
	var msg profilesMsg
	for _, cmd := range batch {
		if pm, ok := cmd().(profilesMsg); ok {
			msg = pm
		}
	}
	if len(msg.found) != 3 {
		t.Fatalf("found %d profiles; want 3", len(msg.found))
	}
	for i, f := range msg.found {
		if f.count != -1 || !errors.Is(f.err, context.Canceled) {
			t.Errorf("profile %d counted after the screen closed: %d bookmarks, %v", i, f.count, f.err)
		}
	}
}

// TestProfileCountsWhileTheScreenIsOpen: open, the screen counts them.
func TestProfileCountsWhileTheScreenIsOpen(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "bookmarks.db")
	makeBuku(t, db, 20)
	p := profiles.Profile{Browser: "buku", Title: "buku", Path: db, Format: "buku", Default: true}
	m := NewImport(dialog.NewContext(theme.Plain()), ImportConfig{Dir: dir, Profiles: found([]profiles.Profile{p})})
	m.SetSize(80, 24)
	m, _ = drain(t, m, m.Init())
	if len(m.profs.found) != 1 || m.profs.found[0].count != 20 {
		t.Errorf("found %+v; want one profile of 20 bookmarks", m.profs.found)
	}
}
