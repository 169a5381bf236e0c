//go:build unix

package tui

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestKeysWorkWhileAnotherProcessHoldsTheLock: a rating key is applied at
// once while another uricat holds the catalogue's lock; the status line
// says the save waits, and the save lands when the lock is let go.
func TestKeysWorkWhileAnotherProcessHoldsTheLock(t *testing.T) {
	h := newHarness(t, fixture, 100, 24)
	dir, err := os.Open(filepath.Dir(h.m.path))
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
	if d := time.Since(start); d > time.Second {
		t.Errorf("the key took %v while the lock was held", d)
	}
	if r := find2(h.m.rows, "Google"); r == nil || r.Rating != 4 {
		t.Fatal("the rating was not applied while the lock was held")
	}
	if !h.m.waitingLock || !strings.Contains(h.m.statusBar(), "waiting for another uricat") {
		t.Errorf("status bar does not say the save waits: %q", h.m.statusBar())
	}
	if find(h.reopen(), "Google").Rating == 4 {
		t.Fatal("saved while another process held the lock")
	}
	syscall.Flock(int(dir.Fd()), syscall.LOCK_UN)
	h.send(saveRetryMsg{})
	if h.m.waitingLock || h.m.saving || find(h.reopen(), "Google").Rating != 4 {
		t.Errorf("after the lock was let go: waiting %v, saving %v, rating on disk %d", h.m.waitingLock, h.m.saving, find(h.reopen(), "Google").Rating)
	}
}
