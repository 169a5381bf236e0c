// Package retag is the tags dialog of uricat's TUI: it adds tags to and
// removes tags from one record or a selection of many, as one undoable
// edit (catalogue.Retag) applied through its context's store.
//
// Two inputs, add and remove, each a list separated by commas as X-TAGS
// is. The tag being typed completes (tab) from the tags of the records
// most like those being tagged first (the suggestions), then from every
// tag in use; the remove input completes from the tags the records carry.
// up/down move between the inputs, enter applies, esc leaves.
package retag

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/theme"
)

// KeyMap holds the dialog's own key bindings; esc (cancel) is the shared
// dialog.KeyMap's.
type KeyMap struct {
	Switch, Complete, Apply key.Binding
}

// DefaultKeyMap is the dialog's bindings.
var DefaultKeyMap = KeyMap{
	Switch:   key.NewBinding(key.WithKeys("up", "down", "shift+tab"), key.WithHelp("↑/↓", "add/remove")),
	Complete: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "complete")),
	Apply:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "apply")),
}

// maxShown is how many completions the dialog shows.
const maxShown = 8

// Model is the tags dialog, a dialog.Dialog.
type Model struct {
	ctx    dialog.Context
	keys   KeyMap
	refs   []catalogue.Ref
	hidden int
	name   string // the one record's NAME, for the title; "" for many

	inputs [2]textinput.Model // add, remove
	focus  int

	// The completions: the suggested tags (best first) and every tag in
	// use (sorted) for add; the tags the records carry, most carried
	// first, for remove.
	suggested, all, carried []string
	err                     string
}

// New returns the tags dialog for recs (hidden of them hidden by the
// search), completing from all, the tags in use, and suggested, those of
// the records most like recs, best first.
func New(ctx dialog.Context, recs []*ssd3.Record, hidden int, all, suggested []string) *Model {
	m := &Model{ctx: ctx, keys: DefaultKeyMap, hidden: hidden, all: all, suggested: suggested}
	count := map[string]int{}
	for _, r := range recs {
		m.refs = append(m.refs, r.Ref())
		for _, t := range ssd3.SplitTags(r.Extension(ssd3.FieldTags)) {
			if count[t] == 0 {
				m.carried = append(m.carried, t)
			}
			count[t]++
		}
	}
	slices.SortStableFunc(m.carried, func(a, b string) int { return count[b] - count[a] })
	if len(recs) == 1 {
		m.name = recs[0].Name()
	}
	th := ctx.Theme
	for i, ph := range []string{"tags to add, separated by commas", "tags to remove"} {
		ti := textinput.New()
		ti.Prompt = "› "
		ti.PromptStyle = th.Prompt
		ti.TextStyle = th.Input
		ti.PlaceholderStyle = th.Placeholder
		ti.Placeholder = ph
		ti.Cursor.Style = th.InputCursor
		ti.Cursor.TextStyle = th.Input
		m.inputs[i] = ti
	}
	m.inputs[0].Focus()
	m.SetSize(ctx.Width, ctx.Height)
	return m
}

// Suggest puts tags, those of the records most like the ones being
// tagged (best first), first among the completions of add; cats are for
// the category picker.
func (m *Model) Suggest(_, tags []string) { m.suggested = tags }

// Init starts the cursor blinking.
func (m *Model) Init() tea.Cmd { return textinput.Blink }

// SetSize sets the area the dialog may use.
func (m *Model) SetSize(width, height int) {
	m.ctx.SetSize(width, height)
	for i := range m.inputs {
		m.inputs[i].Width = max(10, width-14)
	}
}

