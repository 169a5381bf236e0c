package statsview

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
)

// After an edit the counts are made again in Reload's command, not in
// Update: the view keeps showing them, marked as updating, until the
// command's come; of two recounts, the older one's, coming last, is
// dropped.
func TestStatsRecountInACommand(t *testing.T) {
	c, err := catalogue.Read(strings.NewReader("URI: http://x.example/1\nNAME: x\nDATE: 01/01/2020 00:00:00\n\n" +
		"URI: http://x.example/2\nNAME: y\nDATE: 01/01/2020 00:00:00\n\n" +
		"URI: http://x.example/3\nNAME: z\nDATE: 01/01/2020 00:00:00\n\n"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := benchContext(c)
	m := New(ctx, c)
	deleteFirst := func() {
		t.Helper()
		if _, err := ctx.Store.Apply(catalogue.Delete{Refs: []catalogue.Ref{c.Records()[0].Ref()}}, "deleted"); err != nil {
			t.Fatal(err)
		}
	}
	deleteFirst()
	first := m.Reload(c)
	if first == nil {
		t.Fatal("Reload returned no command: the records were counted in Update")
	}
	if v := m.View(); !strings.Contains(v, "3 records") || !strings.Contains(v, "updating") {
		t.Fatalf("while counting, the view should show the counts as they were, marked as updating:\n%s", v)
	}
	deleteFirst()
	second := m.Reload(c)
	m.Update(second())
	if v := m.View(); !strings.Contains(v, "1 record ") || strings.Contains(v, "updating") {
		t.Fatalf("the newest counts are not shown:\n%s", v)
	}
	m.Update(first())
	if v := m.View(); !strings.Contains(v, "1 record ") {
		t.Errorf("an older count replaced the newest one:\n%s", v)
	}
}

// A large catalogue's counts are made by Init's command: the view opens
// at once, saying so, and shows the charts once they come.
func TestStatsCountLargeInBackground(t *testing.T) {
	var sb strings.Builder
	for i := range 10_001 { // more than countAbove
		fmt.Fprintf(&sb, "URI: http://x.example/%d\nNAME: x\nDATE: 01/01/2020 00:00:00\n\n", i)
	}
	c, err := catalogue.Read(strings.NewReader(sb.String()))
	if err != nil {
		t.Fatal(err)
	}
	m := New(benchContext(c), c)
	if v := m.View(); !strings.Contains(v, "counting 10001 records") {
		t.Fatalf("while counting:\n%s", v)
	}
	cmd := m.Init()
	if cmd == nil {
		t.Fatal("no command counts the records")
	}
	m.Update(keyDown())
	m.Update(cmd())
	if v := m.View(); !strings.Contains(v, "10001 records (uricat stats") || !strings.Contains(v, "By category") {
		t.Errorf("counted:\n%s", v)
	}
}

func keyDown() tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyDown} }
