package firefox

import (
	"bufio"
	"crypto/sha256"
	"database/sql"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// lockEnv, set, makes the test binary the running Firefox of
// TestPlacesLocked (see TestHoldLock): the path of the database to hold.
const lockEnv = "URICAT_TEST_HOLD_PLACES"

// TestHoldLock is not a test: run by TestPlacesLocked as another process,
// it does to the database what a running Firefox does. It opens it in
// exclusive locking mode (Firefox's own setting for places.sqlite), adds
// a bookmark, which stays in the -wal file (no checkpoint), and holds an
// exclusive transaction open until its standard input closes.
func TestHoldLock(t *testing.T) {
	path := os.Getenv(lockEnv)
	if path == "" {
		t.Skip("run by TestPlacesLocked only")
	}
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	for _, q := range []string{
		"PRAGMA locking_mode = EXCLUSIVE",
		"PRAGMA journal_mode = WAL",
		"PRAGMA wal_autocheckpoint = 0",
		`INSERT INTO moz_places (id, url, title) VALUES (1000, 'https://recent.example/', 'Recent')`,
		`INSERT INTO moz_bookmarks (type, fk, parent, title, dateAdded, lastModified) VALUES (1, 1000, 2, 'Added this session', 1750000000000000, 1750000000000000)`,
		"BEGIN EXCLUSIVE",
		"UPDATE moz_bookmarks SET title = 'Uncommitted' WHERE fk = 1000",
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	fmt.Println("locked")
	io.Copy(io.Discard, os.Stdin)
}

// TestPlacesLocked reads a places.sqlite that another process holds as a
// running Firefox does (TestHoldLock): under an exclusive lock, with its
// latest bookmark only in the -wal file. The import must see that
// bookmark (committed) but not the uncommitted change, and leave the
// profile folder as it was: no file added, none changed.
func TestPlacesLocked(t *testing.T) {
	dir := t.TempDir()
	f := newPlaces(t, dir)
	f.add(rootMenu, "https://old.example/", "Old", 1700000000000000, 1700000000000000)
	f.exec("PRAGMA journal_mode = WAL")
	f.close()

	cmd := exec.Command(os.Args[0], "-test.run=^TestHoldLock$", "-test.v")
	cmd.Env = append(os.Environ(), lockEnv+"="+f.path)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		stdin.Close()
		cmd.Wait()
	}()
	locked := make(chan bool)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			if sc.Text() == "locked" {
				locked <- true
				io.Copy(io.Discard, stdout)
				return
			}
		}
		close(locked)
	}()
	select {
	case ok := <-locked:
		if !ok {
			t.Fatal("the process holding the database failed")
		}
	case <-time.After(time.Minute):
		t.Fatal("the process holding the database did not lock it")
	}

	// The lock is real: SQLite itself cannot read the database.
	other, err := sql.Open("sqlite", f.path)
	if err != nil {
		t.Fatal(err)
	}
	var n int
	err = other.QueryRow("SELECT count(*) FROM moz_bookmarks").Scan(&n)
	other.Close()
	if err == nil || !strings.Contains(err.Error(), "locked") {
		t.Fatalf("another connection reads the database (err %v): it is not locked", err)
	}
	before := snapshot(t, dir)
	t.Logf("the profile folder: %v", slices.Sorted(maps.Keys(before)))
	if _, ok := before["places.sqlite-wal"]; !ok {
		t.Fatalf("no -wal file beside the database: %v", slices.Sorted(maps.Keys(before)))
	}
	if !DetectPlaces(f.path) {
		t.Error("a locked places.sqlite is not detected")
	}
	s := readPlaces(t, f.path)
	var names []string
	for _, r := range s.Records {
		names = append(names, r.Name())
	}
	if got := strings.Join(names, ", "); got != "Old, Added this session" {
		t.Errorf("records %s, want Old, Added this session", got)
	}
	after := snapshot(t, dir)
	if !maps.Equal(before, after) {
		t.Errorf("the profile folder changed:\nbefore %v\nafter  %v", before, after)
	}
}

// snapshot is the files of dir, each with a hash of its content.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, e := range entries {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = fmt.Sprintf("%x", sha256.Sum256(b))
	}
	return files
}
