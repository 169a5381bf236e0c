// Package dups is the duplicates view of uricat's TUI: the groups of
// records whose URIs look like one page (catalogue.Duplicates, the loose
// URI key that `uricat dups` and the search term dup:yes use), one group
// at a time, with a preview of the record the group would merge into
// (catalogue.MergeRecords, as `uricat dups --merge` merges).
//
// On a group, the record kept (marked ▸) is at first the one with the
// cleanest URI (catalogue.Cleanest, as `uricat dups --merge` keeps):
//
//   - tab keeps another record of the group instead;
//   - m merges it into the record kept, one undoable edit
//     (catalogue.MergeEdit through the context's store), and shows the
//     next group;
//   - n (or right) skips to the next group, p (or left) goes back;
//   - M asks (a dialog.Confirm over the view), then merges every group
//     left, as one undoable edit;
//   - enter shows the record kept in the list (dialog.ShowMsg).
//
// esc or q closes the view. After any change of the catalogue the root
// calls Reload (dialog.Reloader): the groups are found again.
package dups

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/dupset"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/theme"
)

// MergeAllMsg merges every group, the user having said yes: the answer of
// the question the view asks, which comes back to it.
type MergeAllMsg struct{}

// Model is the duplicates view, a dialog.Dialog.
type Model struct {
	ctx dialog.Context
	// groups are the groups of duplicates, each with the record kept
	// first; file holds them in file order, for the view.
	groups, file [][]*ssd3.Record
	// chosen is the record the user keeps, by the Ref of its group's
	// first record in the file, where it is not the cleanest: a choice
	// outlives a reload.
	chosen map[catalogue.Ref]catalogue.Ref
	// list's cursor is the group shown, one at a time: n and p move it,
	// saying so at the ends.
	list dialog.List
	// The preview of groups[at] merged, made when the group is shown.
	merged *ssd3.Record
	notes  []string
	note   string // what the last key did or could not do
}

// New builds the view from the catalogue's duplicates, showing first the
// group that holds sel (the list's selected record: the way in from a
// dup:yes search), else the first. Call it on the goroutine that owns the
// catalogue (the root's Update).
func New(ctx dialog.Context, c *catalogue.Catalogue, sel *ssd3.Record) *Model {
	m := &Model{ctx: ctx, chosen: map[catalogue.Ref]catalogue.Ref{}, list: dialog.NewList(dialog.KeyMap{})}
	m.find(c)
	m.list.SetLen(len(m.groups))
	for g, recs := range m.groups {
		for _, r := range recs {
			if r == sel {
				m.list.Select(g)
			}
		}
	}
	m.preview()
	return m
}

// Groups returns the groups the view has, in file order, each with the
// record a merge keeps first.
func (m *Model) Groups() [][]*ssd3.Record { return m.groups }

// find finds the groups of c, each with the record kept first: the one
// the user chose, else the cleanest.
func (m *Model) find(c *catalogue.Catalogue) {
	m.file = dupset.Duplicates(c.Records())
	m.groups = make([][]*ssd3.Record, len(m.file))
	for g, recs := range m.file {
		keep := dupset.Cleanest(recs)
		if ref, ok := m.chosen[recs[0].Ref()]; ok {
			for i, r := range recs {
				if r.Ref() == ref {
					keep = i
				}
			}
		}
		m.groups[g] = dupset.KeepFirst(recs, keep)
	}
}

// keepNext keeps the record after the one kept now, in file order.
func (m *Model) keepNext() {
	recs := m.file[m.At()]
	i := slices.Index(recs, m.groups[m.At()][0])
	next := recs[(i+1)%len(recs)]
	m.chosen[recs[0].Ref()] = next.Ref()
	m.groups[m.At()] = dupset.KeepFirst(recs, (i+1)%len(recs))
	m.note = "keeps line " + fmt.Sprint(next.Line())
}

// At returns the index of the group shown.
func (m *Model) At() int { return m.list.Cursor() }

// preview merges the group shown, for the view: the merge itself is
// MergeEdit's, which calls the same function.
func (m *Model) preview() {
	m.merged, m.notes = nil, nil
	if m.At() < len(m.groups) {
		m.merged, m.notes = dupset.MergeRecords(m.groups[m.At()])
	}
}

// Reload finds the groups again in c, after a change (a merge made here,
// an edit or an undo made elsewhere), keeping the place as far as it can:
// after a merge the next group takes the merged one's place.
func (m *Model) Reload(c *catalogue.Catalogue) {
	m.find(c)
	m.list.SetLen(len(m.groups))
	m.preview()
}

// Init does nothing: the view is built by New.
func (m *Model) Init() tea.Cmd { return nil }

// SetSize sets the area the view may use.
func (m *Model) SetSize(width, height int) { m.ctx.SetSize(width, height) }

// ShortHelp is the help bar's keys.
func (m *Model) ShortHelp() []key.Binding { return m.actions().ShortHelp() }

// FullHelp is the `?` help's keys.
func (m *Model) FullHelp() [][]key.Binding { return m.actions().FullHelp() }

