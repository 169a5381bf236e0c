package catalogue

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/uricat/uricat/catalogue/internal/record"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/regular"
)

// castagnoli is made on first use: a command that only reads the file
// never sums it, and the table costs its start.
var castagnoli = sync.OnceValue(func() *crc32.Table { return crc32.MakeTable(crc32.Castagnoli) })

// diskState is what the file was when the catalogue last read or wrote it,
// to tell whether another program changed it since. The inode's change time
// moves with every write, whatever the writer does to the modification
// time, so an edit in place that keeps size and mtime is still seen.
type diskState struct {
	exists bool
	id     fileID
	size   int64
	crc    uint32 // the content's checksum
}

func stateOf(info fs.FileInfo, read diskRead) diskState {
	return diskState{exists: true, id: idOf(info), size: read.size, crc: read.crc}
}

// Open reads the catalogue at path. A file that does not exist is an empty
// catalogue, which Save creates. Problems in the file are not errors: they
// are in Problems. The error is for a file that cannot be read at all, or
// that is not a regular file (a FIFO, a device, a directory). The options
// (LookOnly, Where) read it for a look rather than for edits.
func Open(path string, opts ...OpenOption) (*Catalogue, error) {
	c := &Catalogue{path: path}
	for _, o := range opts {
		o(c)
	}
	if err := c.load(); err != nil {
		return nil, err
	}
	return c, nil
}

func (c *Catalogue) load() error {
	f, info, err := openFile(c.path)
	if err != nil || f == nil {
		return err
	}
	defer f.Close()
	read, err := c.readFrom(f, info.Size(), blockSize)
	if err != nil {
		return fmt.Errorf("%s: %w", c.path, err)
	}
	c.saved.disk = stateOf(info, read)
	return nil
}

// openFile opens the catalogue file at path to read it, refusing at once
// anything that is not a regular file: opening a FIFO would wait for a
// writer forever. A file that does not exist is a nil file and no error.
func openFile(path string) (*os.File, fs.FileInfo, error) {
	f, info, err := openRegular(path, checkRegular)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	return f, info, err
}

// sumFile returns the size and checksum of the file at path, or a nil
// info if there is none.
func sumFile(path string) (fs.FileInfo, diskRead, error) {
	f, info, err := openFile(path)
	if err != nil || f == nil {
		return nil, diskRead{}, err
	}
	defer f.Close()
	var read diskRead
	buf := make([]byte, 256<<10)
	for {
		n, err := f.Read(buf)
		read.add(buf[:n])
		if err == io.EOF {
			return info, read, nil
		}
		if err != nil {
			return nil, read, fmt.Errorf("%s: %w", path, err)
		}
	}
}

// ErrNotRegular is what the error wraps when the catalogue's path is not a
// regular file: regular.ErrNotRegular, which the importers' sources wrap
// too.
var ErrNotRegular = regular.ErrNotRegular

func checkRegular(path string, info fs.FileInfo) error {
	if info.Mode().IsRegular() {
		return nil
	}
	return fmt.Errorf("%s is %s, not a catalogue file: uricat reads and writes only regular files (%w)", path, fileKind(info.Mode()), ErrNotRegular)
}

// Reload reads the file again, dropping unsaved changes.
func (c *Catalogue) Reload() error {
	fresh := &Catalogue{path: c.path, Now: c.Now, keep: c.keep, wanted: c.wanted}
	if err := fresh.load(); err != nil {
		return err
	}
	fresh.version = c.version + 1
	fresh.saved.version = fresh.version
	*c = *fresh
	return nil
}

// Snapshot is one Version of a catalogue, frozen: what a save writes and
// what another goroutine may read while the catalogue goes on changing.
type Snapshot struct {
	Version    uint64
	path       string
	records    []*ssd3.Record
	head, tail string
	disk       diskState // the file as the catalogue last saw it
	lf         bool      // write LF line breaks (Catalogue.lf)
	look       bool      // read with LookOnly: never saved
}

// Snapshot returns the catalogue as it is now. It costs no copy.
func (c *Catalogue) Snapshot() *Snapshot {
	return &Snapshot{Version: c.version, path: c.path, records: c.records, head: c.head, tail: c.tail, disk: c.saved.disk, lf: c.lf, look: c.keep}
}

// Records returns the snapshot's records in file order. Do not modify it.
func (s *Snapshot) Records() []*ssd3.Record { return s.records }

