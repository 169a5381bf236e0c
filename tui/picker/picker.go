// Package picker is the category picker of uricat's TUI: an input that
// completes from the categories already in use, or takes a new one.
//
// The input starts with the category the records have; typing replaces it
// (other keys edit it). Typing filters the categories (the suggested ones
// first: those of the records most like the ones being categorised,
// Suggest; then those starting with the text, then those containing it,
// ignoring case), the first highlighted; up/down choose among them (up
// from the first: the text as typed, a new category), tab copies the
// highlighted one into the input, enter picks it, or the typed text when
// nothing is highlighted. An empty choice clears the record's category
// (for a selection of many, after asking),
// which the picker applies through its context's store (one undoable
// step, for one record or a selection of many: NewMany) as it closes (dialog.Context.Close) with ChosenMsg as its result; esc
// closes it with none.
package picker

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/theme"
)

// clearManyMsg clears the category of the selection, the user having
// said yes: the answer of the question the picker asks.
type clearManyMsg struct{}

// ChosenMsg carries the category the user picked for Record (nil for a
// selection of many, NewMany); "" means no category.
type ChosenMsg struct {
	Record   *ssd3.Record
	Category string
}

// Model is the picker, a dialog.Dialog.
type Model struct {
	ctx        dialog.Context
	rec        *ssd3.Record
	input      textinput.Model
	categories []string // distinct, sorted
	// A selection of many (NewMany): the records, in file order, and how
	// many of them the search hides; rec is nil.
	refs   []catalogue.Ref
	hidden int
	// suggested are the categories of the records most like those being
	// categorised, best first: they come first among the matches.
	suggested []string
	matches   []string
	list      dialog.List // the highlight, by index into matches: none for the typed text
	err       string
	// prefilled: the input holds the records' category as the picker
	// started, which typing replaces rather than adds to.
	prefilled bool
}

