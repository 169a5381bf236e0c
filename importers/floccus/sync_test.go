package floccus

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers/xbel"
)

const (
	goRec      = "URI: https://go.dev/\r\nNAME: Go\r\nDATE: 01/02/2024 10:00:00\r\nCATEGORY: Programming\r\nRATING: 5\r\nDESCRIPTION: The Go language\r\nX-TAGS: go, lang\r\n"
	exampleRec = "URI: https://example.org/\r\nNAME: Example\r\nDATE: 02/02/2024 10:00:00\r\n"
	mailRec    = "URI: mailto:bob@example.org\r\nNAME: Bob\r\nDATE: 02/02/2024 10:00:00\r\n"
	start      = goRec + "\r\n" + exampleRec + "\r\n" + mailRec
)

// byURI is the record of the catalogue with uri; nil when none.
func byURI(recs []*ssd3.Record, uri string) *ssd3.Record {
	for _, r := range recs {
		if r.URI() == uri {
			return r
		}
	}
	return nil
}

func TestFirstSync(t *testing.T) {
	t.Parallel()
	s := newSetup(t, start)
	s.floccus.sync(t, func(d *xbel.Document) {
		addBookmark(d, "Rust", "https://www.rust-lang.org/", "Toolbar", "Programming")
		addBookmark(d, "Go again", "https://go.dev/", "Elsewhere")
	})
	lines := s.mustSync(t)
	if !slices.Contains(lines, "1 bookmark from the browser: 1 added") {
		t.Errorf("sync said:\n%s", strings.Join(lines, "\n"))
	}
	recs := s.records(t)
	if r := byURI(recs, "https://www.rust-lang.org/"); r == nil || r.Category() != "Toolbar/Programming" || r.Name() != "Rust" {
		t.Fatalf("the browser's bookmark is not in the catalogue as it should be: %v", r)
	}
	if n := len(recs); n != 4 {
		t.Errorf("catalogue has %d records, want 4 (go.dev, which the catalogue has, not added twice)", n)
	}
	d := s.remoteFile(t)
	for _, uri := range []string{"https://go.dev/", "https://example.org/", "https://www.rust-lang.org/"} {
		if it, _ := find(d, uri); it == nil {
			t.Errorf("%s is not in the browser file", uri)
		}
	}
	if it, _ := find(d, "mailto:bob@example.org"); it != nil {
		t.Errorf("a mailto: record went to the browser file")
	}
	// The bookmarks floccus wrote keep their ids; new ones are above.
	if it, p := find(d, "https://www.rust-lang.org/"); it.ID != "3" || p.Title != "Programming" {
		t.Errorf("rust: id %s in %q, want id 3 in Programming", it.ID, p.Title)
	}
	if it, _ := find(d, "https://example.org/"); idNumber(it.ID) <= 4 || idNumber(it.ID) > d.HighestID {
		t.Errorf("example.org has id %s, want above 4 and at most highestId %d", it.ID, d.HighestID)
	}
}

func TestNoChangeWritesNothing(t *testing.T) {
	t.Parallel()
	s := newSetup(t, start)
	s.floccus.sync(t, func(d *xbel.Document) { addBookmark(d, "Rust", "https://www.rust-lang.org/", "Programming") })
	s.mustSync(t)
	head := git(t, s.clone, "rev-parse", "HEAD")
	file := read(t, filepath.Join(s.clone, "bookmarks.xbel"))
	cat := read(t, s.cat)
	lines := s.mustSync(t)
	if got := git(t, s.clone, "rev-parse", "HEAD"); got != head {
		t.Errorf("a sync that changed nothing committed (%s)", git(t, s.clone, "log", "-1", "--format=%B"))
	}
	if read(t, filepath.Join(s.clone, "bookmarks.xbel")) != file || read(t, s.cat) != cat {
		t.Errorf("a sync that changed nothing rewrote a file")
	}
	if !slices.Contains(lines, "nothing new from the browser") {
		t.Errorf("sync said:\n%s", strings.Join(lines, "\n"))
	}
	// floccus, finding the file as it left it, writes nothing either:
	// the file uricat wrote is byte for byte what floccus would write.
	before := git(t, s.bare, "rev-parse", "main")
	s.floccus.sync(t, func(*xbel.Document) {})
	if git(t, s.bare, "rev-parse", "main") != before {
		t.Errorf("floccus rewrote the file uricat wrote")
	}
}
