package tui

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/records"
	"github.com/uricat/uricat/tui/store"
	"github.com/uricat/uricat/tui/theme"
)

var fileOrder = []string{"Google", `SSD3 - "Specification of URI-Catalogue format"`, "go.dev", "Lost bookmark", "DuckDuckGo", "The Go Programming Language (git)"}

func TestLoadShowsEveryRecordInFileOrder(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 80, 24)
	if got := h.names(); !slices.Equal(got, fileOrder) {
		t.Errorf("rows = %q, want %q", got, fileOrder)
	}
	// The invalid record (no URI: SSD3 3.1) is listed, never dropped.
	if h.m.list.Answer().Invalid() != 1 {
		t.Errorf("invalid = %d, want 1", h.m.list.Answer().Invalid())
	}
	if !strings.Contains(h.m.status.msg, "1 record with errors") {
		t.Errorf("message %q does not point at the problems", h.m.status.msg)
	}
	if bar := h.m.statusBar(); !strings.Contains(bar, "6/6 shown") || !strings.Contains(bar, "✗ 1 invalid") {
		t.Errorf("status bar %q lacks counts", bar)
	}
}

func TestCursorKeys(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 80, 24)
	for _, tc := range []struct {
		key  string
		want string
	}{
		{"j", fileOrder[1]}, {"down", fileOrder[2]}, {"k", fileOrder[1]}, {"G", fileOrder[5]},
		{"j", fileOrder[5]}, {"g", fileOrder[0]}, {"up", fileOrder[0]}, {"end", fileOrder[5]}, {"home", fileOrder[0]},
		{"pgdown", fileOrder[5]}, {"pgup", fileOrder[0]},
	} {
		h.keys(tc.key)
		if got := h.m.list.Current().Name(); got != tc.want {
			t.Fatalf("after %s: selected %q, want %q", tc.key, got, tc.want)
		}
	}
}

func TestSearchIsFuzzyAndKeepsOrClears(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 80, 24)
	h.keys("/")
	if h.m.mode != modeSearch {
		t.Fatal("/ did not focus the search box")
	}
	// "gpl" is a subsequence of "The Go Programming Language", not a substring.
	h.typeText("gpl")
	if got := h.names(); !slices.Equal(got, []string{"The Go Programming Language (git)"}) {
		t.Errorf("fuzzy gpl: rows = %q", got)
	}
	// q types while searching; it does not quit.
	h.keys("backspace", "backspace", "backspace")
	h.typeText("q")
	if h.quit {
		t.Fatal("q quit while typing in the search box")
	}
	h.keys("backspace")
	h.typeText("engine")
	// DESCRIPTION and CATEGORY are searched too; ranked by how well they match.
	if got := h.names(); !slices.Equal(got, []string{"Google", "DuckDuckGo"}) {
		t.Errorf("engine: rows = %q", got)
	}
	h.keys("enter")
	if h.m.mode != modeBrowse || h.m.input.Value() != "engine" {
		t.Fatalf("enter: mode %d, filter %q; want the filter kept", h.m.mode, h.m.input.Value())
	}
	if bar := h.m.statusBar(); !strings.Contains(bar, "2/6 shown") || !strings.Contains(bar, "filter engine") {
		t.Errorf("status bar %q", bar)
	}
	h.keys("esc")
	if h.m.input.Value() != "" || len(h.names()) != 6 {
		t.Errorf("esc: filter %q, %d rows; want cleared", h.m.input.Value(), len(h.names()))
	}
	// esc inside the box clears too.
	h.keys("/")
	h.typeText("duck")
	h.keys("esc")
	if h.m.mode != modeBrowse || len(h.names()) != 6 {
		t.Errorf("esc in box: mode %d, %d rows", h.m.mode, len(h.names()))
	}
}