// New returns a picker that chooses rec's category among the categories in
// use (duplicates and empty ones are dropped), starting with rec's own in
// the input.
func New(ctx dialog.Context, rec *ssd3.Record, categories []string) *Model {
	th := ctx.Theme
	var cs []string
	for _, c := range categories {
		if strings.TrimSpace(c) != "" {
			cs = append(cs, c)
		}
	}
	slices.SortFunc(cs, func(a, b string) int {
		if c := strings.Compare(strings.ToLower(a), strings.ToLower(b)); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	cs = slices.Compact(cs)
	ti := textinput.New()
	ti.Prompt = "› "
	ti.PromptStyle = th.Prompt
	ti.TextStyle = th.Input
	ti.PlaceholderStyle = th.Placeholder
	ti.Placeholder = "type a category, or leave empty for none"
	ti.Cursor.Style = th.InputCursor
	ti.Cursor.TextStyle = th.Input
	if rec != nil {
		ti.SetValue(display.Text(rec.Category()))
	}
	ti.CursorEnd()
	ti.Focus()
	m := &Model{ctx: ctx, rec: rec, input: ti, categories: cs, prefilled: ti.Value() != ""}
	// The list moves on the picker's own up and down only: the letters
	// and the paging keys are the input's.
	m.list = dialog.NewList(dialog.KeyMap{
		Up:   key.NewBinding(key.WithKeys("up", "ctrl+p"), key.WithHelp("↑", "previous")),
		Down: key.NewBinding(key.WithKeys("down", "ctrl+n"), key.WithHelp("↓", "next")),
	}).AllowNone()
	m.list.SetHeight(m.listHeight())
	m.filter()
	m.SetSize(ctx.Width, ctx.Height)
	return m
}

// NewMany returns a picker that sets or clears the category of every
// record of recs, a selection (hidden of them hidden by the search), as
// one undoable edit (catalogue.SetMany); it starts with their category if
// they all have the same.
func NewMany(ctx dialog.Context, recs []*ssd3.Record, hidden int, categories []string) *Model {
	m := New(ctx, nil, categories)
	m.hidden = hidden
	same := len(recs) > 0
	for _, r := range recs {
		m.refs = append(m.refs, r.Ref())
		same = same && r.Category() == recs[0].Category()
	}
	if same {
		m.input.SetValue(display.Text(recs[0].Category()))
		m.input.CursorEnd()
		m.prefilled = m.input.Value() != ""
		m.filter()
	}
	m.SetSize(ctx.Width, ctx.Height)
	return m
}

// Suggest puts cats, the categories of the records most like those being
// categorised (best first), first among the matches, marked as
// suggested; tags are for the tags dialog, which suggests those.
func (m *Model) Suggest(cats, _ []string) {
	m.suggested = nil
	for _, c := range cats {
		if strings.TrimSpace(c) != "" && !slices.Contains(m.suggested, c) {
			m.suggested = append(m.suggested, c)
		}
	}
	m.filter()
}

// Init starts the cursor blinking.
func (m *Model) Init() tea.Cmd { return textinput.Blink }

// Value returns the typed text.
func (m *Model) Value() string { return m.input.Value() }

// Matches returns the categories that match the typed text, best first.
func (m *Model) Matches() []string { return m.matches }

// Selected returns the highlighted category, or "" when the typed text is
// what enter would choose.
func (m *Model) Selected() string {
	if !m.list.Selected() {
		return ""
	}
	return m.matches[m.list.Cursor()]
}

// filter recomputes the matches for the typed text: the suggestions that
// contain it, best first, then prefix matches, then substring matches,
// each in alphabetical order. The one that matches the text exactly is
// highlighted, else the first: enter takes a category in use rather than
// making a new one of a few letters typed.
func (m *Model) filter() {
	q := strings.ToLower(strings.TrimSpace(m.input.Value()))
	var sugs, prefix, inner []string
	for _, c := range m.suggested {
		if strings.Contains(strings.ToLower(c), q) {
			sugs = append(sugs, c)
		}
	}
	for _, c := range m.categories {
		l := strings.ToLower(c)
		switch {
		case slices.Contains(sugs, c):
		case strings.HasPrefix(l, q):
			prefix = append(prefix, c)
		case strings.Contains(l, q):
			inner = append(inner, c)
		}
	}
	m.matches = slices.Concat(sugs, prefix, inner)
	m.list.SetLen(len(m.matches))
	m.list.Reset()
	if q != "" && len(m.matches) > 0 {
		sel := 0
		for i, c := range m.matches {
			if strings.EqualFold(c, strings.TrimSpace(m.input.Value())) {
				sel = i
				break
			}
		}
		m.list.Select(sel)
	}
	m.err = ""
}

// SetSize sets the area the picker may use.
func (m *Model) SetSize(width, height int) {
	m.ctx.SetSize(width, height)
	m.input.Width = max(10, width-4)
	m.list.SetHeight(m.listHeight())
}

// listHeight is how many matches show at once.
func (m *Model) listHeight() int {
	title, hint, gaps := m.layout()
	h := m.ctx.Height - 1 // the input
	if title {
		h--
	}
	if hint {
		h--
	}
	if gaps {
		h -= 3 // two blank lines, and the range of matches shown
	}
	if title && m.rec == nil {
		h-- // how many records, and their DATE
	}
	return max(1, h)
}

// Update handles a message; the picker closes when the user chose or
// left.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(clearManyMsg); ok {
		m.ctx.Close(ChosenMsg{})
		return m, m.apply("")
	}
	if mm, ok := msg.(tea.MouseMsg); ok {
		switch mm.Button {
		case tea.MouseButtonWheelUp:
			m.list.Move(-1)
		case tea.MouseButtonWheelDown:
			m.list.Move(1)
		}
		return m, nil
	}
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		var cmd tea.Cmd
		m.input, cmd = m.input.Update(msg)
		return m, cmd
	}
	if m.list.Update(km) {
		return m, nil
	}
	if cmd, ok := m.actions().Do(km); ok {
		return m, cmd
	}
	var cmd tea.Cmd
	if m.prefilled && km.Type == tea.KeyRunes && !km.Alt {
		m.input.SetValue("")
	}
	m.prefilled = false
	before := m.input.Value()
	m.input, cmd = m.input.Update(msg)
	if m.input.Value() != before {
		m.filter()
	}
	return m, cmd
}

