package dirwatch

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// wait reports whether w tells of a change within d.
func wait(w *Watcher, d time.Duration) bool {
	select {
	case <-w.Changed():
		return true
	case <-time.After(d):
		return false
	}
}

// A file written in place, a file renamed over it (as editors and
// uricat's saves do) and the file removed are each told once; other
// files of the directory are not.
func TestWatchTellsChangesOfTheFileOnly(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "bookmarks.uricat")
	if err := os.WriteFile(path, []byte("a"), 0o644); err != nil {
		t.Fatal(err)
	}
	w, err := Watch(path)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()

	steps := []struct {
		name   string
		do     func() error
		change bool
	}{
		{"another file", func() error { return os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("x"), 0o644) }, false},
		{"written in place", func() error { return os.WriteFile(path, []byte("b"), 0o644) }, true},
		{"renamed over", func() error {
			tmp := filepath.Join(dir, ".bookmarks.uricat-tmp-1")
			if err := os.WriteFile(tmp, []byte("c"), 0o644); err != nil {
				return err
			}
			return os.Rename(tmp, path)
		}, true},
		{"mode changed", func() error { return os.Chmod(path, 0o600) }, false},
		{"removed", func() error { return os.Remove(path) }, true},
	}
	for _, s := range steps {
		if err := s.do(); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		got := wait(w, time.Second)
		if got != s.change {
			t.Errorf("%s: told %v, want %v", s.name, got, s.change)
		}
		if got && time.Since(start) > MaxDelay+200*time.Millisecond {
			t.Errorf("%s: told after %v", s.name, time.Since(start))
		}
		// A burst is told once.
		if wait(w, 2*Debounce) {
			t.Errorf("%s: told twice", s.name)
		}
	}
}

// WatchAlso tells of the files it also accepts, and of no others.
func TestWatchAlsoTellsOfOtherNames(t *testing.T) {
	dir := t.TempDir()
	w, err := WatchAlso(filepath.Join(dir, "c.uricat"), func(name string) bool { return name == "copy.uricat" })
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	os.WriteFile(filepath.Join(dir, "other"), nil, 0o644)
	if wait(w, 3*Debounce) {
		t.Error("told of another file")
	}
	os.WriteFile(filepath.Join(dir, "copy.uricat"), nil, 0o644)
	if !wait(w, time.Second) {
		t.Error("not told of the file also accepted")
	}
}

// After Close, Done is closed and nothing more is told.
func TestCloseEndsTheWatch(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.uricat")
	w, err := Watch(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	_ = w.Close()
	select {
	case <-w.Done():
	default:
		t.Fatal("Done not closed")
	}
	if err := os.WriteFile(path, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if wait(w, 3*Debounce) {
		t.Error("a change told after Close")
	}
}

// A directory that cannot be watched is an error naming it.
func TestWatchUnderAFileFails(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := Watch(filepath.Join(file, "gone", "c.uricat"))
	if err == nil || !strings.Contains(err.Error(), "not a directory") {
		t.Fatalf("error %v, want one saying %s is not a directory", err, file)
	}
}

// A directory that does not exist yet (a first run: no data folder) is
// watched once it is made, however deep: the file written in it then, and
// every change after, is told.
func TestWatchOfADirectoryMadeLater(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	dir := filepath.Join(root, "share", "uricat")
	path := filepath.Join(dir, "c.uricat")
	w, err := Watch(path)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("URI: http://a/\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if !wait(w, 5*time.Second) {
		t.Fatal("the file written in a directory made after the watch began was not told")
	}
	if err := os.WriteFile(path, []byte("URI: http://b/\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if !wait(w, 5*time.Second) {
		t.Fatal("a later change of the file was not told")
	}
	if err := os.WriteFile(filepath.Join(dir, "other"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if wait(w, 3*Debounce) {
		t.Error("another file of the directory was told")
	}
}
