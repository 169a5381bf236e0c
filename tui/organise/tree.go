// Package organise is the TUI's views for tidying a collection: the
// category tree (Tree) and the tags (Tags), each with its counts, where
// choosing a node or a tag shows its records in the list (the search
// in:PATH or tag:T, which a search typed then narrows), and where a
// category or a tag is renamed, moved, merged or removed: each one
// undoable edit of many records, applied through the store, with a
// preview of how many records it changes before it is applied.
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
	"github.com/uricat/uricat/catalogue/categorytree"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/tui/dialog"
)

// Tree is the category tree view, a dialog.Dialog that takes the whole
// body: at 80 columns a side pane would leave the list no room for its
// names, and the list is one key away (enter shows the node's records).
type Tree struct {
	ctx  dialog.Context
	tree *categorytree.Tree
	// What is folded is kept by path, outside the tree, so that folding
	// costs a pass over the rows shown and no rebuild, and outlives the
	// rebuild after an edit: a node is folded when allFolded differs from
	// toggled[path].
	allFolded bool
	toggled   map[string]bool
	rows      []int // the nodes shown, by index in tree.Nodes
	// byCount lists every category by its records. It, or the list's
	// filter (the text the paths listed hold), makes the list flat (flat).
	byCount bool
	// build builds the tree in commands (Init's for a large catalogue,
	// tree nil until then; Reload's after each edit): the newest one's
	// tree is shown.
	build *dialog.Count[*categorytree.Tree]
	list  dialog.List // the cursor, by index in rows, and the / filter
}

// foldAbove is how many nodes a tree may have to open unfolded: a
// larger one opens with its top level only.
const foldAbove = 200

// buildAbove is how many records a catalogue may have for its tree to
// be built as the view opens; a larger one's is built by Init's command,
// off the Update goroutine, from the records' snapshot: the view opens at
// once, saying it counts, and the keys never wait.
const buildAbove = 10_000

// NewTree returns the tree of the valid records of c.
func NewTree(ctx dialog.Context, c *catalogue.Catalogue) *Tree {
	t := &Tree{ctx: ctx, toggled: map[string]bool{}, build: dialog.NewCount(buildTree), list: dialog.NewList(ctx.Keys).WithFilter()}
	t.list.SetHeight(t.listHeight())
	if recs := c.Records(); len(recs) > buildAbove {
		t.build.Later(recs)
		return t
	}
	t.built(categorytree.Build(validRecords(c.Records())))
	return t
}

// built shows tree, folded to its top level if it is large.
func (t *Tree) built(tree *categorytree.Tree) {
	t.tree = tree
	t.allFolded = len(t.tree.Nodes) > foldAbove
	t.layout("")
}

// validRecords returns the records of all that uricat uses.
func validRecords(all []*ssd3.Record) []*ssd3.Record {
	out := make([]*ssd3.Record, 0, len(all))
	for _, r := range all {
		if r.Valid() {
			out = append(out, r)
		}
	}
	return out
}

func (t *Tree) folded(path string) bool { return t.allFolded != t.toggled[path] }

// layout works out the rows shown, keeping the cursor on the node of
// path if it still shows ("" keeps it where it is).
func (t *Tree) layout(path string) {
	if t.tree == nil {
		return
	}
	if t.flat() {
		t.rows = t.flatRows()
	} else {
		t.rows = t.tree.Rows(t.folded)
	}
	t.list.Keep(len(t.rows), func(i int) bool { return path != "" && t.tree.Nodes[t.rows[i]].Path == path })
}

// flat reports whether the list is flat: filtered, or by count.
func (t *Tree) flat() bool { return t.byCount || t.list.Filter.Set() }

// flatRows are the nodes whose path holds the filter (ignoring case), in
// the tree's order or by their records, most first.
func (t *Tree) flatRows() []int {
	var rows []int
	for i, n := range t.tree.Nodes {
		if t.list.Filter.Holds(n.Path) {
			rows = append(rows, i)
		}
	}
	if t.byCount {
		slices.SortStableFunc(rows, func(a, b int) int { return t.tree.Nodes[b].Total - t.tree.Nodes[a].Total })
	}
	return rows
}

// filterKey gives km to the filter and lists again, keeping the cursor
// on its node if it still shows.
func (t *Tree) filterKey(km tea.KeyMsg) tea.Cmd {
	path := ""
	if n := t.Node(); n != nil {
		path = n.Path
	}
	cmd := t.list.Filter.Key(km)
	t.layout(path)
	return cmd
}

// Node returns the node under the cursor, nil when the tree is empty.
func (t *Tree) Node() *categorytree.Node {
	if t.tree == nil || len(t.rows) == 0 {
		return nil
	}
	return &t.tree.Nodes[t.rows[t.list.Cursor()]]
}

