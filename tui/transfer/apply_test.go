package transfer

import (
	"errors"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/dialog/dialogtest"
	"github.com/uricat/uricat/tui/theme"
)

// storeContext returns a dialog context whose store is a fake over c.
func storeContext(c *catalogue.Catalogue) (dialog.Context, *dialogtest.Store) {
	s := &dialogtest.Store{Cat: c}
	ctx := dialog.NewContext(theme.Plain())
	ctx.Store = s
	return ctx, s
}

// The plan read comes back to the import screen, which applies it
// through the store as one edit and shows what the edit did; an import
// that adds nothing is no edit.
func TestImportAppliesItsPlan(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "bookmarks.html", bookmarks)
	c := newCatalogue(t)
	ctx, store := storeContext(c)
	m := NewImport(ctx, ImportConfig{Dir: dir, Now: time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)})
	m.SetSize(80, 24)
	m, _ = pick(t, m, "bookmarks.html")
	m, cmd := step(m, press(tea.KeyEnter))
	m, out := drain(t, m, cmd)
	if len(out) != 1 {
		t.Fatalf("import emitted %v, want one ImportedMsg", out)
	}
	im := out[0].(ImportedMsg)
	if next, _ := m.Update(im); next != m || c.Len() != 3 || len(store.Edits) != 1 {
		t.Fatalf("after ImportedMsg: %T, %d records, %d edits", next, c.Len(), len(store.Edits))
	}
	if s, err := m.Summary(); err != nil || s.Imported != 2 || s.Duplicates != 1 || !m.Done() {
		t.Errorf("summary %s, %v", s, err)
	}
	if store.What[0] != "imported 2 records" || store.Status != "imported 2 records (u undoes)" || store.Sev != theme.Success {
		t.Errorf("said %q, status %q", store.What, store.Status)
	}
	// Again: every record is in the catalogue now.
	m.Update(ImportedMsg{Plan: im.Plan, Summaries: im.Summaries})
	if c.Len() != 3 || store.Status != "nothing new to import" {
		t.Errorf("a second import: %d records, status %q", c.Len(), store.Status)
	}
}

// The export's end comes back to the screen: written, it says where on
// the status bar and closes; failed, it stays open and says nothing there.
func TestExportReportsItself(t *testing.T) {
	ctx, store := storeContext(newCatalogue(t))
	m := NewExport(ctx, nil, "all 2 records", t.TempDir())
	if m.Update(ExportedMsg{Path: "/tmp/b.html", Format: "netscape", Count: 2}); ctx.Take() != (dialog.Step{Close: true}) {
		t.Error("written, the screen did not close")
	}
	if store.Status != "exported 2 records to /tmp/b.html (netscape)" || store.Sev != theme.Success {
		t.Errorf("status %q (%v)", store.Status, store.Sev)
	}
	store.Status = ""
	if next, _ := m.Update(ExportedMsg{Path: "/tmp/b.html", Err: errors.New("disk full")}); next != m || store.Status != "" {
		t.Errorf("failed: %T, status %q", next, store.Status)
	}
}