// Completions returns what tab completes the tag being typed in the
// focused input with, best first: the suggestions, then the rest.
func (m *Model) Completions() []string {
	head, typed := split(m.inputs[m.focus].Value())
	had := ssd3.SplitTags(head)
	from := m.carried
	if m.focus == 0 {
		from = slices.Concat(m.suggested, m.all)
	}
	low := strings.ToLower(typed)
	var out []string
	for _, t := range from {
		if strings.HasPrefix(strings.ToLower(t), low) && !slices.Contains(had, t) && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// split cuts an input's value into what comes before the tag being typed
// (up to its last comma, and the blanks after it) and that tag.
func split(v string) (head, typed string) {
	head, part := "", v
	if i := strings.LastIndexByte(v, ','); i >= 0 {
		head, part = v[:i+1], v[i+1:]
	}
	typed = strings.TrimLeft(part, " ")
	return head + part[:len(part)-len(typed)], typed
}

// tags returns the tags of an input's value, checked: a blank one (two
// commas in a row) is skipped.
func tags(v string) ([]string, error) {
	var out []string
	for _, t := range strings.Split(v, ",") {
		t = strings.TrimSpace(t)
		if t == "" {
			continue
		}
		if err := ssd3.CheckTag(t); err != nil {
			return nil, err
		}
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out, nil
}

// Update handles a message; the dialog closes when the user applied or
// left.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		var cmd tea.Cmd
		m.inputs[m.focus], cmd = m.inputs[m.focus].Update(msg)
		return m, cmd
	}
	switch {
	case key.Matches(km, m.ctx.Keys.Cancel):
		m.ctx.Close(nil)
		return m, nil
	case key.Matches(km, m.keys.Switch):
		m.inputs[m.focus].Blur()
		m.focus = 1 - m.focus
		return m, m.inputs[m.focus].Focus()
	case key.Matches(km, m.keys.Complete):
		if c := m.Completions(); len(c) > 0 {
			head, _ := split(m.inputs[m.focus].Value())
			m.inputs[m.focus].SetValue(head + c[0] + ", ")
			m.inputs[m.focus].CursorEnd()
		}
		return m, nil
	case key.Matches(km, m.keys.Apply):
		return m, m.apply()
	}
	var cmd tea.Cmd
	m.inputs[m.focus], cmd = m.inputs[m.focus].Update(msg)
	m.err = ""
	return m, cmd
}

// apply adds and removes the tags typed, in one edit, and closes; a tag
// that cannot be one keeps the dialog open, saying why.
func (m *Model) apply() tea.Cmd {
	add, err := tags(m.inputs[0].Value())
	if err == nil {
		var remove []string
		if remove, err = tags(m.inputs[1].Value()); err == nil {
			m.ctx.Close(nil)
			return m.retag(add, remove)
		}
	}
	m.err = err.Error()
	return nil
}

// retag applies the edit through the store, saying how many records it
// changed (a record that has the tags already is not, and keeps its DATE).
func (m *Model) retag(add, remove []string) tea.Cmd {
	store := m.ctx.Store
	if len(add) == 0 && len(remove) == 0 {
		store.SetStatus(theme.Info, "no tag typed: nothing changed")
		return nil
	}
	e := catalogue.Retag{Refs: m.refs, Add: add, Remove: remove}
	n, err := store.Catalogue().Preview(e)
	if err == nil && n == 0 {
		store.SetStatus(theme.Info, "nothing changed: "+plural.Of(len(m.refs), "record")+" had the tags so already")
		return nil
	}
	var what []string
	if len(add) > 0 {
		what = append(what, "added "+display.Text(strings.Join(add, ", ")))
	}
	if len(remove) > 0 {
		what = append(what, "removed "+display.Text(strings.Join(remove, ", ")))
	}
	desc := fmt.Sprintf("%s: %s", strings.Join(what, ", "), m.target(n))
	var cmd tea.Cmd
	if err == nil {
		cmd, err = store.Apply(e, desc)
	}
	if err != nil {
		store.SetStatus(theme.Error, fmt.Sprintf("cannot change the catalogue (%s): %s", desc, dialog.Describe(err)))
		return nil
	}
	return cmd
}

// target names the records changed, n of them: the one by its NAME.
func (m *Model) target(n int) string {
	if m.name != "" && len(m.refs) == 1 {
		return "“" + display.Text(m.name) + "”"
	}
	return plural.Of(n, "record")
}

// ShortHelp returns the bindings for the short help bar.
func (m *Model) ShortHelp() []key.Binding {
	return []key.Binding{m.keys.Complete, m.keys.Switch, m.keys.Apply, m.ctx.Keys.Cancel}
}

// FullHelp returns the bindings for the full help view.
func (m *Model) FullHelp() [][]key.Binding { return [][]key.Binding{m.ShortHelp()} }

// View renders the dialog: a title, what an edit does to DATE, the two
// inputs, and the completions of the tag being typed.
func (m *Model) View() string {
	t := m.ctx.Theme
	title := "Tags of " + plural.Of(len(m.refs), "selected record")
	if m.name != "" && len(m.refs) == 1 {
		title = "Tags of “" + display.Text(m.name) + "”"
	}
	// SSD3 3.3: a record whose fields are amended gets DATE now.
	note := "each record it changes gets DATE now"
	if m.hidden > 0 {
		note = fmt.Sprintf("%d of them hidden by the search; %s", m.hidden, note)
	}
	lines := []string{t.DialogTitle.Render(title), t.Dim.Render(note), ""}
	for i, label := range []string{"add   ", "remove"} {
		lines = append(lines, t.Dim.Render(label)+" "+display.MarkInvisible(m.inputs[i].View()))
	}
	lines = append(lines, "")
	if m.err != "" {
		lines = append(lines, "  "+t.Error.Render("✗ "+display.Text(m.err)))
	}
	cs := m.Completions()
	if len(cs) == 0 {
		what := "no tag in use matches"
		if m.focus == 1 {
			what = "the records carry no tag that matches"
		}
		lines = append(lines, "  "+t.EmptyMessage.Render(what))
		return m.ctx.Fit(lines)
	}
	for i, c := range cs[:min(len(cs), maxShown)] {
		line := "  " + t.Category.Render(display.Text(c))
		if i == 0 {
			line = t.Cursor.Render("›") + " " + t.Category.Render(display.Text(c)) + t.Dim.Render("  tab")
		}
		if m.focus == 0 && slices.Contains(m.suggested, c) {
			line += t.Dim.Render("  suggested")
		}
		lines = append(lines, line)
	}
	if more := len(cs) - maxShown; more > 0 {
		lines = append(lines, "  "+t.Dim.Render(fmt.Sprintf("and %d more", more)))
	}
	return m.ctx.Fit(lines)
}

var _ dialog.Dialog = (*Model)(nil)
