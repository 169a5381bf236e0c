package organise

import (
	"fmt"
	"strings"
	"testing"

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
