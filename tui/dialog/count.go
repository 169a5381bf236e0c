package dialog

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/tui/theme"
)

// Count is a view's count of the catalogue (a category tree, the tags,
// the charts) made in a command, so that Update's goroutine never waits
// for it: the tree of tens of thousands of categories takes long enough to
// be felt. Counts are
// numbered; only the newest one's answer is taken, so that a count that
// ends after a later one's never shows an older catalogue. The tree, the
// tags and the stats views share it.
type Count[T any] struct {
	// Pending is the records a first count is under way for: the view has
	// nothing to show yet, and says it counts.
	Pending []*ssd3.Record
	// Updating says a recount after an edit is under way: the view shows
	// the last count meanwhile, marked.
	Updating bool
	of       func([]*ssd3.Record) T
	gen      int
}

// NewCount returns a count made by of, which reads the records it is
// given and nothing else: it runs in a command, on a snapshot.
func NewCount[T any](of func([]*ssd3.Record) T) *Count[T] {
	return &Count[T]{of: of}
}

// Counted is the answer of a count's command, for Count.Take.
type Counted[T any] struct {
	c   *Count[T]
	gen int
	v   T
}

// Later notes recs, a large catalogue's records, to be counted by Start
// (the view's Init), so that the view opens at once.
func (c *Count[T]) Later(recs []*ssd3.Record) { c.Pending = recs }

// Start returns the command of the count Later noted; nil if none.
func (c *Count[T]) Start() tea.Cmd {
	if c.Pending == nil {
		return nil
	}
	return c.run(c.Pending)
}

// Again returns the command that counts recs, the records after an edit,
// as the newest count.
func (c *Count[T]) Again(recs []*ssd3.Record) tea.Cmd {
	if c.Pending != nil {
		c.Pending = recs // still counting: the newer records are counted
	} else {
		c.Updating = true
	}
	return c.run(recs)
}

func (c *Count[T]) run(recs []*ssd3.Record) tea.Cmd {
	c.gen++
	gen, of := c.gen, c.of
	return func() tea.Msg { return Counted[T]{c: c, gen: gen, v: of(recs)} }
}

// Take returns the count msg answers, when msg is the answer of this
// count's newest command; an older answer is dropped (ok false).
func (c *Count[T]) Take(msg tea.Msg) (v T, ok bool) {
	m, ok := msg.(Counted[T])
	if !ok || m.c != c || m.gen != c.gen {
		return v, false
	}
	c.Pending, c.Updating = nil, false
	return m.v, true
}

// Title is a counting view's title line: title, then, while the first
// count is under way, "counting the OF of N records…"; after it, counts,
// marked while a recount is under way.
func (c *Count[T]) Title(th *theme.Theme, title, of, counts string) string {
	if p := c.Pending; p != nil {
		counts = fmt.Sprintf("counting the %s of %s…", of, plural.Of(len(p), "record"))
	} else if c.Updating {
		counts += "; updating…"
	}
	return th.DialogTitle.Render(title) + " " + th.Dim.Render(counts)
}
