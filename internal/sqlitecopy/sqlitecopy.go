// Package sqlitecopy reads another program's SQLite database (a browser's
// places.sqlite, buku's bookmarks.db) without disturbing that program,
// which may be running and hold the database locked.
//
// Opening the file itself with SQLite would take locks on it, and may
// leave a -wal, -shm or -journal file beside it, where the program owns
// everything. Opening it "immutable" takes no lock but ignores the -wal
// file, where a running Firefox keeps its recent changes until a
// checkpoint: bookmarks added this session would be missing. So Open
// reads a copy: the database and its -wal (and -journal) files are copied
// into a private temporary directory, and SQLite opens the copy, which
// replays the WAL into it as it would for the program. Reading a file
// takes no lock (SQLite's locks on Unix are advisory; on Windows they
// cover bytes past the first GiB), so a lock held by the program does not
// stop the copy.
//
// Only detection (Tables) opens the file itself, read-only and immutable:
// it reads the schema, which WAL changes do not touch in practice, and
// leaves no file and no lock behind.
package sqlitecopy

import (
	"bytes"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" driver: pure Go, no cgo
)

// Magic is how every SQLite 3 database file starts.
const Magic = "SQLite format 3\x00"

// IsSQLite reports whether head, the first bytes of a file, start an
// SQLite 3 database.
func IsSQLite(head []byte) bool { return bytes.HasPrefix(head, []byte(Magic)) }

// DB is an open copy of a database; Close removes the copy.
type DB struct {
	*sql.DB
	dir string
}

// Close closes the database and removes the copy.
func (d *DB) Close() error {
	err := d.DB.Close()
	if rerr := os.RemoveAll(d.dir); err == nil {
		err = rerr
	}
	return err
}

// The files SQLite may keep beside a database, which hold part of its
// content: changes not yet checkpointed (-wal), or the undo of a
// transaction under way or cut short (-journal, which opening the copy
// rolls back). The -shm file is only an index of the -wal, rebuilt from
// it.
var sidecars = []string{"-wal", "-journal"}

// copyTries is how many times Open copies a database that changes while
// it is copied before it reads the last copy as it is: a WAL frame cut
// short is ignored by SQLite (its checksum fails), so the copy is at worst
// a moment older than the original.
const copyTries = 3

// Open copies the database at path, with its -wal and -journal files, into
// a private temporary directory, and opens the copy for reading
// (query_only). The file must be a regular file that starts as an SQLite
// database does.
func Open(path string) (*DB, error) {
	if err := checkFile(path); err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "uricat-sqlite-")
	if err != nil {
		return nil, fmt.Errorf("a copy of the database: %w", err)
	}
	copyPath := filepath.Join(dir, "db")
	for try := 1; ; try++ {
		before := stamps(path)
		if err := copyWithSidecars(path, copyPath); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
		if try == copyTries || stamps(path) == before {
			break
		}
	}
	db, err := sql.Open("sqlite", copyPath)
	if err == nil {
		// One connection: the pragma below holds for it, and a reader
		// needs no more.
		db.SetMaxOpenConns(1)
		_, err = db.Exec("PRAGMA query_only = 1")
	}
	if err != nil {
		if db != nil {
			db.Close()
		}
		os.RemoveAll(dir)
		return nil, fmt.Errorf("open a copy of the database: %w", err)
	}
	return &DB{DB: db, dir: dir}, nil
}

// checkFile refuses what is not a regular file that starts as an SQLite
// database: a FIFO would block the copy, and SQLite's own message for
// another file ("file is not a database") does not say which.
func checkFile(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("%s is not a regular file", path)
	}
	head := make([]byte, len(Magic))
	if _, err := io.ReadFull(f, head); err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return err
	}
	if !IsSQLite(head) {
		return errors.New("not an SQLite database: it does not start with \"SQLite format 3\"")
	}
	return nil
}

