// Package floccus syncs a catalogue both ways with a browser's bookmarks
// through floccus, the browser extension, set to keep them in the same
// git repository as one XBEL file (its Git adapter, "bookmarks.xbel").
//
// A sync (Sync) is the catalogue's sync (gitsync), with three steps
// hooked in: before the pull and before the push it waits, bounded,
// while floccus's lock tag is on the remote (lock.go); after the pull it
// takes in what floccus changed in the file since uricat last wrote it
// and writes the file from the catalogue (this file).
//
// What uricat last wrote is in git's history: the last commit whose
// message carries the trailer "Uricat-Browser-Sync: FILE" holds both the
// file and the catalogue as they were then. The bookmarks floccus added,
// removed, renamed, re-pointed or moved since (matched by floccus's ids,
// entries.go) are edits on that catalogue (changes.go), merged into the
// catalogue as it is now by the merge git's merge driver does
// (catalogue.MergeFile): field by field, a real clash a conflict marked
// as the driver marks it. Then the file is written in one pass from the
// catalogue (write.go), every bookmark keeping its id and place, so that
// floccus sees no change where there was none.
package floccus

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/gitsync"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers/xbel"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
)

// ConfigKey is the git configuration key, in the catalogue's repository,
// that names its browser file (from the repository's top, with slashes).
const ConfigKey = "uricat.browserFile"

// trailer marks the commits that wrote the browser file, or took in its
// changes: the base of the next sync.
const trailer = "Uricat-Browser-Sync: "

// Options tune a sync; the zero Options are the defaults.
type Options struct {
	// Wait is how long a sync waits for floccus's lock to go before it
	// stops; 0 is DefaultWait, a negative Wait does not wait.
	Wait time.Duration
	// Poll is how often it asks meanwhile; 0 is every 2 seconds.
	Poll time.Duration
	// Now is the clock (DATE of the bookmarks added, age of a lock); nil
	// is time.Now.
	Now func() time.Time
	// File files a bookmark new from the browser, in place, as the
	// user's rules say (config.Rules.File), and reports whether it
	// changed it; nil files none.
	File func(*ssd3.Record) bool
}

// DefaultWait is how long a sync waits for floccus's lock by default.
const DefaultWait = 30 * time.Second

func (o Options) now() time.Time {
	if o.Now == nil {
		return time.Now()
	}
	return o.Now()
}

func (o Options) withDefaults() Options {
	switch {
	case o.Wait == 0:
		o.Wait = DefaultWait
	case o.Wait < 0:
		o.Wait = 0
	}
	if o.Poll <= 0 {
		o.Poll = 2 * time.Second
	}
	return o
}

// SetBrowserFile remembers file (a path as the user typed it) as the
// browser file of the catalogue at path's repository, and returns it as
// remembered, from the repository's top. It must be in the repository,
// and not be the catalogue.
func SetBrowserFile(path, file string) (string, error) {
	top, rel, err := gitsync.Repo(path)
	if err != nil {
		return "", err
	}
	abs, err := filepath.Abs(file)
	if err != nil {
		return "", err
	}
	if real, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		abs = filepath.Join(real, filepath.Base(abs))
	}
	r, err := filepath.Rel(top, abs)
	if err != nil || r == "." || strings.HasPrefix(r, ".."+string(filepath.Separator)) || r == ".." {
		return "", fmt.Errorf("the browser file %s is not in the catalogue's repository %s: floccus and uricat sync through one repository", display.Text(file), display.Text(top))
	}
	r = filepath.ToSlash(r)
	if r == rel {
		return "", fmt.Errorf("the browser file %s is the catalogue itself", display.Text(file))
	}
	if _, err := gitsync.Git(top, "config", ConfigKey, r); err != nil {
		return "", err
	}
	return r, nil
}

// BrowserFile is the browser file the catalogue at path's repository
// remembers, from its top; "" when it has none.
func BrowserFile(path string) string {
	top, _, err := gitsync.Repo(path)
	if err != nil {
		return ""
	}
	f, _ := gitsync.Git(top, "config", "--get", ConfigKey)
	return f
}

