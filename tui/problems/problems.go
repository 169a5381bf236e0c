// Package problems is the problems view of uricat's TUI: every problem the
// catalogue found when it read the file (Catalogue.Problems), by line, each
// record's problems under it, so that the user can fix or delete what SSD3
// says not to use (2.2). Invalid records are never dropped from the file:
// this view is where they are seen.
//
// On a record of the view:
//
//   - enter shows it in the list: the view closes with JumpMsg, the
//     root's dialog.ShowMsg, as its result (dialog.Context.Close);
//
//   - e opens the edit form on it, over the view, to fix it: EditMsg, the
//     root's dialog.EditMsg;
//
//   - d asks (a dialog.Confirm over the view) and y deletes it: the
//     question's answer, DeleteMsg, comes back to the view, which applies
//     the delete through its context's store and drops the entry
//     (Remove). Only invalid records are offered for deletion here.
//
//   - on a version a merge could not settle (marked X-CONFLICT: uricat
//     merge, sync, a conflict copy merged in), the preview shows it beside
//     the version it stands beside, the fields that differ marked, and o
//     keeps ours, t keeps theirs, b keeps both: catalogue.Settle, one
//     undoable step applied through the store.
//
// esc or q closes the view. After any change of the catalogue, the root
// calls Reload (dialog.Reloader: record pointers change).
package problems

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/theme"
)

// JumpMsg asks the root to show Record in the list.
type JumpMsg = dialog.ShowMsg

// EditMsg asks the root to open the edit form on Record.
type EditMsg = dialog.EditMsg

// DeleteMsg deletes Record, the user having confirmed: the answer of the
// question the view asks, which comes back to it.
type DeleteMsg struct{ Record *ssd3.Record }

// Item is one entry of the view: a record and its problems, or a problem of
// the file itself (Record nil).
type Item struct {
	Line     int
	Record   *ssd3.Record
	Problems []ssd3.Diagnostic
}

// Model is the problems view, a dialog.Dialog.
type Model struct {
	ctx      dialog.Context
	path     string
	items    []Item
	list     dialog.List // the cursor, by item; an item takes itemHeight lines
	note     string
	errors   int
	warnings int
	invalid  int            // invalid records among the items
	heights  []int          // lines each item takes at width; see itemHeight
	recs     []*ssd3.Record // the catalogue's records when built: a conflict's pair is found there
}

// New builds the view from the catalogue's problems. Call it on the
// goroutine that owns the catalogue (the root's Update).
func New(ctx dialog.Context, c *catalogue.Catalogue) *Model {
	m := &Model{ctx: ctx, path: c.Path(), recs: c.Records(), list: dialog.NewList(ctx.Keys)}
	// Problems of the file itself are those of c.Problems() that belong to
	// no record: subtract the records' own (a multiset, by value).
	own := make(map[ssd3.Diagnostic]int, len(c.Records())/4)
	for _, r := range c.Records() {
		if ps := r.Problems(); len(ps) > 0 || !r.Valid() {
			ps = slices.Clone(ps)
			slices.SortStableFunc(ps, func(a, b ssd3.Diagnostic) int { return a.Line - b.Line })
			m.items = append(m.items, Item{Line: r.Line(), Record: r, Problems: ps})
			for _, p := range ps {
				own[p]++
			}
		}
	}
	var file []Item
	for _, p := range c.Problems() {
		if own[p] > 0 {
			own[p]--
			continue
		}
		file = append(file, Item{Line: p.Line, Problems: []ssd3.Diagnostic{p}})
	}
	m.items = mergeByLine(file, m.items)
	for _, it := range m.items {
		if it.Record != nil && !it.Record.Valid() {
			m.invalid++
		}
		for _, p := range it.Problems {
			if p.Kind == ssd3.Warning {
				m.warnings++
			} else {
				m.errors++
			}
		}
	}
	m.bindList()
	return m
}

// bindList ties the list to m: its length, its height, what a page moves
// and the lines an item takes, which are m's.
func (m *Model) bindList() {
	m.list = m.list.WithLines(m.itemHeight).WithPage(m.pageItems)
	m.list.SetLen(len(m.items))
	m.list.SetHeight(m.listHeight())
}

// mergeByLine merges two lists sorted by line, a's first on a tie.
func mergeByLine(a, b []Item) []Item {
	out := make([]Item, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		if b[0].Line < a[0].Line {
			out, b = append(out, b[0]), b[1:]
		} else {
			out, a = append(out, a[0]), a[1:]
		}
	}
	return append(append(out, a...), b...)
}

