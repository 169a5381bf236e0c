package organise

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
)

// A large catalogue's tree is built by Init's command: the view opens at
// once, saying so, ignores the moving keys until the tree comes, and
// then shows it folded to its top level.
func TestTreeBuildsLargeInBackground(t *testing.T) {
	var sb strings.Builder
	for i := range buildAbove + 1 {
		fmt.Fprintf(&sb, "URI: http://x.example/%d\nNAME: x\nDATE: 01/01/2020 00:00:00\nCATEGORY: Top %d/Sub %d\n\n", i, i%3, i)
	}
	c, err := catalogue.Read(strings.NewReader(sb.String()))
	if err != nil {
		t.Fatal(err)
	}
	tr := NewTree(benchContext(c), c)
	if v := tr.View(); !strings.Contains(v, "counting the categories of 10001 records") {
		t.Fatalf("while building:\n%s", v)
	}
	cmd := tr.Init()
	if cmd == nil {
		t.Fatal("no command builds the tree")
	}
	tr.Update(keyDown)
	tr.Update(cmd())
	if n := tr.Node(); n == nil || n.Path != "Top 0" {
		t.Fatalf("cursor on %+v, want Top 0", n)
	}
	if v := tr.View(); !strings.Contains(v, "▸ Top 2") || strings.Contains(v, "Sub") {
		t.Errorf("a tree of 10004 nodes should open folded:\n%s", v)
	}
}

// After an edit the tree is rebuilt in Reload's command, not in Update:
// it keeps showing its rows, marked as updating, until the command's
// tree comes; of two rebuilds, the older one's tree, coming last, is
// dropped.
func TestTreeRebuildsInACommand(t *testing.T) {
	c, err := catalogue.Read(strings.NewReader("URI: http://x.example/1\nNAME: x\nDATE: 01/01/2020 00:00:00\nCATEGORY: Alpha\n\n" +
		"URI: http://x.example/2\nNAME: y\nDATE: 01/01/2020 00:00:00\nCATEGORY: Zulu\n\n"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := benchContext(c)
	tr := NewTree(ctx, c)
	rename := func(from, to string) {
		t.Helper()
		if _, err := ctx.Store.Apply(catalogue.Recategorise{From: from, To: to}, "renamed"); err != nil {
			t.Fatal(err)
		}
	}
	rename("Alpha", "Bravo")
	first := tr.Reload(c)
	if first == nil {
		t.Fatal("Reload returned no command: the tree was rebuilt in Update")
	}
	if v := tr.View(); !strings.Contains(v, "Alpha") || strings.Contains(v, "Bravo") || !strings.Contains(v, "updating") {
		t.Fatalf("while rebuilding, the tree should show its rows as they were, marked as updating:\n%s", v)
	}
	tr.Update(keyDown) // the keys work meanwhile, on the rows shown
	if n := tr.Node(); n == nil || n.Path != "Zulu" {
		t.Fatalf("cursor on %+v, want Zulu", n)
	}
	rename("Bravo", "Charlie")
	second := tr.Reload(c)
	tr.Update(second())
	if v := tr.View(); !strings.Contains(v, "Charlie") || strings.Contains(v, "updating") {
		t.Fatalf("the newest build's tree is not shown:\n%s", v)
	}
	if n := tr.Node(); n == nil || n.Path != "Zulu" {
		t.Errorf("rebuilt, the cursor is on %+v, want Zulu still", n)
	}
	tr.Update(first())
	if v := tr.View(); strings.Contains(v, "Bravo") || !strings.Contains(v, "Charlie") {
		t.Errorf("an older build's tree replaced the newest one's:\n%s", v)
	}
}

// In the tree, / lists the categories whose path holds the text typed,
// whole, and s lists them all by their records, most first; esc clears
// the filter before it closes the view.
func TestTreeFilterAndSortByCount(t *testing.T) {
	t.Parallel()
	var sb strings.Builder
	for i, cat := range []string{"Travel/Alps", "Travel/Alps", "Travel/Coast", "Code/Go", "Code/Go", "Code/Go", "Archive/2019"} {
		fmt.Fprintf(&sb, "URI: http://x.example/%d\nNAME: x\nDATE: 01/01/2020 00:00:00\nCATEGORY: %s\n\n", i, cat)
	}
	c, err := catalogue.Read(strings.NewReader(sb.String()))
	if err != nil {
		t.Fatal(err)
	}
	tr := NewTree(benchContext(c), c)
	paths := func() string {
		var out []string
		for _, i := range tr.rows {
			out = append(out, tr.tree.Nodes[i].Path)
		}
		return strings.Join(out, " ")
	}
	tr.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("/")})
	typeKeys(tr, "alp")
	if got := paths(); got != "Travel/Alps" || !strings.Contains(tr.View(), "Travel/Alps") {
		t.Errorf("/alp: %q\n%s", got, tr.View())
	}
	tr.Update(tea.KeyMsg{Type: tea.KeyEsc})
	tr.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("s")})
	if got := paths(); !strings.HasPrefix(got, "Code Code/Go Travel ") || !strings.Contains(tr.View(), "most records first") {
		t.Errorf("s: %q\n%s", got, tr.View())
	}
	tr.ctx.Take()
	if tr.Update(tea.KeyMsg{Type: tea.KeyEsc}); !tr.ctx.Take().Close {
		t.Error("esc without a filter did not close the tree")
	}
}
