package organise

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/stats"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/theme"
)

// TagKeys are the tags view's own keys.
type TagKeys struct {
	Choose, Rename, Remove, Close key.Binding
	// Filter types a text the tags shown must hold; Sort orders them by
	// name or by how many records have them.
	Filter, Sort key.Binding
	// Undo and Redo, as in the list (dialog.UndoMsg).
	Undo, Redo key.Binding
}

// DefaultTagKeys are the tags view's bindings.
func DefaultTagKeys() TagKeys {
	return TagKeys{
		Choose: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "show records")),
		Rename: key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "rename")),
		Remove: key.NewBinding(key.WithKeys("d", "delete"), key.WithHelp("d", "remove")),
		Close:  key.NewBinding(key.WithKeys("esc", "q", "T"), key.WithHelp("esc", "back")),
		Filter: key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter")),
		Sort:   key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "sort")),
		Undo:   key.NewBinding(key.WithKeys("u"), key.WithHelp("u", "undo")),
		Redo:   key.NewBinding(key.WithKeys("ctrl+r"), key.WithHelp("ctrl+r", "redo")),
	}
}

// Tag is a tag and how many valid records have it.
type Tag = stats.Count

// Tags is the tags view, a dialog.Dialog that takes the whole body.
type Tags struct {
	ctx  dialog.Context
	keys TagKeys
	all  []Tag // every tag, by name
	tags []Tag // those shown: the filter's, in the order asked for
	// filter is the text the tags shown hold; byCount orders them by
	// count.
	filter  filterLine
	byCount bool
	// count counts the tags in commands (Init's for a large catalogue,
	// Reload's after each edit), as the tree's builds: the newest one's
	// tags are shown.
	count  *dialog.Count[[]Tag]
	cursor int
	offset int
}

// removeMsg is the answer yes to "remove the tag?".
type removeMsg struct{ tag string }

// NewTags returns the view of the tags of c's valid records: counted at
// once, or, in a catalogue of more than buildAbove records, by Init's
// command, the view saying it counts meanwhile.
func NewTags(ctx dialog.Context, c *catalogue.Catalogue) *Tags {
	v := &Tags{ctx: ctx, keys: DefaultTagKeys(), count: dialog.NewCount(CountTags), filter: newFilterLine()}
	if recs := c.Records(); len(recs) > buildAbove {
		v.count.Later(recs)
		return v
	}
	v.show(CountTags(c.Records()))
	return v
}

// CountTags counts the tags of recs' valid records, sorted by name
// ignoring case, as `uricat tags` does (stats.Tags).
func CountTags(recs []*catalogue.Record) []Tag { return stats.Tags(recs) }

// Reload counts the tags again after an edit (dialog.Reloader), in the
// command it returns, from c's snapshot, which Update's goroutine does
// not wait for. The view shows the tags as they
// were, marked as updating, until the new count comes.
func (v *Tags) Reload(c *catalogue.Catalogue) tea.Cmd { return v.count.Again(c.Records()) }

// show shows tags, keeping the cursor on its tag if it is still there.
func (v *Tags) show(tags []Tag) {
	was := ""
	if t := v.Tag(); t != nil {
		was = t.Name
	}
	v.all = tags
	v.tags = v.shown()
	for i, t := range v.tags {
		if t.Name == was {
			v.cursor = i
		}
	}
	v.cursor = max(0, min(v.cursor, len(v.tags)-1))
	v.scroll()
}

// shown returns the tags the filter keeps, by count (most first) or by
// name.
func (v *Tags) shown() []Tag {
	out := make([]Tag, 0, len(v.all))
	for _, t := range v.all {
		if v.filter.holds(t.Name) {
			out = append(out, t)
		}
	}
	if v.byCount {
		slices.SortStableFunc(out, func(a, b Tag) int { return b.Count - a.Count })
	}
	return out
}

// reshow shows the tags again after the filter or the order changed.
func (v *Tags) reshow() { v.show(v.all) }

// Tag returns the tag under the cursor, nil when there is none.
func (v *Tags) Tag() *Tag {
	if len(v.tags) == 0 {
		return nil
	}
	return &v.tags[v.cursor]
}

// Init counts the tags of a large catalogue.
func (v *Tags) Init() tea.Cmd { return v.count.Start() }

// SetSize sets the body's area.
func (v *Tags) SetSize(w, h int) { v.ctx.SetSize(w, h); v.scroll() }

func (v *Tags) listHeight() int { return max(1, v.ctx.Height-2) }

func (v *Tags) scroll() {
	v.offset = max(0, min(v.offset, v.cursor), v.cursor-v.listHeight()+1)
}

func (v *Tags) move(d int) {
	v.cursor = max(0, min(len(v.tags)-1, v.cursor+d))
	v.scroll()
}