// Reload rebuilds the tree from c after an edit (dialog.Reloader), in
// the command it returns, from c's snapshot, which Update's goroutine
// does not wait for. The tree shows
// its rows as they were, marked as updating, until the new ones come;
// then it keeps the folds and the cursor's node.
func (t *Tree) Reload(c *catalogue.Catalogue) tea.Cmd { return t.build.Again(c.Records()) }

// Init builds the tree of a large catalogue.
func (t *Tree) Init() tea.Cmd { return t.build.Start() }

// buildTree builds the tree of recs' valid records, in a command.
func buildTree(recs []*ssd3.Record) *categorytree.Tree {
	return categorytree.Build(validRecords(recs))
}

// show shows the tree of the newest build: the first folded to its top
// level if it is large; another keeping the folds and the cursor's node.
func (t *Tree) show(tree *categorytree.Tree) {
	first := t.tree == nil
	if first {
		t.built(tree)
		return
	}
	var path string
	if n := t.Node(); n != nil {
		path = n.Path
	}
	t.tree = tree
	t.layout(path)
}

// SetSize sets the body's area.
func (t *Tree) SetSize(w, h int) { t.ctx.SetSize(w, h); t.list.SetHeight(t.listHeight()) }

// listHeight is the rows the view has room for, under its title.
func (t *Tree) listHeight() int { return max(1, t.ctx.Height-2) }

// Update answers the newest build and the keys.
func (t *Tree) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if tree, ok := t.build.Take(msg); ok {
		t.show(tree)
		return t, nil
	}
	if km, ok := msg.(tea.KeyMsg); ok {
		return t.key(km)
	}
	return t, nil
}

// key answers a key: while the filter is typed, the filter's; once the
// tree is built, the moving keys; then the tree's actions.
func (t *Tree) key(km tea.KeyMsg) (tea.Model, tea.Cmd) {
	if t.list.Filter.Typing() && t.tree != nil {
		return t, t.filterKey(km)
	}
	if t.tree != nil && t.list.Update(km) {
		return t, nil
	}
	if cmd, ok := t.actions().Do(km); ok {
		return t, cmd
	}
	return t, nil
}

// actions are the tree's own keys, each declared once, in the order the
// help shows them, as a file tree's (ranger, lf, nnn): h/← folds or goes
// to the parent, l/→ unfolds or goes into the node. Leaving, undo and
// redo apply at any time; the others once the tree is built, most to
// the node under the cursor.
func (t *Tree) actions() dialog.Actions {
	built := func() bool { return t.tree != nil }
	node := func() bool { return t.Node() != nil }
	named := func() bool { n := t.Node(); return n != nil && !n.None }
	// A flat list has no folds: the folding keys do nothing there.
	folds := func() bool { return node() && !t.flat() }
	do := func(f func(n *categorytree.Node)) func(tea.KeyMsg) tea.Cmd {
		return func(tea.KeyMsg) tea.Cmd { f(t.Node()); return nil }
	}
	as := dialog.Actions{
		{Binding: key.NewBinding(key.WithKeys("h", "left"), key.WithHelp("h/←", "fold, parent")), Col: 1, When: folds, Do: do(t.foldOrUp)},
		{Binding: key.NewBinding(key.WithKeys("l", "right"), key.WithHelp("l/→", "unfold, into")), Col: 1, When: folds, Do: do(t.unfoldOrInto)},
		{Binding: key.NewBinding(key.WithKeys(" ", "z"), key.WithHelp("space", "fold/unfold")), Col: 1, When: folds, Do: do(func(n *categorytree.Node) {
			if n.HasChildren() {
				t.toggle(n.Path)
			}
		})},
		{Binding: key.NewBinding(key.WithKeys("Z"), key.WithHelp("Z", "fold/unfold all")), Col: 1, When: folds, Do: do(t.foldAll)},
		{Binding: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "show records")), Bar: true, Col: 2, When: node,
			Do: func(tea.KeyMsg) tea.Cmd {
				t.ctx.Close(dialog.SearchMsg{Query: NodeQuery(t.Node())})
				return nil
			}},
		{Binding: key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "rename/merge")), Bar: true, Col: 2, When: named,
			Do: func(tea.KeyMsg) tea.Cmd { t.ctx.Open(t.renamePrompt(t.Node())); return nil }},
		{Binding: key.NewBinding(key.WithKeys("m"), key.WithHelp("m", "move")), Bar: true, Col: 2, When: named,
			Do: func(tea.KeyMsg) tea.Cmd { t.ctx.Open(t.movePrompt(t.Node())); return nil }},
		// / lists the categories whose path holds a text; s lists them
		// all by how many records they have, most first. Either shows the
		// paths whole, in a flat list.
		{Binding: key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "filter")), Bar: true, Col: 1, When: built,
			Do: func(tea.KeyMsg) tea.Cmd { return t.list.Filter.Start() }},
		{Binding: key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "by count")), Bar: true, Col: 1, When: built,
			Do: func(tea.KeyMsg) tea.Cmd { t.sortByCount(); return nil }},
	}
	// u and ctrl+r take back or redo the last change (a rename, a move).
	as = append(as, dialog.UndoActions(2)...)
	return append(as,
		// esc clears the filter first, then closes.
		dialog.Action{Binding: key.NewBinding(key.WithKeys("esc")), When: t.list.Filter.Set,
			Do: t.filterKey},
		dialog.Action{Binding: key.NewBinding(key.WithKeys("esc", "q", "C"), key.WithHelp("esc", "back")), Bar: true, Col: 2,
			Do: func(tea.KeyMsg) tea.Cmd { t.ctx.Close(nil); return nil }},
	)
}