// stamp is what tells that a file changed: its size and modification
// time, for the database and each sidecar.
type stamp struct {
	size [3]int64
	mod  [3]time.Time
}

func stamps(path string) stamp {
	var s stamp
	for i, suffix := range append([]string{""}, sidecars...) {
		if info, err := os.Stat(path + suffix); err == nil {
			s.size[i], s.mod[i] = info.Size(), info.ModTime()
		} else {
			s.size[i] = -1
		}
	}
	return s
}

// copyWithSidecars copies the database at path to dst, and each sidecar
// that exists beside it to dst and the same suffix; a sidecar that does
// not exist is removed from beside dst, as it is from beside path.
func copyWithSidecars(path, dst string) error {
	if err := copyFile(path, dst); err != nil {
		return err
	}
	for _, suffix := range sidecars {
		err := copyFile(path+suffix, dst+suffix)
		if errors.Is(err, os.ErrNotExist) {
			err = os.Remove(dst + suffix)
			if errors.Is(err, os.ErrNotExist) {
				err = nil
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return fmt.Errorf("a copy of the database: %w", err)
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return fmt.Errorf("copy %s: %w", src, err)
	}
	if err := out.Close(); err != nil {
		return fmt.Errorf("a copy of the database: %w", err)
	}
	return nil
}

// Tables returns the tables of the database at path, each with its
// columns, names in lower case, read from the file itself opened
// read-only and immutable: no lock taken, no file left beside it. It is
// for telling databases apart, not for reading their content (see the
// package doc).
func Tables(path string) (map[string]map[string]bool, error) {
	if err := checkFile(path); err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	db, err := sql.Open("sqlite", immutableURI(abs))
	if err != nil {
		return nil, err
	}
	defer db.Close()
	rows, err := db.Query(`SELECT m.name, p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table'`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	tables := map[string]map[string]bool{}
	for rows.Next() {
		var table, col string
		if err := rows.Scan(&table, &col); err != nil {
			return nil, err
		}
		table = strings.ToLower(table)
		if tables[table] == nil {
			tables[table] = map[string]bool{}
		}
		tables[table][strings.ToLower(col)] = true
	}
	return tables, rows.Err()
}

// immutableURI is the SQLite URI (https://sqlite.org/uri.html) that
// opens the file at abs, an absolute path, read-only and immutable. The
// path is escaped: a "?" or "#" in it would end it.
func immutableURI(abs string) string {
	p := filepath.ToSlash(abs)
	if runtime.GOOS == "windows" && !strings.HasPrefix(p, "/") {
		p = "/" + p // file:///C:/dir/file
	}
	u := url.URL{Scheme: "file", Path: p, RawQuery: "mode=ro&immutable=1"}
	return u.String()
}

// Columns returns the names, in lower case, of the columns of table in
// db, none if it has no such table: the readers read what the schema of
// each version of a program has.
func Columns(db *sql.DB, table string) (map[string]bool, error) {
	rows, err := db.Query("SELECT name FROM pragma_table_info(?)", table)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	cols := map[string]bool{}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			return nil, err
		}
		cols[strings.ToLower(name)] = true
	}
	return cols, rows.Err()
}

// OpenWith opens a private copy of the database at path (Open) and hands
// it to open, which makes what reads it; the Closer closes that, then
// removes the copy. A reader of a browser's or buku's database is opened
// this way.
func OpenWith[R io.Closer](path string, open func(*sql.DB) (R, error)) (R, io.Closer, error) {
	var zero R
	db, err := Open(path)
	if err != nil {
		return zero, nil, err
	}
	r, err := open(db.DB)
	if err != nil {
		db.Close()
		return zero, nil, err
	}
	return r, closers{r, db}, nil
}

// closers closes each in turn, and returns the first error.
type closers []io.Closer

func (c closers) Close() error {
	var err error
	for _, x := range c {
		if e := x.Close(); err == nil {
			err = e
		}
	}
	return err
}
