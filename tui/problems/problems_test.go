package problems

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	xgolden "github.com/charmbracelet/x/exp/golden"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/cataloguetest"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/dialog/dialogtest"
	"github.com/uricat/uricat/tui/theme"
)

// golden compares got with testdata/<test>/<name>.golden; go test -update
// rewrites it.
func golden(t *testing.T, name, got string) {
	t.Helper()
	t.Run(name, func(t *testing.T) { xgolden.RequireEqual(t, []byte(got)) })
}

// sample has, by line: a valid record (1), an invalid URI (5, SSD3 3.1), a
// valid record with a bad RATING (9, 3.6), LF line ends (a warning of the
// file, 2.1.2) and a record without URI and with an impossible DATE (14,
// 3.1, 3.3), and a line that is not a field (17, 2.1.2).
const sample = "URI: https://go.dev/\r\nNAME: Go\r\nDATE: 01/02/2024 10:00:00\r\n\r\n" +
	"URI: http://a b/\r\nNAME: Broken\r\nDATE: 01/02/2024 10:00:00\r\n\r\n" +
	"URI: https://ok.example/\r\nNAME: Rated badly\r\nDATE: 01/02/2024 10:00:00\r\nRATING: 9\r\n\r\n" +
	"NAME: no uri\nDATE: 31/02/2024 10:00:00\n\n" +
	"garbage line\r\n"