// WriteTo writes the snapshot in URI-Catalogue format: what lies between
// records is written back as it was, and records nobody changed byte for
// byte as they were read. New and changed lines end in CRLF (2.1.2),
// unless every line of the file read ended in LF alone: then they end in
// LF, as the rest of it, so that an edit neither mixes the two nor
// rewrites every line (check still warns about the LF).
func (s *Snapshot) WriteTo(w io.Writer) (int64, error) {
	return s.writeTo(w, nil)
}

// writeTo is WriteTo; if lines is not nil, it is given each record's
// index and the line of the file its text starts at.
func (s *Snapshot) writeTo(w io.Writer, lines func(i, line int)) (int64, error) {
	var n int64
	var last byte = '\n'
	var buf []byte
	lf := s.lf
	breaks := 0 // line breaks written
	write := func(s string) error {
		if s == "" {
			return nil
		}
		if lf {
			// A line that ends in a CR of its own keeps its CRLF: an LF
			// after that CR would read as a CRLF, a blank line.
			keep := 0
			if last == '\r' && strings.HasPrefix(s, "\r\n") {
				keep = 2
			}
			s = s[:keep] + strings.ReplaceAll(s[keep:], "\r\n", "\n")
		}
		m, err := io.WriteString(w, s)
		n += int64(m)
		last = s[len(s)-1]
		if lines != nil {
			breaks += strings.Count(s[:m], "\n")
		}
		return err
	}
	if err := write(s.head); err != nil {
		return n, err
	}
	for i, r := range s.records {
		sep := record.Sep(r)
		if i == 0 && record.SepTail(r) == 0 {
			// The blank lines before the first record are the head; a
			// record that became first keeps its separator for later.
			sep = ""
		}
		if err := write(record.SepBefore(sep, i > 0, last)); err != nil {
			return n, err
		}
		// The record's text, unpacked into buf (see packer), written as
		// bytes: io.Writer must not keep them.
		buf = record.AppendRaw(buf[:0], r)
		if lf {
			buf = dropCR(buf)
		}
		if lines != nil {
			lines(i, breaks+1)
		}
		if len(buf) > 0 {
			m, err := w.Write(buf)
			n += int64(m)
			last = buf[len(buf)-1]
			if lines != nil {
				breaks += bytes.Count(buf[:m], newline)
			}
			if err != nil {
				return n, err
			}
		}
	}
	return n, write(s.tail)
}

// dropCR removes, in place, the CR of every CRLF in b: a record of a
// file whose lines end in LF (Snapshot.WriteTo). A CR elsewhere is the
// record's own, kept; and so is the CRLF of a line whose text ends in a CR
// ("\r\r\n"): the LF alone after that CR would read as a CRLF, a blank
// line that ends the record.
func dropCR(b []byte) []byte {
	if bytes.IndexByte(b, '\r') < 0 {
		return b
	}
	out := b[:0]
	for i, c := range b {
		if c == '\r' && i+1 < len(b) && b[i+1] == '\n' && (i == 0 || b[i-1] != '\r') {
			continue
		}
		out = append(out, c)
	}
	return out
}

// ConflictError says why a save could not re-apply this process's edits to
// the version of the file another program wrote meanwhile. Nothing was
// written.
type ConflictError struct {
	path string // the catalogue's file
	// Name is the record concerned ("" when the whole file is).
	Name string
	// What clashed, as a phrase: "was edited here and deleted by another program".
	What string
	// Deleted is set when another program deleted the file itself.
	Deleted bool
	// conflicts are every record the two versions changed in ways that
	// cannot be combined (Name and What describe the first).
	conflicts []Conflict
}

func (e *ConflictError) Error() string {
	if e.Deleted {
		return fmt.Sprintf("%s: another program deleted the catalogue file since uricat read it; nothing was saved (save again to write it back)", e.path)
	}
	return fmt.Sprintf("%s: another program changed the file since uricat read it, and %q %s; nothing was saved", e.path, e.Name, e.What)
}

// ErrLocked is what BeginSave's error wraps when another process holds the
// catalogue's lock and waiting did not end it.
var ErrLocked = errors.New("another uricat process is saving this catalogue")

// ErrReadOnly is what a save's error wraps when the file may not be
// written, and an edit's or a save's when the catalogue was read only to
// look at (LookOnly).
var ErrReadOnly = errors.New("the file is read-only")

