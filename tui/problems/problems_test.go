package problems

import (
	xgolden "github.com/charmbracelet/x/exp/golden"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
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

func press(m Model, keys ...string) (Model, tea.Cmd) {
	var cmd tea.Cmd
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
		m, cmd = m.Update(msg)
	}
	return m, cmd
}

func run(cmd tea.Cmd) tea.Msg {
	if cmd == nil {
		return nil
	}
	return cmd()
}

func TestItemsByLine(t *testing.T) {
	m := New(theme.Plain(), load(t, sample))
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
		if w.record != "" && (it.Record == nil || it.Record.Name != w.record || it.Record.Valid() != w.valid) {
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
	m := New(theme.Plain(), c)
	_, cmd := press(m, "enter")
	jm, ok := run(cmd).(JumpMsg)
	if !ok || jm.Record != c.Records()[1] {
		t.Fatalf("enter gave %#v, want JumpMsg for the record at line 5", run(cmd))
	}
	_, cmd = press(m, "down", "e")
	em, ok := run(cmd).(EditMsg)
	if !ok || em.Record != c.Records()[2] {
		t.Fatalf("e gave %#v", run(cmd))
	}
	// A problem of the file has no record to show.
	m, cmd = press(m, "down", "down", "enter")
	if cmd != nil {
		t.Fatalf("enter on a file problem gave %#v", run(cmd))
	}
	if !strings.Contains(m.View(), "no record to show") {
		t.Errorf("no explanation:\n%s", m.View())
	}
}

func TestDeleteAsksOnce(t *testing.T) {
	c := load(t, sample)
	m := New(theme.Plain(), c)
	m, cmd := press(m, "d")
	if cmd != nil || !m.Confirming() {
		t.Fatal("d did not ask")
	}
	if !strings.Contains(m.View(), "Delete the invalid record at line 5 from the file? (y/n)") {
		t.Errorf("question not shown:\n%s", m.View())
	}
	// n keeps it; esc in the question does not close the view.
	m, cmd = press(m, "n")
	if cmd != nil || m.Confirming() {
		t.Fatal("n did not cancel")
	}
	m, _ = press(m, "d")
	m, cmd = press(m, "esc")
	if cmd != nil || m.Confirming() {
		t.Fatalf("esc in the question gave %#v", run(cmd))
	}
	m, _ = press(m, "d")
	m, cmd = press(m, "y")
	dm, ok := run(cmd).(DeleteMsg)
	if !ok || dm.Record != c.Records()[1] {
		t.Fatalf("y gave %#v", run(cmd))
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
	m := New(theme.Plain(), load(t, sample))
	m, cmd := press(m, "down", "d")
	if cmd != nil || m.Confirming() {
		t.Fatal("offered to delete a valid record")
	}
	if !strings.Contains(m.View(), "this record is valid") {
		t.Errorf("view:\n%s", m.View())
	}
}

func TestClose(t *testing.T) {
	for _, k := range []string{"esc", "q"} {
		_, cmd := press(New(theme.Plain(), load(t, sample)), k)
		if _, ok := run(cmd).(ClosedMsg); !ok {
			t.Errorf("%s gave %#v", k, run(cmd))
		}
	}
}

func TestNoProblems(t *testing.T) {
	m := New(theme.Plain(), load(t, "URI: https://go.dev/\r\nNAME: Go\r\nDATE: 01/02/2024 10:00:00\r\n"))
	if !strings.Contains(m.View(), "No problems") {
		t.Errorf("view:\n%s", m.View())
	}
	m, cmd := press(m, "down", "enter", "d")
	if cmd != nil || m.Confirming() {
		t.Error("keys on an empty view did something")
	}
}

func TestSanitised(t *testing.T) {
	text := "URI: http://a b/\r\nNAME: evil\x1b]0;title\x07name\r\nDATE: 01/02/2024 10:00:00\r\n"
	v := New(theme.Plain(), load(t, text)).View()
	if strings.ContainsAny(v, "\x1b\x07") {
		t.Fatalf("escape reached the screen: %q", v)
	}
}

func TestScrollKeepsCursorVisible(t *testing.T) {
	var recs []string
	for i := 0; i < 50; i++ {
		recs = append(recs, "URI: bad uri\r\nNAME: n\r\nDATE: 01/02/2024 10:00:00\r\n")
	}
	m := New(theme.Plain(), load(t, strings.Join(recs, "\r\n")))
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
	m := New(theme.Plain(), load(t, sample))
	m.SetSize(80, 24)
	m, _ = press(m, "down")
	golden(t, "sample-80x24", m.View())
	m.SetSize(60, 9)
	m, _ = press(m, "down", "down", "d")
	golden(t, "confirm-60x9", m.View())
}

func TestPreviewShowsTheRecordAsInTheFile(t *testing.T) {
	text := sample + "\r\nURI: https://x.example/\r\nNAME: evil\x1b[2Jname\r\nDATE: 01/02/2024 10:00:00\r\nLANGUAGE: english\r\n"
	m := New(theme.Plain(), load(t, text))
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
	m := New(theme.Plain(), load(t, sample))
	m, _ = m.Update(tea.MouseMsg{Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	if it, _ := m.Selected(); it.Line != 14 {
		t.Errorf("wheel down: on line %d, want three entries down (14)", it.Line)
	}
	m, _ = m.Update(tea.MouseMsg{Button: tea.MouseButtonWheelUp, Action: tea.MouseActionPress})
	if it, _ := m.Selected(); it.Line != 5 {
		t.Errorf("wheel up: on line %d, want 5", it.Line)
	}
}
