package form

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/webpage"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/theme"
)

// pageSite serves a page with a title, a description and a language (its
// title holding an escape sequence, which must not reach the form), a
// 404, and a page that answers only when released, telling when its
// request was given up.
func pageSite(t *testing.T) (srv *httptest.Server, gaveUp chan struct{}) {
	gaveUp = make(chan struct{}, 1)
	release := make(chan struct{})
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/page":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write([]byte(`<html lang="de"><head><title>Der Go-Blog` + "\x1b[31m" + `</title>` +
				`<meta name="description" content="Neues von Go"></head><body></body></html>`))
		case "/slow":
			select {
			case <-release:
			case <-r.Context().Done():
				gaveUp <- struct{}{}
			}
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(func() { close(release); srv.Close() })
	return srv, gaveUp
}

// addForm is an add form that fetches pages from srv.
func addForm(srv *httptest.Server) *Model {
	m := New(dialog.NewContext(theme.Plain()), nil, nil)
	m.FetchPages(func(ctx context.Context, uri string) (*webpage.Page, error) {
		return webpage.Fetch(ctx, srv.Client(), uri, "uricat/test")
	})
	return m
}

// due delivers the end of the debounce of the URI typed, as its tick
// would, and returns the fetch it starts (nil: none).
func due(m *Model) tea.Cmd {
	_, cmd := m.Update(fetchDueMsg{id: m.id, seq: m.page.seq})
	return cmd
}

// TestFormFillsFromThePage: a URI typed is fetched (once it stays the
// same), and NAME, DESCRIPTION and LANGUAGE are filled where the user
// left them empty, cleaned (no escape sequence), the form saying so; what
// the user typed is kept.
func TestFormFillsFromThePage(t *testing.T) {
	srv, _ := pageSite(t)
	m := addForm(srv)
	m = typeText(m, srv.URL+"/pag")
	stale := m.page.seq
	m = typeText(m, "e")
	if _, cmd := m.Update(fetchDueMsg{id: m.id, seq: stale}); cmd != nil {
		t.Fatal("the URI typed before the last key was fetched")
	}
	m = focusField(t, m, ssd3.FieldLanguage)
	m = typeText(m, "en")
	fetch := due(m)
	if fetch == nil {
		t.Fatal("no fetch once the URI stayed the same")
	}
	if !strings.Contains(m.View(), "reading the page…") {
		t.Errorf("the form does not say it reads the page:\n%s", m.View())
	}
	m.Update(fetch())
	rec, _ := m.Record()
	if rec.Name() != "Der Go-Blog" || rec.Description() != "Neues von Go" || rec.Language() != "en" {
		t.Errorf("filled: NAME %q, DESCRIPTION %q, LANGUAGE %q (typed: en)", rec.Name(), rec.Description(), rec.Language())
	}
	if v := m.View(); !strings.Contains(v, "title from the page, and description") || strings.Contains(v, "\x1b[31m") {
		t.Errorf("the form after the fetch:\n%q", v)
	}
}

// TestFormPageNotFound: a page that cannot be fetched fills nothing and
// says so quietly.
func TestFormPageNotFound(t *testing.T) {
	srv, _ := pageSite(t)
	m := addForm(srv)
	m = typeText(m, srv.URL+"/missing")
	m.Update(due(m)())
	if rec, _ := m.Record(); rec.Name() != "" {
		t.Errorf("NAME %q from a 404", rec.Name())
	}
	if !strings.Contains(m.View(), "the page could not be read: the server answered 404") {
		t.Errorf("no note of the 404:\n%s", m.View())
	}
}

