package tui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/catalogue/stats"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/organise"
	"github.com/uricat/uricat/tui/statsview"
)

// treeFixture has categories three deep, a category of its own under a
// node that has records of its own, records without a category, tags
// and ratings over three years: the tree, the tags and the stats views.
var treeFixture = func() string {
	var b strings.Builder
	for i, r := range []struct {
		name, cat, tags, date string
		rating                int
	}{
		{"go.dev", "Programming/Go", "go, docs", "01/03/2019 00:00:00", 5},
		{"pkg.go.dev", "Programming/Go", "go", "02/03/2019 00:00:00", 4},
		{"gopls", "Programming/Go/Tools", "go, tools", "03/03/2020 00:00:00", 0},
		{"Rust book", "Programming/Rust", "rust, docs", "04/03/2020 00:00:00", 4},
		{"Hacker News", "Programming", "news", "05/03/2021 00:00:00", 2},
		{"BBC", "News/World", "news", "06/03/2021 00:00:00", 3},
		{"Guardian", "News/World", "news", "07/03/2021 00:00:00", 0},
		{"Koeln", "Travel/Germany", "", "08/03/2021 00:00:00", 5},
		{"Loose link", "", "", "09/03/2021 00:00:00", 0},
	} {
		fmt.Fprintf(&b, "URI: https://example.org/%d\nNAME: %s\nDATE: %s\n", i, r.name, r.date)
		if r.cat != "" {
			fmt.Fprintf(&b, "CATEGORY: %s\n", r.cat)
		}
		if r.rating > 0 {
			fmt.Fprintf(&b, "RATING: %d\n", r.rating)
		}
		if r.tags != "" {
			fmt.Fprintf(&b, "X-TAGS: %s\n", r.tags)
		}
		b.WriteString("\n")
	}
	return b.String()
}()

// The tree, the tags and the stats views at 80x24 and 120x40, with the
// prompts that rename: layout, counts, folds, the preview.
func TestGoldenOrganiseViews(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		w, h int
		do   func(h *harness)
	}{
		{"tree_80x24", 80, 24, func(h *harness) { h.keys("C") }},
		{"tree_120x40", 120, 40, func(h *harness) { h.keys("C", "j") }},
		{"tree_folded_80x24", 80, 24, func(h *harness) { h.keys("C", "j", "j", "h") }},
		{"tree_rename_80x24", 80, 24, func(h *harness) { h.keys("C", "j", "j", "j", "j", "j", "r"); h.typeText("-lang") }},
		{"tree_under_itself_80x24", 80, 24, func(h *harness) { h.keys("C", "j", "r"); h.typeText("/Rust") }},
		{"tree_merge_120x40", 120, 40, func(h *harness) {
			h.keys("C", "j", "j", "j", "j", "j", "r", "backspace", "backspace", "backspace", "backspace")
			h.typeText("Go")
		}},
		{"tags_80x24", 80, 24, func(h *harness) { h.keys("T") }},
		{"tags_120x40", 120, 40, func(h *harness) { h.keys("T", "j", "r"); h.typeText("lang") }},
		{"stats_80x24", 80, 24, func(h *harness) { h.keys("#") }},
		{"stats_120x40", 120, 40, func(h *harness) { h.keys("#") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, treeFixture, tc.w, tc.h)
			h.m.store.SetPath("/home/ada/.local/share/uricat/bookmarks.uricat")
			tc.do(h)
			view := h.m.View()
			if n := strings.Count(view, "\n") + 1; n != tc.h {
				t.Errorf("view has %d lines, want %d", n, tc.h)
			}
			golden(t, view)
		})
	}
}

// treeNode returns the path of the node under the tree's cursor.
func treeNode(t *testing.T, h *harness) string {
	t.Helper()
	tr, ok := h.m.host.dialogs.Top().(*organise.Tree)
	if !ok {
		t.Fatalf("the tree is not open: %T", h.m.host.dialogs.Top())
	}
	return tr.Node().Path
}

