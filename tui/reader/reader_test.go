package reader

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	xgolden "github.com/charmbracelet/x/exp/golden"
	"github.com/muesli/termenv"

	"github.com/uricat/uricat/archive"
	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/dialog/dialogtest"
	"github.com/uricat/uricat/tui/theme"
)

var (
	added   = time.Date(2019, 5, 6, 7, 8, 9, 0, time.UTC)
	fetched = time.Date(2026, 11, 20, 10, 30, 0, 0, time.UTC)
)

// article is a page with what the reader lays out: headings, a list, a
// link, code, and enough paragraphs to scroll.
func article() *archive.Page {
	var b strings.Builder
	b.WriteString("An introduction to the **Go** language.\n\n## Why Go\n\n- simple\n- fast\n- [the spec](https://go.dev/ref/spec)\n\n")
	b.WriteString("```go\nfmt.Println(\"hello\")\n```\n\n")
	for i := range 12 {
		b.WriteString("Paragraph " + string(rune('A'+i)) + ": the gopher reads Köln's news in a terminal, offline.\n\n")
	}
	b.WriteString("## The end\n\nThe last line.\n")
	return &archive.Page{URI: "https://go.dev/intro", Title: "Go: an introduction", Fetched: fetched, Size: 4321, Text: b.String()}
}

// opened records the URIs the screen asked to open.
type opened struct{ uris []string }

func (o *opened) open(uri string) tea.Cmd { o.uris = append(o.uris, uri); return nil }

func newReader(t *testing.T, th *theme.Theme, page *archive.Page, loadErr error, fetch func(context.Context, string) (*archive.Page, error)) (*Model, *opened) {
	t.Helper()
	ctx := dialog.NewContext(th)
	ctx.Store = &dialogtest.Store{}
	o := &opened{}
	m := New(ctx, Options{URI: "https://go.dev/intro", Name: "Go intro", Added: added,
		Load:  func(string) (*archive.Page, error) { return page, loadErr },
		Fetch: fetch, Open: o.open})
	m.SetSize(80, 24)
	run(m, m.Init())
	return m, o
}

// run feeds the messages of cmd (and of the commands they return) back
// to m, as the program would, except spinner ticks and messages for the
// root (returned).
func run(m *Model, cmd tea.Cmd) []tea.Msg {
	var out []tea.Msg
	for cmd != nil {
		msg := cmd()
		cmd = nil
		switch msg := msg.(type) {
		case tea.BatchMsg:
			for _, c := range msg {
				out = append(out, run(m, c)...)
			}
		case ArchivedMsg:
			out = append(out, msg)
		case loadedMsg, fetchedMsg, renderedMsg:
			_, cmd = m.Update(msg)
		}
	}
	return out
}

func keys(m *Model, ks ...string) tea.Model {
	var next tea.Model = m
	for _, k := range ks {
		msg := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
		switch k {
		case "enter":
			msg = tea.KeyMsg{Type: tea.KeyEnter}
		case "esc":
			msg = tea.KeyMsg{Type: tea.KeyEsc}
		case "pgdown":
			msg = tea.KeyMsg{Type: tea.KeyPgDown}
		}
		next, _ = m.Update(msg)
	}
	return next
}

// TestGolden: the reader at 80x24 on an article, at its top, scrolled a
// page down, and on a match of a find.
func TestGolden(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		keys []string
	}{
		{"top", nil},
		{"pagedown", []string{"pgdown"}},
		{"end", []string{"G"}},
		{"find", append(append([]string{"/"}, strings.Split("koln", "")...), "enter", "n", "n")},
		{"finding", append([]string{"/"}, strings.Split("gopher", "")...)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			m, _ := newReader(t, theme.Plain(), article(), nil, nil)
			keys(m, tc.keys...)
			xgolden.RequireEqual(t, []byte(m.View()))
		})
	}
}

// TestGoldenNoArchive: with no archived copy the screen offers to make
// one; with a fetch function, a archives it and the article shows.
func TestGoldenNoArchive(t *testing.T) {
	t.Parallel()
	started := make(chan string, 1)
	fetch := func(_ context.Context, uri string) (*archive.Page, error) {
		started <- uri
		return article(), nil
	}
	m, _ := newReader(t, theme.Plain(), nil, archive.ErrNotArchived, fetch)
	t.Run("offer", func(t *testing.T) { xgolden.RequireEqual(t, []byte(m.View())) })
	_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("a")})
	if m.state != fetching {
		t.Fatalf("after a, state %d, want fetching", m.state)
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "archiving") {
		t.Errorf("while archiving the screen says:\n%s", v)
	}
	msgs := run(m, cmd)
	if got := <-started; got != "https://go.dev/intro" {
		t.Errorf("fetched %q", got)
	}
	if len(msgs) != 1 {
		t.Fatalf("the root was told %v, want one ArchivedMsg", msgs)
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "Paragraph A") {
		t.Errorf("after archiving the article does not show:\n%s", v)
	}
}