// Sync is gitsync.Sync, and, when the repository has a browser file
// (SetBrowserFile), the sync with it (see the package doc); say receives
// what each step did, "3 bookmarks from the browser: 2 added, 1 moved"
// among them. Its errors are gitsync's, and a *LockedError while
// floccus holds the repository.
func Sync(path string, say func(string), o Options) error {
	file := BrowserFile(path)
	if file == "" {
		return gitsync.Sync(path, say)
	}
	o = o.withDefaults()
	if s, err := readFile(path); err == nil && len(gitsync.Marked(s)) > 0 {
		// Settled first: a conflict the last sync with the browser left.
		return &gitsync.ConflictsError{Path: path, Merged: s}
	}
	lock := func(top, _ string) error { return waitLock(top, o, say) }
	return gitsync.SyncWith(path, say, gitsync.Hooks{
		BeforePull: lock,
		AfterPull: func(top, _ string) error {
			return withBrowser(path, top, file, o, say)
		},
		BeforePush: lock,
	})
}

func readFile(path string) (*catalogue.Snapshot, error) {
	f, _, err := catalogue.OpenInput(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	c, err := catalogue.Read(f)
	if err != nil {
		return nil, err
	}
	return c.Snapshot(), nil
}

// base is what uricat last wrote: the browser file and the catalogue as
// the last commit marked with the trailer has them; nil doc and cat
// when there is none.
type base struct {
	doc *xbel.Document
	cat *catalogue.Catalogue
}

func findBase(top, rel, file string) (base, error) {
	commit, _ := gitsync.Git(top, "log", "-1", "--format=%H", "--grep=^"+trailer+file+"$", "HEAD")
	if commit == "" {
		return base{}, nil
	}
	var b base
	text, err := gitsync.Show(top, commit, file)
	if err == nil {
		if b.doc, err = xbel.Decode(bytes.NewReader(text)); err != nil {
			return base{}, fmt.Errorf("%s as uricat last wrote it (commit %.12s): %w", display.Text(file), commit, err)
		}
	}
	cat, _ := gitsync.Show(top, commit, rel)
	if b.cat, err = catalogue.Read(bytes.NewReader(cat)); err != nil {
		return base{}, fmt.Errorf("the catalogue as of commit %.12s: %w", commit, err)
	}
	return b, nil
}

// withBrowser is the sync with the browser file, after the pull: its
// changes taken in, the file written, both committed.
func withBrowser(path, top, file string, o Options, say func(string)) error {
	_, rel, err := gitsync.Repo(path)
	if err != nil {
		return err
	}
	abs := filepath.Join(top, filepath.FromSlash(file))
	curText, err := os.ReadFile(abs)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("cannot read the browser file: %w", err)
	}
	cur := &xbel.Document{}
	if len(curText) > 0 {
		if cur, err = xbel.Decode(bytes.NewReader(curText)); err != nil {
			return fmt.Errorf("%s: %w", display.Text(abs), err)
		}
	}
	b, err := findBase(top, rel, file)
	if err != nil {
		return err
	}
	if b.doc != nil && len(curText) == 0 {
		// Not every bookmark deleted in the browser: the file was.
		return fmt.Errorf("%s is gone from the repository, or empty, since uricat last wrote it: not taken as every bookmark deleted in the browser; restore it (git checkout HEAD~1 -- %s) or forget it (git config --unset %s)",
			display.Text(file), display.Text(file), ConfigKey)
	}
	ours, err := catalogue.Open(path)
	if err != nil {
		return &gitsync.UnreadableError{Err: err}
	}
	was := ours.Snapshot()
	merged, c, conflicts, err := takeIn(b, cur, file, ours, o.now(), o.File, say)
	if err != nil {
		return err
	}
	wroteCat, err := writeCatalogue(path, was, merged)
	if err != nil {
		return err
	}
	if len(conflicts) > 0 {
		// Taken in, conflicts and all; the file is written once they
		// are settled.
		if err := commit(top, []string{rel}, file, "uricat sync: from the browser: "+c.String()); err != nil {
			return err
		}
		return &gitsync.ConflictsError{Path: path, Upstream: file + " (the browser's bookmarks)", Merged: merged}
	}
	say(c.String())
	w, out, err := render(cur, merged.Records(), file)
	if err != nil {
		return err
	}
	wroteFile := !bytes.Equal(out, curText)
	if wroteFile {
		if _, err := catalogue.WriteFile(abs, func(wr io.Writer) error { _, err := wr.Write(out); return err }); err != nil {
			return fmt.Errorf("cannot write the browser file: %w", err)
		}
		say(fmt.Sprintf("wrote %s for the browser: %s", display.Text(file), w))
	}
	if !wroteCat && !wroteFile && c.Bookmarks == 0 && b.doc != nil && sameBase(top, rel, file) {
		return nil // nothing changed on either side: nothing to commit
	}
	return commit(top, []string{rel, file}, file, "uricat sync: the browser's bookmarks: "+c.String())
}