// sortByCount turns the order by count on or off, the cursor staying on
// its node.
func (t *Tree) sortByCount() {
	path := ""
	if n := t.Node(); n != nil {
		path = n.Path
	}
	t.byCount = !t.byCount
	t.layout(path)
}

// foldOrUp folds n, or goes to its parent if it is folded or a leaf.
func (t *Tree) foldOrUp(n *categorytree.Node) {
	if n.HasChildren() && !t.folded(n.Path) {
		t.toggle(n.Path)
	} else if n.Parent >= 0 {
		t.layout(t.tree.Nodes[n.Parent].Path)
	}
}

// unfoldOrInto unfolds n, or goes into it (its first child) if it is
// unfolded.
func (t *Tree) unfoldOrInto(n *categorytree.Node) {
	if n.HasChildren() && t.folded(n.Path) {
		t.toggle(n.Path)
	} else if n.HasChildren() {
		t.list.Move(1)
	}
}

// foldAll folds every node, or unfolds them all, the cursor staying on
// what shows of n's branch: its top-level node.
func (t *Tree) foldAll(n *categorytree.Node) {
	path := n.Path
	for n.Parent >= 0 {
		n = &t.tree.Nodes[n.Parent]
		path = n.Path
	}
	t.allFolded = !t.allFolded
	clear(t.toggled)
	t.layout(path)
}

func (t *Tree) toggle(path string) {
	t.toggled[path] = !t.toggled[path]
	t.layout(path)
}

// NodeQuery is the search that shows the records of n's subtree.
func NodeQuery(n *categorytree.Node) string {
	if n.None {
		return "in:none"
	}
	return "in:" + quote(n.Path)
}

// quote quotes a value of a search term if it needs it: a space or a
// quote in it would end or open a term. The search language has no
// escape inside quotes, so a quote becomes a space-less end: a value with
// one is cut there, and shows more than asked rather than nothing.
func quote(v string) string {
	if !strings.ContainsAny(v, " \t\"|") {
		return v
	}
	v, _, _ = strings.Cut(v, `"`)
	return `"` + v + `"`
}

// amended is what every preview says of the records an edit changes.
const amended = "each gets DATE now (SSD3 3.3)"

// recategorise is the preview and the edit of renaming the node from to
// to: a rename, or a merge when to is a node already.
func (t *Tree) recategorise(from, to string) (string, catalogue.Recategorise, error) {
	e := catalogue.Recategorise{From: from, To: to}
	switch {
	case to == "":
		return "", e, errors.New("type the new path (names separated by /)")
	case to == from:
		return "", e, errors.New("the same path: type another")
	}
	if _, under := ssd3.CategoryUnder(to, from); under {
		return "", e, errors.New("a category cannot go under itself")
	}
	n, err := t.ctx.Store.Catalogue().Preview(e)
	if err != nil {
		return "", e, err
	}
	recs := plural.Of(n, "record")
	if i := t.tree.Find(to); i >= 0 {
		return fmt.Sprintf("merges into “%s” (%s there already): changes %s; %s", to, plural.Of(t.tree.Nodes[i].Total, "record"), recs, amended), e, nil
	}
	return fmt.Sprintf("renames %s; %s", recs, amended), e, nil
}

// apply applies e through the store, saying what it did.
func (t *Tree) apply(e catalogue.Recategorise, merge bool) (tea.Cmd, error) {
	what := fmt.Sprintf("renamed the category “%s” to “%s”", e.From, e.To)
	if merge {
		what = fmt.Sprintf("merged the category “%s” into “%s”", e.From, e.To)
	}
	return t.ctx.Store.Apply(e, display.Text(what)+dialog.UndoHint)
}

// renamePrompt asks for n's new path: another node's merges the two.
func (t *Tree) renamePrompt(n *categorytree.Node) *prompt {
	from := n.Path
	to := func(v string) string { return ssd3.CanonicalCategory(strings.TrimSpace(v)) }
	return t.pathPrompt("Rename “"+from+"” (a path: names separated by /)", from, from, to)
}

