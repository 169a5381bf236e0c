//go:build unix

package tui

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/uricat/uricat/tui/store"
)

// TestFollowKeepsAConflictingEdit: the user's rating waits for another
// process's lock, unsaved, when another program (git pull, which takes
// no lock) rates the same record otherwise. Following the file keeps the
// user's edit, on screen and in memory, says so, and writes nothing.
func TestFollowKeepsAConflictingEdit(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 24)
	path := h.m.store.Path()
	dir, err := os.Open(filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	defer dir.Close()
	if err := syscall.Flock(int(dir.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	h.selectName("Google")
	h.keys("4")
	theirs := strings.Replace(fixture, "RATING: 1", "RATING: 2", 1)
	if err := os.WriteFile(path, []byte(theirs), 0o644); err != nil {
		t.Fatal(err)
	}
	h.send(store.FileChangedMsg{})
	syscall.Flock(int(dir.Fd()), syscall.LOCK_UN)
	h.send(store.RetryLockMsg{})

	if r := find(h.m.store.Catalogue(), "Google"); r == nil || r.Rating() != 4 {
		t.Fatalf("the user's rating was dropped: %v", r)
	}
	if r := find2(h.m.allRows(), "Google"); r == nil || r.Rating() != 4 {
		t.Fatal("the list does not show the user's rating")
	}
	if msg := h.m.status.msg; !strings.Contains(msg, "“Google”") || !strings.Contains(msg, "not saved") {
		t.Errorf("status %q does not report the conflict", msg)
	}
	if b, _ := os.ReadFile(path); string(b) != theirs {
		t.Error("the file was written over the other program's version")
	}
	if !h.m.store.Catalogue().Modified() {
		t.Error("the user's edit is not kept as unsaved")
	}
}