// SaveTx is a save under way: it holds the catalogue's lock, and knows
// whether another program changed the file since the catalogue last saw
// it. BeginSave starts one, Commit writes and ends it, Abort ends it
// without writing. The file's I/O runs in BeginSave and Commit, which may
// run on another goroutine than the one that owns the catalogue; Rebase,
// which the owner calls between them, only computes.
type SaveTx struct {
	path   string // as the user named it
	target string // the file written: path with symbolic links resolved
	unlock func()
	info   fs.FileInfo // the target as it is, nil when there is none
	theirs *Catalogue  // the file as another program left it; nil when unchanged
	gone   bool        // another program deleted the file
}

// BeginSave takes the lock of the snapshot's file, waiting up to wait for
// another process to let it go (errors.Is(err, ErrLocked) after that), and
// reads the file again if another program changed it. It refuses at once
// a path that is not a regular file or that the user may not write.
func BeginSave(s *Snapshot, wait time.Duration) (*SaveTx, error) {
	if s.path == "" {
		return nil, errors.New("save: the catalogue has no file")
	}
	if s.look {
		return nil, lookOnly(s.path, "saved")
	}
	target, err := resolveTarget(s.path)
	if err != nil {
		return nil, fmt.Errorf("save: %w", err)
	}
	tx := &SaveTx{path: s.path, target: target}
	if tx.info, err = checkWritable(target, "save changes"); err != nil {
		return nil, err
	}
	dir := filepath.Dir(target)
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		if err := os.MkdirAll(dir, 0o777); err != nil {
			return nil, fmt.Errorf("save: %w", err)
		}
		// Made through links, maybe: lock where it really is.
		if target, err = resolveTarget(s.path); err != nil {
			return nil, fmt.Errorf("save: %w", err)
		}
		tx.target, dir = target, filepath.Dir(target)
	}
	if tx.unlock, err = lockDir(dir, wait); err != nil {
		return nil, fmt.Errorf("save %s: %w", s.path, err)
	}
	// Between the check and the lock, another program may have replaced
	// the file.
	if tx.info, err = checkWritable(target, "save changes"); err != nil {
		tx.Abort()
		return nil, err
	}
	if err := tx.readChanges(s.disk); err != nil {
		tx.Abort()
		return nil, fmt.Errorf("save: %w", err)
	}
	return tx, nil
}

// checkWritable returns the target's details, or an error if it exists and
// is not a regular file or may not be written: the message says it must
// be made writable to do what ("save changes").
func checkWritable(target, what string) (fs.FileInfo, error) {
	info, err := os.Stat(target)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("save: %w", err)
	}
	if err := checkRegular(target, info); err != nil {
		return nil, err
	}
	if info.Mode().Perm()&0o222 == 0 || !canWrite(target) {
		return nil, fmt.Errorf("%s is read-only (mode %v): uricat leaves it alone; make it writable (chmod u+w) to %s (%w)", target, info.Mode().Perm(), what, ErrReadOnly)
	}
	return info, nil
}

// resolveTarget follows path's symbolic links, so that a catalogue kept in
// a dotfiles repository and linked from elsewhere is written where it lives.
// It resolves as the kernel does: the directory physically (EvalSymlinks
// takes ".." after a linked directory to the parent of its target, where a
// lexical join would not), then the final component, whose link text is
// relative to the directory the link lives in. The result's directory has
// no links left, so the save locks and writes the directory the file
// really lives in. A dangling link names the file to create; a directory
// that does not exist yet is left as named (BeginSave makes it, then
// resolves again).
func resolveTarget(path string) (string, error) {
	for range 40 {
		dir, base := filepath.Split(path)
		if dir == "" {
			dir = "."
		}
		physical, err := filepath.EvalSymlinks(dir)
		if errors.Is(err, fs.ErrNotExist) {
			return path, nil
		}
		if err != nil {
			return "", err
		}
		path = filepath.Join(physical, base)
		info, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) {
			return path, nil
		}
		if err != nil {
			return "", err
		}
		if info.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		link, err := os.Readlink(path)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(link) {
			// Not filepath.Join, which would clean "sub/../x" lexically
			// when sub is itself a link: the next round resolves it.
			link = physical + string(filepath.Separator) + link
		}
		path = link
	}
	return "", fmt.Errorf("%s: too many levels of symbolic links", path)
}