func TestSearchQualifiedTerms(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		query string
		want  []string
	}{
		{"rating:>=4", []string{"go.dev", "The Go Programming Language (git)"}},
		{"cat:programming go", []string{"go.dev", "The Go Programming Language (git)"}},
		{"-cat:search date:2007", []string{`SSD3 - "Specification of URI-Catalogue format"`}},
		{`"search engine"`, []string{"Google", "DuckDuckGo"}}, // DuckDuckGo by its CATEGORY
		{"lang:en", []string{"Google", `SSD3 - "Specification of URI-Catalogue format"`}},
	} {
		t.Run(tc.query, func(t *testing.T) {
			h := newHarness(t, fixture, 80, 24)
			h.keys("/")
			h.typeText(tc.query)
			got := h.names()
			slices.Sort(got)
			want := slices.Clone(tc.want)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("rows = %q, want %q", got, want)
			}
		})
	}
}

func TestSortCyclesAndReverses(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 80, 24)
	h.keys("s") // name ascending
	if got := h.names(); got[0] != "DuckDuckGo" || got[len(got)-1] != "The Go Programming Language (git)" {
		t.Errorf("sort by name: %q", got)
	}
	h.keys("S") // name descending
	if got := h.names(); got[0] != "The Go Programming Language (git)" {
		t.Errorf("reversed: %q", got)
	}
	h.keys("s") // date, newest first
	if got := h.names(); got[0] != "The Go Programming Language (git)" || got[len(got)-1] != "Lost bookmark" {
		t.Errorf("sort by date: %q", got)
	}
	h.keys("s") // rating, highest first, unrated last
	if got := h.names(); got[0] != "go.dev" || got[1] != "The Go Programming Language (git)" {
		t.Errorf("sort by rating: %q", got)
	}
	if bar := h.m.statusBar(); !strings.Contains(bar, "sort rating ↓") {
		t.Errorf("status bar %q", bar)
	}
	h.keys("s")
	if got := h.names(); !slices.Equal(got, fileOrder) {
		t.Errorf("back to file order: %q", got)
	}
}

func TestGroupsFold(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 80, 24)
	h.keys("b") // the first group key
	want := query.GroupKeys[0]
	if h.m.list.Group() != want {
		t.Fatalf("group = %v, want %v", h.m.list.Group(), want)
	}
	for h.m.list.Group().String() != "category" {
		h.keys("b")
	}
	var headers []string
	for _, r := range h.m.allRows() {
		if r.Header {
			headers = append(headers, r.Label)
		}
	}
	if !slices.Equal(headers, []string{"Official Documents", "Programming", "Search Engines", query.NoValue}) {
		t.Fatalf("headers = %q", headers)
	}
	h.keys("home", "j", "z") // inside "Official Documents": fold it (space there selects)
	if h.m.allRows()[0].Header && !h.m.list.Folded("Official Documents") {
		t.Fatal("z did not fold the group")
	}
	if n := len(h.names()); n != 5 {
		t.Errorf("after folding: %d records shown, want 5", n)
	}
	h.keys("Z")
	if n := len(h.names()); n != 0 {
		t.Errorf("fold all: %d records shown", n)
	}
	h.keys("Z")
	if n := len(h.names()); n != 6 {
		t.Errorf("unfold all: %d records shown", n)
	}
	// Nothing offers URI or DESCRIPTION (SSD3 3.1, 3.5).
	seen := map[string]bool{}
	for range len(query.GroupKeys) + 1 {
		h.keys("b")
		seen[h.m.list.Group().String()] = true
	}
	if seen["uri"] || seen["description"] {
		t.Errorf("group keys offered: %v", seen)
	}
}