func TestFailedArchiveSaysWhy(t *testing.T) {
	t.Parallel()
	p := &archive.Page{URI: "https://go.dev/intro", Fetched: fetched, Failed: "not archived: application/pdf"}
	m, _ := newReader(t, theme.Plain(), p, nil, func(context.Context, string) (*archive.Page, error) { return nil, errors.New("timed out after 10s") })
	if v := ansi.Strip(m.View()); !strings.Contains(v, "application/pdf") {
		t.Errorf("a failed copy does not say why:\n%s", v)
	}
	run(m, func() tea.Msg { _, c := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("a")}); return c() })
	if v := ansi.Strip(m.View()); !strings.Contains(v, "timed out after 10s") {
		t.Errorf("a failed archiving does not say why:\n%s", v)
	}
}

func TestKeysOpenLiveAndWaybackAndClose(t *testing.T) {
	t.Parallel()
	m, o := newReader(t, theme.Plain(), article(), nil, nil)
	keys(m, "o", "w")
	want := []string{"https://go.dev/intro", "https://web.archive.org/web/20190506070809/https://go.dev/intro"}
	if strings.Join(o.uris, " ") != strings.Join(want, " ") {
		t.Errorf("opened %q, want %q", o.uris, want)
	}
	if keys(m, "esc"); !m.ctx.Take().Close {
		t.Error("esc does not close the reader")
	}
}

func TestScrollKeysAndWheel(t *testing.T) {
	t.Parallel()
	m, _ := newReader(t, theme.Plain(), article(), nil, nil)
	keys(m, "j", "j")
	if m.offset != 2 {
		t.Errorf("j j: offset %d, want 2", m.offset)
	}
	m.Update(tea.MouseMsg{Button: tea.MouseButtonWheelDown})
	if m.offset != 5 {
		t.Errorf("wheel down: offset %d, want 5", m.offset)
	}
	keys(m, "G")
	if want := len(m.lines) - m.bodyHeight(); m.offset != want {
		t.Errorf("G: offset %d, want %d", m.offset, want)
	}
	keys(m, "g")
	if m.offset != 0 {
		t.Errorf("g: offset %d, want 0", m.offset)
	}
}

func TestFindFoldsAndWraps(t *testing.T) {
	t.Parallel()
	m, _ := newReader(t, theme.Plain(), article(), nil, nil)
	keys(m, append(append([]string{"/"}, strings.Split("KOLN", "")...), "enter")...)
	if n := len(m.Matches()); n != 12 {
		t.Fatalf("KOLN matched %d lines, want the 12 with Köln", n)
	}
	keys(m, "N")
	if m.match != 11 {
		t.Errorf("N from the first match: match %d, want the last (11)", m.match)
	}
	keys(m, append(append([]string{"/"}, strings.Split("zzz", "")...), "enter")...)
	if v := ansi.Strip(m.View()); !strings.Contains(v, `"zzz" not found`) {
		t.Errorf("a find that matches nothing does not say so:\n%s", v)
	}
}

// TestHostilePage: a page's escapes, OSC 52 and bidi, in its title and
// text, never reach the screen as such.
func TestHostilePage(t *testing.T) {
	t.Parallel()
	p := &archive.Page{URI: "https://evil.example/", Fetched: fetched,
		Title: "Win \x1b]52;c;ZXZpbA==\x07\u202Eprize",
		Text:  "Click \x1b[2J\x1b]8;;https://evil.example/\x07here\x1b]8;;\x07 &#27;]52;c;eA==&#7; \u202Egnp.exe &rlm;\n"}
	for _, th := range []*theme.Theme{theme.Plain(), theme.Fixed(termenv.TrueColor, true)} {
		m, _ := newReader(t, th, p, nil, nil)
		v := m.View()
		for _, bad := range []string{"\x1b]", "\x07", "\x1b[2J", "\u202E", "\u200F"} {
			if strings.Contains(v, bad) {
				t.Errorf("the reader shows %q from the page:\n%q", bad, v)
			}
		}
		if !strings.Contains(ansi.Strip(v), "⟨U+202E⟩") {
			t.Errorf("bidi override not marked:\n%s", ansi.Strip(v))
		}
	}
}

// TestResizeRendersAgain: a new width renders the article again, in the
// command the next Update returns; the old lines show meanwhile.
func TestResizeRendersAgain(t *testing.T) {
	t.Parallel()
	m, _ := newReader(t, theme.Plain(), article(), nil, nil)
	m.SetSize(40, 24)
	_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("j")})
	if cmd == nil {
		t.Fatal("no rendering after a change of width")
	}
	run(m, cmd)
	for _, l := range m.lines {
		if w := ansi.StringWidth(l); w > 40 {
			t.Fatalf("a line %d wide after rendering at 40: %q", w, l)
		}
	}
	if _, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("j")}); cmd != nil {
		t.Error("rendered again at the same width")
	}
}

