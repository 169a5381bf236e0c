//go:build unix

package main

import (
	"bytes"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// samplePlaces is the sample places.sqlite of ../shared, or the test is
// skipped.
func samplePlaces(t *testing.T) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "shared", "samples", "firefox-profile", "places.sqlite"))
	if err != nil {
		t.Skipf("no sample places.sqlite (../shared is absent): %v", err)
	}
	return data
}

// uricatWithin is uricat, failing the test if it runs for more than 20 s:
// nothing it is given may make it block.
func uricatWithin(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		code, stdout, stderr = uricat(t, args...)
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatalf("uricat %s still runs after 20 s", strings.Join(args, " "))
	}
	return code, stdout, stderr
}

// TestImportDatabaseWhoseFilesAreNotFiles: a places.sqlite that is a
// FIFO, or whose -wal or -journal is one or a link to /dev/zero, is
// refused at once, naming the file, with exit 2 (a file that cannot be
// read), --format or not: they hung the import, or filled the temporary
// directory.
func TestImportDatabaseWhoseFilesAreNotFiles(t *testing.T) {
	t.Parallel()
	places := samplePlaces(t)
	fifo := func(p string) error { return syscall.Mkfifo(p, 0o600) }
	zero := func(p string) error { return os.Symlink("/dev/zero", p) }
	for _, tc := range []struct {
		name   string
		suffix string
		make   func(string) error
		format bool
	}{
		{"places.sqlite a FIFO, --format", "", fifo, true},
		{"places.sqlite a FIFO", "", fifo, false},
		{"-wal a FIFO", "-wal", fifo, false},
		{"-wal a FIFO, --format", "-wal", fifo, true},
		{"-wal linked to /dev/zero", "-wal", zero, false},
		{"-journal a FIFO", "-journal", fifo, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			db := filepath.Join(t.TempDir(), "places.sqlite")
			if tc.suffix != "" {
				if err := os.WriteFile(db, places, 0o600); err != nil {
					t.Fatal(err)
				}
			}
			if err := tc.make(db + tc.suffix); err != nil {
				t.Skip(err)
			}
			args := []string{"--catalogue", filepath.Join(t.TempDir(), "c.uricat"), "import", "--dry-run"}
			if tc.format {
				args = append(args, "--format", "firefox")
			}
			code, _, errs := uricatWithin(t, append(args, db)...)
			if code != 2 || !strings.Contains(errs, db+tc.suffix+" is a ") || !strings.Contains(errs, "not a regular file") {
				t.Errorf("exit %d, stderr %q; want 2 and a message naming %s", code, errs, db+tc.suffix)
			}
		})
	}
}

// TestImportTruncatedDatabase: a places.sqlite cut short says so, and
// exits the same, whether --format names it or not (it said "its tables
// are not theirs" without --format).
func TestImportTruncatedDatabase(t *testing.T) {
	t.Parallel()
	places := samplePlaces(t)
	for _, cut := range []int{50, 100000, 3 * 32768} {
		t.Run(fmt.Sprint(cut), func(t *testing.T) {
			t.Parallel()
			db := filepath.Join(t.TempDir(), "places.sqlite")
			if err := os.WriteFile(db, places[:cut], 0o600); err != nil {
				t.Fatal(err)
			}
			cat := filepath.Join(t.TempDir(), "c.uricat")
			code1, _, err1 := uricatWithin(t, "--catalogue", cat, "import", "--format", "firefox", db)
			code2, _, err2 := uricatWithin(t, "--catalogue", cat, "import", db)
			if code1 != code2 || code1 != 1 || err1 != err2 || !strings.Contains(err1, db+": truncated or not an SQLite database") {
				t.Errorf("--format firefox: exit %d, %q\nno --format:       exit %d, %q\nwant both 1, saying the file is truncated", code1, err1, code2, err2)
			}
		})
	}
}

// TestImportInterruptedRemovesItsCopy: SIGTERM (as ctrl+c) during the
// import of a database stops it, imports nothing, and removes the
// private copy, which held the whole database.
func TestImportInterruptedRemovesItsCopy(t *testing.T) {
	t.Parallel()
	dir, tmp := t.TempDir(), t.TempDir()
	db := filepath.Join(dir, "bookmarks.db")
	makeBuku(t, db, 100000)
	cat := filepath.Join(dir, "c.uricat")
	cmd := exec.Command(os.Args[0], "--catalogue", cat, "import", "--format", "buku", db)
	cmd.Env = append(os.Environ(), "URICAT_TEST_RUN=1", "TMPDIR="+tmp)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The copy is there while the import reads it.
	deadline := time.Now().Add(20 * time.Second)
	for copies(t, tmp) == 0 {
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("no copy of the database appeared; stderr %q", stderr.String())
		}
		time.Sleep(time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGTERM)
	err := cmd.Wait()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 1 || !strings.Contains(stderr.String(), "interrupted; nothing was imported") {
		t.Errorf("exit %v, stderr %q; want 1, interrupted", err, stderr.String())
	}
	if n := copies(t, tmp); n != 0 {
		t.Errorf("the interrupted import left %d copies in the temporary directory", n)
	}
	if _, err := os.Stat(cat); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the interrupted import wrote the catalogue: %v", err)
	}
}

// copies counts the private copies of databases in tmp.
func copies(t *testing.T, tmp string) int {
	t.Helper()
	entries, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), "uricat-sqlitecopy-") {
			n++
		}
	}
	return n
}

// makeBuku makes a buku database of n bookmarks at path.
func makeBuku(t *testing.T, path string, n int) {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	stmts := []string{`CREATE TABLE bookmarks (id integer PRIMARY KEY, URL text NOT NULL UNIQUE, metadata text default '', tags text default ',', desc text default '', flags integer default 0)`,
		`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i+1 FROM n WHERE i < ` + fmt.Sprint(n) + `)
		INSERT INTO bookmarks (URL, metadata) SELECT 'https://example.org/' || i, 'page ' || i FROM n`}
	for _, s := range stmts {
		if _, err := db.Exec(s); err != nil {
			t.Fatal(err)
		}
	}
}
