package tui

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/linkset"
	"github.com/uricat/uricat/internal/linkcheck"
	"github.com/uricat/uricat/tui/theme"
)

// dupFixture has one group of look-alikes (http and https, a tracking
// parameter) and a record alone.
const dupFixture = "URI: http://go.dev/\r\nNAME: Go\r\nDATE: 01/02/2024 10:00:00\r\nRATING: 3\r\n\r\n" +
	"URI: https://example.org/\r\nNAME: Alone\r\nDATE: 01/02/2024 10:00:00\r\n\r\n" +
	"URI: https://go.dev/?utm_source=feed\r\nNAME: The Go site\r\nDATE: 02/02/2024 10:00:00\r\nRATING: 5\r\n"

// TestDuplicatesViewMergesUndoably: D opens the duplicates view from the
// list (on the group of the record selected: a dup:yes search is the way
// in), m merges the group as one edit that is saved, and u in the list
// undoes it whole.
func TestDuplicatesViewMergesUndoably(t *testing.T) {
	t.Parallel()
	h := newHarness(t, dupFixture, 80, 24)
	h.keys("/")
	h.typeText("dup:yes")
	h.keys("enter")
	if got := h.names(); len(got) != 2 {
		t.Fatalf("dup:yes shows %q", got)
	}
	h.selectName("The Go site")
	h.keys("D")
	view := h.m.View()
	for _, want := range []string{"Duplicates: group 1 of 1", "The Go site", "Merged, at line 1:", "RATING       5", "m merge this group"} {
		if !strings.Contains(view, want) {
			t.Errorf("the view lacks %q:\n%s", want, view)
		}
	}
	h.keys("m")
	if n := len(h.reopen().Records()); n != 2 {
		t.Fatalf("%d records saved after the merge, want 2", n)
	}
	if !strings.Contains(h.m.View(), "No duplicates") {
		t.Errorf("after the merge:\n%s", h.m.View())
	}
	h.keys("esc", "u")
	if n := len(h.reopen().Records()); n != 3 {
		t.Fatalf("%d records saved after u, want the 3 of before the merge", n)
	}
}

// linkHarness is a harness whose model checks links through client and
// keeps their results in a state file of its own.
func linkHarness(t *testing.T, text string, client *http.Client) (*harness, string) {
	t.Helper()
	path := writeCatalogue(t, text)
	c, err := catalogue.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	c.Now = func() time.Time { return fixedNow }
	state := filepath.Join(t.TempDir(), "links.json")
	m := newModel(Options{Path: path, Catalogue: c, Theme: theme.Plain(), LinkState: state, Client: client, UserAgent: "uricat/test",
		NewChecker: func(c *http.Client, ua string) *linkcheck.Checker {
			ch := linkcheck.New(c, ua)
			ch.RetryDelay = time.Millisecond
			return ch
		}})
	h := &harness{t: t, m: m}
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	h.run(m.Init())
	return h, state
}

// TestLinkCheckInTheTUI: L checks the links of the records shown (an
// httptest server: one ok, one 404, one 301), then shows the moved and
// dead ones; U rewrites the moved one as one edit, which u in the list
// undoes; the results are kept in the state file, and link:dead finds
// the dead one.
func TestLinkCheckInTheTUI(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/ok", "/new":
		case "/old":
			http.Redirect(w, r, "/new", http.StatusMovedPermanently)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	h, state := linkHarness(t, "URI: "+srv.URL+"/ok\r\nNAME: Fine\r\nDATE: 01/02/2024 10:00:00\r\n\r\n"+
		"URI: "+srv.URL+"/gone\r\nNAME: Gone\r\nDATE: 01/02/2024 10:00:00\r\n\r\n"+
		"URI: "+srv.URL+"/old\r\nNAME: Moved\r\nDATE: 01/02/2024 10:00:00\r\n\r\n"+
		"URI: ftp://ftp.example.org/\r\nNAME: FTP\r\nDATE: 01/02/2024 10:00:00\r\n", srv.Client())
	h.keys("L")
	if h.m.links.run != nil {
		t.Fatal("the check is still running after its commands ran")
	}
	view := h.m.View()
	for _, want := range []string{"Link check  checked 3 links: 1 ok, 1 moved, 1 dead", "dead  404  Gone", "moved 301  Moved", "/old → " + srv.URL + "/new", "U update moved URIs"} {
		if !strings.Contains(view, want) {
			t.Errorf("the results lack %q:\n%s", want, view)
		}
	}
	if b, err := os.ReadFile(state); err != nil || !strings.Contains(string(b), `"status": "dead"`) {
		t.Errorf("the state file: %v\n%s", err, b)
	}
	h.keys("U")
	if rec := find(h.reopen(), "Moved"); rec == nil || rec.URI() != srv.URL+"/new" {
		t.Fatalf("U did not rewrite the moved URI: %v", rec)
	}
	h.keys("esc", "u")
	if rec := find(h.reopen(), "Moved"); rec == nil || rec.URI() != srv.URL+"/old" {
		t.Fatalf("u did not undo the rewrite: %v", rec)
	}
	h.keys("/")
	h.typeText("link:dead")
	if got := h.names(); !slices.Equal(got, []string{"Gone"}) {
		t.Errorf("link:dead after the check shows %q", got)
	}
}