func TestRateSavesAndUndoRedo(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 80, 24)
	h.selectName("DuckDuckGo")
	h.keys("4")
	if got := h.m.list.Current(); got.Name() != "DuckDuckGo" || got.Rating() != 4 {
		t.Fatalf("after 4: selected %q rating %d", got.Name(), got.Rating())
	}
	disk := find(h.reopen(), "DuckDuckGo")
	if disk.Rating() != 4 || !disk.Date().Equal(fixedNow) {
		t.Errorf("on disk: rating %d date %v; want 4, stamped now (3.3)", disk.Rating(), disk.Date())
	}
	h.keys("0")
	if r := find(h.reopen(), "DuckDuckGo"); r.Rating() != 0 {
		t.Errorf("0 left rating %d on disk", r.Rating())
	}
	h.keys("u")
	if r := find(h.reopen(), "DuckDuckGo"); r.Rating() != 4 {
		t.Errorf("undo of clear: rating %d on disk, want 4", r.Rating())
	}
	h.keys("u")
	r := find(h.reopen(), "DuckDuckGo")
	if r.Rating() != 0 || r.Date().Year() != 2007 {
		t.Errorf("second undo: rating %d, date %v; want the original record exactly", r.Rating(), r.Date())
	}
	h.keys("u")
	if !strings.Contains(h.m.status.msg, "nothing to undo") {
		t.Errorf("third undo: message %q", h.m.status.msg)
	}
	h.keys("ctrl+r")
	if r := find(h.reopen(), "DuckDuckGo"); r.Rating() != 4 {
		t.Errorf("redo: rating %d on disk, want 4", r.Rating())
	}
	if h.m.list.Current().Name() != "DuckDuckGo" {
		t.Errorf("redo moved the selection to %q", h.m.list.Current().Name())
	}
	// A new change clears the redo stack.
	h.keys("2", "ctrl+r")
	if !strings.Contains(h.m.status.msg, "nothing to redo") {
		t.Errorf("redo after a new change: %q", h.m.status.msg)
	}
}

func TestRatingAnInvalidRecordSaysWhy(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 80, 24)
	h.selectName("Lost bookmark")
	h.keys("3")
	if h.m.status.sev != sevError || !strings.Contains(h.m.status.msg, "cannot change") {
		t.Errorf("message %q (severity %d)", h.m.status.msg, h.m.status.sev)
	}
	if n, _ := h.m.store.History().Len(); n != 0 {
		t.Error("a refused change went on the undo stack")
	}
}

func TestDeleteAsksOnceAndUndoRestoresInPlace(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 80, 24)
	h.selectName("go.dev")
	h.keys("d")
	if q, ok := h.m.host.dialogs.Top().(*dialog.Confirm); !ok || q.Question().Text != "Delete “go.dev”?" || !strings.Contains(h.m.View(), "Delete “go.dev”?") {
		t.Fatalf("d: top %T\n%s", h.m.host.dialogs.Top(), h.m.View())
	}
	h.keys("n")
	if find(h.reopen(), "go.dev") == nil || len(h.names()) != 6 || h.m.status.msg != "nothing deleted" || h.m.host.dialogs.Len() != 0 {
		t.Fatalf("n deleted the record, or left the question open (message %q)", h.m.status.msg)
	}
	h.keys("d", "y")
	if slices.Contains(h.names(), "go.dev") || find(h.reopen(), "go.dev") != nil {
		t.Fatal("y did not delete the record from the list and the file")
	}
	if got := h.m.list.Current().Name(); got != "Lost bookmark" {
		t.Errorf("after delete, selected %q, want the next record", got)
	}
	h.keys("u")
	if got := h.names(); !slices.Equal(got, fileOrder) {
		t.Errorf("undo delete: rows %q, want file order restored", got)
	}
	c := h.reopen()
	if len(c.Records()) != 6 || c.Records()[2].Name() != "go.dev" {
		t.Errorf("undo delete on disk: %d records, third %q", len(c.Records()), c.Records()[2].Name())
	}
	h.keys("ctrl+r")
	if find(h.reopen(), "go.dev") != nil {
		t.Error("redo did not delete again")
	}
}

func TestQuitKeys(t *testing.T) {
	t.Parallel()
	for _, keys := range [][]string{
		{"q"},
		{"/", "ctrl+c"},           // while typing a search
		{"a", "ctrl+c"},           // from a dialog
		{"!", "j", "d", "ctrl+c"}, // from a question over a dialog
	} {
		h := newHarness(t, fixture, 80, 24)
		h.keys(keys...)
		if !h.quit {
			t.Errorf("%q did not quit", keys)
		}
	}
}