func load(t *testing.T, text string) *catalogue.Catalogue {
	t.Helper()
	c, err := catalogue.Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// press types keys and returns what the last one gave: the stack step
// (dialog.Step: to close, or to open) the view asked for, else its
// command's message.
func press(m *Model, keys ...string) (*Model, tea.Msg) {
	var out tea.Msg
	for _, k := range keys {
		var msg tea.KeyMsg
		switch k {
		case "down":
			msg = tea.KeyMsg{Type: tea.KeyDown}
		case "up":
			msg = tea.KeyMsg{Type: tea.KeyUp}
		case "enter":
			msg = tea.KeyMsg{Type: tea.KeyEnter}
		case "esc":
			msg = tea.KeyMsg{Type: tea.KeyEsc}
		case "end":
			msg = tea.KeyMsg{Type: tea.KeyEnd}
		default:
			msg = tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
		}
		_, cmd := m.Update(msg)
		if st := m.ctx.Take(); st != (dialog.Step{}) {
			out = st
		} else {
			out = run(cmd)
		}
	}
	return m, out
}

func run(cmd tea.Cmd) tea.Msg {
	if cmd == nil {
		return nil
	}
	return cmd()
}

func TestItemsByLine(t *testing.T) {
	m := New(dialog.NewContext(theme.Plain()), load(t, sample))
	type want struct {
		line    int
		record  string // NAME, "" for a file problem
		valid   bool
		nprobs  int // at least
		anyText string
	}
	wants := []want{
		{5, "Broken", false, 1, "space at byte 9"},
		{9, "Rated badly", true, 1, `RATING "9" must be an integer from 1 to 5 (3.6)`},
		{14, "", true, 1, "end in LF alone"},
		{14, "no uri", false, 2, "February 2024 has no day 31"},
		{17, "", false, 4, `"garbage line" is not a field`},
	}
	items := m.Items()
	if len(items) != len(wants) {
		t.Fatalf("%d items, want %d: %+v", len(items), len(wants), items)
	}
	for i, w := range wants {
		it := items[i]
		nprobs := w.nprobs
		if it.Record != nil {
			nprobs = len(it.Record.Problems()) // all of the record's, whatever the catalogue finds
		}
		if it.Line != w.line || len(it.Problems) != nprobs || nprobs < w.nprobs {
			t.Errorf("item %d: line %d, %d problems; want line %d, %d (at least %d)", i, it.Line, len(it.Problems), w.line, nprobs, w.nprobs)
		}
		if w.record != "" && (it.Record == nil || it.Record.Name() != w.record || it.Record.Valid() != w.valid) {
			t.Errorf("item %d: record %+v, want %q valid=%v", i, it.Record, w.record, w.valid)
		}
		if w.record == "" && w.line == 14 && it.Record != nil {
			t.Errorf("item %d: the LF warning belongs to the file, not a record", i)
		}
		found := false
		for _, p := range it.Problems {
			found = found || strings.Contains(p.Msg, w.anyText)
		}
		if !found {
			t.Errorf("item %d: no problem says %q: %v", i, w.anyText, it.Problems)
		}
	}
	// Every problem of the catalogue is shown, none twice.
	n := 0
	for _, it := range items {
		n += len(it.Problems)
	}
	if all := len(load(t, sample).Problems()); n != all {
		t.Errorf("%d problems shown, catalogue has %d", n, all)
	}
}

func TestJumpAndEdit(t *testing.T) {
	c := load(t, sample)
	m := New(dialog.NewContext(theme.Plain()), c)
	// enter closes the view, asking the root to show the record.
	_, out := press(m, "enter")
	if cl, ok := out.(dialog.Step); !ok || !cl.Close || cl.Result != (JumpMsg{Record: c.Records()[1]}) {
		t.Fatalf("enter gave %#v, want Close with JumpMsg for the record at line 5", out)
	}
	// e asks the root for the form, over the view (which stays).
	_, out = press(m, "down", "e")
	em, ok := out.(EditMsg)
	if !ok || em.Record != c.Records()[2] {
		t.Fatalf("e gave %#v", out)
	}
	// A problem of the file has no record to show.
	m, out = press(m, "down", "enter") // the cursor was on line 9
	if out != nil {
		t.Fatalf("enter on a file problem gave %#v", out)
	}
	if !strings.Contains(m.View(), "no record to show") {
		t.Errorf("no explanation:\n%s", m.View())
	}
}

func TestDeleteAsksOnce(t *testing.T) {
	c := load(t, sample)
	m := New(dialog.NewContext(theme.Plain()), c)
	// d opens the one confirm dialog over the view; its yes is DeleteMsg.
	m, out := press(m, "d")
	op, ok := out.(dialog.Step)
	if !ok || op.Open == nil {
		t.Fatalf("d gave %#v, want the question opened", out)
	}
	q, ok := op.Open.(*dialog.Confirm)
	if !ok {
		t.Fatalf("d opened %#v, want a dialog.Confirm", op.Open)
	}
	if q.Question().Text != "Delete the invalid record at line 5 from the file?" || !strings.Contains(q.View(), "Broken") {
		t.Errorf("question %+v\n%s", q.Question(), q.View())
	}
	if q.Question().No != nil {
		t.Errorf("no does something: %#v", q.Question().No)
	}
	// The confirm's answer: y gives DeleteMsg for the root.
	q.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("y")})
	next := m.ctx.Take() // the confirm's context is the view's
	dm, ok := next.Result.(DeleteMsg)
	if !ok || !next.Close || dm.Record != c.Records()[1] {
		t.Fatalf("y gave %#v", next)
	}
	// The root deletes, then removes the entry.
	if _, err := c.Apply(catalogue.Delete{Refs: []catalogue.Ref{dm.Record.Ref()}}); err != nil {
		t.Fatal(err)
	}
	m.Remove(dm.Record)
	if len(m.Items()) != 4 || m.Items()[0].Line != 9 {
		t.Errorf("after Remove: %+v", m.Items())
	}
	if !strings.Contains(m.View(), "2 invalid records") {
		t.Errorf("counts not updated:\n%s", m.View())
	}
}

func TestDeleteRefusesValidRecord(t *testing.T) {
	m := New(dialog.NewContext(theme.Plain()), load(t, sample))
	m, out := press(m, "down", "d")
	if out != nil {
		t.Fatalf("offered to delete a valid record: %#v", out)
	}
	if !strings.Contains(m.View(), "this record is valid") {
		t.Errorf("view:\n%s", m.View())
	}
}