func (tx *SaveTx) readChanges(was diskState) error {
	info := tx.info
	if info == nil {
		tx.gone = was.exists
		return nil
	}
	if was.exists && idOf(info) == was.id && info.Size() == was.size {
		return nil
	}
	// Summed first: a file only touched is read once, and not parsed.
	info, sum, err := sumFile(tx.target)
	if err != nil {
		return err
	}
	if info == nil {
		tx.gone = was.exists
		return nil
	}
	if was.exists && sum.size == was.size && sum.crc == was.crc {
		return nil // touched, not changed
	}
	f, info, err := openFile(tx.target)
	if err != nil {
		return err
	}
	if f == nil {
		tx.gone = was.exists
		return nil
	}
	defer f.Close()
	theirs := &Catalogue{path: tx.path}
	read, err := theirs.readFrom(f, info.Size(), blockSize)
	if err != nil {
		return fmt.Errorf("%s: %w", tx.target, err)
	}
	theirs.saved.disk = stateOf(info, read)
	tx.theirs = theirs
	return nil
}

// Changed reports whether another program changed or deleted the file
// since the catalogue last saw it: the catalogue must Rebase before Commit.
func (tx *SaveTx) Changed() bool { return tx.theirs != nil || tx.gone }

// Abort ends the save without writing.
func (tx *SaveTx) Abort() {
	if tx.unlock != nil {
		tx.unlock()
		tx.unlock = nil
	}
}

// Saved is what a committed save wrote, for Catalogue.Saved.
type Saved struct {
	snap     *Snapshot
	disk     diskState
	warnings []string
	// moved are the snapshot's records whose line in the file written is
	// not the one they say, each with a copy that says it (see renumber).
	moved map[*ssd3.Record]*ssd3.Record
}

// Renumbered reports whether the save moved records to other lines of the
// file: Saved then replaces them (see Catalogue.Saved).
func (s *Saved) Renumbered() bool { return len(s.moved) > 0 }

// Warnings says what the save wrote but could not keep of the file as it
// was (its owner, its other hard links): worth telling the user, nothing
// lost. Usually empty.
func (s *Saved) Warnings() []string { return s.warnings }

// Commit writes s, atomically and durably: a temporary file in the target's
// directory is written, synced and renamed over it, and the directory is
// synced, so that a crash at any instant leaves the old file or the new one.
// The file keeps its owner, group and mode (see writeAtomic for what may not
// be kept, which Saved.Warnings says); a new one gets the umask's.
// Temporary files that killed saves left behind are removed. Commit always
// ends the transaction.
func (tx *SaveTx) Commit(s *Snapshot) (*Saved, error) {
	defer tx.Abort()
	var size int64
	var moved map[*ssd3.Record]*ssd3.Record
	sum := crc32.New(castagnoli())
	warnings, err := writeAtomic(tx.target, tx.info, func(f io.Writer) error {
		// Streamed through a buffer, summed on the way: the file is never
		// held twice in memory.
		w := bufio.NewWriterSize(io.MultiWriter(f, sum), 256<<10)
		n, err := s.writeTo(w, func(i, line int) {
			if r := s.records[i]; r.Line() != line {
				if moved == nil {
					moved = map[*ssd3.Record]*ssd3.Record{}
				}
				moved[r] = record.AtLine(r, line)
			}
		})
		size = n
		if err != nil {
			return err
		}
		return w.Flush()
	})
	if err != nil {
		return nil, fmt.Errorf("save %s: %w", tx.path, err)
	}
	info, err := os.Stat(tx.target)
	if err != nil {
		return nil, fmt.Errorf("save: %w", err)
	}
	removeStaleTemps(tx.target)
	return &Saved{snap: s, disk: diskState{exists: true, id: idOf(info), size: size, crc: sum.Sum32()}, warnings: warnings, moved: moved}, nil
}

// Saved tells the catalogue that res was written: the file now holds that
// Version. Edits applied since are still to be saved (Modified).
//
// Every record the save moved to another line (records deleted or added
// above it, lines added to one above) is replaced by a copy that says its
// line in the file now, it and its problems: Records then gives new
// records where they moved, so a caller holding records should take them
// again.
func (c *Catalogue) Saved(res *Saved) {
	s := res.snap
	recs := s.records
	if len(res.moved) > 0 {
		recs = renumber(s.records, res.moved)
		if c.version == s.Version {
			c.records = recs
		} else {
			c.records = renumber(c.records, res.moved)
		}
		c.keys = nil // it holds the records replaced
	}
	c.saved = saved{version: s.Version, records: recs, head: s.head, tail: s.tail, disk: res.disk, warnings: res.warnings}
}