func TestHelpToggles(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 80, 24)
	h.keys("?")
	if !h.m.help.ShowAll || !strings.Contains(h.m.View(), "redo") {
		t.Fatal("? did not show the full help")
	}
	h.keys("j")
	if h.m.help.ShowAll || h.m.list.Current().Name() != "Google" {
		t.Error("a key did not just close the help")
	}
	// ? again shows the search language (issue 24: it was only in the
	// README), whole in an 80x24 terminal; any key goes back.
	h.keys("?", "?")
	view := h.m.View()
	for _, want := range []string{"a OR b, a|b", "rating:none", "x-NAME:gh", "link:dead", "https://go.dev) or in quotes, \":\" is text."} {
		if !strings.Contains(view, want) {
			t.Errorf("? ? does not show %q:\n%s", want, view)
		}
	}
	h.keys("?")
	if h.m.help.ShowAll || h.m.list.Current().Name() != "Google" {
		t.Error("? on the search language did not just close the help")
	}
	// Its help bar says any key goes back: q too, not quitting.
	h.keys("?", "?", "q")
	if h.m.help.ShowAll || h.quit {
		t.Errorf("q on the help: help shown %v, quit %v; want it closed, not quit", h.m.help.ShowAll, h.quit)
	}
}

// ctrl+z suspends uricat, as any terminal program, rather than doing
// nothing.
func TestCtrlZSuspends(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 80, 24)
	_, cmd := h.m.Update(tea.KeyMsg{Type: tea.KeyCtrlZ})
	if cmd == nil {
		t.Fatal("ctrl+z gave no command")
	}
	if _, ok := cmd().(tea.SuspendMsg); !ok {
		t.Error("ctrl+z does not suspend")
	}
}

func TestFailedSaveKeepsChangeInMemory(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 80, 24)
	// Make the file unwritable: a directory where it was.
	path := h.m.store.Path()
	if err := os.Rename(path, path+".away"); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(path, 0o755); err != nil {
		t.Fatal(err)
	}
	h.selectName("Google")
	h.keys("5")
	if h.m.list.Current().Rating() != 5 {
		t.Error("the change was not kept in memory")
	}
	if !h.m.store.Unsaved() || h.m.status.sev != sevError || !strings.Contains(h.m.status.msg, "not saved, kept in memory") {
		t.Errorf("unsaved %v, message %q", h.m.store.Unsaved(), h.m.status.msg)
	}
	if !strings.Contains(h.m.statusBar(), "unsaved") {
		t.Error("status bar does not say unsaved")
	}
	h.keys("q")
	if q, ok := h.m.host.dialogs.Top().(*dialog.Confirm); h.quit || !ok || q.Question().Verb != "quit" {
		t.Fatal("q quit without asking with unsaved changes")
	}
	if !strings.Contains(h.m.View(), "not saved, kept in memory") {
		t.Errorf("the reason went from the screen while asking:\n%s", h.m.View())
	}
	h.keys("n")
	if h.quit || h.m.host.dialogs.Len() != 0 {
		t.Fatal("n quit, or left the question open")
	}
	// Put the file back; ctrl+s retries.
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(path+".away", path); err != nil {
		t.Fatal(err)
	}
	h.keys("ctrl+s")
	if h.m.store.Unsaved() {
		t.Fatalf("retry failed: %q", h.m.status.msg)
	}
	if r := find(h.reopen(), "Google"); r == nil || r.Rating() != 5 {
		t.Error("retry did not write the change")
	}
}