func TestClose(t *testing.T) {
	for _, k := range []string{"esc", "q"} {
		_, out := press(New(dialog.NewContext(theme.Plain()), load(t, sample)), k)
		if out != (dialog.Step{Close: true}) {
			t.Errorf("%s gave %#v, want Close with no result", k, out)
		}
	}
}

func TestNoProblems(t *testing.T) {
	m := New(dialog.NewContext(theme.Plain()), load(t, "URI: https://go.dev/\r\nNAME: Go\r\nDATE: 01/02/2024 10:00:00\r\n"))
	if !strings.Contains(m.View(), "No problems") {
		t.Errorf("view:\n%s", m.View())
	}
	for _, k := range []string{"down", "enter", "d", "e"} {
		if _, out := press(m, k); out != nil {
			t.Errorf("%s on an empty view gave %#v", k, out)
		}
	}
}

func TestSanitised(t *testing.T) {
	text := "URI: http://a b/\r\nNAME: evil\x1b]0;title\x07name\r\nDATE: 01/02/2024 10:00:00\r\n"
	v := New(dialog.NewContext(theme.Plain()), load(t, text)).View()
	if strings.ContainsAny(v, "\x1b\x07") {
		t.Fatalf("escape reached the screen: %q", v)
	}
}

func TestScrollKeepsCursorVisible(t *testing.T) {
	var recs []string
	for i := 0; i < 50; i++ {
		recs = append(recs, "URI: bad uri\r\nNAME: n\r\nDATE: 01/02/2024 10:00:00\r\n")
	}
	m := New(dialog.NewContext(theme.Plain()), load(t, strings.Join(recs, "\r\n")))
	m.SetSize(80, 12)
	m, _ = press(m, "end")
	v := m.View()
	if !strings.Contains(v, "line 197") || !strings.Contains(v, "50 of 50") {
		t.Errorf("last entry not shown:\n%s", v)
	}
	if n := strings.Count(v, "\n") + 1; n > 12 {
		t.Errorf("%d lines in a height of 12", n)
	}
}

func TestGolden(t *testing.T) {
	m := New(dialog.NewContext(theme.Plain()), load(t, sample))
	m.SetSize(80, 24)
	m, _ = press(m, "down")
	golden(t, "sample-80x24", m.View())
	m.SetSize(60, 9)
	m, _ = press(m, "down", "down")
	golden(t, "small-60x9", m.View())
}

func TestPreviewShowsTheRecordAsInTheFile(t *testing.T) {
	text := sample + "\r\nURI: https://x.example/\r\nNAME: evil\x1b[2Jname\r\nDATE: 01/02/2024 10:00:00\r\nLANGUAGE: english\r\n"
	m := New(dialog.NewContext(theme.Plain()), load(t, text))
	m.SetSize(80, 30)
	m, _ = press(m, "end")
	v := m.View()
	for _, want := range []string{"── line 19 as the file has it", "   19 URI: https://x.example/", "✗    22 LANGUAGE: english", "NAME: evilname"} {
		if !strings.Contains(v, want) {
			t.Errorf("preview lacks %q:\n%s", want, v)
		}
	}
	if strings.ContainsRune(v, 0x1b) {
		t.Errorf("escape sequence from the file on screen: %q", v)
	}
	// No preview on a short screen: the list needs the room.
	m.SetSize(80, 12)
	if strings.Contains(m.View(), "as the file has it") {
		t.Errorf("preview at height 12:\n%s", m.View())
	}
}

