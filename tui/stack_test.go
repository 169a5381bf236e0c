package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/form"
	"github.com/uricat/uricat/tui/problems"
	"github.com/uricat/uricat/tui/records"
	"github.com/uricat/uricat/tui/store"
	"github.com/uricat/uricat/tui/transfer"
)

// stack names the open dialogs, bottom first: "problems confirm".
func (h *harness) stack() string {
	var names []string
	for _, d := range h.m.host.dialogs.Dialogs() {
		var n string
		switch d.(type) {
		case *dialog.Confirm:
			n = "confirm"
		case *form.Model:
			n = "form"
		case *problems.Model:
			n = "problems"
		case *transfer.Export:
			n = "export"
		default:
			n = "other"
		}
		names = append(names, n)
	}
	return strings.Join(names, " ")
}

func (h *harness) wantStack(want string) {
	h.t.Helper()
	if got := h.stack(); got != want {
		h.t.Fatalf("open dialogs %q, want %q; the screen:\n%s", got, want, h.m.View())
	}
}

func TestDialogOverDialogEscPopsOneLevel(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 30)
	h.keys("!", "j") // the invalid record's entry
	h.wantStack("problems")
	// d opens the confirm over the problems view, which stays drawn
	// beneath it.
	h.keys("d")
	h.wantStack("problems confirm")
	v := h.m.View()
	if !strings.Contains(v, "Delete the invalid record at line 28") || !strings.Contains(v, "Problems") {
		t.Errorf("the question is not drawn over the problems view:\n%s", v)
	}
	if !strings.Contains(h.m.helpLine(), "y delete") {
		t.Errorf("help is not the question's: %q", h.m.helpLine())
	}
	// Keys the question does not know change nothing.
	h.keys("j", "q", "u", "e")
	h.wantStack("problems confirm")
	// esc answers no: one level down, the record kept.
	h.keys("esc")
	h.wantStack("problems")
	if find(h.reopen(), "Lost bookmark") == nil {
		t.Fatal("esc deleted the record")
	}
	// e opens the form over the problems view; esc returns to it.
	h.keys("e")
	h.wantStack("problems form")
	h.keys("esc")
	h.wantStack("problems")
	// The last esc returns to the list.
	h.keys("esc")
	h.wantStack("")
	if !strings.Contains(h.m.View(), "DuckDuckGo") {
		t.Errorf("not back in the list:\n%s", h.m.View())
	}
}

func TestFixingARecordReturnsToTheProblemsView(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 30)
	h.keys("!", "j", "e")
	h.wantStack("problems form")
	h.typeText("https://lost.example/")
	h.keys("ctrl+s")
	// The form closes on the record saved; the view beneath is rebuilt
	// and no longer lists it.
	h.wantStack("problems")
	if r := find(h.reopen(), "Lost bookmark"); r == nil || r.URI() != "https://lost.example/" {
		t.Fatalf("fix not saved: %+v", r)
	}
	p := h.m.host.dialogs.Top().(*problems.Model)
	if v := p.View(); strings.Contains(v, "Lost bookmark") || len(p.Items()) != 1 {
		t.Errorf("the problems view still lists the fixed record:\n%s", v)
	}
}

func TestConfirmAnswersInOrderWithKeysTypedAtOnce(t *testing.T) {
	t.Parallel()
	// "dyu" arrives as one message (typed faster than the terminal is
	// read): the delete is applied before u, which undoes it.
	h := newHarness(t, fixture, 80, 24)
	h.selectName("go.dev")
	h.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("dy")})
	h.wantStack("")
	if find(h.reopen(), "go.dev") != nil {
		t.Fatal("d y did not delete")
	}
	h.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("dyu")})
	if c := h.reopen(); len(c.Records()) != 5 || find(c, "go.dev") != nil {
		t.Fatalf("d y u deleted and undid in the wrong order: %d records", len(c.Records()))
	}
	if !strings.Contains(h.m.status.msg, "undid: deleted") {
		t.Errorf("message %q, want the undo of the second delete", h.m.status.msg)
	}
	// enter, the default, keeps the record; so does n.
	h.selectName("Google")
	h.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("d")})
	h.keys("enter")
	h.wantStack("")
	if find(h.reopen(), "Google") == nil || h.m.status.msg != "nothing deleted" {
		t.Errorf("enter deleted (message %q)", h.m.status.msg)
	}
}

func TestQuitWithUnsavedChangesAsksOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 80, 24)
	h.m.store.SetStateForTest(store.Unsaved)
	h.keys("q")
	h.wantStack("confirm")
	// enter and esc keep the program running.
	h.keys("enter")
	if h.quit {
		t.Fatal("enter quit: no is the default")
	}
	h.keys("q", "esc")
	if h.quit {
		t.Fatal("esc quit")
	}
	h.keys("q", "y")
	if !h.quit {
		t.Error("y did not quit")
	}
}

func TestRootMessagesNeverGoToADialog(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 80, 24)
	h.selectName("Google")
	// Rate, and hold the save's answer: the question opens meanwhile.
	_, cmd := h.m.Update(keyMsg("5"))
	var held []tea.Msg
	var collect func(tea.Cmd)
	collect = func(c tea.Cmd) {
		if c == nil {
			return
		}
		switch msg := c().(type) {
		case nil:
		case tea.BatchMsg:
			for _, c := range msg {
				collect(c)
			}
		case records.FilteredMsg:
			h.send(msg) // the list shows the rating: keys need not wait
		default:
			held = append(held, msg)
		}
	}
	collect(cmd)
	if len(held) == 0 || !h.m.store.Saving() {
		t.Fatal("no save under way")
	}
	h.keys("d")
	h.wantStack("confirm")
	// The save's messages (lockedMsg, then savedMsg) reach the root
	// through the open question.
	for _, msg := range held {
		h.send(msg)
	}
	if r := find(h.reopen(), "Google"); r == nil || r.Rating() != 5 || h.m.store.Saving() {
		t.Fatalf("the save did not finish while the question was open: %+v (saving %v)", r, h.m.store.Saving())
	}
	h.wantStack("confirm")
	// A new window size goes to the root, which sizes every dialog.
	h.keys("esc", "a")
	h.send(tea.WindowSizeMsg{Width: 60, Height: 20})
	if h.m.width != 60 {
		t.Fatal("the window size did not reach the root")
	}
	for _, l := range strings.Split(h.m.View(), "\n") {
		if w := ansiWidth(l); w > 60 {
			t.Errorf("line %q is %d wide: the form was not sized", l, w)
		}
	}
}

func TestExportAsksBeforeOverwritingThroughTheStack(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 30)
	target := filepath.Join(t.TempDir(), "out.html")
	if err := os.WriteFile(target, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	h.keys("x", "tab")
	for range 300 {
		h.keys("backspace")
	}
	h.typeText(target)
	h.keys("enter")
	h.wantStack("export confirm")
	if v := h.m.View(); !strings.Contains(v, "The file exists. Overwrite it?") || !strings.Contains(v, "Export bookmarks") {
		t.Errorf("the question is not drawn over the export screen:\n%s", v)
	}
	h.keys("n")
	h.wantStack("export")
	if b, _ := os.ReadFile(target); string(b) != "old" {
		t.Fatal("n overwrote the file")
	}
	h.keys("enter", "y")
	h.wantStack("")
	if b, _ := os.ReadFile(target); !strings.Contains(string(b), "NETSCAPE-Bookmark-file-1") {
		t.Errorf("y did not overwrite the file: %q", b)
	}
	if !strings.Contains(h.m.status.msg, "exported 5 records to "+target) {
		t.Errorf("message %q", h.m.status.msg)
	}
}

// Issue 22: x, the catalogue's own path, enter: refused before the
// question "Overwrite it?", as `uricat export -o` refuses it.
func TestExportRefusesTheCatalogueThroughTheStack(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 30)
	before, err := os.ReadFile(h.m.store.Path())
	if err != nil {
		t.Fatal(err)
	}
	h.keys("x", "tab")
	for range 300 {
		h.keys("backspace")
	}
	h.typeText(h.m.store.Path())
	h.keys("enter")
	h.wantStack("export")
	if v := h.m.View(); !strings.Contains(strings.Join(strings.Fields(v), " "), "is the catalogue itself") {
		t.Errorf("the refusal is not shown:\n%s", v)
	}
	h.keys("y")
	if after, _ := os.ReadFile(h.m.store.Path()); string(after) != string(before) {
		t.Fatalf("the catalogue was overwritten: %q", after)
	}
}