// actions are the picker's keys, each declared once, in the order the
// help bar shows them after the list's; the others edit the input.
func (m *Model) actions() dialog.Actions {
	return dialog.Actions{
		{Binding: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "complete")), Bar: true,
			Do: func(tea.KeyMsg) tea.Cmd { m.complete(); return nil }},
		{Binding: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "choose")), Bar: true,
			Do: func(tea.KeyMsg) tea.Cmd { return m.choose() }},
		{Binding: m.ctx.Keys.Cancel, Bar: true,
			Do: func(tea.KeyMsg) tea.Cmd { m.ctx.Close(nil); return nil }},
	}
}

// complete puts the highlighted category, else the first match, in the
// input.
func (m *Model) complete() {
	if len(m.matches) == 0 {
		return
	}
	c := m.Selected()
	if c == "" {
		c = m.matches[0]
	}
	m.input.SetValue(display.Text(c))
	m.input.CursorEnd()
	m.filter()
}

// choose picks the highlighted category, or the typed text if it is a valid
// CATEGORY (checked by the catalogue: SetField).
func (m *Model) choose() tea.Cmd {
	c := m.Selected()
	if c == "" {
		c = strings.Join(strings.Fields(m.input.Value()), " ")
		if err := ssd3.SetField(&ssd3.Record{}, ssd3.FieldCategory, c); err != nil {
			m.err = err.Error()
			return nil
		}
	}
	if c == "" && m.rec == nil && len(m.refs) > 1 {
		m.ctx.Open(dialog.NewConfirm(m.ctx, dialog.Question{
			Text:   fmt.Sprintf("Clear the category of %s?", plural.Of(len(m.refs), "selected record")),
			Detail: "One edit: u undoes it.",
			Verb:   "clear",
			Yes:    clearManyMsg{},
		}))
		return nil
	}
	m.ctx.Close(ChosenMsg{Record: m.rec, Category: c})
	return m.apply(c)
}

// apply puts the record in category c through the store, unless it is
// there already (or gone: a save renumbered it while the picker was open).
func (m *Model) apply(c string) tea.Cmd {
	if m.rec == nil {
		return m.applyMany(c)
	}
	if m.rec.Category() == c {
		return nil
	}
	store := m.ctx.Store
	rec := store.Catalogue().Lookup(m.rec.Ref())
	if rec == nil || rec.Category() == c {
		return nil
	}
	name := display.Text(rec.Name())
	what := fmt.Sprintf("put “%s” in %s", name, display.Text(c))
	if c == "" {
		what = fmt.Sprintf("removed the category of “%s”", name)
	}
	set := catalogue.Set{Ref: rec.Ref(), Fields: []ssd3.Field{{Name: ssd3.FieldCategory, Value: c}}}
	cmd, err := store.Apply(set, what)
	if err != nil {
		store.SetStatus(theme.Error, fmt.Sprintf("cannot change the catalogue (%s): %s", what, dialog.Describe(err)))
		return nil
	}
	store.Select(rec.Ref())
	return cmd
}

// applyMany puts every record of the selection in category c, as one
// edit, saying how many it changed (those in c already are not, and keep
// their DATE).
func (m *Model) applyMany(c string) tea.Cmd {
	store := m.ctx.Store
	// One pass over the records, not a Lookup each: a Lookup walks the
	// catalogue when it has no index of positions, as after every edit.
	in := make(map[catalogue.Ref]bool, len(m.refs))
	for _, ref := range m.refs {
		in[ref] = true
	}
	n := 0
	for _, r := range store.Catalogue().Records() {
		if in[r.Ref()] && r.Category() != c {
			n++
		}
	}
	if n == 0 {
		store.SetStatus(theme.Info, "nothing changed: "+m.already(c))
		return nil
	}
	what := fmt.Sprintf("put %s in %s", plural.Of(n, "record"), display.Text(c))
	if c == "" {
		what = fmt.Sprintf("removed the category of %s", plural.Of(n, "record"))
	}
	set := catalogue.SetMany{Refs: m.refs, Fields: []ssd3.Field{{Name: ssd3.FieldCategory, Value: c}}}
	cmd, err := store.Apply(set, what)
	if err != nil {
		store.SetStatus(theme.Error, fmt.Sprintf("cannot change the catalogue (%s): %s", what, dialog.Describe(err)))
		return nil
	}
	return cmd
}