// Init does nothing: the view is built by New.
func (m *Model) Init() tea.Cmd { return nil }

// Items returns the view's entries, by line.
func (m *Model) Items() []Item { return m.items }

// Selected returns the entry under the cursor, if any.
func (m *Model) Selected() (Item, bool) {
	if m.list.Selected() {
		return m.items[m.list.Cursor()], true
	}
	return Item{}, false
}

// Reload builds the view again from c, after the root changed it (an edit
// made from the view), keeping the cursor where it was as far as it can.
func (m *Model) Reload(c *catalogue.Catalogue) tea.Cmd {
	cursor := m.list.Cursor()
	*m = *New(m.ctx, c)
	m.bindList() // New's list is tied to the model New made
	m.list.Select(cursor)
	return nil
}

// Remove drops rec's entry, after the root deleted it.
func (m *Model) Remove(rec *ssd3.Record) {
	for i, it := range m.items {
		if it.Record == rec {
			m.items = append(m.items[:i:i], m.items[i+1:]...)
			m.heights = nil
			if !rec.Valid() {
				m.invalid--
			}
			for _, p := range it.Problems {
				if p.Kind == ssd3.Warning {
					m.warnings--
				} else {
					m.errors--
				}
			}
			break
		}
	}
	m.list.SetLen(len(m.items))
}

// SetSize sets the area the view may use.
func (m *Model) SetSize(width, height int) {
	if width != m.ctx.Width {
		m.heights = nil
	}
	m.ctx.SetSize(width, height)
	m.list.SetHeight(m.listHeight())
}

// Update handles a message. The view closes when the user leaves it
// (with JumpMsg on enter), or opens the question before a deletion,
// through its Context.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if dm, ok := msg.(DeleteMsg); ok {
		return m, m.delete(dm.Record)
	}
	if mm, ok := msg.(tea.MouseMsg); ok {
		// The wheel moves the cursor, three entries a notch.
		switch mm.Button {
		case tea.MouseButtonWheelUp:
			m.list.Move(-3)
		case tea.MouseButtonWheelDown:
			m.list.Move(3)
		}
		return m, nil
	}
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return m, nil
	}
	m.note = ""
	if m.list.Update(km) {
		return m, nil
	}
	if cmd, ok := m.actions().Do(km); ok {
		return m, cmd
	}
	return m, nil
}

// actions are the view's own keys, each declared once, in the order the
// help shows them; moving is the list's. On a merge conflict the help
// bar offers the keys that settle it, in place of edit and delete (which
// still work).
func (m *Model) actions() dialog.Actions {
	it, have := m.Selected()
	rec := it.Record
	conflict := have && rec != nil && ssd3.ConflictSide(rec) != ""
	noRecord := func(what string) tea.Cmd {
		m.note = "a problem of the file itself: no record to " + what
		return nil
	}
	settle := func(keep catalogue.Keep) func(tea.KeyMsg) tea.Cmd {
		return func(tea.KeyMsg) tea.Cmd {
			if !conflict {
				m.note = "not a merge conflict: o, t and b settle a record marked " + ssd3.FieldConflict
				return nil
			}
			return m.settle(rec, keep)
		}
	}
	return dialog.Actions{
		{Binding: key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "conflict: keep ours")), Bar: conflict, Col: 2, Do: settle(catalogue.KeepOurs)},
		{Binding: key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "keep theirs")), Bar: conflict, Col: 2, Do: settle(catalogue.KeepTheirs)},
		{Binding: key.NewBinding(key.WithKeys("b"), key.WithHelp("b", "keep both")), Bar: conflict, Col: 2, Do: settle(catalogue.KeepBoth)},
		{Binding: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "show in list")), Bar: true, Col: 1,
			Do: func(tea.KeyMsg) tea.Cmd {
				if rec == nil {
					return noRecord("show")
				}
				m.ctx.Close(JumpMsg{Record: rec})
				return nil
			}},
		{Binding: key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "edit to fix")), Bar: !conflict, Col: 1,
			Do: func(tea.KeyMsg) tea.Cmd {
				if rec == nil {
					return noRecord("edit")
				}
				return func() tea.Msg { return EditMsg{Record: rec} }
			}},
		{Binding: key.NewBinding(key.WithKeys("d", "delete"), key.WithHelp("d", "delete invalid record")), Bar: !conflict, Col: 1,
			Do: func(tea.KeyMsg) tea.Cmd {
				switch {
				case rec == nil:
					return noRecord("delete")
				case rec.Valid():
					m.note = "this record is valid (its bad fields are ignored): edit it, or delete it from the list"
					return nil
				}
				m.ctx.Open(m.askDelete(it))
				return nil
			}},
		{Binding: key.NewBinding(key.WithKeys("esc", "q"), key.WithHelp("esc/q", "close")), Bar: true, Col: 1,
			Do: func(tea.KeyMsg) tea.Cmd { m.ctx.Close(nil); return nil }},
	}
}

