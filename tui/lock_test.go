//go:build unix

package tui

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/uricat/uricat/tui/store"
)

// TestKeysWorkWhileAnotherProcessHoldsTheLock: a rating key is applied at
// once while another uricat holds the catalogue's lock; the status line
// says the save waits, and the save lands when the lock is let go.
func TestKeysWorkWhileAnotherProcessHoldsTheLock(t *testing.T) {
	// Not parallel: it times a key, which tests beside it would slow.
	h := newHarness(t, fixture, 100, 24)
	dir, err := os.Open(filepath.Dir(h.m.store.Path()))
	if err != nil {
		t.Fatal(err)
	}
	defer dir.Close()
	if err := syscall.Flock(int(dir.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	h.selectName("Google")
	start := time.Now()
	h.keys("4")
	// A key that waited for the lock would wait until it is let go,
	// below: far past this bound, which a loaded machine's slow key
	// stays under.
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the key took %v while the lock was held", d)
	}
	if r := find2(h.m.allRows(), "Google"); r == nil || r.Rating() != 4 {
		t.Fatal("the rating was not applied while the lock was held")
	}
	if !h.m.store.WaitingLock() || !strings.Contains(h.m.statusBar(), "waiting for another uricat") {
		t.Errorf("status bar does not say the save waits: %q", h.m.statusBar())
	}
	if find(h.reopen(), "Google").Rating() == 4 {
		t.Fatal("saved while another process held the lock")
	}
	syscall.Flock(int(dir.Fd()), syscall.LOCK_UN)
	h.send(store.RetryLockMsg{})
	if h.m.store.WaitingLock() || h.m.store.Saving() || find(h.reopen(), "Google").Rating() != 4 {
		t.Errorf("after the lock was let go: waiting %v, saving %v, rating on disk %d", h.m.store.WaitingLock(), h.m.store.Saving(), find(h.reopen(), "Google").Rating())
	}
}

// TestDeletedCatalogueIsSaidAndWrittenBack: another program deletes the
// file while the TUI has it; the next change says so, keeps everything in
// memory, and ctrl+s writes it back.
func TestDeletedCatalogueIsSaidAndWrittenBack(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 24)
	if err := os.Remove(h.m.store.Path()); err != nil {
		t.Fatal(err)
	}
	h.selectName("Google")
	h.keys("4")
	if h.m.store.State() != store.Gone || !strings.Contains(h.m.status.msg, "deleted the catalogue file") || strings.Contains(h.m.status.msg, "changed elsewhere") {
		t.Fatalf("message %q", h.m.status.msg)
	}
	if _, err := os.Stat(h.m.store.Path()); err == nil {
		t.Fatal("the file was written back without asking")
	}
	h.keys("ctrl+s")
	c := h.reopen()
	if r := find(c, "Google"); r == nil || r.Rating() != 4 || len(c.Records()) != 6 {
		t.Errorf("ctrl+s did not write the catalogue back whole")
	}
}

// TestKeyIndexIsBuiltOffUpdate: after loading, and after an edit large
// enough to drop it, the URI/ID index comes from a command, so that the
// first add does not build it in Update.
func TestKeyIndexIsBuiltOffUpdate(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 24)
	if h.m.store.Catalogue().NeedsKeyIndex() || h.m.store.IndexingKeys() {
		t.Fatal("no key index after loading")
	}
}

// TestRateThenQuitTypedAtOnceSaves: "4" waits for a running search pass;
// a "q" typed right after it waits too, so the rating is saved before the
// program quits.
func TestRateThenQuitTypedAtOnceSaves(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 24)
	h.selectName("Google")
	pass := h.m.refilter(h.m.store.Catalogue().Records()) // a pass is running: the list on screen is about to change
	_, cmd4 := h.m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("4")})
	_, cmdq := h.m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("q")})
	if cmd4 != nil || cmdq != nil || h.m.list.Deferred() != 2 {
		t.Fatalf("keys typed during a pass: %d deferred", h.m.list.Deferred())
	}
	// The pass answers: the keys run in order.
	h.send(pass())
	if !h.quit {
		t.Fatal("q did not quit after the save")
	}
	if find(h.reopen(), "Google").Rating() != 4 {
		t.Error("the rating typed before q was not saved")
	}
}

// TestSaveWarningIsSaid: a save that could not keep something of the file
// (its other hard link, which keeps the old version) says so.
func TestSaveWarningIsSaid(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 24)
	if err := os.Link(h.m.store.Path(), h.m.store.Path()+".bak"); err != nil {
		t.Fatal(err)
	}
	h.selectName("Google")
	h.keys("4")
	if find(h.reopen(), "Google").Rating() != 4 {
		t.Fatal("not saved")
	}
	if !strings.Contains(h.m.status.msg, "saved, but:") || !strings.Contains(h.m.status.msg, "2 hard links") {
		t.Errorf("message %q, want the save's warning", h.m.status.msg)
	}
}