// renumber returns a copy of recs in which the records moved holds are
// replaced by their copies; recs is left alone (a snapshot may be reading it).
func renumber(recs []*ssd3.Record, moved map[*ssd3.Record]*ssd3.Record) []*ssd3.Record {
	out := slices.Clone(recs)
	for i, r := range out {
		if nr, ok := moved[r]; ok {
			out[i] = nr
		}
	}
	return out
}

// SaveWarnings returns the Warnings of the catalogue's last save, if any.
func (c *Catalogue) SaveWarnings() []string { return c.saved.warnings }

// Detach forgets the file the catalogue was read from, so that the next
// save writes the catalogue as a new file: after another program deleted
// it, say, and the user asked to write it back.
func (c *Catalogue) Detach() {
	c.saved.disk = diskState{}
	c.saved.records, c.saved.head, c.saved.tail = nil, "", ""
	c.saved.version = c.version + 1 // matches no version: modified
}

// Save writes the catalogue to its file: BeginSave (waiting for another
// process's lock up to 10 s), Rebase if another program changed the file,
// Commit, Saved. On a *ConflictError nothing was written.
func (c *Catalogue) Save() error {
	_, err := c.SaveReport()
	return err
}

// SaveReport is Save, and says what merging another program's version of
// the file did (nil when there was nothing to merge).
func (c *Catalogue) SaveReport() (*MergeReport, error) {
	tx, err := BeginSave(c.Snapshot(), lockWait)
	if err != nil {
		return nil, err
	}
	var rep *MergeReport
	if tx.Changed() {
		if rep, err = c.Rebase(tx); err != nil {
			tx.Abort()
			return nil, err
		}
		if tx.theirs != nil && !c.Modified() {
			tx.Abort() // the file holds what the catalogue holds
			return rep, nil
		}
	}
	res, err := tx.Commit(c.Snapshot())
	if err != nil {
		return rep, err
	}
	c.Saved(res)
	return rep, nil
}

// lockWait is how long Save waits for another process's lock.
const lockWait = 10 * time.Second

// tempMark is in the name of every temporary file a save makes, so that
// only uricat's own are ever removed.
const tempMark = ".uricat-tmp-"

// WriteFile replaces the file at path with what write writes, as a save
// replaces the catalogue, for an export: symbolic links are followed (the
// link stays, its target is written), a target that is not a regular file
// or is read-only is refused, the new file keeps the old one's mode, owner
// and group (what it cannot keep, the warnings say) or, when there was
// none, gets the umask's mode, and it replaces the old one atomically, so
// that a failed or killed write leaves the old file whole. The directory
// is locked as a save locks it; temporary files that killed writes left
// there are removed. The directory must exist.
func WriteFile(path string, write func(io.Writer) error) (warnings []string, err error) {
	target, err := resolveTarget(path)
	if err != nil {
		return nil, err
	}
	if _, err := checkWritable(target, "replace it"); err != nil {
		return nil, err
	}
	unlock, err := lockDir(filepath.Dir(target), lockWait)
	if err != nil {
		return nil, err
	}
	defer unlock()
	was, err := checkWritable(target, "replace it")
	if err != nil {
		return nil, err
	}
	if warnings, err = writeAtomic(target, was, write); err != nil {
		return nil, err
	}
	removeStaleTemps(target)
	return warnings, nil
}

// ErrIsCatalogue is what CheckNotCatalogue's error wraps.
var ErrIsCatalogue = errors.New("is the catalogue itself")

// CheckNotCatalogue returns an error when path is the catalogue file at
// catalogue, so that an export (CLI or TUI) never replaces the bookmarks
// with another format: the same file by device and inode, whatever links
// or names lead to it, or, when neither exists yet, the same file to be.
func CheckNotCatalogue(path, catalogue string) error {
	refuse := fmt.Errorf("%s %w; choose another file", path, ErrIsCatalogue)
	a, errA := os.Stat(path)
	b, errB := os.Stat(catalogue)
	switch {
	case errA == nil && errB == nil:
		if os.SameFile(a, b) {
			return refuse
		}
	case errors.Is(errA, fs.ErrNotExist) && errors.Is(errB, fs.ErrNotExist):
		ta, errA := resolveTarget(path)
		tb, errB := resolveTarget(catalogue)
		if errA == nil && errB == nil {
			ta, errA = filepath.Abs(ta)
			tb, errB = filepath.Abs(tb)
			if errA == nil && errB == nil && ta == tb {
				return refuse
			}
		}
	}
	return nil
}