func TestAnotherProcessChanges(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 80, 24)
	// Another uricat rates DuckDuckGo and saves.
	other := h.reopen()
	if _, err := other.Apply(rate(find(other, "DuckDuckGo"), 3)); err != nil {
		t.Fatal(err)
	}
	if err := other.Save(); err != nil {
		t.Fatal(err)
	}
	// Our change to another record merges with theirs.
	h.selectName("Google")
	h.keys("5")
	c := h.reopen()
	if find(c, "Google").Rating() != 5 || find(c, "DuckDuckGo").Rating() != 3 {
		t.Fatalf("merge lost a change: Google %d, DuckDuckGo %d", find(c, "Google").Rating(), find(c, "DuckDuckGo").Rating())
	}
	if r := h.m.allRows(); find2(r, "DuckDuckGo").Rating() != 3 {
		t.Error("the list does not show the other process's change after the save")
	}
	// Both change the same record: a conflict, shown, nothing written.
	other = h.reopen()
	if _, err := other.Apply(rate(find(other, "Google"), 1)); err != nil {
		t.Fatal(err)
	}
	if err := other.Save(); err != nil {
		t.Fatal(err)
	}
	h.selectName("Google")
	h.keys("2")
	if h.m.store.State() != store.Conflict || !strings.Contains(h.m.status.msg, "R reloads") || !strings.Contains(h.m.status.msg, `RATING "2" here but "1"`) {
		t.Fatalf("conflict not shown: %q", h.m.status.msg)
	}
	if find(h.reopen(), "Google").Rating() != 1 {
		t.Error("a conflicting save wrote over the other process's change")
	}
	h.keys("R")
	if h.m.store.State() == store.Conflict || find2(h.m.allRows(), "Google").Rating() != 1 {
		t.Errorf("reload: conflict %v, Google rating %d", h.m.store.State() == store.Conflict, find2(h.m.allRows(), "Google").Rating())
	}
}

// rate is the edit that rates r n.
func rate(r *ssd3.Record, n int) catalogue.Edit {
	return catalogue.Set{Ref: r.Ref(), Fields: []ssd3.Field{{Name: ssd3.FieldRating, Value: fmt.Sprint(n)}}}
}

func histEmpty(m *Model) bool {
	u, r := m.store.History().Len()
	return u == 0 && r == 0
}

func withRating(r *ssd3.Record, n int) *ssd3.Record {
	c := r.Clone()
	c.SetRating(n)
	return c
}

func find2(rows []records.Row, name string) *ssd3.Record {
	for _, r := range rows {
		if r.Rec != nil && r.Rec.Name() == name {
			return r.Rec
		}
	}
	return &ssd3.Record{}
}

