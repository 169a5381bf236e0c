package linkres

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	xgolden "github.com/charmbracelet/x/exp/golden"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/internal/linkcheck"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/dialog/dialogtest"
	"github.com/uricat/uricat/tui/theme"
)

const sample = "URI: https://old.example/a\r\nNAME: Moved away\r\nDATE: 01/02/2024 10:00:00\r\n\r\n" +
	"URI: https://gone.example/\r\nNAME: Gone for good\r\nDATE: 01/02/2024 10:00:00\r\n\r\n" +
	"URI: https://fine.example/\r\nNAME: Fine\r\nDATE: 01/02/2024 10:00:00\r\n\r\n" +
	"URI: https://old.example/b\r\nNAME: Moved onto another\r\nDATE: 01/02/2024 10:00:00\r\n\r\n" +
	"URI: https://taken.example/\r\nNAME: Taken\r\nDATE: 01/02/2024 10:00:00\r\n"

func newScreen(t *testing.T) (*Model, *dialogtest.Store) {
	t.Helper()
	c, err := catalogue.Read(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	st := &dialogtest.Store{Cat: c}
	ctx := dialog.NewContext(theme.Plain())
	ctx.Store = st
	recs := c.Records()
	at := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	entries := []Entry{
		{recs[0], linkcheck.Result{URI: recs[0].URI(), Status: linkcheck.Moved, Code: 301, Final: "https://new.example/a", Checked: at}},
		{recs[1], linkcheck.Result{URI: recs[1].URI(), Status: linkcheck.Dead, Code: 404, Checked: at}},
		{recs[2], linkcheck.Result{URI: recs[2].URI(), Status: linkcheck.OK, Code: 200, Checked: at}},
		{recs[3], linkcheck.Result{URI: recs[3].URI(), Status: linkcheck.Moved, Code: 308, Final: "https://taken.example/", Checked: at}},
	}
	return New(ctx, entries, "checked 4 links: 1 ok, 2 moved, 1 dead, 0 unknown"), st
}

// press types k and returns the stack step the screen asked for.
func press(m *Model, k string) dialog.Step {
	msg := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
	switch k {
	case "enter":
		msg = tea.KeyMsg{Type: tea.KeyEnter}
	case "esc":
		msg = tea.KeyMsg{Type: tea.KeyEsc}
	case "down":
		msg = tea.KeyMsg{Type: tea.KeyDown}
	}
	m.Update(msg)
	return m.ctx.Take()
}

// TestGolden: the results at 80x24: the moved and dead links, each with
// its code and where it moved; the ok one is not listed.
func TestGolden(t *testing.T) {
	m, _ := newScreen(t)
	press(m, "down")
	xgolden.RequireEqual(t, []byte(m.View()))
}

// TestUpdateMoved: U rewrites the moved links in one edit, leaving the one
// that moved onto a URI the catalogue has, and says so; the rewritten
// entry goes.
func TestUpdateMoved(t *testing.T) {
	m, st := newScreen(t)
	press(m, "U")
	if len(st.Edits) != 1 {
		t.Fatalf("%d edits, want 1", len(st.Edits))
	}
	if got := st.Cat.Records()[0].URI(); got != "https://new.example/a" {
		t.Errorf("the moved record's URI is %s", got)
	}
	if got := st.Cat.Records()[3].URI(); got != "https://old.example/b" {
		t.Errorf("the record that moved onto another's URI is now %s", got)
	}
	if !strings.Contains(st.Status, "updated 1 link to where it moved; 1 left") {
		t.Errorf("status %q", st.Status)
	}
	if n := len(m.Entries()); n != 2 {
		t.Errorf("%d entries left, want 2 (the dead one, the one left)", n)
	}
}

// TestDeleteDeadAsks: D asks first; yes deletes the dead records in one
// edit.
func TestDeleteDeadAsks(t *testing.T) {
	m, st := newScreen(t)
	next := press(m, "D")
	if next.Open == nil || !strings.Contains(next.Open.View(), "Delete the 1 record whose links are dead?") {
		t.Fatalf("D gave %#v", next)
	}
	if len(st.Edits) != 0 {
		t.Fatal("deleted before the answer")
	}
	m.Update(DeleteDeadMsg{})
	if len(st.Edits) != 1 || len(st.Cat.Records()) != 4 {
		t.Fatalf("%d edits, %d records", len(st.Edits), len(st.Cat.Records()))
	}
	for _, e := range m.Entries() {
		if e.Result.Status == linkcheck.Dead {
			t.Error("the dead entry is still listed")
		}
	}
}

// TestJump: enter shows the record under the cursor in the list.
func TestJump(t *testing.T) {
	m, _ := newScreen(t)
	press(m, "down")
	next := press(m, "enter")
	if show, _ := next.Result.(dialog.ShowMsg); !next.Close || show.Record == nil || show.Record.Name() != "Gone for good" {
		t.Fatalf("enter gave %#v", next)
	}
}

// TestFits: the screen draws inside any area.
func TestFits(t *testing.T) {
	m, _ := newScreen(t)
	dialogtest.Fits(t, func(w, h int) string {
		m.SetSize(w, h)
		return m.View()
	})
}

// A link the check could not tell (a timeout, a 503) is listed too, with
// why, for the user to look at: D deletes the dead ones only.
func TestUnknownShownNotDeleted(t *testing.T) {
	t.Parallel()
	c, err := catalogue.Read(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	st := &dialogtest.Store{Cat: c}
	ctx := dialog.NewContext(theme.Plain())
	ctx.Store, ctx.Width, ctx.Height = st, 100, 20
	recs := c.Records()
	m := New(ctx, []Entry{
		{recs[1], linkcheck.Result{URI: recs[1].URI(), Status: linkcheck.Dead, Code: 404}},
		{recs[2], linkcheck.Result{URI: recs[2].URI(), Status: linkcheck.Unknown, Code: 503, Reason: "the server answered 503"}},
	}, "checked 2 links")
	v := m.View()
	if !strings.Contains(v, "Fine") || !strings.Contains(v, "the server answered 503") || !strings.Contains(v, "1 unknown") {
		t.Errorf("the unknown link is not listed with why:\n%s", v)
	}
	m.Update(DeleteDeadMsg{})
	if n := len(st.Cat.Records()); n != 4 {
		t.Errorf("%d records after deleting the dead, want 4: the unknown one kept", n)
	}
}