// pathPrompt asks, under title, for what makes the path to which node
// from goes (to turns the answer into it), previewing the change as it
// is typed and applying it on enter; it completes the tree's paths.
func (t *Tree) pathPrompt(title, initial, from string, to func(string) string) *prompt {
	return newPrompt(t.ctx, title, initial,
		func(v string) (string, error) {
			say, _, err := t.recategorise(from, to(v))
			return say, err
		},
		func(v string) (tea.Cmd, error) {
			_, e, _ := t.recategorise(from, to(v))
			return t.apply(e, t.tree.Find(e.To) >= 0)
		}).completing(t.paths())
}

// paths are the paths of the tree's nodes, for a prompt to complete.
func (t *Tree) paths() []string {
	out := make([]string, 0, len(t.tree.Nodes))
	for _, n := range t.tree.Nodes {
		if n.Path != "" {
			out = append(out, n.Path)
		}
	}
	return out
}

// movePrompt asks for the node under which n goes, keeping its name
// ("" moves it to the top).
func (t *Tree) movePrompt(n *categorytree.Node) *prompt {
	from, name := n.Path, n.Name
	parent := ""
	if n.Parent >= 0 {
		parent = t.tree.Nodes[n.Parent].Path
	}
	to := func(v string) string {
		names := ssd3.SplitCategory(ssd3.CanonicalCategory(strings.TrimSpace(v)))
		return ssd3.JoinCategory(append(names, name))
	}
	return t.pathPrompt("Move “"+from+"” under (empty: to the top)", parent, from, to)
}

// ShortHelp returns the tree's main keys: the folding keys are in the
// full help, so that the bar fits 80 columns.
func (t *Tree) ShortHelp() []key.Binding {
	if t.list.Filter.Typing() {
		return t.list.Filter.Help()
	}
	return t.actions().ShortHelp()
}

// FullHelp returns all the tree's keys.
func (t *Tree) FullHelp() [][]key.Binding {
	return append([][]key.Binding{t.list.MoveKeys()}, t.actions().FullHelp()...)
}

// View draws the title and the rows shown: each node indented by its
// depth, marked ▸ folded or ▾ unfolded, with its records (its subtree's)
// at the right.
func (t *Tree) View() string {
	th := t.ctx.Theme
	if t.tree == nil {
		return t.ctx.Fit([]string{t.build.Title(th, "Categories", "categories", "")})
	}
	cats := len(t.tree.Nodes)
	if cats > 0 && t.tree.Nodes[cats-1].None {
		cats--
	}
	counts := fmt.Sprintf("%s, %s", plural.Of(t.tree.Records, "record"), plural.Of(cats, "category"))
	if t.list.Filter.Set() {
		counts += fmt.Sprintf(", %d shown", len(t.rows))
	}
	if t.byCount {
		counts += ", most records first"
	}
	lines := []string{t.build.Title(th, "Categories", "categories", counts), t.list.Filter.View()}
	switch {
	case len(t.tree.Nodes) == 0:
		lines = append(lines, th.EmptyMessage.Render("  No records, so no categories."))
		return t.ctx.Fit(lines)
	case len(t.rows) == 0:
		lines = append(lines, th.EmptyMessage.Render(t.list.Filter.None("category")))
		return t.ctx.Fit(lines)
	}
	w := max(1, t.ctx.Width)
	numW := len(strconv.Itoa(t.tree.Records))
	for i := t.list.Offset(); i < t.list.End(); i++ {
		n := &t.tree.Nodes[t.rows[i]]
		mark := "  "
		if n.HasChildren() {
			mark = "▾ "
			if t.folded(n.Path) {
				mark = "▸ "
			}
		}
		name := display.Text(n.Name)
		indent := strings.Repeat("  ", min(n.Depth, w/4))
		if t.flat() {
			name, indent, mark = display.Text(n.Path), "", "  " // the path whole: no tree around it
		}
		if n.None {
			name = "(no category)"
		}
		count := fmt.Sprintf("%*d", numW, n.Total)
		left := indent + mark
		room := max(1, w-2-ansi.StringWidth(left)-len(count)-2)
		name = ansi.Truncate(name, room, "…")
		pad := max(1, w-2-ansi.StringWidth(left)-ansi.StringWidth(name)-len(count)-1)
		line := left + name + strings.Repeat(" ", pad) + count + " "
		switch {
		case i == t.list.Cursor():
			line = th.Cursor.Inherit(th.RowSelected).Render("▌ ") + th.RowSelected.Render(line)
		case n.None:
			line = "  " + th.Dim.Render(line)
		default:
			line = "  " + line
		}
		lines = append(lines, line)
	}
	return t.ctx.Fit(lines)
}