// actions are the view's keys, each declared once, in the order the help
// shows them; all but esc wait for a group to act on.
func (m *Model) actions() dialog.Actions {
	some := func() bool { return len(m.groups) > 0 }
	next := func(tea.KeyMsg) tea.Cmd { m.step(1, "the last group"); return nil }
	prev := func(tea.KeyMsg) tea.Cmd { m.step(-1, "the first group"); return nil }
	return dialog.Actions{
		{Binding: key.NewBinding(key.WithKeys("m"), key.WithHelp("m", "merge this group")), Bar: true, Col: 1, When: some,
			Do: func(tea.KeyMsg) tea.Cmd { return m.merge(m.groups[m.At() : m.At()+1]) }},
		{Binding: key.NewBinding(key.WithKeys("n", "right", "s"), key.WithHelp("n", "skip")), Bar: true, Col: 1, When: some, Do: next},
		{Binding: m.ctx.Keys.Down, When: some, Do: next},
		{Binding: key.NewBinding(key.WithKeys("p", "left"), key.WithHelp("p", "previous")), Bar: true, Col: 1, When: some, Do: prev},
		{Binding: m.ctx.Keys.Up, When: some, Do: prev},
		{Binding: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "keep another")), Bar: true, Col: 1, When: some,
			Do: func(tea.KeyMsg) tea.Cmd { m.keepNext(); m.preview(); return nil }},
		{Binding: key.NewBinding(key.WithKeys("M"), key.WithHelp("M", "merge all")), Bar: true, Col: 1, When: some, Do: m.askMergeAll},
		{Binding: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "show in list")), Bar: true, Col: 1, When: some,
			Do: func(tea.KeyMsg) tea.Cmd {
				m.ctx.Close(dialog.ShowMsg{Record: m.groups[m.At()][0]})
				return nil
			}},
		{Binding: key.NewBinding(key.WithKeys("esc", "q"), key.WithHelp("esc/q", "close")), Bar: true, Col: 1,
			Do: func(tea.KeyMsg) tea.Cmd { m.ctx.Close(nil); return nil }},
	}
}

// step shows the group d after the one shown, or says end when there
// is none.
func (m *Model) step(d int, end string) {
	if at := m.At() + d; at >= 0 && at < m.list.Len() {
		m.list.Move(d)
		m.preview()
	} else {
		m.note = end
	}
}

// askMergeAll asks before merging every group.
func (m *Model) askMergeAll(tea.KeyMsg) tea.Cmd {
	n := 0
	for _, g := range m.groups {
		n += len(g)
	}
	m.ctx.Open(dialog.NewConfirm(m.ctx, dialog.Question{
		Text:   fmt.Sprintf("Merge all %s (%s) into one record each?", plural.Of(len(m.groups), "group"), plural.Of(n, "record")),
		Detail: "One edit: u undoes it.",
		Verb:   "merge",
		Yes:    MergeAllMsg{},
	}))
	return nil
}

// Update handles a message. The view closes when the user leaves it
// (with dialog.ShowMsg on enter), or opens the question before merging
// all, through its Context.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(MergeAllMsg); ok {
		return m, m.merge(m.groups)
	}
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return m, nil
	}
	m.note = ""
	if cmd, ok := m.actions().Do(km); ok {
		return m, cmd
	}
	return m, nil
}

// merge merges groups through the store, one undoable edit, and finds the
// groups left.
func (m *Model) merge(groups [][]*ssd3.Record) tea.Cmd {
	if len(groups) == 0 {
		return nil
	}
	edit, _ := catalogue.MergeEdit(groups)
	what := fmt.Sprintf("merged %s into %s", plural.Of(len(groups[0])-1, "record"), label(groups[0][0]))
	if len(groups) > 1 {
		what = fmt.Sprintf("merged %s of duplicates", plural.Of(len(groups), "group"))
	}
	cmd, err := m.ctx.Store.Apply(edit, what)
	if err != nil {
		m.ctx.Store.SetStatus(theme.Error, "nothing merged: "+dialog.Describe(err))
		return nil
	}
	m.Reload(m.ctx.Store.Catalogue())
	return cmd
}

// label names a record in a message.
func label(r *ssd3.Record) string {
	if r.Name() != "" {
		return "“" + display.Text(r.Name()) + "”"
	}
	return fmt.Sprintf("the record at line %d", r.Line())
}

// View draws the group shown: its records, the record they would merge
// into, the notes of what the merge cannot keep as it was.
func (m *Model) View() string {
	th := m.ctx.Theme
	w := m.ctx.Width
	if len(m.groups) == 0 {
		return m.ctx.Fit([]string{
			th.Title.Render("Duplicates"), "",
			th.EmptyMessage.Render("No duplicates: no two records' URIs look like one page."),
			"", th.Dim.Render("esc closes"),
		})
	}
	g := m.groups[m.At()]
	lines := []string{
		th.Title.Render(fmt.Sprintf("Duplicates: group %d of %d", m.At()+1, len(m.groups))) +
			th.Dim.Render(fmt.Sprintf("  %s look like one page", plural.Of(len(g), "record"))),
		"",
	}
	for _, r := range m.file[m.At()] {
		lead := "  "
		if r == g[0] {
			lead = "▸ " // the one kept
		}
		lines = append(lines, lead+th.Dim.Render(fmt.Sprintf("line %-5d ", r.Line()))+th.Name.Render(display.Text(r.Name())))
		lines = append(lines, "             "+th.URI.Render(display.Text(display.URI(r.URI()))))
	}
	lines = append(lines, "", th.Title.Render(fmt.Sprintf("Merged, at line %d:", g[0].Line())))
	if m.merged != nil {
		for _, f := range ssd3.FieldNames(m.merged) {
			if f == ssd3.FieldDate || f == ssd3.FieldAdded {
				continue // stamped by the merge; the earliest added is kept
			}
			value := display.Text(strings.ReplaceAll(ssd3.GetField(m.merged, f), "\n", " ⏎ "))
			lines = append(lines, dialog.Wrap(th.Dim.Render(fmt.Sprintf("%-12s", display.Text(f)))+" "+value, w, 2, 15)...)
		}
	}
	for _, n := range m.notes {
		lines = append(lines, dialog.Wrap(th.Warning.Render("note: ")+display.Text(n), w, 2, 8)...)
	}
	if m.note != "" {
		lines = append(lines, "", th.Dim.Render(m.note))
	}
	return m.ctx.Fit(lines)
}