// String is "2 added, 1 changed" (what the file now has that it had not).
func (w Written) String() string {
	var parts []string
	for _, p := range []struct {
		n    int
		what string
	}{{w.Added, "added"}, {w.Changed, "changed"}, {w.Removed, "removed"}} {
		if p.n > 0 {
			parts = append(parts, plural.Of(p.n, "bookmark")+" "+p.what)
		}
	}
	if len(parts) == 0 {
		return "no bookmark changed"
	}
	return strings.Join(parts, ", ")
}

// sameBase says whether the browser file and the catalogue rel are as
// the last marked commit has them: nothing of floccus's to take in, and
// the base of the next sync is that commit still. (A catalogue changed
// in a way the file does not show, a rating, moves the base all the
// same: else a bookmark the browser deletes later would look edited
// here since, and be kept.)
func sameBase(top, rel, file string) bool {
	commit, _ := gitsync.Git(top, "log", "-1", "--format=%H", "--grep=^"+trailer+file+"$", "HEAD")
	if commit == "" {
		return false
	}
	for _, p := range []string{file, rel} {
		a, err1 := gitsync.Git(top, "rev-parse", commit+":"+p)
		b, err2 := gitsync.Git(top, "rev-parse", "HEAD:"+p)
		if err1 != nil || err2 != nil || a != b {
			return false
		}
	}
	return true
}

// takeIn merges the browser's changes since b into ours: the merged
// catalogue, what came, and the conflicts. Without a base (the first
// sync) they are additions alone, made to ours.
func takeIn(b base, cur *xbel.Document, file string, ours *catalogue.Catalogue, now time.Time, fileRec func(*ssd3.Record) bool, say func(string)) (*catalogue.Snapshot, Counts, []catalogue.Conflict, error) {
	oursSnap := ours.Snapshot()
	theirs := b.cat
	var baseTree *tree
	if b.doc != nil {
		baseTree = flatten(b.doc, file)
	} else {
		theirs = ours
	}
	edits, c, notes := fromBrowser(baseTree, flatten(cur, file), theirs.Records(), oursSnap.Records(), now, fileRec)
	for _, n := range notes {
		say(display.Text(file) + ": " + n)
	}
	if len(edits) == 0 {
		return oursSnap, c, nil, nil
	}
	baseSnap := theirs.Snapshot()
	for _, e := range edits {
		if _, err := theirs.Apply(e); err != nil && !errors.Is(err, catalogue.ErrUnchanged) {
			return nil, c, nil, fmt.Errorf("the browser's changes: %w", err)
		}
	}
	if b.doc == nil {
		return ours.Snapshot(), c, nil, nil
	}
	merged, conflicts := catalogue.MergeFile(baseSnap, oursSnap, theirs.Snapshot())
	return merged, c, conflicts, nil
}

// render is the browser file written from recs over cur (toBrowser), and
// what that changed.
func render(cur *xbel.Document, recs []*ssd3.Record, file string) (Written, []byte, error) {
	w := toBrowser(cur, flatten(cur, file), recs)
	var out bytes.Buffer
	if err := xbel.Encode(&out, cur); err != nil {
		return w, nil, fmt.Errorf("cannot write the browser file: %w", err)
	}
	return w, out.Bytes(), nil
}

// writeCatalogue writes merged over the catalogue at path (as ours), when
// it differs, and says whether it did.
func writeCatalogue(path string, ours, merged *catalogue.Snapshot) (bool, error) {
	if merged == ours {
		return false, nil
	}
	var a, b bytes.Buffer
	if _, err := ours.WriteTo(&a); err != nil {
		return false, err
	}
	if _, err := merged.WriteTo(&b); err != nil {
		return false, err
	}
	if bytes.Equal(a.Bytes(), b.Bytes()) {
		return false, nil
	}
	if _, err := catalogue.WriteFile(path, func(w io.Writer) error { _, err := w.Write(b.Bytes()); return err }); err != nil {
		return false, fmt.Errorf("cannot write the catalogue: %w", err)
	}
	return true, nil
}

// commit commits paths (from the repository's top) with msg, marked with
// the trailer for file, even when they did not change: the mark is what
// the next sync starts from.
func commit(top string, paths []string, file, msg string) error {
	specs := make([]string, len(paths))
	for i, p := range paths {
		specs[i] = ":(literal)" + p
	}
	if _, err := gitsync.Git(top, append([]string{"add", "--"}, specs...)...); err != nil {
		return err
	}
	args := append([]string{"commit", "--allow-empty", "-m", msg, "-m", trailer + file, "--"}, specs...)
	if _, err := gitsync.Git(top, args...); err != nil {
		return err
	}
	return nil
}