// already says that the selection has category c already.
func (m *Model) already(c string) string {
	if c == "" {
		return "the records have no category"
	}
	return "the records are in " + display.Text(c)
}

// ShortHelp returns the bindings for the short help bar.
func (m *Model) ShortHelp() []key.Binding {
	return append(m.list.ShortHelp(), m.actions().ShortHelp()...)
}

// FullHelp returns the bindings for the full help view.
func (m *Model) FullHelp() [][]key.Binding { return [][]key.Binding{m.ShortHelp()} }

// View renders the picker: a title, the input, what enter will do, and the
// matching categories.
func (m *Model) View() string {
	t := m.ctx.Theme
	title, showHint, gaps := m.layout()
	var lines []string
	if title {
		lines = append(lines, t.DialogTitle.Render("Category"))
		if m.rec == nil {
			lines[0] = t.DialogTitle.Render("Category of " + plural.Of(len(m.refs), "selected record"))
			// SSD3 3.3: a record whose fields are amended gets DATE now.
			note := "each one it changes gets DATE now"
			if m.hidden > 0 {
				note = fmt.Sprintf("%d of them hidden by the search; %s", m.hidden, note)
			}
			lines = append(lines, t.Dim.Render(note))
		}
		if gaps {
			lines = append(lines, "")
		}
	}
	lines = append(lines, display.MarkInvisible(m.input.View()))
	typed := strings.Join(strings.Fields(m.input.Value()), " ")
	var hint string
	switch {
	case m.err != "":
		hint = t.Error.Render("✗ " + display.Text(m.err))
	case m.rec == nil:
		// A selection: what enter does to how many.
		c, st := m.Selected(), t.Dim
		if c == "" {
			c = typed
			if !slices.Contains(m.categories, typed) {
				st = t.Info
			}
		}
		n := plural.Of(len(m.refs), "record")
		if c == "" {
			hint = st.Render("enter: clear the category of " + n)
		} else {
			hint = st.Render("enter: put " + n + " in " + display.Text(c))
		}
	case m.list.Selected():
		hint = t.Dim.Render("enter: choose " + display.Text(m.Selected()))
	case typed == "":
		hint = t.Dim.Render("enter: no category")
	case !slices.ContainsFunc(m.categories, func(c string) bool { return c == typed }):
		hint = t.Info.Render("enter: new category " + display.Text(typed))
	default:
		hint = t.Dim.Render("enter: choose " + display.Text(typed))
	}
	if showHint {
		lines = append(lines, "  "+hint)
		if gaps {
			lines = append(lines, "")
		}
	}
	if len(m.matches) == 0 {
		lines = append(lines, "  "+t.EmptyMessage.Render("no category in use matches"))
		return m.ctx.Fit(lines)
	}
	end := m.list.End()
	w := max(10, m.ctx.Width-4)
	for i := m.list.Offset(); i < end; i++ {
		name := ansi.Truncate(display.Text(m.matches[i]), w, "…")
		line := "  " + t.Category.Render(name)
		if i == m.list.Cursor() {
			line = t.Cursor.Render("›") + " " + t.RowSelected.Render(t.Category.Render(name))
		}
		if slices.Contains(m.suggested, m.matches[i]) && ansi.StringWidth(name)+14 <= w {
			line += t.Dim.Render("  suggested")
		}
		lines = append(lines, line)
	}
	if more := len(m.matches) - end; gaps && (more > 0 || m.list.Offset() > 0) {
		lines = append(lines, "  "+t.Dim.Render(fmt.Sprintf("%d-%d of %d", m.list.Offset()+1, end, len(m.matches))))
	}
	return m.ctx.Fit(lines)
}

// layout says which lines beside the input and the list the height leaves
// room for: the hint, then the title, then the blank lines and the line
// that says which matches show.
func (m *Model) layout() (title, hint, gaps bool) {
	h := m.ctx.Height
	return h >= 4, h >= 3, h >= 7
}

var _ dialog.Dialog = (*Model)(nil)
