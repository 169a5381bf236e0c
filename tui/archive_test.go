package tui

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/uricat/uricat/archive"
	"github.com/uricat/uricat/catalogue/linkset"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/internal/linkcheck"
)

var archivedAt = time.Date(2026, 11, 20, 10, 30, 0, 0, time.UTC)

// archiveDir makes an archive with go.dev's page and DuckDuckGo's
// failure.
func archiveDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "archive")
	st, err := archive.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []*archive.Page{
		{URI: "http://go.dev/", Title: "The Go Programming Language", Fetched: archivedAt, Status: 200, ContentType: "text/html",
			Text: "# Build simple, secure, scalable systems with Go\n\nGo is an open source programming language.\n"},
		{URI: "http://duckduckgo.com/", Fetched: archivedAt, ContentType: "text/html", Failed: "the server answered 503 Service Unavailable"},
	} {
		if err := st.Put(p); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// row returns the two lines of the list's row whose name holds name.
func rowOf(view, name string) string {
	lines := strings.Split(ansi.Strip(view), "\n")
	for i, l := range lines {
		if strings.Contains(l, name) && i+1 < len(lines) {
			return l + "\n" + lines[i+1]
		}
	}
	return ""
}

// TestArchiveMarksAndDetail: with an archive, the list marks the archived
// record (≡ before its URI) and no other; the detail pane says when its
// page was archived and how long it is, or why archiving failed; a dead
// link's detail gives the Wayback Machine's address from its DATE.
func TestArchiveMarksAndDetail(t *testing.T) {
	t.Parallel()
	h := newHarnessWith(t, fixture, 140, 30, quiet(Options{ArchiveDir: archiveDir(t)}))
	view := h.m.View()
	if r := rowOf(view, "go.dev"); !strings.Contains(r, "≡ http://go.dev/") {
		t.Errorf("the archived record is not marked:\n%s", r)
	}
	for _, name := range []string{"Google", "DuckDuckGo"} {
		if r := rowOf(view, name); strings.Contains(r, "≡") {
			t.Errorf("%s is marked archived:\n%s", name, r)
		}
	}
	state, err := linkset.LoadState(filepath.Join(t.TempDir(), "links.json"))
	if err != nil {
		t.Fatal(err)
	}
	state.Put(linkcheck.Result{URI: "http://go.dev/", Status: linkcheck.Dead, Code: 404, Checked: archivedAt})
	h.send(linksLoadedMsg{state: state})
	h.keys("j", "j")
	view = ansi.Strip(h.m.View())
	for _, want := range []string{"Archived  2026-11-20 10:30 UTC, 93 B of text (r reads it)", "Wayback   https://web.archive.org/web/20090301000000/"} {
		if !strings.Contains(view, want) {
			t.Errorf("the detail pane lacks %q:\n%s", want, view)
		}
	}
	h.keys("j", "j")
	if view = ansi.Strip(h.m.View()); !strings.Contains(view, "Archived  the server answered 503 Service Unavailable,") || !strings.Contains(view, "2026-11-20 10:30 UTC (r tries again)") {
		t.Errorf("the detail pane does not say why archiving failed:\n%s", view)
	}
}

// TestNoArchiveNoMarks: with no archive directory nothing is marked and
// none is made.
func TestNoArchiveNoMarks(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "none")
	h := newHarnessWith(t, fixture, 140, 30, quiet(Options{ArchiveDir: dir}))
	if v := h.m.View(); strings.Contains(v, "≡") || strings.Contains(v, "Archived") {
		t.Errorf("marks with no archive:\n%s", v)
	}
	h.keys("r")
	if v := ansi.Strip(h.m.View()); !strings.Contains(v, "No archived copy of http://google.co.uk/ yet.") {
		t.Errorf("r with no archive:\n%s", v)
	}
}