// settle keeps one version of the conflict of the marked record rec, or
// both (catalogue.Settle), as one undoable step through the store; the
// root reloads the view after it.
func (m *Model) settle(rec *ssd3.Record, keep catalogue.Keep) tea.Cmd {
	c := m.ctx.Store.Catalogue()
	// The record as the catalogue holds it now: Settle finds its pair by
	// position.
	if r := c.Lookup(rec.Ref()); r != nil {
		rec = r
	}
	name := label(rec)
	what := map[catalogue.Keep]string{
		catalogue.KeepOurs:   "kept ours of " + name,
		catalogue.KeepTheirs: "kept theirs of " + name,
		catalogue.KeepBoth:   "kept both versions of " + name,
	}[keep]
	cmd, err := m.ctx.Store.Apply(catalogue.Settle(c.Records(), rec, keep), what+dialog.UndoHint)
	if err != nil {
		m.ctx.Store.SetStatus(theme.Error, fmt.Sprintf("cannot settle the conflict of %s: %s", name, dialog.Describe(err)))
		return nil
	}
	return cmd
}

// delete deletes rec through the store, one undoable step, and drops its
// entry.
func (m *Model) delete(rec *ssd3.Record) tea.Cmd {
	name := label(rec)
	cmd, err := m.ctx.Store.Apply(catalogue.Delete{Refs: []catalogue.Ref{rec.Ref()}}, "deleted "+name)
	if err != nil {
		m.ctx.Store.SetStatus(theme.Error, fmt.Sprintf("cannot delete %s: %v", name, err))
		return nil
	}
	m.Remove(rec)
	return cmd
}

// label names a record in a message, even one without a NAME.
func label(r *ssd3.Record) string {
	if r.Name() != "" {
		return "“" + display.Text(r.Name()) + "”"
	}
	return fmt.Sprintf("the record at line %d", r.Line())
}

// askDelete is the question before deleting the invalid record of it.
func (m *Model) askDelete(it Item) *dialog.Confirm {
	r := it.Record
	name := display.Text(r.Name())
	if name == "" {
		name = "(no valid NAME)"
	}
	return dialog.NewConfirm(m.ctx, dialog.Question{
		Text:   fmt.Sprintf("Delete the invalid record at line %d from the file?", it.Line),
		Detail: fmt.Sprintf("%s. Back in the list, u undoes it.", name),
		Verb:   "delete",
		Yes:    DeleteMsg{Record: r},
	})
}

// itemHeight is the number of lines an entry takes: a heading and its
// problems, wrapped.
// Heights are cached per width (heights[i] == 0: not known yet), so that
// moving the cursor does not wrap every entry above it again.
func (m *Model) itemHeight(i int) int {
	if len(m.heights) != len(m.items) {
		m.heights = make([]int, len(m.items))
	}
	if m.heights[i] == 0 {
		m.heights[i] = len(m.itemLines(m.items[i], false))
	}
	return m.heights[i]
}

// listHeight is the number of lines for the entries.
func (m *Model) listHeight() int {
	h := m.ctx.Height
	title, footer, gaps := m.chrome()
	for _, on := range []bool{title, footer, gaps, gaps} {
		if on {
			h--
		}
	}
	if ph := m.previewHeight(); ph > 0 {
		h -= ph + 1
	}
	return max(1, h)
}

// previewHeight is the number of lines of the selected record's text shown
// under the list: none on a short screen. It does not depend on the
// selection, so the list does not jump as the cursor moves.
func (m *Model) previewHeight() int {
	if m.ctx.Height < 16 {
		return 0
	}
	return min(8, m.ctx.Height/3)
}

