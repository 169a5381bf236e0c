package tui

import (
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"
	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/tui/records"
	"github.com/uricat/uricat/tui/theme"
)

// quiet returns opts with timers that never fire: model tests run
// commands one by one, in order, on the test's goroutine, so no tick may
// sleep.
func quiet(opts Options) Options {
	opts.Tick = func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
	opts.SpinnerTick = func(spinner.Model) tea.Cmd { return nil }
	return opts
}

// newModel is New with quiet timers.
func newModel(opts Options) *Model { return New(quiet(opts)) }

// cmdTimeout bounds a command in model tests.
const cmdTimeout = 30 * time.Second

// isBlink reports whether cmd is a text cursor's blink timer.
func isBlink(cmd tea.Cmd) bool {
	f := runtime.FuncForPC(reflect.ValueOf(cmd).Pointer())
	return f != nil && strings.Contains(f.Name(), "cursor.(*Model).BlinkCmd")
}

// fixture is a small catalogue with one invalid record (no URI, 3.1).
const fixture = `URI: http://google.co.uk/
NAME: Google
DATE: 30/10/2007 08:31:32
CATEGORY: Search Engines
DESCRIPTION: A popular search engine run by Google, Inc. of the USA
RATING: 1
LANGUAGE: en-us
TYPE: text/html

URI: http://shadyindustries.biz/ssd/ssd3.txt
NAME: SSD3 - "Specification of URI-Catalogue format"
DATE: 31/10/2007 19:28:45
CATEGORY: Official Documents
DESCRIPTION: The Specification for the URI-Catalogue format
RATING: 2
LANGUAGE: en-gb
TYPE: text/plain
X-Mirror: http://example.org/ssd3.txt

URI: http://go.dev/
NAME: go.dev
DATE: 01/03/2009 00:00:00
CATEGORY: Programming
RATING: 5
LANGUAGE: de
TYPE: text/html; charset=utf-8

NAME: Lost bookmark
DATE: 02/02/2002 00:00:00

URI: http://duckduckgo.com/
NAME: DuckDuckGo
DATE: 15/10/2007 12:00:00
CATEGORY: Search Engines

URI: https://github.com/golang/go
NAME: The Go Programming Language (git)
DATE: 12/12/2012 10:00:00
CATEGORY: Programming
DESCRIPTION: Source of the Go toolchain
RATING: 4
`

// fixedNow is the clock of test catalogues.
var fixedNow = time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)

// writeCatalogue writes text to a file in a temporary directory.
func writeCatalogue(t testing.TB, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "bookmarks.uricat")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// harness drives a Model as the Bubble Tea runtime would, but running
// each command to completion in order, so tests are deterministic.
type harness struct {
	t    testing.TB
	m    *Model
	quit bool
}

// newHarness opens text as a catalogue file and loads it into a model of
// size w×h with the plain theme.
func newHarness(t testing.TB, text string, w, h int) *harness {
	t.Helper()
	return newHarnessWith(t, text, w, h, quiet(Options{}))
}

// newHarnessWith is newHarness with the options opts (its timers, say);
// the harness sets the path, the catalogue and the theme.
func newHarnessWith(t testing.TB, text string, w, h int, opts Options) *harness {
	t.Helper()
	path := writeCatalogue(t, text)
	c, err := catalogue.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	c.Now = func() time.Time { return fixedNow }
	opts.Path, opts.Catalogue, opts.Theme = path, c, theme.Plain()
	m := New(opts)
	hs := &harness{t: t, m: m}
	hs.send(tea.WindowSizeMsg{Width: w, Height: h})
	hs.run(m.Init())
	if m.store.Loading() {
		t.Fatal("still loading after Init's command ran")
	}
	return hs
}

// send delivers msg and runs the commands it returns.
func (h *harness) send(msg tea.Msg) {
	h.t.Helper()
	_, cmd := h.m.Update(msg)
	h.run(cmd)
}