// Choosing a node shows its subtree's records, and a search typed then
// narrows within it.
func TestTreeChooseShowsTheSubtree(t *testing.T) {
	t.Parallel()
	h := newHarness(t, treeFixture, 100, 30)
	h.keys("C")
	if got := treeNode(t, h); got != "News" {
		t.Fatalf("the tree opens on %q, want News (first by name)", got)
	}
	h.keys("j", "j", "j") // News, News/World, Programming, Programming/Go
	if got := treeNode(t, h); got != "Programming/Go" {
		t.Fatalf("cursor on %q, want Programming/Go", got)
	}
	h.keys("enter")
	if h.m.host.dialogs.Len() != 0 {
		t.Fatal("enter did not close the tree")
	}
	if got := h.m.input.Value(); got != "in:Programming/Go" {
		t.Errorf("search %q, want in:Programming/Go", got)
	}
	if got := strings.Join(h.names(), "|"); got != "go.dev|pkg.go.dev|gopls" {
		t.Errorf("the list shows %q, want the subtree's records", got)
	}
	h.keys("/")
	h.typeText(" gopls")
	h.keys("enter")
	if got := strings.Join(h.names(), "|"); got != "gopls" {
		t.Errorf("narrowed, the list shows %q", got)
	}
	// The node of the records without a category.
	h.keys("esc", "C", "G", "enter")
	if got := strings.Join(h.names(), "|"); got != "Loose link" {
		t.Errorf("(no category) shows %q", got)
	}
}

// h folds a node and l unfolds it, the cursor staying on it; h on a leaf
// goes to its parent; the folds outlive a rename.
func TestTreeFold(t *testing.T) {
	t.Parallel()
	h := newHarness(t, treeFixture, 100, 30)
	h.keys("C", "j", "j") // Programming
	tr := h.m.host.dialogs.Top().(*organise.Tree)
	before := tr.View()
	h.keys("h")
	if got := treeNode(t, h); got != "Programming" {
		t.Fatalf("fold moved the cursor to %q", got)
	}
	folded := tr.View()
	for _, hidden := range []string{"Go", "Rust", "Tools"} {
		if strings.Contains(folded, "  "+hidden+" ") {
			t.Errorf("folded, the tree still shows %s:\n%s", hidden, folded)
		}
	}
	if !strings.Contains(folded, "▸ Programming") || !strings.Contains(folded, "5") {
		t.Errorf("folded node not marked with its subtree's count:\n%s", folded)
	}
	h.keys("l")
	if tr.View() != before {
		t.Errorf("unfolded, the tree is not as before:\n%s\nwant\n%s", tr.View(), before)
	}
	h.keys("l", "h", "h") // into Go, fold it, then back to the parent
	if got := treeNode(t, h); got != "Programming" {
		t.Errorf("l then h: cursor on %q, want Programming", got)
	}
}

// Renaming a node renames its subtree in every record, as one undoable
// edit saved at once; renaming onto an existing node merges, and says so.
func TestTreeRenameAndUndo(t *testing.T) {
	t.Parallel()
	h := newHarness(t, treeFixture, 100, 30)
	h.keys("C", "j", "j", "j", "r") // Programming/Go
	for range len("Programming/Go") {
		h.keys("backspace")
	}
	h.typeText("Code/Golang")
	if v := h.m.View(); !strings.Contains(v, "renames 3 records; each gets DATE now (SSD3 3.3)") {
		t.Fatalf("no preview:\n%s", v)
	}
	h.keys("enter")
	c := h.reopen()
	for name, want := range map[string]string{"go.dev": "Code/Golang", "gopls": "Code/Golang/Tools", "Rust book": "Programming/Rust"} {
		if got := find(c, name).Category(); got != want {
			t.Errorf("%s: CATEGORY %q on disk, want %q", name, got, want)
		}
	}
	// One step undoes it all.
	h.keys("esc", "u")
	c = h.reopen()
	if got := find(c, "gopls").Category(); got != "Programming/Go/Tools" {
		t.Errorf("after undo gopls is in %q", got)
	}
	// Onto an existing node: a merge.
	h.keys("C", "G", "k", "r") // Travel/Germany
	for range len("Travel/Germany") {
		h.keys("backspace")
	}
	h.typeText("News/World")
	if v := h.m.View(); !strings.Contains(v, "merges into “News/World” (2 records there already)") {
		t.Fatalf("the preview does not say it merges:\n%s", v)
	}
	h.keys("enter")
	if got := find(h.reopen(), "Koeln").Category(); got != "News/World" {
		t.Errorf("merged, Koeln is in %q", got)
	}
	if !strings.Contains(h.m.View(), "merged the category") {
		t.Errorf("the status does not say it merged:\n%s", h.m.View())
	}
}

