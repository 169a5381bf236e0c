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
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/catalogue/stats"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/theme"
)

// Tag is a tag and how many valid records have it.
type Tag = stats.Count

// Tags is the tags view, a dialog.Dialog that takes the whole body.
type Tags struct {
	ctx  dialog.Context
	all  []Tag // every tag, by name
	tags []Tag // those shown: the filter's, in the order asked for
	// groups are the groups of similar tags among all (stats.Similar);
	// groupOf gives a grouped tag's index in groups.
	groups  []stats.Group
	groupOf map[string]int
	// byCount orders the tags by count; similar shows only the groups,
	// a group's tags together.
	byCount, similar bool
	// count counts the tags in commands (Init's for a large catalogue,
	// Reload's after each edit), as the tree's builds: the newest one's
	// tags are shown.
	count *dialog.Count[tagCounts]
	list  dialog.List // the cursor, by index in tags, and the / filter: the text the tags shown hold
}

// removeMsg is the answer yes to "remove the tag?".
type removeMsg struct{ tag string }

// NewTags returns the view of the tags of c's valid records: counted at
// once, or, in a catalogue of more than buildAbove records, by Init's
// command, the view saying it counts meanwhile.
func NewTags(ctx dialog.Context, c *catalogue.Catalogue) *Tags {
	v := &Tags{ctx: ctx, count: dialog.NewCount(countAll), list: dialog.NewList(ctx.Keys).WithFilter()}
	v.list.SetHeight(v.listHeight())
	if recs := c.Records(); len(recs) > buildAbove {
		v.count.Later(recs)
		return v
	}
	v.show(countAll(c.Records()))
	return v
}

// CountTags counts the tags of recs' valid records, sorted by name
// ignoring case, as `uricat tags` does (stats.Tags).
func CountTags(recs []*ssd3.Record) []Tag { return stats.Tags(recs) }

// Reload counts the tags again after an edit (dialog.Reloader), in the
// command it returns, from c's snapshot, which Update's goroutine does
// not wait for. The view shows the tags as they
// were, marked as updating, until the new count comes.
func (v *Tags) Reload(c *catalogue.Catalogue) tea.Cmd { return v.count.Again(c.Records()) }

// show shows the tags counted, keeping the cursor on its tag if it is
// still there.
func (v *Tags) show(c tagCounts) {
	was := ""
	if t := v.Tag(); t != nil {
		was = t.Name
	}
	v.all, v.groups = c.tags, c.groups
	v.groupOf = make(map[string]int)
	for i, g := range c.groups {
		for _, t := range g {
			v.groupOf[t.Name] = i
		}
	}
	v.tags = v.shown()
	v.list.Keep(len(v.tags), func(i int) bool { return v.tags[i].Name == was })
}

// shown returns the tags the filter keeps, by count (most first) or by
// name; or, similar, the groups that hold one (shownGroups).
func (v *Tags) shown() []Tag {
	if v.similar {
		return v.shownGroups()
	}
	out := make([]Tag, 0, len(v.all))
	for _, t := range v.all {
		if v.list.Filter.Holds(t.Name) {
			out = append(out, t)
		}
	}
	if v.byCount {
		slices.SortStableFunc(out, func(a, b Tag) int { return b.Count - a.Count })
	}
	return out
}

// reshow shows the tags again after the filter or the order changed.
func (v *Tags) reshow() { v.show(tagCounts{v.all, v.groups}) }

// Tag returns the tag under the cursor, nil when there is none.
func (v *Tags) Tag() *Tag {
	if len(v.tags) == 0 {
		return nil
	}
	return &v.tags[v.list.Cursor()]
}

// Init counts the tags of a large catalogue.
func (v *Tags) Init() tea.Cmd { return v.count.Start() }

// SetSize sets the body's area.
func (v *Tags) SetSize(w, h int) { v.ctx.SetSize(w, h); v.list.SetHeight(v.listHeight()) }

func (v *Tags) listHeight() int { return max(1, v.ctx.Height-2) }

// Update moves, chooses, opens the rename prompt and the question
// before a removal, and takes in the newest recount.
func (v *Tags) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if c, ok := v.count.Take(msg); ok {
		v.show(c)
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
	if v.list.Filter.Typing() {
		cmd := v.list.Filter.Key(km)
		v.reshow()
		return v, cmd
	}
	if v.list.Update(km) {
		return v, nil
	}
	if cmd, ok := v.actions().Do(km); ok {
		return v, cmd
	}
	return v, nil
}