// TestReadKeyOpensTheReader: r reads the archived page of the record under
// the cursor; esc goes back to the list. With no copy, a archives it
// through Options.Archive and the list marks it.
func TestReadKeyOpensTheReader(t *testing.T) {
	t.Parallel()
	dir := archiveDir(t)
	fetch := func(_ context.Context, uri string) (*archive.Page, error) {
		st, err := archive.Open(dir)
		if err != nil {
			return nil, err
		}
		p := &archive.Page{URI: uri, Title: "Google", Fetched: archivedAt, ContentType: "text/html", Text: "Search the web.\n"}
		return p, st.Put(p)
	}
	h := newHarnessWith(t, fixture, 100, 30, quiet(Options{ArchiveDir: dir, Archive: fetch}))
	h.keys("j", "j", "r")
	view := ansi.Strip(h.m.View())
	for _, want := range []string{"Reader  go.dev", "Build simple, secure, scalable systems with Go", "archived 2026-11-20 10:30 UTC"} {
		if !strings.Contains(view, want) {
			t.Errorf("the reader lacks %q:\n%s", want, view)
		}
	}
	h.keys("esc", "g", "r")
	if v := ansi.Strip(h.m.View()); !strings.Contains(v, "a archives it now") {
		t.Fatalf("r on a record with no copy does not offer to archive it:\n%s", v)
	}
	h.keys("a")
	if v := ansi.Strip(h.m.View()); !strings.Contains(v, "Search the web.") {
		t.Errorf("after a, the reader does not show the page:\n%s", v)
	}
	h.keys("esc")
	if r := rowOf(h.m.View(), "Google"); !strings.Contains(r, "≡ http://google.co.uk/") {
		t.Errorf("the record archived in the reader is not marked:\n%s", r)
	}
}

// TestArchivePrepared: the TUI warms the archive's answers
// (PrepareArchive), in a command, for the catalogue's search index once
// it is built, for the new index an edit makes, and again once it puts a
// page in the archive's index; the search typed next is answered as
// without it.
func TestArchivePrepared(t *testing.T) {
	t.Parallel()
	var mu sync.Mutex
	var warmed []*query.Index
	prepare := func(_ context.Context, ix *query.Index) {
		mu.Lock()
		defer mu.Unlock()
		warmed = append(warmed, ix)
	}
	count := func() int {
		mu.Lock()
		defer mu.Unlock()
		return len(warmed)
	}
	search := goDevSearch(t)
	h := newHarnessWith(t, fixture, 120, 30, quiet(Options{ArchiveDir: archiveDir(t), SearchArchive: search, PrepareArchive: prepare}))
	if n := count(); n != 1 || !warmed[0].Ready() || !slices.Equal(warmed[0].Records(), h.m.list.Records()) {
		t.Fatalf("after start %d warmings, want 1 of the catalogue's built index", n)
	}
	h.keys("/")
	h.typeText("text:go")
	h.keys("enter")
	if got := h.names(); !slices.Equal(got, []string{"go.dev"}) {
		t.Errorf("text:go after the warming finds %q", got)
	}
	if n := count(); n != 1 {
		t.Errorf("a search warmed again: %d warmings", n)
	}
	h.keys("esc")
	h.selectName("Google")
	h.keys("d", "y") // an edit (and its save): a new search index
	n := count()
	if last := warmed[n-1]; n < 2 || last == warmed[0] || !slices.Equal(last.Records(), h.m.list.Records()) {
		t.Fatalf("after an edit %d warmings, the last not of the new index", n)
	}
	h.send(archiveIndexedMsg{}) // the reader's page indexed
	h.send(pageKeptMsg{uri: "http://example.org/", page: &archive.Page{URI: "http://example.org/", Text: "x"}})
	if got := count(); got != n+2 || warmed[n] != warmed[n-1] || warmed[n+1] != warmed[n-1] {
		t.Errorf("after two pages indexed %d warmings, want %d, of the same index", got, n+2)
	}
}