func TestMouseWheelAndClick(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 80, 24)
	h.send(tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	if got := h.m.list.Current().Name(); got != fileOrder[3] {
		t.Errorf("wheel down: %q", got)
	}
	h.send(tea.MouseMsg{Button: tea.MouseButtonWheelUp, Action: tea.MouseActionPress})
	if got := h.m.list.Current().Name(); got != fileOrder[0] {
		t.Errorf("wheel up: %q", got)
	}
	// Row 3 (0-based) starts on screen line 1+3*2 = 7; its URI line is 8.
	h.send(tea.MouseMsg{X: 10, Y: 8, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
	if got := h.m.list.Current().Name(); got != fileOrder[3] {
		t.Errorf("click on line 8: %q", got)
	}
}

func TestResizeKeepsCursorVisible(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 80, 24)
	h.keys("G")
	h.send(tea.WindowSizeMsg{Width: 80, Height: 8})
	view := h.m.View()
	if n := strings.Count(view, "\n") + 1; n != 8 {
		t.Errorf("view has %d lines at height 8", n)
	}
	if !strings.Contains(view, "The Go Programming Language") {
		t.Errorf("selected last record not visible after resize:\n%s", view)
	}
	for _, ln := range strings.Split(view, "\n") {
		if w := len([]rune(ln)); w > 80 {
			t.Errorf("line wider than 80: %q", ln)
		}
	}
}

func TestTextFromFileIsSanitised(t *testing.T) {
	t.Parallel()
	// Raw control characters make a field invalid (2.1.1); encoded ones
	// (RFC 2047) decode to text that must be cleaned before display.
	evil := "URI: http://evil.example/\nNAME: =?UTF-8?B?RXZpbBtbMzFtcmVkBw==?=\nDATE: 01/01/2020 00:00:00\nDESCRIPTION: bell\x07 and \x1b[2J clear\n\n" +
		"URI: http://evil2.example/\nNAME: Evil\x1b]52;c;aGk=\x07 two\nDATE: 01/01/2020 00:00:00\n"
	h := newHarness(t, evil, 120, 24)
	view := h.m.View()
	if strings.ContainsAny(view, "\x1b\x07") {
		t.Errorf("a control character reached the screen: %q", view)
	}
	if !strings.Contains(view, "Evil") {
		t.Errorf("the name is not shown: %q", view)
	}
}

func TestUnreadableCatalogueSaysWhyAndQuits(t *testing.T) {
	t.Parallel()
	dir := t.TempDir() // a directory is not a catalogue file
	m := newModel(Options{Path: dir, Theme: theme.Plain()})
	h := &harness{t: t, m: m}
	h.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	h.run(m.Init())
	if m.store.LoadErr() == nil || !strings.Contains(m.View(), "cannot open the catalogue") {
		t.Fatalf("view:\n%s", m.View())
	}
	h.keys("a", "4", "d", "y")
	if m.host.dialogs.Len() != 0 || !histEmpty(m) {
		t.Error("keys acted on a catalogue that did not open")
	}
	h.keys("q")
	if !h.quit {
		t.Error("q did not quit")
	}
}

// No size is too small to draw: every screen at tiny sizes, no panic, no
// line wider than the window.
func TestTinyWindows(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{1, 1}, {10, 3}, {20, 5}, {30, 8}, {99, 4}, {101, 6}} {
		for _, keys := range [][]string{nil, {"/", "g"}, {"?"}, {"enter"}, {"b", "space"}, {"a"}, {"c"}, {"!"}, {"d"}} {
			h := newHarness(t, fixture, 80, 24)
			h.keys(keys...)
			h.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			h.keys("j", "G")
			view := h.m.View()
			for _, ln := range strings.Split(view, "\n") {
				if w := ansiWidth(ln); w > size[0] {
					t.Errorf("%dx%d after %q: line %q is %d wide", size[0], size[1], keys, ln, w)
					break
				}
			}
		}
	}
}

// TestSelectionFollowsTheRecord: the selected record stays selected while
// a new order or a filter moves it to another row, and, once a filter
// leaves it out, the row at the cursor is selected.
func TestSelectionFollowsTheRecord(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 80, 24)
	for _, name := range []string{"DuckDuckGo", "Google"} {
		h.selectName(name)
		before := h.m.list.Cursor()
		h.keys("s") // by name
		if r := h.m.list.Current(); r == nil || r.Name() != name || h.m.list.Cursor() == before {
			t.Errorf("sorted by name: cursor %d on %v; want %s, moved from row %d", h.m.list.Cursor(), r, name, before)
		}
		h.keys("s", "s", "s") // date, rating, file order
		if r := h.m.list.Current(); r == nil || r.Name() != name || h.m.list.Cursor() != before {
			t.Errorf("back in file order: cursor %d on %v; want %s, row %d", h.m.list.Cursor(), r, name, before)
		}
	}
	h.keys("/")
	h.typeText("engine")
	h.keys("enter", "down") // DuckDuckGo, the second match
	h.m.input.SetValue("duck")
	h.send(h.m.refilter(h.m.list.Records())())
	if r := h.m.list.Current(); r == nil || r.Name() != "DuckDuckGo" || h.m.list.Cursor() != 0 {
		t.Errorf("narrowed to duck: cursor %d on %v; want DuckDuckGo, row 0", h.m.list.Cursor(), r)
	}
	h.m.input.SetValue("gpl")
	h.send(h.m.refilter(h.m.list.Records())())
	if r := h.m.list.Current(); r == nil || r.Name() != "The Go Programming Language (git)" || h.m.list.Cursor() != 0 {
		t.Errorf("DuckDuckGo left out: cursor %d on %v; want the only row", h.m.list.Cursor(), r)
	}
}