// m moves a node under another, keeping its name.
func TestTreeMove(t *testing.T) {
	t.Parallel()
	h := newHarness(t, treeFixture, 100, 30)
	h.keys("C", "j", "j", "j", "j", "m") // Programming/Go/Tools
	for range len("Programming/Go") {
		h.keys("backspace")
	}
	h.typeText("Editors")
	h.keys("enter")
	if got := find(h.reopen(), "gopls").Category(); got != "Editors/Tools" {
		t.Errorf("moved, gopls is in %q, want Editors/Tools", got)
	}
}

// The tags view: choosing filters by tag:, rename, merge and remove are
// each one undoable edit.
func TestTagsView(t *testing.T) {
	t.Parallel()
	h := newHarness(t, treeFixture, 100, 30)
	h.keys("T")
	tv := h.m.host.dialogs.Top().(*organise.Tags)
	if got := tv.Tag(); got.Name != "docs" || got.Count != 2 {
		t.Fatalf("first tag %+v, want docs 2", got)
	}
	h.keys("enter")
	if got := strings.Join(h.names(), "|"); h.m.input.Value() != "tag:docs" || got != "go.dev|Rust book" {
		t.Errorf("search %q shows %q", h.m.input.Value(), got)
	}
	// Rename docs onto go: a merge.
	h.keys("esc", "T", "r")
	for range len("docs") {
		h.keys("backspace")
	}
	h.typeText("go")
	if v := h.m.View(); !strings.Contains(v, "merges into “go”") {
		t.Fatalf("no merge preview:\n%s", v)
	}
	h.keys("enter")
	if got := find(h.reopen(), "Rust book").Extension("X-TAGS"); got != "rust, go" {
		t.Errorf("merged, Rust book has %q", got)
	}
	h.keys("esc", "u")
	if got := find(h.reopen(), "Rust book").Extension("X-TAGS"); got != "rust, docs" {
		t.Errorf("undone, Rust book has %q", got)
	}
	// Remove news, after saying how many records it changes.
	h.keys("T", "j", "j", "d")
	if v := h.m.View(); !strings.Contains(v, "Remove the tag “news” from 3 records?") {
		t.Fatalf("no question:\n%s", v)
	}
	h.keys("y")
	c := h.reopen()
	for _, n := range []string{"Hacker News", "BBC", "Guardian"} {
		if got := find(c, n).Extension("X-TAGS"); got != "" {
			t.Errorf("%s still has tags %q", n, got)
		}
	}
	// A comma is refused in the prompt, nothing changed.
	h.keys("r", "end")
	h.typeText(",x")
	h.keys("enter")
	if v := h.m.View(); !strings.Contains(v, "comma") {
		t.Errorf("a tag with a comma is not refused:\n%s", v)
	}
}

// The stats view counts what uricat stats counts.
func TestStatsViewCountsAsTheCLI(t *testing.T) {
	t.Parallel()
	h := newHarness(t, treeFixture, 100, 30)
	h.keys("#")
	sv := h.m.host.dialogs.Top().(*statsview.Model)
	want := stats.Of(h.m.store.Catalogue().Records())
	if fmt.Sprint(sv.Stats()) != fmt.Sprint(want) {
		t.Errorf("the view counts %v, stats %v", sv.Stats(), want)
	}
	if want.Categories[0] != (stats.Count{Name: "Programming", Count: 5}) {
		t.Errorf("categories %v", want.Categories)
	}
}

