package dups

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	xgolden "github.com/charmbracelet/x/exp/golden"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/dialog/dialogtest"
	"github.com/uricat/uricat/tui/theme"
)

// sample has two groups of look-alikes: go.dev (http and https, a
// tracking parameter) and Koeln (www., a fragment), and a record alone.
const sample = "URI: http://go.dev/\r\nNAME: Go\r\nDATE: 01/02/2024 10:00:00\r\nRATING: 3\r\nX-TAGS: go\r\n\r\n" +
	"URI: https://koeln.de/\r\nNAME: Koeln\r\nDATE: 01/02/2024 10:00:00\r\nCATEGORY: Travel\r\n\r\n" +
	"URI: https://example.org/\r\nNAME: Alone\r\nDATE: 01/02/2024 10:00:00\r\n\r\n" +
	"URI: https://go.dev/?utm_source=feed\r\nNAME: The Go site\r\nDATE: 02/02/2024 10:00:00\r\nRATING: 5\r\nDESCRIPTION: Go's home\r\nX-TAGS: programming\r\n\r\n" +
	"URI: https://www.koeln.de/#altstadt\r\nNAME: Cologne\r\nDATE: 03/02/2024 10:00:00\r\n"

func newView(t *testing.T) (*Model, *dialogtest.Store) {
	t.Helper()
	c, err := catalogue.Read(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	st := &dialogtest.Store{Cat: c}
	ctx := dialog.NewContext(theme.Plain())
	ctx.Store = st
	return New(ctx, c, nil), st
}

func press(k string) tea.KeyMsg {
	switch k {
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	case "tab":
		return tea.KeyMsg{Type: tea.KeyTab}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

// TestGolden: a group at 80x24: its records, the first marked as the one
// kept, and the merged record as `uricat dups --merge` would write it.
func TestGolden(t *testing.T) {
	m, _ := newView(t)
	xgolden.RequireEqual(t, []byte(m.View()))
	m.Update(press("n"))
	t.Run("second", func(t *testing.T) { xgolden.RequireEqual(t, []byte(m.View())) })
}

// TestMergeOneGroup: m merges the group shown into its first record as
// one edit (the highest rating, the tags and descriptions joined, the
// others removed) and shows the next group; n skips, p goes back.
func TestMergeOneGroup(t *testing.T) {
	m, st := newView(t)
	if len(m.Groups()) != 2 {
		t.Fatalf("%d groups, want 2", len(m.Groups()))
	}
	m.Update(press("n"))
	m.Update(press("p"))
	if m.At() != 0 {
		t.Fatalf("n then p: at group %d", m.At())
	}
	m.Update(press("m"))
	if len(st.Edits) != 1 {
		t.Fatalf("%d edits, want 1 (one undoable step)", len(st.Edits))
	}
	recs := st.Cat.Records()
	if len(recs) != 4 {
		t.Fatalf("%d records after the merge, want 4", len(recs))
	}
	goRec := recs[0]
	if goRec.Rating() != 5 || goRec.Description() != "Go's home" || !strings.Contains(ssd3.GetField(goRec, "X-TAGS"), "programming") {
		t.Errorf("merged record: rating %d, description %q, tags %q", goRec.Rating(), goRec.Description(), ssd3.GetField(goRec, "X-TAGS"))
	}
	if len(m.Groups()) != 1 || m.Groups()[0][0].Name() != "Koeln" {
		t.Fatalf("after the merge the view has %d groups, want Koeln's", len(m.Groups()))
	}
	if !strings.Contains(st.Status, "merged 1 record into “Go”") {
		t.Errorf("status %q", st.Status)
	}
}

// TestMergeAllAsks: M asks first; yes merges every group as one edit; no
// merges nothing.
func TestMergeAllAsks(t *testing.T) {
	m, st := newView(t)
	m.Update(press("M"))
	open := m.ctx.Take()
	if open.Open == nil {
		t.Fatalf("M gave %#v, want a question", open)
	}
	if v := open.Open.View(); !strings.Contains(v, "Merge all 2 groups (4 records)") {
		t.Errorf("the question:\n%s", v)
	}
	if len(st.Edits) != 0 {
		t.Fatal("M merged before the answer")
	}
	m.Update(MergeAllMsg{})
	if len(st.Edits) != 1 || len(st.Cat.Records()) != 3 || len(m.Groups()) != 0 {
		t.Fatalf("merge all: %d edits, %d records, %d groups left", len(st.Edits), len(st.Cat.Records()), len(m.Groups()))
	}
	if !strings.Contains(m.View(), "No duplicates") {
		t.Errorf("no group left, but:\n%s", m.View())
	}
}

// TestJumpAndStartAtSelected: enter shows the group's first record in the
// list; the view opens on the group of the record selected in the list.
func TestJumpAndStartAtSelected(t *testing.T) {
	m, st := newView(t)
	cologne := st.Cat.Records()[4]
	m = New(m.ctx, st.Cat, cologne)
	if m.At() != 1 {
		t.Fatalf("opened on Cologne, the view shows group %d", m.At())
	}
	m.Update(press("enter"))
	c := m.ctx.Take()
	if show, _ := c.Result.(dialog.ShowMsg); !c.Close || show.Record == nil || show.Record.Name() != "Koeln" {
		t.Fatalf("enter gave %#v", c)
	}
	if m.Update(press("esc")); m.ctx.Take() != (dialog.Step{Close: true}) {
		t.Errorf("esc did not close with no result")
	}
}

// TestFits: the view draws inside any area.
func TestFits(t *testing.T) {
	m, _ := newView(t)
	dialogtest.Fits(t, func(w, h int) string {
		m.SetSize(w, h)
		return m.View()
	})
}

// The record kept is at first the one with the cleanest URI; tab keeps
// the next one instead, and m merges into the one kept.
func TestKeepAnother(t *testing.T) {
	t.Parallel()
	c, err := catalogue.Read(strings.NewReader("URI: https://www.example.org/a/?utm_source=rss\r\nNAME: Messy\r\nDATE: 01/02/2024 10:00:00\r\n\r\n" +
		"URI: https://example.org/a\r\nNAME: Clean\r\nDATE: 01/02/2024 10:00:00\r\n\r\n" +
		"URI: http://example.org/a/\r\nNAME: Plain\r\nDATE: 01/02/2024 10:00:00\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	st := &dialogtest.Store{Cat: c}
	ctx := dialog.NewContext(theme.Plain())
	ctx.Store = st
	m := New(ctx, c, nil)
	if got := m.Groups()[0][0].Name(); got != "Clean" {
		t.Fatalf("kept %q first, want the cleanest URI's record, Clean", got)
	}
	if v := m.View(); !strings.Contains(v, "▸ line 5") {
		t.Errorf("the view does not mark line 5 as kept:\n%s", v)
	}
	m.Update(press("tab"))
	if got := m.Groups()[0][0].Name(); got != "Plain" {
		t.Fatalf("tab: kept %q, want Plain (the next in file order)", got)
	}
	m.Update(press("m"))
	recs := st.Cat.Records()
	if len(recs) != 1 || recs[0].Name() != "Plain" || recs[0].URI() != "http://example.org/a/" {
		t.Errorf("after the merge: %d records, the first %q", len(recs), recs[0].Raw())
	}
}