// TestFormClosingCancelsTheFetch: closing the form gives up the request of
// a slow page at once; its late answer changes nothing.
func TestFormClosingCancelsTheFetch(t *testing.T) {
	srv, gaveUp := pageSite(t)
	m := addForm(srv)
	m = typeText(m, srv.URL+"/slow")
	fetch := due(m)
	answer := make(chan tea.Msg, 1)
	go func() { answer <- fetch() }()
	time.Sleep(50 * time.Millisecond) // the request reaches the server
	m.Update(discardMsg{id: m.id})    // esc, then yes: throw the changes away
	if !m.ctx.Take().Close {
		t.Fatal("the form did not close")
	}
	select {
	case <-gaveUp:
	case <-time.After(5 * time.Second):
		t.Fatal("the slow page's request was not given up when the form closed")
	}
	select {
	case msg := <-answer:
		if pm, ok := msg.(pageMsg); !ok || pm.err == nil {
			t.Errorf("the cancelled fetch answered %#v", msg)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the cancelled fetch did not return")
	}
}

// TestEditFormFetchesNothing: an edit form never fetches: what the record
// has is the user's.
func TestEditFormFetchesNothing(t *testing.T) {
	srv, _ := pageSite(t)
	m := New(dialog.NewContext(theme.Plain()), sample(), nil)
	m.FetchPages(func(context.Context, string) (*webpage.Page, error) { t.Error("an edit form fetched"); return nil, nil })
	m = clear(m)
	m = typeText(m, srv.URL+"/page")
	if cmd := due(m); cmd != nil {
		t.Error("an edit form started a fetch")
	}
}

// TestFormRefillsForANewURI: what a page filled goes when the URI
// changes, for the next page to fill; what the user typed over it stays,
// typed after the filled text.
func TestFormRefillsForANewURI(t *testing.T) {
	srv, _ := pageSite(t)
	m := addForm(srv)
	m = typeText(m, srv.URL+"/page")
	m.Update(due(m)())
	m = typeText(m, "?x") // another URI, and its page says the same
	if rec, _ := m.Record(); rec.Name() != "" || rec.Description() != "" {
		t.Fatalf("NAME %q, DESCRIPTION %q of the last page before the new page comes", rec.Name(), rec.Description())
	}
	m.Update(due(m)())
	if rec, _ := m.Record(); rec.Name() != "Der Go-Blog" || !strings.Contains(m.View(), "title from the page") {
		t.Errorf("NAME %q after the new page:\n%s", rec.Name(), m.View())
	}
	m = focusField(t, m, ssd3.FieldName)
	m = typeText(m, "!")
	m = focusField(t, m, ssd3.FieldURI)
	m = typeText(m, "y")
	m.Update(due(m)())
	if rec, _ := m.Record(); rec.Name() != "Der Go-Blog!" || !strings.HasSuffix(rec.URI(), "?xy") {
		t.Errorf("the NAME typed on was replaced: %q (URI %s)", rec.Name(), rec.URI())
	}
}

// TestFormForgetsTheLastPage: a URI changed to one whose page cannot be
// read leaves none of the first page's fields in the record saved.
func TestFormForgetsTheLastPage(t *testing.T) {
	t.Parallel()
	srv, _ := pageSite(t)
	m := addForm(srv)
	m = typeText(m, srv.URL+"/page")
	m.Update(due(m)())
	m = focusField(t, m, ssd3.FieldURI)
	m, _ = press(m, tea.KeyCtrlU)
	m = typeText(m, srv.URL+"/missing")
	m.Update(due(m)())
	rec, _ := m.Record()
	if rec.Name() != "" || rec.Description() != "" || rec.Language() != "" || rec.Type() != "" {
		t.Errorf("the 404's record kept the first page's fields: NAME %q, DESCRIPTION %q, LANGUAGE %q, TYPE %q",
			rec.Name(), rec.Description(), rec.Language(), rec.Type())
	}
}

// TestFormKeepsThePage: saving an added record keeps the page fetched for
// its URI, as add does (no second request); a URI changed since, or a
// page that could not be fetched, keeps nothing.
func TestFormKeepsThePage(t *testing.T) {
	t.Parallel()
	srv, _ := pageSite(t)
	for _, tt := range []struct {
		name, path, then string
		kept             bool
	}{{"fetched", "/page", "", true}, {"changed since", "/page", "x", false}, {"not found", "/missing", "", false}} {
		t.Run(tt.name, func(t *testing.T) {
			m := addForm(srv)
			var keptURI string
			var kept *webpage.Page
			m.KeepPages(func(uri string, p *webpage.Page) tea.Msg { keptURI, kept = uri, p; return nil })
			m = typeText(m, srv.URL+tt.path)
			m.Update(due(m)())
			m = typeText(m, tt.then)
			m = focusField(t, m, ssd3.FieldName)
			if rec, _ := m.Record(); rec.Name() == "" {
				m = typeText(m, "Named")
			}
			m, cmd := press(m, tea.KeyCtrlS)
			if _, ok := result(t, cmd).(SubmittedMsg); !ok {
				t.Fatalf("ctrl+s did not submit; errors %v", m.Errors())
			}
			if got := kept != nil; got != tt.kept {
				t.Fatalf("kept a page: %v, want %v", got, tt.kept)
			}
			if tt.kept && (keptURI != srv.URL+tt.path || kept.Response == nil || !strings.Contains(string(kept.Response.Body), "Der Go-Blog")) {
				t.Errorf("kept %q %+v", keptURI, kept)
			}
		})
	}
}
