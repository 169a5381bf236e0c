package catalogue

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/adrg/xdg"
)

// EnvCatalogue names the environment variable that overrides the default
// catalogue path.
const EnvCatalogue = "URICAT_CATALOGUE"

// DefaultPath returns the catalogue path uricat uses when none is given:
// $URICAT_CATALOGUE, else $XDG_DATA_HOME/uricat/bookmarks.uricat.
func DefaultPath() string {
	if p := os.Getenv(EnvCatalogue); p != "" {
		return p
	}
	return filepath.Join(xdg.DataHome, "uricat", "bookmarks.uricat")
}

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// diskState is what the file was when the catalogue last read or wrote it,
// to tell whether another program changed it since.
type diskState struct {
	exists bool
	info   fs.FileInfo
	size   int64
	crc    uint32
}

// Open reads the catalogue at path. A file that does not exist is an empty
// catalogue, which Save creates. Problems in the file are not errors: they
// are in Problems. The error is for a file that cannot be read at all.
func Open(path string) (*Catalogue, error) {
	c := &Catalogue{path: path}
	if err := c.load(); err != nil {
		return nil, err
	}
	return c, nil
}

func (c *Catalogue) load() error {
	f, err := os.Open(c.path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err
	}
	if info.IsDir() {
		return fmt.Errorf("%s: is a directory, not a catalogue file", c.path)
	}
	var buf bytes.Buffer
	buf.Grow(int(info.Size()) + bytes.MinRead)
	if _, err := buf.ReadFrom(f); err != nil {
		return fmt.Errorf("%s: %w", c.path, err)
	}
	data := buf.Bytes()
	c.readFrom(data)
	c.disk = diskState{exists: true, info: info, size: int64(len(data)), crc: crc32.Checksum(data, castagnoli)}
	return nil
}

// Reload reads the file again, dropping unsaved changes.
func (c *Catalogue) Reload() error {
	fresh := &Catalogue{path: c.path, Now: c.Now}
	if err := fresh.load(); err != nil {
		return err
	}
	*c = *fresh
	return nil
}

// ConflictError says that the file changed on disk since it was read in a
// way that makes one of this catalogue's changes impossible to re-apply.
type ConflictError struct {
	Path string
	Name string // the record concerned
	What string
}

func (e *ConflictError) Error() string {
	return fmt.Sprintf("%s: another program changed the file since uricat read it, and %q %s; nothing was saved: reload to see its version, then make the change again", e.Path, e.Name, e.What)
}

// Save writes the catalogue to its file, atomically and durably: a crash at
// any instant leaves either the old file or the new one. It holds a lock
// while it writes, and if another program changed the file since it was
// read, it reads that version and re-applies this catalogue's changes to it,
// or returns a *ConflictError and writes nothing when it cannot.
func (c *Catalogue) Save() error {
	if c.path == "" {
		return errors.New("save: the catalogue has no file")
	}
	dir := filepath.Dir(c.path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("save: %w", err)
	}
	unlock, err := lockFile(c.path + ".lock")
	if err != nil {
		return fmt.Errorf("save %s: %w", c.path, err)
	}
	defer unlock()
	changed, err := c.changedOnDisk()
	if err != nil {
		return fmt.Errorf("save: %w", err)
	}
	if changed {
		if err := c.rebase(); err != nil {
			return err
		}
	}
	var buf bytes.Buffer
	buf.Grow(int(c.disk.size) + 4096)
	if _, err := c.WriteTo(&buf); err != nil {
		return err
	}
	mode := fs.FileMode(0o644)
	if c.disk.exists {
		mode = c.disk.info.Mode().Perm()
	}
	if err := writeAtomic(c.path, buf.Bytes(), mode); err != nil {
		return fmt.Errorf("save %s: %w", c.path, err)
	}
	info, err := os.Stat(c.path)
	if err != nil {
		return fmt.Errorf("save: %w", err)
	}
	c.disk = diskState{exists: true, info: info, size: int64(buf.Len()), crc: crc32.Checksum(buf.Bytes(), castagnoli)}
	for _, r := range c.records {
		r.dirty, r.base = false, ""
	}
	c.removed = nil
	c.modified = false
	return nil
}

// changedOnDisk reports whether the file differs from what was read.
func (c *Catalogue) changedOnDisk() (bool, error) {
	info, err := os.Stat(c.path)
	if errors.Is(err, fs.ErrNotExist) {
		return c.disk.exists, nil
	}
	if err != nil {
		return false, err
	}
	if !c.disk.exists {
		return true, nil
	}
	if os.SameFile(info, c.disk.info) && info.Size() == c.disk.size && info.ModTime().Equal(c.disk.info.ModTime()) {
		return false, nil
	}
	data, err := os.ReadFile(c.path)
	if err != nil {
		return false, err
	}
	return int64(len(data)) != c.disk.size || crc32.Checksum(data, castagnoli) != c.disk.crc, nil
}

// rebase reads the file as another program left it and re-applies this
// catalogue's changes to it: added records are appended, edited ones replace
// the record they were made from, deleted ones are removed. It fails when a
// record changed here was changed or deleted there too.
func (c *Catalogue) rebase() error {
	theirs := &Catalogue{path: c.path, Now: c.Now}
	if err := theirs.load(); err != nil {
		return err
	}
	// Index their records by text; identical records pair off in order.
	byText := make(map[string][]int, len(theirs.records))
	for i, r := range theirs.records {
		byText[r.raw] = append(byText[r.raw], i)
	}
	take := func(text string) int {
		l := byText[text]
		if len(l) == 0 {
			return -1
		}
		byText[text] = l[1:]
		return l[0]
	}
	conflict := func(r *Record, what string) error {
		return &ConflictError{Path: c.path, Name: r.Name, What: what}
	}
	out := append([]*Record(nil), theirs.records...)
	drop := make(map[int]bool)
	for _, r := range c.removed {
		i := take(r.raw)
		if i < 0 {
			return conflict(r, "which was deleted here, was changed or deleted there")
		}
		drop[i] = true
	}
	var added []*Record
	for _, r := range c.records {
		switch {
		case !r.dirty:
			continue
		case r.base == "":
			added = append(added, r)
		default:
			i := take(r.base)
			if i < 0 {
				return conflict(r, "which was edited here, was changed or deleted there")
			}
			r.sep = out[i].sep
			out[i] = r
		}
	}
	kept := out[:0]
	for i, r := range out {
		if !drop[i] {
			kept = append(kept, r)
		}
	}
	*c = Catalogue{path: c.path, Now: c.Now, records: kept, head: theirs.head, tail: theirs.tail,
		probs: theirs.probs, disk: theirs.disk, modified: true}
	for _, r := range added {
		if len(c.records) == 0 {
			c.head += c.tail
			r.sep = ""
		} else {
			r.sep = c.tail
		}
		c.tail = ""
		c.records = append(c.records, r)
	}
	return nil
}

// writeAtomic replaces path with data: a temporary file in the same
// directory is written, synced and renamed over path, and the directory is
// synced, so that the rename itself survives a crash.
func writeAtomic(path string, data []byte, mode fs.FileMode) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	w := bufio.NewWriterSize(tmp, 1<<20)
	if _, err := w.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(mode); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return err
	}
	return nil
}

// lockRetry is how long Save waits for another process's lock.
const lockRetry = 10 * time.Second

func lockTimeoutError(path string) error {
	return fmt.Errorf("another uricat process holds the lock %s; try again when it has finished", path)
}