// preview renders the selected record as the file has it, with line
// numbers, the lines with a problem marked, and the first of them in view.
func (m *Model) preview(it Item) []string {
	t := m.ctx.Theme
	h := m.previewHeight()
	if it.Record == nil || it.Record.Raw() == "" {
		return []string{t.Faint.Render(strings.Repeat("─", max(1, m.ctx.Width))), "  " + t.EmptyMessage.Render("(a problem of the file itself: no record text to show)")}
	}
	r := it.Record
	if ssd3.ConflictSide(r) != "" {
		return m.conflictPreview(r)
	}
	title := fmt.Sprintf("── line %d as the file has it ", r.Line())
	out := []string{t.Faint.Render(title + strings.Repeat("─", max(0, m.ctx.Width-ansi.StringWidth(title))))}
	bad := map[int]bool{}
	first := 0
	for _, p := range it.Problems {
		bad[p.Line] = true
		if first == 0 || p.Line < first && p.Line >= r.Line() {
			first = p.Line
		}
	}
	lines := strings.Split(strings.TrimRight(r.Raw(), "\r\n"), "\n")
	start := 0
	if first > r.Line() {
		start = min(first-r.Line()-1, max(0, len(lines)-(h-1)))
	}
	for i := start; i < len(lines) && len(out) < h; i++ {
		n := r.Line() + i
		mark := "  "
		if bad[n] {
			mark = t.Error.Render("✗ ")
		}
		text := ansi.Truncate(display.Text(strings.TrimRight(lines[i], "\r")), max(10, m.ctx.Width-9), "…")
		out = append(out, mark+t.Dim.Render(fmt.Sprintf("%5d ", n))+t.Value.Render(text))
	}
	return out
}

// conflictPreview shows the two versions of a conflict side by side,
// field by field, the fields that differ first and marked, and the keys
// that settle it. A version alone (an edit against a deletion) is shown
// beside "(deleted)".
func (m *Model) conflictPreview(marked *ssd3.Record) []string {
	t := m.ctx.Theme
	h := m.previewHeight()
	ours, theirs := ssd3.ConflictPair(m.recs, marked), marked
	if ssd3.ConflictSide(marked) == ssd3.SideOurs {
		ours, theirs = marked, nil
	}
	title := "── merge conflict: o keeps ours, t theirs, b both "
	out := []string{t.Faint.Render(title + strings.Repeat("─", max(0, m.ctx.Width-ansi.StringWidth(title))))}
	nameW := 12
	colW := max(8, (m.ctx.Width-nameW-6)/2)
	cell := func(s string) string {
		return ansi.Truncate(display.Text(s), colW, "…")
	}
	pad := func(s string) string { return s + strings.Repeat(" ", max(0, colW-ansi.StringWidth(s))) }
	value := func(r *ssd3.Record, name string) string {
		if r == nil {
			return ""
		}
		return ssd3.GetField(r, name)
	}
	head := func(r *ssd3.Record, side string) string {
		if r == nil {
			return side + " (deleted)"
		}
		return fmt.Sprintf("%s (line %d)", side, r.Line())
	}
	out = append(out, "  "+t.Label.Render(fmt.Sprintf("%-*s", nameW, ""))+" "+t.Label.Render(pad(cell(head(ours, "ours"))))+"  "+t.Label.Render(cell(head(theirs, "theirs"))))
	var names []string
	seen := map[string]bool{ssd3.FieldConflict: true}
	for _, r := range []*ssd3.Record{ours, theirs} {
		if r == nil {
			continue
		}
		for _, n := range ssd3.FieldNames(r) {
			if !seen[n] {
				seen[n] = true
				names = append(names, n)
			}
		}
	}
	// The fields that differ first: they are what the user decides.
	slices.SortStableFunc(names, func(a, b string) int {
		da, db := value(ours, a) != value(theirs, a), value(ours, b) != value(theirs, b)
		switch {
		case da && !db:
			return -1
		case db && !da:
			return 1
		}
		return 0
	})
	for _, n := range names {
		if len(out) >= h {
			break
		}
		o, th := value(ours, n), value(theirs, n)
		mark, style := "  ", t.Dim
		if o != th {
			mark, style = t.Warning.Render("≠ "), t.Value
		}
		out = append(out, mark+t.Label.Render(fmt.Sprintf("%-*s", nameW, ansi.Truncate(n, nameW, "…")))+" "+style.Render(pad(cell(o)))+"  "+style.Render(cell(th)))
	}
	return out
}

// pageItems is how many entries a page moves: roughly a screenful.
func (m *Model) pageItems() int { return max(1, m.listHeight()/2) }

// ShortHelp returns the bindings for the short help bar.
func (m *Model) ShortHelp() []key.Binding {
	return append(m.list.ShortHelp(), m.actions().ShortHelp()...)
}

// FullHelp returns the bindings for the full help view.
func (m *Model) FullHelp() [][]key.Binding {
	return append([][]key.Binding{m.list.MoveKeys()}, m.actions().FullHelp()...)
}

