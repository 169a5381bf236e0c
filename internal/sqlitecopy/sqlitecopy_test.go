package sqlitecopy

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// makeDB makes an SQLite database at path with one table of n rows.
func makeDB(t *testing.T, path string, n int) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`CREATE TABLE bookmarks (id INTEGER PRIMARY KEY, url TEXT)`); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if _, err := db.Exec(`INSERT INTO bookmarks (url) VALUES (?)`, strings.Repeat("x", 100)+string(rune('a'+i%26))); err != nil {
			t.Fatal(err)
		}
	}
}

// within fails the test if f has not returned after a while: what it
// tests must never block on a FIFO.
func within(t *testing.T, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("blocked: still opening after 20 seconds")
	}
}

// leftIn returns the names of what is in dir.
func leftIn(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}

func TestOpenReadsACopyAndCloseRemovesIt(t *testing.T) {
	t.Parallel()
	src, tmp := filepath.Join(t.TempDir(), "places.sqlite"), t.TempDir()
	makeDB(t, src, 3)
	db, err := openIn(context.Background(), src, tmp)
	if err != nil {
		t.Fatal(err)
	}
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM bookmarks`).Scan(&n); err != nil || n != 3 {
		t.Errorf("count = %d, %v; want 3", n, err)
	}
	if left := leftIn(t, tmp); len(left) != 1 || !strings.HasPrefix(left[0], copyPrefix+fmt.Sprint(os.Getpid())+"-") {
		t.Errorf("the copy is %v; want one directory named %s<pid>-…", left, copyPrefix)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if left := leftIn(t, tmp); len(left) != 0 {
		t.Errorf("after Close, the temporary directory holds %v", left)
	}
}

func TestOpenRemovesTheCopyWhenCancelled(t *testing.T) {
	t.Parallel()
	src, tmp := filepath.Join(t.TempDir(), "places.sqlite"), t.TempDir()
	makeDB(t, src, 3)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	db, err := openIn(ctx, src, tmp)
	if err == nil {
		db.Close()
		t.Fatal("opened with its context ended")
	}
	if !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v; want context.Canceled", err)
	}
	if left := leftIn(t, tmp); len(left) != 0 {
		t.Errorf("a cancelled open left %v in the temporary directory", left)
	}
}

func TestOpenRefusesADamagedDatabase(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.sqlite")
	makeDB(t, whole, 200) // some pages
	data, err := os.ReadFile(whole)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"cut in its header", data[:50], "shorter than the 100-byte header"},
		{"cut in a page", data[:len(data)-100], "not a whole number"},
		{"cut at a page", data[:4096], "header counts"},
		{"page size broken", append(append(append([]byte{}, data[:16]...), 0, 3), data[18:]...), "page size of 3"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			path, tmp := filepath.Join(t.TempDir(), "places.sqlite"), t.TempDir()
			if err := os.WriteFile(path, tc.data, 0o600); err != nil {
				t.Fatal(err)
			}
			db, err := openIn(context.Background(), path, tmp)
			if err == nil {
				db.Close()
				t.Fatal("opened a damaged database")
			}
			if !errors.Is(err, ErrDamaged) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v; want ErrDamaged saying %q", err, tc.want)
			}
			if _, err := Tables(path); !errors.Is(err, ErrDamaged) {
				t.Errorf("Tables: err = %v; want ErrDamaged", err)
			}
		})
	}
}