func TestMouseWheel(t *testing.T) {
	m := New(dialog.NewContext(theme.Plain()), load(t, sample))
	m.Update(tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	if it, _ := m.Selected(); it.Line != 14 {
		t.Errorf("wheel down: on line %d, want three entries down (14)", it.Line)
	}
	m.Update(tea.MouseMsg{Button: tea.MouseButtonWheelUp, Action: tea.MouseActionPress})
	if it, _ := m.Selected(); it.Line != 5 {
		t.Errorf("wheel up: on line %d, want 5", it.Line)
	}
}

func TestReloadAfterAnEditKeepsTheCursor(t *testing.T) {
	c := load(t, sample)
	m := New(dialog.NewContext(theme.Plain()), c)
	m, _ = press(m, "down")
	// The root applies the fix made in the form opened from the view:
	// the bad RATING of line 9 goes.
	rec := c.Records()[2]
	if _, err := c.Apply(catalogue.Set{Ref: rec.Ref(), Fields: []ssd3.Field{{Name: ssd3.FieldRating, Value: "4"}}}); err != nil {
		t.Fatal(err)
	}
	m.Reload(c)
	if len(m.Items()) != 4 {
		t.Fatalf("%d items after the fix, want 4: %+v", len(m.Items()), m.Items())
	}
	if it, _ := m.Selected(); it.Line != 14 {
		t.Errorf("cursor on line %d, want 14: the next entry moved up under it", it.Line)
	}
	m, _ = press(m, "end")
	m.Reload(load(t, "URI: https://go.dev/\r\nNAME: Go\r\nDATE: 01/02/2024 10:00:00\r\n"))
	if _, ok := m.Selected(); ok || !strings.Contains(m.View(), "No problems") {
		t.Errorf("reload to no problems:\n%s", m.View())
	}
}

func TestMessagesNameTheirFieldOnce(t *testing.T) {
	var text strings.Builder
	for i, line := range []string{"URI: no scheme", "NAME: =?UTF-8?Q?=20?=", "ID: 0", "DATE: 31/02/2024 10:00:00",
		"CATEGORY: a\tb", "DESCRIPTION: =?bogus?Q?x?=", "RATING: 9", "LANGUAGE: english", "TYPE: text"} {
		fmt.Fprintf(&text, "URI: http://x%d.example/\r\nNAME: n\r\nDATE: 01/02/2024 10:00:00\r\n%s\r\n\r\n", i, line)
	}
	m := New(dialog.NewContext(theme.Plain()), load(t, text.String()))
	m.SetSize(200, 200)
	v := m.View()
	for _, f := range ssd3.Fields {
		if !strings.Contains(v, f.Name) {
			t.Errorf("no problem of %s in the view:\n%s", f.Name, v)
		}
	}
	if found := cataloguetest.FieldSaidTwice(v); found != nil {
		t.Errorf("the view names fields twice (%q):\n%s", found, v)
	}
}

// The view draws inside the area it is given, however small, wherever its
// cursor is (FuzzView found 5 lines drawn in a height of 4).
func TestFitsAnySize(t *testing.T) {
	for _, text := range []string{sample, "URI: https://go.dev/\r\nNAME: Go\r\nDATE: 01/02/2024 10:00:00\r\n", "0"} {
		for _, keys := range [][]string{nil, {"down"}, {"end"}} {
			m := New(dialog.NewContext(theme.Plain()), load(t, text))
			dialogtest.Fits(t, func(w, h int) string {
				m.SetSize(w, h)
				press(m, keys...)
				return m.View()
			})
		}
	}
}

// The question's yes comes back to the view, which deletes the record
// through the store, one edit, and drops its entry.
func TestDeleteIsApplied(t *testing.T) {
	c := load(t, sample)
	store := &dialogtest.Store{Cat: c}
	ctx := dialog.NewContext(theme.Plain())
	ctx.Store = store
	m := New(ctx, c)
	broken, n := c.Records()[1], len(c.Records())
	next, _ := m.Update(DeleteMsg{Record: broken})
	if next != m || len(c.Records()) != n-1 || slices.Contains(c.Records(), broken) || len(m.Items()) != 4 {
		t.Fatalf("after DeleteMsg: %T, %d records, %d entries", next, len(c.Records()), len(m.Items()))
	}
	if store.Status != "deleted “Broken”" {
		t.Errorf("status %q", store.Status)
	}
}
