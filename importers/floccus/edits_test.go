package floccus

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/gitsync"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers/xbel"
)

// synced is a setup whose first sync is done: the browser file holds the
// catalogue's bookmarks.
func synced(t *testing.T) *setup {
	t.Helper()
	s := newSetup(t, start)
	s.mustSync(t)
	return s
}

func TestBrowserEdits(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		edit  func(d *xbel.Document)
		said  string
		check func(t *testing.T, go_ *ssd3.Record, recs []*ssd3.Record)
	}{{
		name: "renamed",
		edit: func(d *xbel.Document) { it, _ := find(d, "https://go.dev/"); it.Title = "The Go site" },
		said: "1 bookmark from the browser: 1 renamed",
		check: func(t *testing.T, r *ssd3.Record, _ []*ssd3.Record) {
			if r.Name() != "The Go site" {
				t.Errorf("NAME %q, want the browser's", r.Name())
			}
		},
	}, {
		name: "moved",
		edit: func(d *xbel.Document) {
			it, _ := find(d, "https://go.dev/")
			remove(d, it)
			b := addBookmark(d, it.Title, it.Href, "Toolbar", "Languages")
			b.ID = it.ID
		},
		said: "1 bookmark from the browser: 1 moved",
		check: func(t *testing.T, r *ssd3.Record, _ []*ssd3.Record) {
			if r.Category() != "Toolbar/Languages" {
				t.Errorf("CATEGORY %q, want the browser's folder", r.Category())
			}
		},
	}, {
		name: "re-pointed",
		edit: func(d *xbel.Document) { it, _ := find(d, "https://go.dev/"); it.Href = "https://golang.org/" },
		said: "1 bookmark from the browser: 1 re-pointed",
		check: func(t *testing.T, _ *ssd3.Record, recs []*ssd3.Record) {
			r := byURI(recs, "https://golang.org/")
			if r == nil || byURI(recs, "https://go.dev/") != nil {
				t.Fatalf("the record was not re-pointed")
			}
			if r.Rating() != 5 || r.Description() != "The Go language" || r.Extension(ssd3.FieldTags) != "go, lang" {
				t.Errorf("the re-pointed record lost what the browser cannot hold:\n%s", r.Raw())
			}
		},
	}, {
		name: "removed",
		edit: func(d *xbel.Document) { it, _ := find(d, "https://example.org/"); remove(d, it) },
		said: "1 bookmark from the browser: 1 removed",
		check: func(t *testing.T, _ *ssd3.Record, recs []*ssd3.Record) {
			if byURI(recs, "https://example.org/") != nil || len(recs) != 2 {
				t.Errorf("example.org is still there, or more went: %d records", len(recs))
			}
		},
	}, {
		name: "added",
		edit: func(d *xbel.Document) { addBookmark(d, "", "https://www.rust-lang.org/learn", "Programming") },
		said: "1 bookmark from the browser: 1 added",
		check: func(t *testing.T, _ *ssd3.Record, recs []*ssd3.Record) {
			r := byURI(recs, "https://www.rust-lang.org/learn")
			if r == nil || r.Category() != "Programming" || r.Name() != "learn" || time.Since(r.Date()) > time.Hour {
				t.Errorf("added as %v", r)
			}
		},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s := synced(t)
			s.floccus.sync(t, tc.edit)
			lines := s.mustSync(t)
			if !slices.Contains(lines, tc.said) {
				t.Errorf("sync said:\n%s\nwant %q among it", strings.Join(lines, "\n"), tc.said)
			}
			recs := s.records(t)
			r := byURI(recs, "https://go.dev/")
			if r != nil && (r.Rating() != 5 || r.Description() != "The Go language" || r.Extension(ssd3.FieldTags) != "go, lang") {
				t.Errorf("go.dev lost what the browser cannot hold:\n%s", r.Raw())
			}
			tc.check(t, r, recs)
			// Taken in, the change is not taken in again, and floccus
			// finds its own file.
			head := git(t, s.clone, "rev-parse", "HEAD")
			if lines := s.mustSync(t); !slices.Contains(lines, "nothing new from the browser") || git(t, s.clone, "rev-parse", "HEAD") != head {
				t.Errorf("the second sync did something:\n%s", strings.Join(lines, "\n"))
			}
		})
	}
}

func TestBothSidesMerge(t *testing.T) {
	t.Parallel()
	s := synced(t)
	s.floccus.sync(t, func(d *xbel.Document) { it, _ := find(d, "https://go.dev/"); it.Title = "Go (browser)" })
	// Re-filed and rated in the terminal.
	text := strings.Replace(read(t, s.cat), "CATEGORY: Programming", "CATEGORY: Languages", 1)
	write(t, s.cat, strings.Replace(text, "RATING: 5", "RATING: 4", 1))
	s.mustSync(t)
	r := byURI(s.records(t), "https://go.dev/")
	if r.Name() != "Go (browser)" || r.Category() != "Languages" || r.Rating() != 4 {
		t.Errorf("not merged field by field:\n%s", r.Raw())
	}
	it, p := find(s.remoteFile(t), "https://go.dev/")
	if it.Title != "Go (browser)" || p.Title != "Languages" {
		t.Errorf("browser file has %q in %q", it.Title, p.Title)
	}
}

