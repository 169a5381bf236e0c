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
//
// Every file read (the database, its -wal, its -journal) must be a
// regular file of at most MaxSize bytes (internal/regular: a FIFO would
// hang the copy, a link to /dev/zero fill the disk), and the database as
// long as its header says. The copy holds the program's whole data (a
// browser's history): it is removed on every error, when its context
// ends, and by Close; one that a killed process left is removed by the
// next Open (RemoveStale), as the catalogue's saves remove the temporary
// files of killed saves.
package sqlitecopy

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" driver: pure Go, no cgo

	"github.com/uricat/uricat/internal/regular"
	"github.com/uricat/uricat/internal/size"
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

// MaxSize bounds each file Open copies (the database, its -wal, its
// -journal). Firefox expires history to keep places.sqlite within some
// hundreds of MB, and its -wal is checkpointed at a few MB; buku's
// database is smaller still. A file larger than this is no browser's
// database, and copying it would fill the temporary directory.
const MaxSize = 4 << 30

// copyPrefix starts the name of the directory of every private copy, in
// the temporary directory: then the pid of the process that made it, and
// "-" and a random suffix. The pid tells a copy that a killed process left
// (RemoveStale) from one a running one reads.
const copyPrefix = "uricat-sqlitecopy-"

// Open copies the database at path, with its -wal and -journal files, into
// a private temporary directory (os.TempDir), and opens the copy for
// reading (query_only). Each must be a regular file, after following
// links, of at most MaxSize bytes, and the database must start as an
// SQLite database does and be whole (not cut short). ctx ending stops the
// copy. On every error, and when ctx ends, nothing is left in the
// temporary directory; the copies left by processes that were killed
// (SIGKILL leaves no time to remove one) are removed first.
func Open(ctx context.Context, path string) (*DB, error) {
	return openIn(ctx, path, os.TempDir())
}

// openIn is Open, with its copy in tmp.
func openIn(ctx context.Context, path, tmp string) (db *DB, err error) {
	if err := checkFile(path); err != nil {
		return nil, err
	}
	RemoveStale(tmp)
	dir, err := os.MkdirTemp(tmp, copyPrefix+strconv.Itoa(os.Getpid())+"-")
	if err != nil {
		return nil, fmt.Errorf("a copy of the database: %w", err)
	}
	defer func() {
		if err != nil {
			os.RemoveAll(dir)
		}
	}()
	copyPath := filepath.Join(dir, "db")
	for try := 1; ; try++ {
		before := stamps(path)
		if err := copyWithSidecars(ctx, path, copyPath); err != nil {
			return nil, err
		}
		if try == copyTries || stamps(path) == before {
			break
		}
	}
	sdb, err := sql.Open("sqlite", copyPath)
	if err == nil {
		// One connection: the pragma below holds for it, and a reader
		// needs no more.
		sdb.SetMaxOpenConns(1)
		_, err = sdb.ExecContext(ctx, "PRAGMA query_only = 1")
	}
	if err != nil {
		if sdb != nil {
			sdb.Close()
		}
		return nil, fmt.Errorf("open a copy of the database: %w", err)
	}
	return &DB{DB: sdb, dir: dir}, nil
}

// oldPrefix started the name of a copy's directory in older versions,
// then os.MkdirTemp's digits: they named no pid, and ctrl+c left every
// copy behind. oldAge is the age past which one is no import's still
// running.
const (
	oldPrefix = "uricat-sqlite-"
	oldAge    = time.Hour
)

// RemoveStale removes from tmp the private copies (their directories) of
// processes that are no longer running, as a save removes the temporary
// files of saves that were killed: a copy holds a profile's whole
// browsing history, which must not stay behind. A copy whose process
// runs, or that cannot be removed (another user's), is left. Copies of
// older versions, which name no process, are removed after oldAge.
func RemoveStale(tmp string) {
	entries, err := os.ReadDir(tmp)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue // a link named so is not ours to follow
		}
		if stale(e) {
			os.RemoveAll(filepath.Join(tmp, e.Name()))
		}
	}
}

// stale reports whether e, a directory, is a copy that no running
// process reads.
func stale(e fs.DirEntry) bool {
	if rest, ok := strings.CutPrefix(e.Name(), copyPrefix); ok {
		pidText, _, _ := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		return err == nil && pid > 0 && pid != os.Getpid() && !running(pid)
	}
	digits, ok := strings.CutPrefix(e.Name(), oldPrefix)
	if !ok || digits == "" || strings.Trim(digits, "0123456789") != "" {
		return false
	}
	info, err := e.Info()
	return err == nil && time.Since(info.ModTime()) > oldAge
}