// TestLinkCheckStops: while a check waits on a slow site the list still
// takes keys (a search), the status bar shows the progress, and esc
// stops the check at once, keeping what it found.
func TestLinkCheckStops(t *testing.T) {
	t.Parallel()
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow" {
			select {
			case <-release:
			case <-r.Context().Done():
			}
		}
	}))
	defer srv.Close()
	defer close(release)
	h, _ := linkHarness(t, "URI: "+srv.URL+"/slow\r\nNAME: Slow\r\nDATE: 01/02/2024 10:00:00\r\n\r\n"+
		"URI: "+srv.URL+"/slow?2\r\nNAME: Slow too\r\nDATE: 01/02/2024 10:00:00\r\n", srv.Client())
	_, wait := h.m.Update(keyMsg("L")) // its command waits for a result: not run yet
	if h.m.links.run == nil {
		t.Fatal("L started no check")
	}
	if bar := h.m.View(); !strings.Contains(bar, "links ") || !strings.Contains(bar, "0/2") {
		t.Errorf("no progress on the status bar:\n%s", bar)
	}
	h.keys("/")
	h.typeText("too")
	if got := h.names(); !slices.Equal(got, []string{"Slow too"}) {
		t.Errorf("a search during the check shows %q", got)
	}
	h.keys("enter", "esc")
	if h.m.links.run == nil || !h.m.links.run.stopped {
		t.Fatal("esc did not stop the check")
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		h.run(wait)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("the check did not stop within 5 s")
	}
	if h.m.links.run != nil || !strings.Contains(h.m.status.msg, "stopped: 0 links of 2") {
		t.Errorf("after esc: check %v, status %q", h.m.links.run, h.m.status.msg)
	}
}

// TestAddFormFillsFromThePage: the root gives the add form its client: a
// URI typed in the add form brings the page's title into NAME.
func TestAddFormFillsFromThePage(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(`<html><head><title>A page</title></head></html>`))
	}))
	defer srv.Close()
	h, _ := linkHarness(t, dupFixture, srv.Client())
	h.keys("a")
	h.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(srv.URL + "/a"), Paste: true})
	if v := h.m.View(); !strings.Contains(v, "A page") || !strings.Contains(v, "title from the page") {
		t.Errorf("the add form after typing a URI:\n%s", v)
	}
}

// TestReloadReadsTheLinkResults: R reads the link results again, as
// `uricat links` in another terminal left them.
func TestReloadReadsTheLinkResults(t *testing.T) {
	t.Parallel()
	h, path := linkHarness(t, dupFixture, nil)
	st, err := linkset.LoadState(path)
	if err != nil {
		t.Fatal(err)
	}
	st.Put(linkcheck.Result{URI: "https://example.org/", Status: linkcheck.Dead, Code: 410, Checked: fixedNow})
	if _, err := st.Save(); err != nil {
		t.Fatal(err)
	}
	h.keys("R", "/")
	h.typeText("link:dead")
	if got := h.names(); !slices.Equal(got, []string{"Alone"}) {
		t.Errorf("link:dead after R shows %q", got)
	}
}