// A CATEGORY or a tag with a control character (a valid record may have
// one, reported as a problem) never reaches the terminal: not in the
// tree, the tags, the prompts or the search they set.
func TestOrganiseViewsSendNoControlSequences(t *testing.T) {
	t.Parallel()
	text := "URI: http://x.example/\nNAME: x\nDATE: 01/01/2020 00:00:00\nCATEGORY: a\x1b[31mred/b\nX-TAGS: t\x1b[2Jx\n\n"
	for _, keys := range [][]string{{"C"}, {"C", "r"}, {"C", "j", "m"}, {"C", "enter"}, {"T"}, {"T", "r"}, {"T", "d"}, {"T", "enter"}, {"#"}} {
		h := newHarness(t, text, 80, 24)
		h.keys(keys...)
		if v := h.m.View(); strings.Contains(v, "\x1b") {
			t.Errorf("%v: the view sends an escape:\n%q", keys, v)
		}
	}
}

// u and ctrl+r work inside the tree and the tags view, as in the list:
// the change is taken back on disk, and the view shows it at once.
func TestUndoInsideTheTreeAndTags(t *testing.T) {
	t.Parallel()
	h := newHarness(t, treeFixture, 100, 30)
	h.keys("C", "j", "j", "j", "r") // Programming/Go
	for range len("Programming/Go") {
		h.keys("backspace")
	}
	h.typeText("Code/Golang")
	h.keys("enter")
	if got := find(h.reopen(), "gopls").Category(); got != "Code/Golang/Tools" {
		t.Fatalf("renamed, gopls is in %q", got)
	}
	h.keys("u") // still in the tree
	if got := find(h.reopen(), "gopls").Category(); got != "Programming/Go/Tools" {
		t.Errorf("after u in the tree gopls is in %q", got)
	}
	if v := h.m.View(); !strings.Contains(v, "Categories") || strings.Contains(v, "▾ Code") || !strings.Contains(v, "▾ Go") {
		t.Errorf("the tree is closed, or does not show the undo:\n%s", v)
	}
	h.keys("ctrl+r")
	if got := find(h.reopen(), "gopls").Category(); got != "Code/Golang/Tools" {
		t.Errorf("after ctrl+r in the tree gopls is in %q", got)
	}
	h.keys("esc", "T", "u")
	if got := find(h.reopen(), "gopls").Category(); got != "Programming/Go/Tools" {
		t.Errorf("after u in the tags view gopls is in %q", got)
	}
}

// A change of the catalogue made while a question is open over the tree
// (here another program's, or a sync's) is shown in the tree beneath it
// once the command that rebuilds it answers.
func TestTreeRebuiltUnderADialog(t *testing.T) {
	t.Parallel()
	h := newHarness(t, treeFixture, 100, 30)
	h.keys("C", "r") // the rename box over the tree
	tr := h.m.host.dialogs.Dialogs()[0].(*organise.Tree)
	cmd, err := h.m.store.Apply(catalogue.Recategorise{From: "Travel", To: "Trips"}, "renamed")
	if err != nil {
		t.Fatal(err)
	}
	h.run(cmd)
	h.keys("esc")
	if h.m.host.dialogs.Top() != tr {
		t.Fatalf("esc did not close the box: %T on top", h.m.host.dialogs.Top())
	}
	if v := tr.View(); !strings.Contains(v, "Trips") || strings.Contains(v, "Travel") || strings.Contains(v, "updating") {
		t.Errorf("the tree does not show the change:\n%s", v)
	}
}

// Undoing an edit says what it took back, without the hint its own
// message gave ("renamed … (u undoes it)").
func TestUndoSaysNoHint(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 30)
	set := catalogue.Set{Ref: h.m.list.Current().Ref(), Fields: []ssd3.Field{{Name: ssd3.FieldRating, Value: "2"}}}
	if err := h.m.store.History().ApplyDescribed(h.m.store.Catalogue(), set, func() string { return "rated it" + dialog.UndoHint }); err != nil {
		t.Fatal(err)
	}
	h.keys("u")
	if msg := h.m.status.msg; msg != "undid: rated it" {
		t.Errorf("status %q, want undid: rated it", msg)
	}
}
