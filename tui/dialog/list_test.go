package dialog

import (
	"slices"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// listKey is the key press named s ("up", "pgdown", "G", "x").
func listKey(s string) tea.KeyMsg {
	for t, name := range map[tea.KeyType]string{
		tea.KeyUp: "up", tea.KeyDown: "down", tea.KeyPgUp: "pgup", tea.KeyPgDown: "pgdown",
		tea.KeyHome: "home", tea.KeyEnd: "end", tea.KeyEnter: "enter", tea.KeyEsc: "esc",
		tea.KeyBackspace: "backspace",
	} {
		if name == s {
			return tea.KeyMsg{Type: t}
		}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}
}

// The moving keys at the list's edges stop there; a page moves a
// window's rows, or what WithPage says; none above the first row only
// where the list allows it.
func TestListMoves(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		list        func() List
		n, height   int
		keys        []string
		cursor, off int
		handled     bool
	}{
		{"up at the top stays", func() List { return NewList(DefaultKeyMap()) }, 5, 3, []string{"up", "k"}, 0, 0, true},
		{"down to the end stops", func() List { return NewList(DefaultKeyMap()) }, 3, 3, []string{"j", "down", "down", "down"}, 2, 0, true},
		{"down scrolls as little as shows it", func() List { return NewList(DefaultKeyMap()) }, 10, 3, []string{"j", "j", "j"}, 3, 1, true},
		{"page down moves a window", func() List { return NewList(DefaultKeyMap()) }, 10, 4, []string{"pgdown"}, 4, 1, true},
		{"page down at the end stops at the last", func() List { return NewList(DefaultKeyMap()) }, 10, 4, []string{"pgdown", "pgdown", "pgdown"}, 9, 6, true},
		{"page up at the top stays", func() List { return NewList(DefaultKeyMap()) }, 10, 4, []string{"pgup"}, 0, 0, true},
		{"end then home", func() List { return NewList(DefaultKeyMap()) }, 10, 4, []string{"G", "g"}, 0, 0, true},
		{"end shows the last", func() List { return NewList(DefaultKeyMap()) }, 10, 4, []string{"end"}, 9, 6, true},
		{"WithPage sets the page", func() List {
			return NewList(DefaultKeyMap()).WithPage(func() int { return 2 })
		}, 10, 4, []string{"pgdown", "pgdown"}, 4, 1, true},
		{"an empty list stays on 0", func() List { return NewList(DefaultKeyMap()) }, 0, 4, []string{"down", "G", "pgup"}, 0, 0, true},
		{"AllowNone starts with none", func() List { return NewList(DefaultKeyMap()).AllowNone() }, 5, 3, nil, -1, 0, false},
		{"AllowNone: up from the first is none", func() List { return NewList(DefaultKeyMap()).AllowNone() }, 5, 3, []string{"down", "up", "up", "up"}, -1, 0, true},
		{"AllowNone: home is the first row", func() List { return NewList(DefaultKeyMap()).AllowNone() }, 5, 3, []string{"G", "home"}, 0, 0, true},
		{"AllowNone: empty stays none", func() List { return NewList(DefaultKeyMap()).AllowNone() }, 0, 3, []string{"down"}, -1, 0, true},
		{"other keys are not the list's", func() List { return NewList(DefaultKeyMap()) }, 5, 3, []string{"x"}, 0, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			l := tt.list()
			l.SetLen(tt.n)
			l.SetHeight(tt.height)
			handled := false
			for _, k := range tt.keys {
				handled = l.Update(listKey(k))
			}
			if l.Cursor() != tt.cursor || l.Offset() != tt.off || handled != tt.handled {
				t.Errorf("cursor %d offset %d handled %v, want %d %d %v", l.Cursor(), l.Offset(), handled, tt.cursor, tt.off, tt.handled)
			}
			if l.Selected() != (tt.cursor >= 0 && tt.n > 0) {
				t.Errorf("Selected %v with cursor %d of %d", l.Selected(), l.Cursor(), tt.n)
			}
		})
	}
}

