package tui

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/uricat/uricat/archive"
	"github.com/uricat/uricat/archive/index"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// hostilePage is go.dev's page with escape sequences, a bidi override and
// a bell around the words a text: search finds.
const hostilePage = "Intro \x1b[31mred\x1b[0m \u202eevil\u202c text.\n\nGo is an open \x07source programming language \x1b]0;pwned\x07that makes it easy.\n"

// snippetHarness is a model over fixture with an archive holding
// go.dev's hostile page, whose text: searches the archive answers with
// go.dev's page alone, as the index would.
func snippetHarness(t *testing.T) *harness {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "archive")
	st, err := archive.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	p := &archive.Page{URI: "http://go.dev/", Title: "The Go Programming Language", Fetched: archivedAt, Status: 200,
		ContentType: "text/html", Text: hostilePage}
	if err := st.Put(p); err != nil {
		t.Fatal(err)
	}
	search := goDevSearch(t)
	return newHarnessWith(t, fixture, 140, 30, quiet(Options{ArchiveDir: dir, SearchArchive: search}))
}

// TestDetailShowsTheSnippet: a text: search's hit shows, in the detail
// pane, the excerpt of its page around the match, the match lit in the
// search's match style, and nothing of the page's escape sequences.
func TestDetailShowsTheSnippet(t *testing.T) {
	t.Parallel()
	h := snippetHarness(t)
	h.colour(filepath.Join(t.TempDir(), "bookmarks.ssd3"))
	h.keys("/")
	h.typeText("text:source")
	h.keys("enter")
	if cur := h.m.list.Current(); cur == nil || cur.URI() != "http://go.dev/" {
		t.Fatalf("text:source selects %v, want go.dev", cur)
	}
	d := detailAt(h, 70, 20)
	plain := ansi.Strip(d)
	if !strings.Contains(plain, "Found") || !strings.Contains(plain, "open source programming") {
		t.Errorf("the detail pane lacks the snippet:\n%s", plain)
	}
	// Lit as the list lights what a search matched.
	lit := styled("source", 6, h.m.th.Value, h.m.th.Match, []bool{true, true, true, true, true, true})
	if !strings.Contains(d, lit) || !strings.Contains(lit, "\x1b[") {
		t.Errorf("the match is not lit in the match style %q:\n%q", lit, d)
	}
	for _, bad := range []string{"\x1b[31m", "\x1b]0", "\x07", "\u202e", "pwned\x07"} {
		if strings.Contains(d, bad) {
			t.Errorf("the page's %q reaches the terminal:\n%q", bad, d)
		}
	}
	golden(t, d)

	// Another record, not found in its page: no snippet.
	h.keys("/")
	h.typeText(" OR name:google")
	h.keys("enter")
	h.selectName("Google")
	if v := ansi.Strip(h.m.View()); strings.Contains(v, "Found") {
		t.Errorf("a record not found by text: shows a snippet:\n%s", v)
	}
}

// TestStaleSnippetIsDropped: an excerpt that comes back for a record no
// longer selected, or for a search no longer applied, is not shown.
func TestStaleSnippetIsDropped(t *testing.T) {
	t.Parallel()
	h := snippetHarness(t)
	h.keys("/")
	h.typeText("text:source")
	h.keys("enter")
	key := h.m.detail.snip.key
	if key.q == nil {
		t.Fatal("no snippet was asked for the text: hit")
	}
	stale := []snippetMsg{
		{key: snippetKey{ref: key.ref + 1000, uri: key.uri, q: key.q}, snip: index.Snip{Text: "STALE"}, ok: true},
		{key: snippetKey{ref: key.ref, uri: key.uri, q: &query.Query{}}, snip: index.Snip{Text: "STALE"}, ok: true},
	}
	for _, msg := range stale {
		h.send(msg)
		if v := ansi.Strip(h.m.View()); strings.Contains(v, "STALE") {
			t.Errorf("a stale excerpt is shown:\n%s", v)
		}
		if v := ansi.Strip(h.m.View()); !strings.Contains(v, "open source") {
			t.Errorf("a stale excerpt replaced the right one:\n%s", v)
		}
	}
	// The answer for what is selected is shown.
	h.send(snippetMsg{key: key, snip: index.Snip{Text: "FRESH"}, ok: true})
	if v := ansi.Strip(h.m.View()); !strings.Contains(v, "FRESH") {
		t.Errorf("the current excerpt is not shown:\n%s", v)
	}
}

// goDevSearch is an Options.SearchArchive whose every text: term finds
// the page of http://go.dev/ alone.
func goDevSearch(t *testing.T) func(context.Context, *query.Query) *query.Query {
	return func(_ context.Context, q *query.Query) *query.Query {
		a, err := q.WithText(func(query.TextTerm) (query.TextAnswer, error) {
			return query.TextAnswerOf(map[string]query.TextHit{ssd3.URIKey("http://go.dev/"): {Score: 1}}), nil
		})
		if err != nil {
			t.Error(err)
			return q
		}
		return a
	}
}