// Update moves, chooses, opens the rename prompt and the question
// before a removal, and takes in the newest recount.
func (v *Tags) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if tags, ok := v.count.Take(msg); ok {
		v.show(tags)
		return v, nil
	}
	if m, ok := msg.(removeMsg); ok {
		e := catalogue.RenameTag{From: m.tag}
		n, _ := v.ctx.Store.Catalogue().Preview(e)
		cmd, err := v.ctx.Store.Apply(e, display.Text(fmt.Sprintf("removed the tag “%s” from %s", m.tag, plural.Of(n, "record")))+dialog.UndoHint)
		if err != nil {
			v.ctx.Store.SetStatus(theme.Error, "cannot remove the tag: "+dialog.Describe(err))
		}
		return v, cmd
	}
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return v, nil
	}
	if v.filter.typing {
		cmd := v.filter.key(km)
		v.reshow()
		return v, cmd
	}
	k := v.keys
	t := v.Tag()
	d, moved := v.ctx.Keys.Step(km, v.listHeight(), len(v.tags))
	switch {
	case key.Matches(km, k.Close) && km.Type == tea.KeyEsc && v.filter.set():
		v.filter.key(km) // esc clears the filter first, then closes
		v.reshow()
	case key.Matches(km, k.Close):
		return dialog.Close{}, nil
	case key.Matches(km, k.Filter):
		return v, v.filter.start()
	case key.Matches(km, k.Sort):
		v.byCount = !v.byCount
		v.reshow()
	case key.Matches(km, k.Undo, k.Redo):
		redo := key.Matches(km, k.Redo)
		return v, func() tea.Msg { return dialog.UndoMsg{Redo: redo} }
	case moved:
		v.move(d)
	case t == nil:
	case key.Matches(km, k.Choose):
		return dialog.Close{Result: dialog.SearchMsg{Query: "tag:" + quote(t.Name)}}, nil
	case key.Matches(km, k.Rename):
		return dialog.Open{Dialog: v.renamePrompt(t.Name)}, nil
	case key.Matches(km, k.Remove):
		return dialog.Open{Dialog: dialog.NewConfirm(v.ctx, dialog.Question{
			Text:   fmt.Sprintf("Remove the tag “%s” from %s?", display.Text(t.Name), plural.Of(t.Count, "record")),
			Detail: "Each gets DATE now (SSD3 3.3). u undoes it.",
			Verb:   "remove",
			Yes:    removeMsg{tag: t.Name},
		})}, nil
	}
	return v, nil
}

// renamePrompt asks for the tag's new name: a tag that records have
// already merges the two.
func (v *Tags) renamePrompt(from string) *prompt {
	plan := func(val string) (string, catalogue.RenameTag, error) {
		to := strings.TrimSpace(val)
		e := catalogue.RenameTag{From: from, To: to}
		if to == from {
			return "", e, errors.New("the same name: type another")
		}
		if err := catalogue.CheckTag(to); err != nil {
			return "", e, err
		}
		n, err := v.ctx.Store.Catalogue().Preview(e)
		if err != nil {
			return "", e, err
		}
		recs := plural.Of(n, "record")
		for _, t := range v.all {
			if t.Name == to {
				return fmt.Sprintf("merges into “%s” (%s there already): changes %s; %s", to, plural.Of(t.Count, "record"), recs, amended), e, nil
			}
		}
		return fmt.Sprintf("renames the tag in %s; %s", recs, amended), e, nil
	}
	return newPrompt(v.ctx, "Rename the tag “"+from+"”", from,
		func(val string) (string, error) { say, _, err := plan(val); return say, err },
		func(val string) (tea.Cmd, error) {
			say, e, _ := plan(val)
			what := fmt.Sprintf("renamed the tag “%s” to “%s”", e.From, e.To)
			if strings.HasPrefix(say, "merges") {
				what = fmt.Sprintf("merged the tag “%s” into “%s”", e.From, e.To)
			}
			return v.ctx.Store.Apply(e, display.Text(what)+dialog.UndoHint)
		}).completing(v.names())
}

// names are the names of every tag, for the rename prompt to complete.
func (v *Tags) names() []string {
	out := make([]string, len(v.all))
	for i, t := range v.all {
		out[i] = t.Name
	}
	return out
}

// ShortHelp returns the view's keys.
func (v *Tags) ShortHelp() []key.Binding {
	k := v.keys
	if v.filter.typing {
		return v.filter.help()
	}
	return []key.Binding{k.Choose, k.Rename, k.Remove, k.Filter, k.Sort, k.Close}
}

// FullHelp returns the view's keys.
func (v *Tags) FullHelp() [][]key.Binding {
	s := v.ctx.Keys
	return [][]key.Binding{{s.Up, s.Down, s.PageUp, s.PageDown, s.Home, s.End}, append(v.ShortHelp(), v.keys.Undo, v.keys.Redo)}
}

// View draws the title and the tags shown, each with its records.
func (v *Tags) View() string {
	th := v.ctx.Theme
	counted := plural.Of(len(v.all), "tag")
	if len(v.tags) != len(v.all) {
		counted = fmt.Sprintf("%d of %s", len(v.tags), counted)
	}
	if v.byCount {
		counted += ", most used first"
	}
	title := v.count.Title(th, "Tags", "tags", counted)
	if v.count.Pending != nil {
		return v.ctx.Fit([]string{title})
	}
	lines := []string{title, v.filter.view()}
	switch {
	case len(v.all) == 0:
		lines = append(lines, th.EmptyMessage.Render("  No record has tags (X-TAGS)."))
		return v.ctx.Fit(lines)
	case len(v.tags) == 0:
		lines = append(lines, th.EmptyMessage.Render(v.filter.none("tag")))
		return v.ctx.Fit(lines)
	}
	w := max(1, v.ctx.Width)
	most := 0
	for _, t := range v.tags {
		most = max(most, t.Count)
	}
	numW := len(strconv.Itoa(most))
	end := min(len(v.tags), v.offset+v.listHeight())
	for i := v.offset; i < end; i++ {
		t := v.tags[i]
		count := fmt.Sprintf("%*d", numW, t.Count)
		name := ansi.Truncate(display.Text(t.Name), max(1, w-numW-5), "…")
		pad := max(1, w-2-ansi.StringWidth(name)-numW-1)
		line := name + strings.Repeat(" ", pad) + count + " "
		if i == v.cursor {
			line = th.Cursor.Inherit(th.RowSelected).Render("▌ ") + th.RowSelected.Render(line)
		} else {
			line = "  " + line
		}
		lines = append(lines, line)
	}
	return v.ctx.Fit(lines)
}
