package dialog

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// List is the one list with a cursor that every screen showing a list
// uses, as lazygit's list controller: which row is selected (the cursor),
// which is the first shown (the offset), how far the moving keys go, and,
// for a list that has one, the / filter. It knows how many rows there are
// and how many lines they have, never what they hold: the screen draws
// rows Offset to End, marking Cursor.
//
// The zero value is not ready: make one with NewList.
type List struct {
	keys KeyMap
	// Filter, when not nil, is the list's / filter: the screen lists the
	// rows it holds, then calls Keep.
	Filter *Filter

	n      int // rows
	cursor int // the row selected; -1 for none, when none is allowed
	offset int // the first row shown
	height int // lines for the rows

	lines func(i int) int // lines row i takes; nil: one each
	page  func() int      // rows a page moves; nil: a window's
	none  bool            // the cursor may be above the first row: nothing selected
	fill  bool            // the window stays full while there are rows to fill it
}

// NewList returns an empty list moved by keys' moving keys, the cursor
// on its first row, a window of one line.
func NewList(keys KeyMap) List { return List{keys: keys, height: 1} }

// WithFilter gives the list a / filter (an input whose prompt is "/").
func (l List) WithFilter() List {
	f := NewFilter()
	l.Filter = &f
	return l
}

// WithLines says how many lines each row takes (lines(i) for row i, at
// least one): a row that wraps. The window then holds as many whole rows
// from the offset as its height fits, and at least the cursor's.
func (l List) WithLines(lines func(i int) int) List { l.lines = lines; return l }

// WithPage sets how many rows PageUp and PageDown move (page() at the
// time of the key, at least one); without it, a window's rows.
func (l List) WithPage(page func() int) List { l.page = page; return l }

// AllowNone lets the cursor go above the first row, to -1: nothing is
// selected (a list under an input, where enter then takes what is typed).
// A list that allows none starts with none.
func (l List) AllowNone() List { l.none, l.cursor = true, -1; return l }

// Fill keeps the window full: as the rows shrink or the window grows it
// scrolls back, rather than leave blank lines under the last row.
func (l List) Fill() List { l.fill = true; return l }

// Len returns the number of rows.
func (l *List) Len() int { return l.n }

// Cursor returns the row selected: -1 when none is (AllowNone); 0 in an
// empty list that does not allow none.
func (l *List) Cursor() int { return l.cursor }

// Selected reports whether a row is selected: the list has rows and the
// cursor is on one.
func (l *List) Selected() bool { return l.cursor >= 0 && l.cursor < l.n }

// Offset returns the first row shown.
func (l *List) Offset() int { return l.offset }

// End returns one past the last row shown, when each row takes one line.
func (l *List) End() int { return min(l.n, l.offset+l.height) }

// first is the lowest the cursor may be.
func (l *List) first() int {
	if l.none {
		return -1
	}
	return 0
}

// SetLen says the list has n rows now, the cursor staying on its index
// as far as there are rows.
func (l *List) SetLen(n int) {
	l.n = max(0, n)
	l.cursor = max(l.first(), min(l.cursor, l.n-1))
	l.scroll()
}

// Keep says the list has n rows now (a filter or a sort listed them
// again, or the data changed), and puts the cursor on the row same
// reports (the one it was on, found again), else leaves it at its index,
// as far as there are rows.
func (l *List) Keep(n int, same func(i int) bool) {
	if same != nil {
		for i := range n {
			if same(i) {
				l.cursor = i
				break
			}
		}
	}
	l.SetLen(n)
}

// SetHeight sets the lines the window has for the rows, scrolling so that
// the cursor's row stays in view.
func (l *List) SetHeight(h int) {
	l.height = max(1, h)
	l.scroll()
}

// Select puts the cursor on row i (clamped to the rows), in view.
func (l *List) Select(i int) {
	l.cursor = max(l.first(), min(l.n-1, i))
	l.scroll()
}

// Reset puts the cursor back where a new list starts (the first row, or
// none) and the window at the top.
func (l *List) Reset() {
	l.cursor, l.offset = 0, 0
	if l.none {
		l.cursor = -1
	}
}

// ScrollTop scrolls the window back to the first row, as far as the
// cursor's row stays in view.
func (l *List) ScrollTop() {
	l.offset = 0
	l.scroll()
}

// Move moves the cursor by d rows, stopping at the ends, and scrolls as
// little as shows it.
func (l *List) Move(d int) { l.Select(l.cursor + d) }

// PageRows is how many rows PageUp and PageDown move.
func (l *List) PageRows() int {
	if l.page != nil {
		return max(1, l.page())
	}
	return l.height
}

// Update moves the cursor on a moving key (up, down, a page, to the first
// or the last row: the KeyMap's) and reports whether km was one; the
// other keys are the screen's.
func (l *List) Update(km tea.KeyMsg) bool {
	d, ok := l.keys.Step(km, l.PageRows(), l.n)
	switch {
	case !ok:
		return false
	case key.Matches(km, l.keys.Home):
		l.Select(0) // the first row, even where none is allowed above it
	default:
		l.Move(d)
	}
	return true
}

// scroll moves the offset as little as brings the cursor's row wholly
// into view (the first lines of a row taller than the window).
func (l *List) scroll() {
	if l.cursor < l.offset {
		l.offset = max(0, l.cursor)
	}
	if l.lines == nil {
		l.offset = max(l.offset, l.cursor-l.height+1)
	} else {
		l.scrollLines()
	}
	if l.fill {
		l.offset = min(l.offset, l.n-l.height)
	}
	l.offset = max(0, l.offset)
}

// scrollLines is scroll for rows of many lines: the offset goes down
// until the rows from it to the cursor's fit.
func (l *List) scrollLines() {
	for l.offset < l.cursor {
		h := 0
		for i := l.offset; i <= l.cursor; i++ {
			h += max(1, l.lines(i))
		}
		if h <= l.height {
			return
		}
		l.offset++
	}
}

// ShortHelp is the moving keys for a help bar: up and down.
func (l *List) ShortHelp() []key.Binding { return []key.Binding{l.keys.Up, l.keys.Down} }

// FullHelp is the moving keys for the `?` help, in one column.
func (l *List) FullHelp() [][]key.Binding { return [][]key.Binding{l.MoveKeys()} }

// MoveKeys is every moving key, up to the last row.
func (l *List) MoveKeys() []key.Binding {
	k := l.keys
	return []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End}
}