// writeAtomic replaces path with what write writes, through a temporary
// file in the same directory. was is the file being replaced (nil if there
// is none): its mode, with the setuid, setgid and sticky bits, owner and
// group go to the new file. What cannot be kept does not stop the write;
// the warnings say it:
//   - an owner or group the writer may not give away (a member of a group
//     saving a group-writable file of root's): the file becomes the
//     writer's, and if its group cannot be kept either it gets no group
//     permissions, so that nobody reads it who could not before;
//   - other hard links: the new file is not theirs, so they keep the old
//     version. Writing in place would keep them, but a crash could then
//     tear the file, which the rename exists to prevent.
func writeAtomic(path string, was fs.FileInfo, write func(io.Writer) error) (warnings []string, err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	tmp, err := createTemp(dir, "."+base+tempMark)
	if err != nil {
		return nil, tempError(err, path)
	}
	name := tmp.Name()
	fail := func(err error) ([]string, error) {
		tmp.Close()
		os.Remove(name)
		return nil, tempError(err, path)
	}
	if err := write(tmp); err != nil {
		return fail(err)
	}
	if was != nil {
		// Owner first: a chown clears the setuid and setgid bits.
		mode, lost, err := keepOwner(tmp, path, was)
		if err != nil {
			return fail(err)
		}
		if err := tmp.Chmod(mode); err != nil {
			return fail(err)
		}
		warnings = lost
		if n := hardLinks(was); n > 1 {
			warnings = append(warnings, fmt.Sprintf("%s had %d hard links: the file written is a new one, under this name only; the other names still show the old version", path, n))
		}
	}
	if syncFiles {
		if err := tmp.Sync(); err != nil {
			return fail(err)
		}
	}
	if err := tmp.Close(); err != nil {
		os.Remove(name)
		return nil, tempError(err, path)
	}
	if err := os.Rename(name, path); err != nil {
		os.Remove(name)
		return nil, stickyError(path, tempError(err, path))
	}
	if !syncFiles {
		return warnings, nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) {
		return nil, err
	}
	return warnings, nil
}

// tempError is err, from the temporary file a write goes through, told
// of path, the file it replaces: the temporary file is gone by the time
// the user reads the message, and its name ("/dir/.x.json.uricat-tmp-…")
// says nothing they can act on. The error it wraps is kept (errors.Is).
func tempError(err error, path string) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &fs.PathError{Op: pe.Op, Path: path, Err: pe.Err}
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return &fs.PathError{Op: "replace", Path: path, Err: le.Err}
	}
	return err
}

// keptMode is the part of a file's mode a rewrite keeps.
const keptMode = fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky

// syncFiles is false only in tests that save thousands of times and do
// not test durability.
var syncFiles = true

// createTemp creates a new file named prefix plus a random suffix in dir,
// with mode 0666 less the umask, as any new file the user makes.
func createTemp(dir, prefix string) (*os.File, error) {
	for range 100 {
		name := filepath.Join(dir, prefix+randomSuffix())
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, err
	}
	return nil, fmt.Errorf("cannot create a temporary file in %s", dir)
}

// removeStaleTemps removes the temporary files of saves that were killed
// before they renamed theirs: under the lock no other save is writing one.
// Files of older uricat versions count too: a save's ".NAME.tmp-*", an
// export's ".NAME.DIGITS.tmp" (os.CreateTemp's).
func removeStaleTemps(target string) {
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		n := e.Name()
		if (strings.HasPrefix(n, "."+base+tempMark) || strings.HasPrefix(n, "."+base+".tmp-") || oldExportTemp(n, base)) && e.Type().IsRegular() {
			os.Remove(filepath.Join(dir, n))
		}
	}
}

// oldExportTemp reports whether n is the name of an older uricat export's
// temporary file for base: "." base "." digits ".tmp".
func oldExportTemp(n, base string) bool {
	mid, ok := strings.CutPrefix(n, "."+base+".")
	if !ok {
		return false
	}
	mid, ok = strings.CutSuffix(mid, ".tmp")
	return ok && mid != "" && strings.Trim(mid, "0123456789") == ""
}

func randomSuffix() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
