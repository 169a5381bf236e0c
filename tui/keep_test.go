package tui

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/uricat/uricat/archive"
)

// keepSite serves an article and a PDF, for the add form to fetch.
func keepSite(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/article":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write([]byte(`<html lang="en"><head><title>Kept Article</title></head><body><article><h1>Kept Article</h1>` +
				strings.Repeat(`<p>Gophers keep their pages in the archive, where they can be read offline long after the link has died.</p>`, 8) +
				`</article></body></html>`))
		case "/paper.pdf":
			w.Header().Set("Content-Type", "application/pdf")
			w.Write([]byte("%PDF-1.4\n<< /Title (Kept Paper) >>\n"))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestAddFormKeepsThePageAndMarksIt: a page the add form fetched is kept
// in the archive when the record is saved: the list marks the record at
// once and the page goes to the index; a page that cannot be archived is
// said in the status bar as a note, the record added all the same.
func TestAddFormKeepsThePageAndMarksIt(t *testing.T) {
	t.Parallel()
	srv := keepSite(t)
	for _, tt := range []struct {
		name, path string
		archived   bool
	}{{"article", "/article", true}, {"pdf", "/paper.pdf", false}} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join(t.TempDir(), "archive")
			var mu sync.Mutex
			var indexed []string
			index := func(p *archive.Page) error {
				mu.Lock()
				defer mu.Unlock()
				indexed = append(indexed, p.URI)
				return nil
			}
			h := newHarnessWith(t, fixture, 140, 30, quiet(Options{ArchiveDir: dir, Client: srv.Client(), IndexPage: index}))
			uri := srv.URL + tt.path
			h.keys("a")
			h.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(uri), Paste: true})
			h.keys("tab")
			h.typeText("Kept " + tt.name)
			h.keys("ctrl+s")
			view := ansi.Strip(h.m.View())
			if !h.m.store.Catalogue().HasURI(uri) {
				t.Fatalf("the record was not added:\n%s", view)
			}
			if got := strings.Contains(view, "≡ "+uri); got != tt.archived {
				t.Errorf("marked archived: %v, want %v:\n%s", got, tt.archived, view)
			}
			mu.Lock()
			gotIndexed := strings.Join(indexed, " ")
			mu.Unlock()
			if gotIndexed != uri {
				t.Errorf("indexed %q, want %q", gotIndexed, uri)
			}
			status := ansi.Strip(h.m.status.msg)
			if tt.archived && status != "" && strings.Contains(status, "not archived") {
				t.Errorf("an archived page is said not to be: %q", status)
			}
			if !tt.archived && (!strings.Contains(status, "note: the bookmark was added, its page not archived") ||
				!strings.Contains(status, "application/pdf") || h.m.status.sev == sevError) {
				t.Errorf("the status does not note the page not archived: %q (severity %v)", status, h.m.status.sev)
			}
		})
	}
}

// TestAddFormSaysAPageNotKept: an archive that cannot be written is a
// note too, not an error, and not silence.
func TestAddFormSaysAPageNotKept(t *testing.T) {
	t.Parallel()
	h := newHarnessWith(t, fixture, 140, 30, quiet(Options{ArchiveDir: filepath.Join(t.TempDir(), "archive")}))
	h.send(pageKeptMsg{uri: "http://example.org/", err: errors.New("no space left on device")})
	if s := h.m.status.msg; !strings.Contains(s, "its page not archived (http://example.org/): no space left on device") || h.m.status.sev == sevError {
		t.Errorf("status %q (severity %v)", s, h.m.status.sev)
	}
}

// TestClosedReaderFinishesArchiving: closing the reader while it archives
// a page does not cancel the archiving: the page is kept, the list marks
// the record once it is, and the page goes to the index.
func TestClosedReaderFinishesArchiving(t *testing.T) {
	t.Parallel()
	dir := archiveDir(t)
	release := make(chan struct{})
	fetch := func(ctx context.Context, uri string) (*archive.Page, error) {
		select {
		case <-release:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		st, err := archive.Open(dir)
		if err != nil {
			return nil, err
		}
		p := &archive.Page{URI: uri, Title: "Google", Fetched: archivedAt, ContentType: "text/html", Text: "Search the web.\n"}
		return p, st.Put(p)
	}
	indexed := make(chan string, 1)
	index := func(p *archive.Page) error { indexed <- p.URI; return nil }
	h := newHarnessWith(t, fixture, 100, 30, quiet(Options{ArchiveDir: dir, Archive: fetch, IndexPage: index}))
	h.keys("g", "r")
	_, archiving := h.m.Update(keyMsg("a"))
	// The archiving runs on its own, as the program runs it; its answer
	// to the reader comes after the reader is gone.
	answers := make(chan []tea.Msg, 1)
	go func() { answers <- collect(archiving) }()
	_, closing := h.m.Update(keyMsg("esc"))
	if v := ansi.Strip(h.m.View()); strings.Contains(v, "Reader") {
		t.Fatalf("esc did not close the reader:\n%s", v)
	}
	close(release)
	h.run(closing)
	for _, msg := range <-answers {
		h.send(msg) // no one's now: dropped
	}
	if r := rowOf(h.m.View(), "Google"); !strings.Contains(r, "≡ http://google.co.uk/") {
		t.Errorf("the record archived after the reader closed is not marked:\n%s", r)
	}
	select {
	case got := <-indexed:
		if got != "http://google.co.uk/" {
			t.Errorf("indexed %q", got)
		}
	default:
		t.Error("the page archived after the reader closed was not indexed")
	}
}

// collect runs cmd and the commands of a batch it returns, and returns
// their messages but the spinner's.
func collect(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		var out []tea.Msg
		for _, c := range msg {
			out = append(out, collect(c)...)
		}
		return out
	case nil, spinner.TickMsg:
		return nil
	default:
		return []tea.Msg{msg}
	}
}