// run runs cmd and delivers its messages, recursively. The dialogs' text
// cursors blink: their blink command sleeps 530 ms and asks for the next
// blink for ever, so it is recognised by name and dropped, as are blink
// messages. Every other command is run to completion.
func (h *harness) run(cmd tea.Cmd) {
	h.t.Helper()
	if cmd == nil || isBlink(cmd) {
		return
	}
	done := make(chan tea.Msg, 1)
	go func() { done <- cmd() }()
	var msg tea.Msg
	select {
	case msg = <-done:
	case <-time.After(cmdTimeout):
		h.t.Fatalf("a command took over %v", cmdTimeout)
	}
	switch msg := msg.(type) {
	case nil, cursor.BlinkMsg:
	case tea.BatchMsg:
		for _, c := range msg {
			h.run(c)
		}
	case tea.QuitMsg:
		h.quit = true
	default:
		h.send(msg)
	}
}

// keys types each string as one key press: "enter", "esc", "ctrl+r",
// "up"... are special keys; anything else is typed rune by rune.
func (h *harness) keys(keys ...string) {
	h.t.Helper()
	for _, k := range keys {
		h.send(keyMsg(k))
	}
}

// typeText types s one rune at a time.
func (h *harness) typeText(s string) {
	h.t.Helper()
	for _, r := range s {
		h.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
}

var special = map[string]tea.KeyType{
	"enter": tea.KeyEnter, "esc": tea.KeyEsc, "up": tea.KeyUp, "down": tea.KeyDown,
	"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "home": tea.KeyHome, "end": tea.KeyEnd,
	"ctrl+r": tea.KeyCtrlR, "ctrl+c": tea.KeyCtrlC, "ctrl+s": tea.KeyCtrlS, "tab": tea.KeyTab,
	"backspace": tea.KeyBackspace, "space": tea.KeySpace,
}

func keyMsg(k string) tea.KeyMsg {
	if t, ok := special[k]; ok {
		return tea.KeyMsg{Type: t}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

// colour draws in 256 colours, dark, with path as the catalogue's, for
// golden views that pin styles.
func (h *harness) colour(path string) {
	h.m.store.SetPath(path)
	th := theme.Fixed(termenv.ANSI256, true)
	h.m.th = th
	h.m.help.Styles = th.Help
	h.m.input.PromptStyle, h.m.input.TextStyle = th.Prompt, th.Input
}

// detailAt draws the detail pane at w×ht cells, leaving it the size the
// layout gives it.
func detailAt(h *harness, w, ht int) string {
	d := h.m.detail
	defer d.SetSize(d.width, d.height)
	d.SetSize(w, ht)
	return d.View()
}

// allRows returns the list's rows, all of them.
func (m *Model) allRows() []records.Row {
	out := make([]records.Row, m.list.RowCount())
	for i := range out {
		out[i] = m.list.RowAt(i)
	}
	return out
}

// names returns the names of the records shown, in order.
func (h *harness) names() []string {
	var out []string
	for _, r := range h.m.allRows() {
		if r.Rec != nil {
			out = append(out, r.Rec.Name())
		}
	}
	return out
}

// selectName moves the cursor to the record named name.
func (h *harness) selectName(name string) {
	h.t.Helper()
	for i, r := range h.m.allRows() {
		if r.Rec != nil && r.Rec.Name() == name {
			h.m.list.SetCursor(i)
			return
		}
	}
	h.t.Fatalf("no row for %q in %q", name, h.names())
}

// reopen reads the catalogue file as another process would.
func (h *harness) reopen() *catalogue.Catalogue {
	h.t.Helper()
	c, err := catalogue.Open(h.m.store.Path())
	if err != nil {
		h.t.Fatal(err)
	}
	return c
}

// find returns the record of c named name, or nil.
func find(c *catalogue.Catalogue, name string) *ssd3.Record {
	for _, r := range c.Records() {
		if r.Name() == name {
			return r
		}
	}
	return nil
}

// ansiWidth is a line's width in cells.
func ansiWidth(s string) int { return ansi.StringWidth(s) }