func TestFits(t *testing.T) {
	t.Parallel()
	m, _ := newReader(t, theme.Plain(), article(), nil, nil)
	dialogtest.Fits(t, func(w, h int) string { m.SetSize(w, h); return m.View() })
	n, _ := newReader(t, theme.Plain(), nil, archive.ErrNotArchived, nil)
	dialogtest.Fits(t, func(w, h int) string { n.SetSize(w, h); return n.View() })
}

// TestCloseWhileArchivingLetsItEnd: esc while archiving closes the screen
// without cancelling the archiving; the command it returns tells the root
// what was kept once archiving ends, and the reader's own late answer is
// dropped. A failure after the close reaches the root too.
func TestCloseWhileArchivingLetsItEnd(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		err  error
	}{{"kept", nil}, {"failed", errors.New("timed out after 10s")}} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			release := make(chan struct{})
			fetch := func(ctx context.Context, uri string) (*archive.Page, error) {
				select {
				case <-release:
				case <-ctx.Done():
					return nil, ctx.Err()
				}
				if tt.err != nil {
					return nil, tt.err
				}
				return article(), nil
			}
			m, _ := newReader(t, theme.Plain(), nil, archive.ErrNotArchived, fetch)
			_, archiving := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("a")})
			answer := make(chan tea.Msg, 1)
			go func() { answer <- archiving().(tea.BatchMsg)[0]() }()
			_, closing := m.Update(tea.KeyMsg{Type: tea.KeyEsc})
			if !m.ctx.Take().Close || closing == nil {
				t.Fatal("esc while archiving does not close the screen with a command to wait for it")
			}
			close(release)
			got, ok := closing().(ArchivedMsg)
			if !ok {
				t.Fatalf("the closed reader told the root %T", got)
			}
			if tt.err == nil && (got.Page == nil || got.Page.URI != "https://go.dev/intro" || got.Err != nil) {
				t.Errorf("the root was told %+v, want the page kept", got)
			}
			if tt.err != nil && (!errors.Is(got.Err, tt.err) || got.URI != "https://go.dev/intro") {
				t.Errorf("the root was told %+v, want %v", got, tt.err)
			}
			if _, cmd := m.Update(<-answer); cmd != nil {
				t.Error("the closed reader acted on its late answer")
			}
		})
	}
}

// TestEndOffersMarkRead: a record on the reading list, read to the end of
// its article, is offered to be marked read; y takes it off through the
// store, one edit. Before the end, and for a record not on the list, y
// does nothing and nothing is offered.
func TestEndOffersMarkRead(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		toRead bool
		keys   []string
		offer  bool
	}{
		{"top", true, []string{"y"}, false},
		{"end", true, []string{"G"}, true},
		{"not queued", false, []string{"G", "y"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			c, err := catalogue.Read(strings.NewReader("URI: https://go.dev/intro\r\nNAME: Go intro\r\nDATE: 06/05/2019 07:08:09\r\nX-TOREAD: 1\r\n"))
			if err != nil {
				t.Fatal(err)
			}
			rec := c.Records()[0]
			st := &dialogtest.Store{Cat: c}
			ctx := dialog.NewContext(theme.Plain())
			ctx.Store = st
			m := New(ctx, Options{URI: rec.URI(), Name: rec.Name(), ToRead: tc.toRead, Ref: rec.Ref(),
				Load: func(string) (*archive.Page, error) { return article(), nil }, Open: (&opened{}).open})
			m.SetSize(80, 24)
			run(m, m.Init())
			keys(m, tc.keys...)
			bottom := ansi.Strip(m.bottom())
			if got := strings.Contains(bottom, "y marks it read") && strings.HasSuffix(bottom, "100%"); got != tc.offer {
				t.Fatalf("offers to mark read: %v, want %v (bottom %q)", got, tc.offer, bottom)
			}
			if !tc.offer {
				if len(st.Edits) != 0 {
					t.Fatalf("y made %d edits", len(st.Edits))
				}
				return
			}
			keys(m, "y")
			if len(st.Edits) != 1 || ssd3.ToRead(st.Cat.Records()[0]) {
				t.Fatalf("y: %d edits, X-TOREAD %q", len(st.Edits), st.Cat.Records()[0].Extension(ssd3.FieldToRead))
			}
			if bottom := ansi.Strip(m.bottom()); strings.Contains(bottom, "y marks") || !strings.Contains(bottom, "marked read") {
				t.Errorf("after y the bottom line says %q", bottom)
			}
		})
	}
}
