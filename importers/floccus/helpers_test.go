package floccus

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/gitsync"
	"github.com/uricat/uricat/catalogue/gitsync/gitsynctest"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers/xbel"
)

// TestMain makes the test binary its own merge driver (gitsync names
// this program), and keeps the user's git configuration out.
func TestMain(m *testing.M) {
	if base, ours, theirs, ok := gitsynctest.DriverCall(os.Args); ok {
		os.Exit(gitsynctest.Merge(base, ours, theirs, readFile))
	}
	cleanup, err := gitsynctest.Isolate()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	code := m.Run()
	cleanup()
	os.Exit(code)
}

func git(t testing.TB, dir string, args ...string) string {
	t.Helper()
	out, err := gitsync.Git(dir, args...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func write(t testing.TB, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func read(t testing.TB, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// setup is a bare repository ("the server" floccus and uricat share)
// and uricat's clone of it, holding the catalogue text, pushed; the
// browser file is bookmarks.xbel, remembered.
type setup struct {
	root, bare, clone, cat string
	floccus                *fakeFloccus
}

const catName = "bookmarks.uricat"

func newSetup(t testing.TB, text string) *setup {
	t.Helper()
	s := &setup{}
	s.root, s.bare, s.clone = gitsynctest.NewRemote(t, "uricat")
	s.cat = filepath.Join(s.clone, catName)
	write(t, s.cat, text)
	if err := gitsync.InstallDriver(s.cat, func(string) {}); err != nil {
		t.Fatal(err)
	}
	git(t, s.clone, "add", "-A")
	git(t, s.clone, "commit", "-q", "-m", "start")
	git(t, s.clone, "push", "-q", "-u", "origin", "main")
	if _, err := SetBrowserFile(s.cat, filepath.Join(s.clone, "bookmarks.xbel")); err != nil {
		t.Fatal(err)
	}
	s.floccus = &fakeFloccus{bare: s.bare, root: s.root, file: "bookmarks.xbel"}
	return s
}

// sync is uricat's sync, not waiting for a lock; it returns what it said.
func (s *setup) sync(t testing.TB) ([]string, error) {
	t.Helper()
	var lines []string
	err := Sync(s.cat, func(l string) { lines = append(lines, l) }, Options{Wait: -1})
	return lines, err
}

func (s *setup) mustSync(t testing.TB) []string {
	t.Helper()
	lines, err := s.sync(t)
	if err != nil {
		t.Fatalf("sync: %v\nit said:\n%s", err, strings.Join(lines, "\n"))
	}
	return lines
}

// records reads the catalogue.
func (s *setup) records(t testing.TB) []*ssd3.Record {
	t.Helper()
	snap, err := readFile(s.cat)
	if err != nil {
		t.Fatal(err)
	}
	return snap.Records()
}

// fakeFloccus does to the shared repository what floccus's Git adapter
// does: clone the branch, take the lock (a floccus-lock-MILLISECONDS tag
// pushed to the remote), read bookmarks.xbel, change its tree, write it
// in floccus's layout with the highestId comment kept current, commit as
// "Floccus bookmarks sync", push, and delete the lock tag.
type fakeFloccus struct {
	bare, root, file string
	n                int
}

// sync runs one floccus sync whose browser changes are edit's.
func (f *fakeFloccus) sync(t testing.TB, edit func(d *xbel.Document)) {
	t.Helper()
	f.n++
	dir := filepath.Join(f.root, "floccus-"+strconv.Itoa(f.n))
	git(t, f.root, "clone", "-q", "--depth", "10", "-b", "main", f.bare, dir)
	defer os.RemoveAll(dir)
	tag := f.lock(t, dir, time.Now())
	defer git(t, dir, "push", "-q", "origin", ":refs/tags/"+tag)
	d := &xbel.Document{}
	path := filepath.Join(dir, f.file)
	if b, err := os.ReadFile(path); err == nil {
		if d, err = xbel.Decode(bytes.NewReader(b)); err != nil {
			t.Fatal(err)
		}
	}
	edit(d)
	var out bytes.Buffer
	if err := xbel.Encode(&out, d); err != nil {
		t.Fatal(err)
	}
	write(t, path, out.String())
	git(t, dir, "add", ".")
	if git(t, dir, "status", "--porcelain") == "" {
		return // floccus writes nothing when nothing changed
	}
	git(t, dir, "-c", "user.name=Floccus bookmarks sync", "commit", "-q", "-m", "Floccus update: bob@example.org:"+f.file)
	git(t, dir, "push", "-q", "origin", "main")
}

// lock pushes a lock tag set at when, as floccus's setLock does, and
// returns its name.
func (f *fakeFloccus) lock(t testing.TB, dir string, when time.Time) string {
	t.Helper()
	tag := lockPrefix + strconv.FormatInt(when.UnixMilli(), 10)
	git(t, dir, "tag", tag)
	git(t, dir, "push", "-q", "origin", "refs/tags/"+tag)
	return tag
}

// addBookmark adds a bookmark to the folder at path (titles from the
// top, made if need be) as the browser would, with floccus's next id.
func addBookmark(d *xbel.Document, title, href string, path ...string) *xbel.Item {
	items := &d.Items
	for _, name := range path {
		var f *xbel.Item
		for _, it := range *items {
			if it.Kind == xbel.Folder && it.Title == name {
				f = it
				break
			}
		}
		if f == nil {
			d.HighestID++
			f = &xbel.Item{Kind: xbel.Folder, ID: strconv.Itoa(d.HighestID), Title: name}
			*items = append(*items, f)
		}
		items = &f.Items
	}
	d.HighestID++
	b := &xbel.Item{Kind: xbel.Bookmark, ID: strconv.Itoa(d.HighestID), Title: title, Href: href}
	*items = append(*items, b)
	return b
}

// find is the bookmark of d with href, and its folder; nil when none.
func find(d *xbel.Document, href string) (it, parent *xbel.Item) {
	var walk func(f *xbel.Item) bool
	walk = func(f *xbel.Item) bool {
		for _, c := range f.Items {
			if c.Kind == xbel.Bookmark && c.Href == href {
				it, parent = c, f
				return true
			}
			if c.Kind == xbel.Folder && walk(c) {
				return true
			}
		}
		return false
	}
	walk(&xbel.Item{Kind: xbel.Folder, Items: d.Items})
	return it, parent
}

// remove takes it out of its folder parent (d's top when parent is
// the top's pseudo-folder).
func remove(d *xbel.Document, it *xbel.Item) {
	var walk func(items []*xbel.Item) []*xbel.Item
	walk = func(items []*xbel.Item) []*xbel.Item {
		out := items[:0:0]
		for _, c := range items {
			if c == it {
				continue
			}
			if c.Kind == xbel.Folder {
				c.Items = walk(c.Items)
			}
			out = append(out, c)
		}
		return out
	}
	d.Items = walk(d.Items)
}

// browserFile reads the browser file as the remote has it.
func (s *setup) remoteFile(t testing.TB) *xbel.Document {
	t.Helper()
	text := git(t, s.bare, "show", "main:bookmarks.xbel")
	d, err := xbel.Decode(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return d
}
