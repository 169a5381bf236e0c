package tui

import (
	"time"

	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/tui/theme"
)

// TestConflictCopyIsOfferedAndMerged: a Syncthing conflict copy beside the
// catalogue is said at the start; M, then y, merges it in (its new
// bookmark added, the rating set differently kept both ways, marked),
// saves, and removes the copy; u undoes the merge.
func TestConflictCopyIsOfferedAndMerged(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, fixture)
	theirs := strings.Replace(fixture, "RATING: 1", "RATING: 3", 1) +
		"\r\nURI: https://copy.example/\r\nNAME: From the laptop\r\nDATE: 01/01/2024 00:00:00\r\n"
	cp := filepath.Join(filepath.Dir(path), "bookmarks.sync-conflict-20240101-120000-ABCDEFG.uricat")
	if err := os.WriteFile(cp, []byte(theirs), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := catalogue.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	c.Now = func() time.Time { return fixedNow }
	h := &harness{t: t, m: newModel(Options{Path: path, Catalogue: c, Theme: theme.Plain()})}
	h.send(tea.WindowSizeMsg{Width: 120, Height: 30})
	h.run(h.m.Init())
	if !strings.Contains(h.m.status.msg, "1 conflict copy beside the catalogue") || !strings.Contains(h.m.status.msg, "M merges") {
		t.Fatalf("status %q does not offer the copy", h.m.status.msg)
	}
	h.keys("M")
	if !strings.Contains(h.m.View(), "Merge 1 conflict copy into the catalogue") {
		t.Fatalf("no question:\n%s", h.m.View())
	}
	h.keys("y")
	if _, err := os.Stat(cp); !os.IsNotExist(err) {
		t.Error("the copy was not removed after the save")
	}
	got := h.reopen()
	if find(got, "From the laptop") == nil {
		t.Error("the copy's bookmark was not added")
	}
	var marked int
	for _, r := range got.Records() {
		if ssd3.ConflictSide(r) != "" {
			marked++
		}
	}
	if marked != 1 {
		t.Errorf("%d versions marked, want the copy's Google", marked)
	}
	if msg := h.m.status.msg; !strings.Contains(msg, "merged 1 conflict copy") || !strings.Contains(msg, "! settles") || !strings.Contains(msg, "removed 1 conflict copy") {
		t.Errorf("status %q", msg)
	}
	h.keys("u")
	if got := h.reopen(); find(got, "From the laptop") != nil || len(got.Records()) != 6 {
		t.Errorf("after undo: %d records", len(got.Records()))
	}
}

// TestConflictCopyVersionsAllKept: a Syncthing copy holding two versions
// of the catalogue's one URI ("Second", renamed and rated, and "Third",
// added beside it) merges in as two records of their own: the original
// gains no rating, nothing is lost, and the message claims no conflict.
func TestConflictCopyVersionsAllKept(t *testing.T) {
	t.Parallel()
	const first = "URI: http://x.example/\r\nNAME: First\r\nDATE: 01/01/2024 00:00:00\r\n"
	path := writeCatalogue(t, first)
	theirs := "URI: http://x.example/\r\nNAME: Second\r\nDATE: 02/01/2024 00:00:00\r\nRATING: 4\r\nX-ADDED: 01/01/2024 00:00:00\r\n\r\n" +
		"URI: http://x.example/\r\nNAME: Third\r\nDATE: 03/01/2024 00:00:00\r\n"
	cp := filepath.Join(filepath.Dir(path), "bookmarks.sync-conflict-20240101-120000-ABCDEFG.uricat")
	if err := os.WriteFile(cp, []byte(theirs), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := catalogue.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	c.Now = func() time.Time { return fixedNow }
	h := &harness{t: t, m: newModel(Options{Path: path, Catalogue: c, Theme: theme.Plain()})}
	h.send(tea.WindowSizeMsg{Width: 120, Height: 30})
	h.run(h.m.Init())
	h.keys("M")
	h.keys("y")
	got := h.reopen()
	if n := len(got.Records()); n != 3 {
		t.Errorf("%d records, want First, Second and Third", n)
	}
	for _, name := range []string{"First", "Second", "Third"} {
		if find(got, name) == nil {
			t.Errorf("%s is gone", name)
		}
	}
	if r := find(got, "First"); r != nil && r.Rating() != 0 {
		t.Errorf("First gained the rating %d", r.Rating())
	}
	if msg := h.m.status.msg; !strings.Contains(msg, "2 added") || strings.Contains(msg, "kept both ways") {
		t.Errorf("status %q, want 2 added and no conflict", msg)
	}
}