func TestRenamedTwiceIsAConflict(t *testing.T) {
	t.Parallel()
	s := synced(t)
	s.floccus.sync(t, func(d *xbel.Document) { it, _ := find(d, "https://go.dev/"); it.Title = "Go (browser)" })
	after := git(t, s.bare, "rev-parse", "main")
	write(t, s.cat, strings.Replace(read(t, s.cat), "NAME: Go\r\n", "NAME: Go (terminal)\r\n", 1))
	lines, err := s.sync(t)
	var ce *gitsync.ConflictsError
	if !errors.As(err, &ce) {
		t.Fatalf("sync: %v, want a ConflictsError\n%s", err, strings.Join(lines, "\n"))
	}
	var names []string
	for _, r := range s.records(t) {
		if r.URI() == "https://go.dev/" {
			names = append(names, r.Name()+" "+ssd3.ConflictSide(r))
		}
	}
	// As the merge driver marks them: ours kept, theirs beside it, marked.
	if len(names) != 2 || !slices.Contains(names, "Go (terminal) ") || !slices.Contains(names, "Go (browser) "+ssd3.SideTheirs) {
		t.Errorf("the conflict's versions in the catalogue: %q", names)
	}
	if git(t, s.bare, "rev-parse", "main") != after {
		t.Errorf("a sync stopped on conflicts pushed")
	}
	// Synced again unsettled: refused, as the merge driver's are.
	if _, err := s.sync(t); !errors.As(err, &ce) {
		t.Errorf("second sync: %v, want the conflicts left to settle", err)
	}
}

func TestDeletedInBrowserEditedHere(t *testing.T) {
	t.Parallel()
	s := synced(t)
	s.floccus.sync(t, func(d *xbel.Document) { it, _ := find(d, "https://go.dev/"); remove(d, it) })
	write(t, s.cat, strings.Replace(read(t, s.cat), "RATING: 5", "RATING: 3", 1))
	lines := s.mustSync(t)
	if !slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, "deleted in the browser, but edited here") }) {
		t.Errorf("sync did not say it kept the record:\n%s", strings.Join(lines, "\n"))
	}
	if r := byURI(s.records(t), "https://go.dev/"); r == nil || r.Rating() != 3 {
		t.Fatalf("the record edited here is gone")
	}
	if it, _ := find(s.remoteFile(t), "https://go.dev/"); it == nil {
		t.Errorf("the record kept is not back in the browser file")
	}
}

func TestLock(t *testing.T) {
	t.Parallel()
	s := synced(t)
	write(t, s.cat, strings.Replace(read(t, s.cat), "RATING: 5", "RATING: 2", 1))
	before := git(t, s.bare, "rev-parse", "main")
	tag := s.floccus.lock(t, s.clone, time.Now().Add(-time.Minute))
	lines, err := s.sync(t)
	var le *LockedError
	if !errors.As(err, &le) || le.Tag != tag {
		t.Fatalf("sync under floccus's lock: %v\n%s", err, strings.Join(lines, "\n"))
	}
	if git(t, s.bare, "rev-parse", "main") != before {
		t.Errorf("a sync pushed under floccus's lock")
	}
	// It waits, bounded, saying so.
	lines = nil
	start := time.Now()
	err = Sync(s.cat, func(l string) { lines = append(lines, l) }, Options{Wait: 300 * time.Millisecond, Poll: 100 * time.Millisecond})
	if !errors.As(err, &le) || time.Since(start) < 300*time.Millisecond {
		t.Errorf("sync did not wait for the lock: %v", err)
	}
	if !slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, "waiting up to") }) {
		t.Errorf("sync waited without saying so:\n%s", strings.Join(lines, "\n"))
	}
	// A lock older than floccus's own timeout is a sync that died.
	git(t, s.clone, "push", "-q", "origin", ":refs/tags/"+tag)
	s.floccus.lock(t, s.clone, time.Now().Add(-LockTimeout-time.Minute))
	s.mustSync(t)
	if git(t, s.bare, "rev-parse", "main") == before {
		t.Errorf("a stale lock stopped the sync")
	}
}

// A browser file gone from the repository is not every bookmark deleted.
func TestBrowserFileGone(t *testing.T) {
	t.Parallel()
	s := synced(t)
	git(t, s.clone, "rm", "-q", "bookmarks.xbel")
	git(t, s.clone, "commit", "-q", "-m", "gone")
	before := len(s.records(t))
	if _, err := s.sync(t); err == nil || !strings.Contains(err.Error(), "is gone from the repository") {
		t.Fatalf("sync: %v", err)
	}
	if n := len(s.records(t)); n != before {
		t.Errorf("%d records, %d before", n, before)
	}
}