// View renders a title with the counts, the entries from the scroll offset,
// and a line for a question or a note.
func (m *Model) View() string {
	t := m.ctx.Theme
	title, footer, gaps := m.chrome()
	var lines []string
	if title {
		summary := fmt.Sprintf("%s, %s, %s", plural.Of(m.invalid, "invalid record"), plural.Of(m.errors, "error"), plural.Of(m.warnings, "warning"))
		if m.path != "" {
			summary = display.Text(m.path) + " · " + summary
		}
		lines = append(lines, t.DialogTitle.Render("Problems")+" "+t.Dim.Render(summary))
		if gaps {
			lines = append(lines, "")
		}
	}
	if len(m.items) == 0 {
		lines = append(lines, t.EmptyMessage.Render("  No problems: the file conforms to SSD3."))
		return m.ctx.Fit(lines)
	}
	list := m.listHeight()
	used := 0
	for i := m.list.Offset(); i < len(m.items) && used < list; i++ {
		it := m.items[i]
		sel := i == m.list.Cursor()
		for j, line := range m.itemLines(it, sel) {
			if used >= list {
				break
			}
			if sel && j == 0 {
				line = t.RowSelected.Render(ansi.Truncate(line, m.ctx.Width, "…"))
			}
			lines = append(lines, line)
			used++
		}
	}
	if m.previewHeight() > 0 {
		for ; used < list; used++ {
			lines = append(lines, "")
		}
		it, _ := m.Selected()
		lines = append(lines, m.preview(it)...)
	}
	if footer {
		if gaps {
			lines = append(lines, "")
		}
		if m.note != "" {
			lines = append(lines, t.Info.Render(m.note))
		} else {
			lines = append(lines, t.Dim.Render(fmt.Sprintf("%d of %d", m.list.Cursor()+1, len(m.items))))
		}
	}
	return m.ctx.Fit(lines)
}

// chrome says which of the lines around the list the height leaves room
// for, the list keeping at least one: the title, then the footer ("3 of
// 12") beneath the list, and the blank lines that set them apart.
func (m *Model) chrome() (title, footer, gaps bool) {
	h := m.ctx.Height
	return h >= 3, h >= 2, h >= 5
}

// itemLines renders an entry: a heading naming the record (its line, whether
// it is invalid, its NAME and URI as far as they were read) and a line per
// problem.
func (m *Model) itemLines(it Item, sel bool) []string {
	t := m.ctx.Theme
	cursor := "  "
	if sel {
		cursor = t.Cursor.Render("›") + " "
	}
	where := t.Label.Render(fmt.Sprintf("line %-5d", it.Line))
	if it.Record == nil {
		p := it.Problems[0]
		p.Line = 0 // the heading says it
		lines := m.problem(p, problemIndent)
		lines[0] = cursor + where + " " + strings.TrimLeft(lines[0], " ")
		return lines
	}
	r := it.Record
	// A valid record with problems is listed, its bad fields ignored (2.2).
	state := t.Dim.Render("valid   ")
	if !r.Valid() {
		state = t.Invalid.Render("invalid ")
	}
	name := display.Text(r.Name())
	if name == "" {
		name = "(no valid NAME)"
	}
	head := cursor + where + " " + state + " " + t.Name.Render(name)
	if r.URI() != "" {
		head += " " + t.URI.Render(display.Text(display.URI(r.URI())))
	}
	lines := []string{head}
	for _, p := range it.Problems {
		if p.Line == it.Line {
			p.Line = 0 // the heading says it
		}
		lines = append(lines, m.problem(p, problemIndent)...)
	}
	return lines
}

// problemIndent is where a record's problems start, under its NAME.
const problemIndent = 13

// problem renders one problem, wrapped to the width after indent: its
// position (catalogue.Diagnostic.Where, dim) and the rest, "kind: message"
// (Message), coloured by its kind. The message names its field.
func (m *Model) problem(p ssd3.Diagnostic, indent int) []string {
	t := m.ctx.Theme
	pre := p.Where()
	if pre != "" {
		pre += ": "
	}
	style := t.Error
	if p.Kind == ssd3.Warning {
		style = t.Warning
	}
	pad := strings.Repeat(" ", indent)
	var out []string
	for i, l := range strings.Split(ansi.Wrap(pre+p.Message(), max(20, m.ctx.Width-indent-1), ""), "\n") {
		if i == 0 && len(pre) <= len(l) {
			out = append(out, pad+t.Dim.Render(pre)+style.Render(l[len(pre):]))
			continue
		}
		out = append(out, pad+style.Render(l))
	}
	return out
}

var _ dialog.Dialog = (*Model)(nil)