// A window made smaller or larger keeps the cursor's row in view; Fill
// scrolls back to leave no blank lines under the last row; rows of many
// lines scroll until the cursor's fits.
func TestListResizeKeepsTheCursorVisible(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name             string
		list             List
		n, from, to, sel int
		off              int
	}{
		{"smaller scrolls to the cursor", NewList(DefaultKeyMap()), 20, 10, 3, 8, 6},
		{"larger keeps the offset", NewList(DefaultKeyMap()), 20, 3, 10, 8, 6},
		{"larger with Fill scrolls back", NewList(DefaultKeyMap()).Fill(), 20, 3, 10, 8, 6},
		{"larger with Fill at the end", NewList(DefaultKeyMap()).Fill(), 10, 3, 6, 9, 4},
		{"one line at the least", NewList(DefaultKeyMap()), 20, 5, 0, 8, 8},
		{"rows of two lines", NewList(DefaultKeyMap()).WithLines(func(int) int { return 2 }), 20, 20, 6, 8, 6},
		{"a row taller than the window shows its top", NewList(DefaultKeyMap()).WithLines(func(i int) int { return i + 1 }), 20, 30, 4, 8, 8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			l := tt.list
			l.SetLen(tt.n)
			l.SetHeight(tt.from)
			l.Select(tt.sel)
			l.SetHeight(tt.to)
			if l.Cursor() != tt.sel || l.Offset() != tt.off {
				t.Errorf("cursor %d offset %d, want %d %d", l.Cursor(), l.Offset(), tt.sel, tt.off)
			}
			if l.lines == nil && (l.Cursor() < l.Offset() || l.Cursor() >= l.End()) {
				t.Errorf("cursor %d out of the window %d-%d", l.Cursor(), l.Offset(), l.End())
			}
		})
	}
}

// The rows changing under the cursor (a reload) keep its index as far
// as there are rows.
func TestListSetLenClamps(t *testing.T) {
	t.Parallel()
	l := NewList(DefaultKeyMap())
	l.SetLen(10)
	l.SetHeight(3)
	l.Select(9)
	l.SetLen(4)
	if l.Cursor() != 3 || l.Offset() != 3 {
		t.Errorf("cursor %d offset %d, want 3 3", l.Cursor(), l.Offset())
	}
	l.SetLen(0)
	if l.Cursor() != 0 || l.Offset() != 0 || l.Selected() {
		t.Errorf("empty: cursor %d offset %d selected %v", l.Cursor(), l.Offset(), l.Selected())
	}
}

// filtered is a screen's listing through the list's filter: the names
// that hold it, the cursor kept on the name it was on.
type filtered struct {
	all, shown []string
	l          List
}

func (f *filtered) relist() {
	was := ""
	if f.l.Selected() {
		was = f.shown[f.l.Cursor()]
	}
	f.shown = nil
	for _, s := range f.all {
		if f.l.Filter.Holds(s) {
			f.shown = append(f.shown, s)
		}
	}
	f.l.Keep(len(f.shown), func(i int) bool { return f.shown[i] == was })
}

func (f *filtered) typ(keys ...string) {
	for _, k := range keys {
		if f.l.Filter.Typing() {
			f.l.Filter.Key(listKey(k))
			f.relist()
			continue
		}
		if k == "/" {
			f.l.Filter.Start()
			continue
		}
		f.l.Update(listKey(k))
	}
}

// Typing a filter narrows the rows, the cursor staying on its row while
// it still shows; clearing the filter (esc) lists them all again, the
// cursor still on it.
func TestListFilterKeepsTheSelection(t *testing.T) {
	t.Parallel()
	names := []string{"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta"}
	tests := []struct {
		name  string
		keys  []string
		shown []string
		on    string
	}{
		{"narrowing keeps the row", []string{"G", "/", "e", "t", "a"}, []string{"beta", "zeta", "eta"}, "eta"},
		{"clearing keeps the row", []string{"j", "j", "j", "/", "l", "t", "esc"}, names, "delta"},
		{"a row filtered out leaves the cursor at its index", []string{"j", "j", "/", "e", "t"}, []string{"beta", "zeta", "eta"}, "eta"},
		{"enter keeps the filter, then the keys move", []string{"/", "e", "t", "enter", "j"}, []string{"beta", "zeta", "eta"}, "zeta"},
		{"nothing holds it", []string{"/", "x", "y"}, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f := &filtered{all: names, l: NewList(DefaultKeyMap()).WithFilter()}
			f.l.SetHeight(3)
			f.relist()
			f.typ(tt.keys...)
			on := ""
			if f.l.Selected() {
				on = f.shown[f.l.Cursor()]
			}
			if !slices.Equal(f.shown, tt.shown) || on != tt.on {
				t.Errorf("shown %q on %q, want %q on %q", f.shown, on, tt.shown, tt.on)
			}
			if f.l.Selected() && (f.l.Cursor() < f.l.Offset() || f.l.Cursor() >= f.l.End()) {
				t.Errorf("cursor %d out of the window %d-%d", f.l.Cursor(), f.l.Offset(), f.l.End())
			}
		})
	}
}