// actions are the view's own keys, each declared once, in the order the
// help shows them; choose, rename and remove act on the tag under the
// cursor; m merges the group of tags similar to it. / lists the tags
// whose name holds a text; ~ only the groups of similar tags; s orders
// them by name or by how many records have them.
func (v *Tags) actions() dialog.Actions {
	some := func() bool { return v.Tag() != nil }
	as := dialog.Actions{
		{Binding: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "show records")), Bar: true, Col: 1, When: some,
			Do: func(tea.KeyMsg) tea.Cmd {
				v.ctx.Close(dialog.SearchMsg{Query: "tag:" + quote(v.Tag().Name)})
				return nil
			}},
		{Binding: key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "rename")), Bar: true, Col: 1, When: some,
			Do: func(tea.KeyMsg) tea.Cmd { v.ctx.Open(v.renamePrompt(v.Tag().Name)); return nil }},
		{Binding: key.NewBinding(key.WithKeys("d", "delete"), key.WithHelp("d", "remove")), Bar: true, Col: 1, When: some,
			Do: v.askRemove},
		{Binding: key.NewBinding(key.WithKeys("m"), key.WithHelp("m", "merge similar")), Col: 1,
			When: func() bool { return v.Group() != nil },
			Do:   func(tea.KeyMsg) tea.Cmd { v.ctx.Open(v.mergePrompt(*v.Group())); return nil }},
		{Binding: key.NewBinding(key.WithKeys("~"), key.WithHelp("~", "similar only")), Col: 1,
			Do: func(tea.KeyMsg) tea.Cmd { v.similar = !v.similar; v.reshow(); return nil }},
		{Binding: key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter")), Bar: true, Col: 1,
			Do: func(tea.KeyMsg) tea.Cmd { return v.list.Filter.Start() }},
		{Binding: key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "sort")), Bar: true, Col: 1,
			Do: func(tea.KeyMsg) tea.Cmd { v.byCount = !v.byCount; v.reshow(); return nil }},
		// esc clears the filter first, then closes.
		{Binding: key.NewBinding(key.WithKeys("esc")), When: v.list.Filter.Set,
			Do: func(km tea.KeyMsg) tea.Cmd { v.list.Filter.Key(km); v.reshow(); return nil }},
		{Binding: key.NewBinding(key.WithKeys("esc", "q", "T"), key.WithHelp("esc", "back")), Bar: true, Col: 1,
			Do: func(tea.KeyMsg) tea.Cmd { v.ctx.Close(nil); return nil }},
	}
	return append(as, dialog.UndoActions(1)...)
}

// askRemove asks before removing the tag under the cursor.
func (v *Tags) askRemove(tea.KeyMsg) tea.Cmd {
	t := v.Tag()
	v.ctx.Open(dialog.NewConfirm(v.ctx, dialog.Question{
		Text:   fmt.Sprintf("Remove the tag “%s” from %s?", display.Text(t.Name), plural.Of(t.Count, "record")),
		Detail: "Each gets DATE now (SSD3 3.3). u undoes it.",
		Verb:   "remove",
		Yes:    removeMsg{tag: t.Name},
	}))
	return nil
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
		if err := ssd3.CheckTag(to); err != nil {
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
	if v.list.Filter.Typing() {
		return v.list.Filter.Help()
	}
	return v.actions().ShortHelp()
}

// FullHelp returns the view's keys.
func (v *Tags) FullHelp() [][]key.Binding {
	return append([][]key.Binding{v.list.MoveKeys()}, v.actions().FullHelp()...)
}

// counted is the title's count of the tags: those shown of all, the
// groups of similar ones and the keys for them, the order.
func (v *Tags) counted() string {
	counted := plural.Of(len(v.all), "tag")
	switch {
	case v.similar:
		counted = fmt.Sprintf("%d of %s in %s of similar ones", len(v.tags), counted, plural.Of(len(v.groups), "group"))
	case len(v.tags) != len(v.all):
		counted = fmt.Sprintf("%d of %s", len(v.tags), counted)
	}
	if !v.similar && len(v.groups) > 0 {
		counted += fmt.Sprintf(", %s of similar ones (≈)", plural.Of(len(v.groups), "group"))
	}
	if v.byCount {
		counted += ", most used first"
	}
	switch {
	case v.similar:
		counted += ": m merges one, ~ shows all"
	case len(v.groups) > 0:
		counted += ": ~ shows them, m merges one"
	}
	return counted
}

// View draws the title and the tags shown, each with its records.
func (v *Tags) View() string {
	th := v.ctx.Theme
	title := v.count.Title(th, "Tags", "tags", v.counted())
	if v.count.Pending != nil {
		return v.ctx.Fit([]string{title})
	}
	lines := []string{title, v.list.Filter.View()}
	switch {
	case len(v.all) == 0:
		lines = append(lines, th.EmptyMessage.Render("  No record has tags (X-TAGS)."))
		return v.ctx.Fit(lines)
	case len(v.tags) == 0 && v.similar && !v.list.Filter.Set():
		lines = append(lines, th.EmptyMessage.Render("  No tags look alike (in case, accents, separators or a plural)."))
		return v.ctx.Fit(lines)
	case len(v.tags) == 0:
		lines = append(lines, th.EmptyMessage.Render(v.list.Filter.None("tag")))
		return v.ctx.Fit(lines)
	}
	w := max(1, v.ctx.Width)
	most := 0
	for _, t := range v.tags {
		most = max(most, t.Count)
	}
	numW := len(strconv.Itoa(most))
	for i := v.list.Offset(); i < v.list.End(); i++ {
		t := v.tags[i]
		count := fmt.Sprintf("%*d", numW, t.Count)
		before, after := v.marks(i)
		marksW := ansi.StringWidth(before + after)
		name := ansi.Truncate(display.Text(t.Name), max(1, w-numW-5-marksW), "…")
		pad := max(1, w-2-ansi.StringWidth(name)-marksW-numW-1)
		line := before + name + after + strings.Repeat(" ", pad) + count + " "
		if i == v.list.Cursor() {
			line = th.Cursor.Inherit(th.RowSelected).Render("▌ ") + th.RowSelected.Render(line)
		} else {
			line = "  " + line
		}
		lines = append(lines, line)
	}
	return v.ctx.Fit(lines)
}