// ErrDamaged is what the error wraps for a file that starts as an SQLite
// database does but cannot be a whole one: cut short, or its header
// broken.
var ErrDamaged = errors.New("truncated or not an SQLite database")

// headerSize is the size of an SQLite database's header
// (https://sqlite.org/fileformat.html, 1.3).
const headerSize = 100

// Check returns nil if the file at path is a regular file that starts as
// an SQLite database does and is as long as its header says, else why it
// is not one; it never blocks (a FIFO is refused without being opened for
// reading).
func Check(path string) error { return checkFile(path) }

// checkFile refuses what is not a regular file (regular.Open: a FIFO would
// block the copy, a device never ends it) of at most MaxSize bytes that
// starts as an SQLite database, and a database cut short: SQLite's own
// messages ("file is not a database", "database disk image is
// malformed") do not say which.
func checkFile(path string) error {
	f, info, err := regular.Open(path, regular.Bound(MaxSize))
	if err != nil {
		return err
	}
	defer f.Close()
	head := make([]byte, headerSize)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return fmt.Errorf("read %s: %w", path, err)
	}
	if !IsSQLite(head[:n]) {
		return errors.New("not an SQLite database: it does not start with \"SQLite format 3\"")
	}
	return checkHeader(head[:n], info.Size())
}

// checkHeader checks that a database of size bytes is as long as head,
// its header, says (https://sqlite.org/fileformat.html, 1.3): whole
// pages, as many as the header counts when that count is valid (its
// version-valid-for number is the change counter).
func checkHeader(head []byte, size int64) error {
	if len(head) < headerSize {
		return fmt.Errorf("%w: %d bytes, shorter than the %d-byte header of one", ErrDamaged, size, headerSize)
	}
	pageSize := int64(binary.BigEndian.Uint16(head[16:18]))
	if pageSize == 1 {
		pageSize = 65536
	}
	if pageSize < 512 || pageSize&(pageSize-1) != 0 {
		return fmt.Errorf("%w: its header gives a page size of %d bytes, which SQLite never has", ErrDamaged, pageSize)
	}
	if size%pageSize != 0 {
		return fmt.Errorf("%w: %d bytes, not a whole number of its %d-byte pages: the file was cut short", ErrDamaged, size, pageSize)
	}
	pages := int64(binary.BigEndian.Uint32(head[28:32]))
	valid := pages > 0 && binary.BigEndian.Uint32(head[24:28]) == binary.BigEndian.Uint32(head[92:96])
	if valid && size < pages*pageSize {
		return fmt.Errorf("%w: %d bytes, where its header counts %d pages of %d: the file was cut short", ErrDamaged, size, pages, pageSize)
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
func copyWithSidecars(ctx context.Context, path, dst string) error {
	if err := copyFile(ctx, path, dst); err != nil {
		return err
	}
	for _, suffix := range sidecars {
		err := copyFile(ctx, path+suffix, dst+suffix)
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

// copyFile copies src, a regular file of at most MaxSize bytes (which it
// checks as it opens it, and again as it reads: it may grow), to dst,
// till ctx ends.
func copyFile(ctx context.Context, src, dst string) error {
	in, _, err := regular.Open(src, regular.Bound(MaxSize))
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return fmt.Errorf("a copy of the database: %w", err)
	}
	n, err := io.Copy(out, io.LimitReader(ctxReader{ctx, in}, MaxSize+1))
	if err == nil && n > MaxSize {
		err = fmt.Errorf("it grew past %s as it was copied (%w)", size.Bytes(MaxSize), regular.ErrTooLarge)
	}
	if err != nil {
		out.Close()
		return fmt.Errorf("copy %s: %w", src, err)
	}
	if err := out.Close(); err != nil {
		return fmt.Errorf("a copy of the database: %w", err)
	}
	return nil
}

// ctxReader fails once its context is done, so that ending it stops a
// copy at its next read.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(b []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(b)
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

// OpenWith opens a private copy of the database at path (Open, till ctx
// ends) and hands it to open, which makes what reads it; the Closer closes
// that, then removes the copy. A reader of a browser's or buku's database
// is opened this way.
func OpenWith[R io.Closer](ctx context.Context, path string, open func(*sql.DB) (R, error)) (R, io.Closer, error) {
	var zero R
	db, err := Open(ctx, path)
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
