// Package statsview is the TUI's picture of the collection: the counts
// of `uricat stats` (catalogue/stats: records by top-level category, by
// rating, by year added, with problems), drawn as bar charts as wide as
// the window, in two columns when it is wide enough.
package statsview

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/stats"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/tui/dialog"
)

// Model is the stats view, a dialog.Dialog that takes the whole body.
type Model struct {
	ctx dialog.Context
	s   stats.Stats
	// count makes the counts in commands (Init's for a large catalogue,
	// Reload's after each edit), the newest one's shown.
	count *dialog.Count[stats.Stats]
	// top's cursor is the first line shown, when the charts are taller
	// than the body: a list of the lines a screen can start at, which
	// the moving keys move through as any list's cursor.
	top dialog.List
}

// twoColumns is the width from which the charts stand in two columns.
const twoColumns = 100

// countAbove is how many records a catalogue may have for its counts to
// be made as the view opens; a larger one's are made by Init's command,
// off the Update goroutine, as the category tree's build.
const countAbove = 10_000

// New returns the view of c's counts: made at once, or, in a catalogue
// of more than countAbove records, by Init's command, the view saying it
// counts meanwhile.
func New(ctx dialog.Context, c *catalogue.Catalogue) *Model {
	m := &Model{ctx: ctx, count: dialog.NewCount(stats.Of)}
	m.top = dialog.NewList(ctx.Keys).WithPage(func() int { return m.ctx.Height })
	if recs := c.Records(); len(recs) > countAbove {
		m.count.Later(recs)
		return m
	}
	m.s = stats.Of(c.Records())
	return m
}

// Reload counts again after an edit (dialog.Reloader), in the command it
// returns, from c's snapshot, which Update's goroutine does not wait
// for. The view shows the counts as they were,
// marked as updating, until the new ones come.
func (m *Model) Reload(c *catalogue.Catalogue) tea.Cmd { return m.count.Again(c.Records()) }

// Stats returns the counts shown.
func (m *Model) Stats() stats.Stats { return m.s }

// Init counts the records of a large catalogue.
func (m *Model) Init() tea.Cmd { return m.count.Start() }

// SetSize sets the body's area.
func (m *Model) SetSize(w, h int) { m.ctx.SetSize(w, h) }

// Update scrolls, closes on esc, and takes in the newest recount.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if s, ok := m.count.Take(msg); ok {
		m.s = s
		m.scrollable()
		return m, nil
	}
	if msg, ok := msg.(tea.KeyMsg); ok {
		return m.key(msg)
	}
	return m, nil
}

// scrollable says how far the lines as they are now scroll: to the
// last screenful.
func (m *Model) scrollable() {
	m.top.SetLen(max(0, len(m.lines())-m.ctx.Height) + 1)
}

// key scrolls, or closes the view.
func (m *Model) key(km tea.KeyMsg) (tea.Model, tea.Cmd) {
	m.scrollable()
	if cmd, ok := m.actions().Do(km); ok {
		return m, cmd
	}
	m.top.Update(km)
	return m, nil
}

// actions are the view's own keys; moving is the list's.
func (m *Model) actions() dialog.Actions {
	return dialog.Actions{
		{Binding: key.NewBinding(key.WithKeys("esc", "q", "#"), key.WithHelp("esc", "back")), Bar: true,
			Do: func(tea.KeyMsg) tea.Cmd { m.ctx.Close(nil); return nil }},
	}
}

// ShortHelp returns the view's keys.
func (m *Model) ShortHelp() []key.Binding {
	return append(m.top.ShortHelp(), m.actions().ShortHelp()...)
}

// FullHelp returns the view's keys.
func (m *Model) FullHelp() [][]key.Binding { return [][]key.Binding{m.ShortHelp()} }

// stars draws a rating as the list does.
func stars(n int) string { return strings.Repeat("★", n) }

// chart draws one chart, w cells wide: its title, then its bars.
func (m *Model) chart(c stats.Chart, w int) []string {
	th := m.ctx.Theme
	var b strings.Builder
	stats.Bars(&b, c.Counts, w, func(n int) string { return th.Star.Render(strings.Repeat("█", n)) })
	return append([]string{th.DialogTitle.Render(c.Title)}, strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")...)
}

// lines lays the charts out for the body's width: one column, or the
// categories on the left and the others on the right.
func (m *Model) lines() []string {
	th := m.ctx.Theme
	if p := m.count.Pending; p != nil {
		return []string{th.Dim.Render(" counting " + plural.Of(len(p), "record") + "…")}
	}
	w := max(20, m.ctx.Width)
	charts := m.s.Charts(stars)
	head := th.Dim.Render(" " + plural.Of(m.s.Records, "record") + " (uricat stats prints the same)")
	if m.count.Updating {
		head = th.Dim.Render(" " + plural.Of(m.s.Records, "record") + "; updating…")
	}
	if w < twoColumns {
		out := []string{head}
		for _, c := range charts {
			out = append(append(out, ""), m.chart(c, w-1)...)
		}
		return out
	}
	lw := w / 2
	rw := w - lw - 1
	left := m.chart(charts[1], lw)
	var right []string
	for i, c := range charts {
		if i == 1 {
			continue
		}
		if len(right) > 0 {
			right = append(right, "")
		}
		right = append(right, m.chart(c, rw)...)
	}
	cols := lipgloss.JoinHorizontal(lipgloss.Top, lipgloss.NewStyle().Width(lw).Render(strings.Join(left, "\n")), " ", strings.Join(right, "\n"))
	return append([]string{head, ""}, strings.Split(cols, "\n")...)
}

// View draws the charts from the line scrolled to.
func (m *Model) View() string {
	lines := m.lines()
	return m.ctx.Fit(lines[min(m.top.Cursor(), len(lines)):])
}
