package tui

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/netscape"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/form"
	"github.com/uricat/uricat/tui/picker"
	"github.com/uricat/uricat/tui/problems"
	"github.com/uricat/uricat/tui/system"
	"github.com/uricat/uricat/tui/transfer"
)

func TestAddThroughTheFormSavesAndUndoes(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 30)
	h.keys("a")
	if _, ok := h.m.host.dialogs.Top().(*form.Model); !ok {
		t.Fatal("a did not open the form")
	}
	h.typeText("https://example.org/new")
	h.keys("enter")
	h.typeText("A new page")
	// q types in the form: it does not quit.
	h.typeText(" q")
	if h.quit {
		t.Fatal("q quit while typing in the form")
	}
	h.keys("ctrl+s")
	if h.m.host.dialogs.Len() != 0 {
		t.Fatalf("the form stayed open: %s", h.m.View())
	}
	if got := h.m.list.Current(); got == nil || got.Name() != "A new page q" {
		t.Fatalf("selected %v, want the new record", got)
	}
	r := find(h.reopen(), "A new page q")
	if r == nil || r.URI() != "https://example.org/new" || !r.Date().Equal(fixedNow) {
		t.Fatalf("on disk: %+v", r)
	}
	h.keys("u")
	if find(h.reopen(), "A new page q") != nil {
		t.Error("undo did not remove the added record from the file")
	}
	h.keys("ctrl+r")
	if find(h.reopen(), "A new page q") == nil {
		t.Error("redo did not add it back")
	}
}

func TestEditThroughTheForm(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 30)
	h.selectName("go.dev")
	h.keys("e")
	if f, ok := h.m.host.dialogs.Top().(*form.Model); !ok || !f.Editing() {
		t.Fatal("e did not open the form on the record")
	}
	h.keys("enter") // to NAME
	h.typeText(" home")
	h.keys("ctrl+s")
	if r := find(h.reopen(), "go.dev home"); r == nil || r.Rating() != 5 {
		t.Fatalf("edit not saved: %+v", r)
	}
	h.keys("u")
	if find(h.reopen(), "go.dev") == nil {
		t.Error("undo did not restore the name")
	}
}

func TestFormRefusalStaysOpen(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 30)
	// The catalogue refuses an ID another record has (3.9): the form
	// cannot know, so the root hands the error back.
	h.send(form.SubmittedMsg{Record: withRating(find2(h.m.allRows(), "Google"), 2)})
	if h.m.host.dialogs.Len() != 0 {
		t.Fatal("a submission with no open form opened one")
	}
	h.keys("a")
	dup := find2(h.m.allRows(), "Google").Clone()
	dup.SetDate(fixedNow)
	dup.SetID("x")
	h.send(form.SubmittedMsg{Record: dup})
	h.keys("a")
	dup2 := dup.Clone()
	h.send(form.SubmittedMsg{Record: dup2})
	if _, ok := h.m.host.dialogs.Top().(*form.Model); !ok || !strings.Contains(h.m.View(), "not saved") {
		t.Errorf("refused record: top %T\n%s", h.m.host.dialogs.Top(), h.m.View())
	}
}

func TestCategoriseWithThePicker(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 30)
	h.selectName("DuckDuckGo")
	h.keys("c")
	if _, ok := h.m.host.dialogs.Top().(*picker.Model); !ok {
		t.Fatal("c did not open the picker")
	}
	// Clear the current category and type a new one.
	for range len("Search Engines") {
		h.keys("backspace")
	}
	h.typeText("Privacy")
	h.keys("enter")
	if h.m.host.dialogs.Len() != 0 {
		t.Fatal("the picker stayed open")
	}
	if r := find(h.reopen(), "DuckDuckGo"); r.Category() != "Privacy" {
		t.Errorf("category on disk %q", r.Category())
	}
	if !strings.Contains(h.m.status.msg, "Privacy") {
		t.Errorf("message %q", h.m.status.msg)
	}
	h.keys("c", "esc")
	if h.m.host.dialogs.Len() != 0 || find(h.reopen(), "DuckDuckGo").Category() != "Privacy" {
		t.Error("esc in the picker changed something or stayed open")
	}
}

func TestProblemsViewJumpAndDelete(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 30)
	h.keys("!")
	if _, ok := h.m.host.dialogs.Top().(*problems.Model); !ok || !strings.Contains(h.m.View(), "Lost bookmark") {
		t.Fatalf("! did not show the problems:\n%s", h.m.View())
	}
	lost := find2(h.m.allRows(), "Lost bookmark")
	h.keys("j", "enter") // past the file's own warning, to its entry
	if h.m.host.dialogs.Len() != 0 || h.m.list.Current() != lost {
		t.Errorf("jump: %d open, selected %v", h.m.host.dialogs.Len(), h.m.list.Current())
	}
	h.keys("!", "j", "d")
	if _, ok := h.m.host.dialogs.Top().(*dialog.Confirm); !ok || !strings.Contains(h.m.View(), "Delete the invalid record at line 28 from the file?") {
		t.Fatalf("d did not ask:\n%s", h.m.View())
	}
	h.keys("y")
	if find(h.reopen(), "Lost bookmark") != nil {
		t.Error("delete from the problems view did not save")
	}
	// Back in the problems view, which no longer lists it.
	if p, ok := h.m.host.dialogs.Top().(*problems.Model); !ok || h.m.host.dialogs.Len() != 1 || len(p.Items()) != 1 {
		t.Fatalf("after y: top %T, %d open", h.m.host.dialogs.Top(), h.m.host.dialogs.Len())
	}
	h.keys("esc", "u")
	if find(h.reopen(), "Lost bookmark") == nil {
		t.Error("undo did not bring the invalid record back")
	}
}

func TestOpenAsksForOtherSchemes(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 30)
	h.send(system.ConfirmMsg{URI: "file:///etc/passwd", Scheme: "file"})
	q, ok := h.m.host.dialogs.Top().(*dialog.Confirm)
	if !ok || q.Question().Text != "Open a file: link with the system opener?" || !strings.Contains(h.m.View(), "file:///etc/passwd") {
		t.Fatalf("top %T:\n%s", h.m.host.dialogs.Top(), h.m.View())
	}
	h.keys("n")
	if h.m.host.dialogs.Len() != 0 || h.m.status.msg != "not opened" {
		t.Errorf("n: %d open, message %q", h.m.host.dialogs.Len(), h.m.status.msg)
	}
	// y runs the opener, told that the user agreed.
	h.send(system.ConfirmMsg{URI: "file:///etc/passwd", Scheme: "file"})
	_, cmd := h.m.Update(keyMsg("y"))
	if h.m.host.dialogs.Len() != 0 || cmd == nil {
		t.Fatalf("y: %d open, command %v", h.m.host.dialogs.Len(), cmd)
	}
	h.send(system.OpenedMsg{URI: "http://go.dev/"})
	if !strings.Contains(h.m.status.msg, "opened http://go.dev/") {
		t.Errorf("opened message %q", h.m.status.msg)
	}
	h.send(system.CopiedMsg{Text: "http://go.dev/", Via: []string{"OSC 52"}})
	if !strings.Contains(h.m.status.msg, "copied http://go.dev/") {
		t.Errorf("copied message %q", h.m.status.msg)
	}
}

// y's message says which text was copied (as stored, shown through
// display.Text) and which ways took it, or that none did (issue 24).
func TestCopiedMessageSaysWhatAndHow(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 30)
	cases := []struct {
		msg  system.CopiedMsg
		want string
		sev  severity
	}{
		{system.CopiedMsg{Text: "https://xn--kln-sna.de/stra%C3%9Fe", Via: []string{"OSC 52", "tmux buffer"}},
			"copied https://xn--kln-sna.de/stra%C3%9Fe (OSC 52 and tmux buffer)", sevSuccess},
		{system.CopiedMsg{Text: "http://a/\u202e", Via: []string{"OSC 52", "tmux buffer", "xclip"}},
			"copied http://a/⟨U+202E⟩ (OSC 52, tmux buffer and xclip)", sevSuccess},
		{system.CopiedMsg{Text: "http://a/", Via: []string{"OSC 52"}, Err: errors.New("tmux buffer: exit status 1")},
			"copied http://a/ (OSC 52; not tmux buffer: exit status 1)", sevWarning},
		{system.CopiedMsg{Text: "http://a/", Err: errors.Join(errors.New("OSC 52: broken pipe"), errors.New("xclip: exit status 1"))},
			"cannot copy http://a/: OSC 52: broken pipe; xclip: exit status 1", sevError},
	}
	for _, c := range cases {
		h.send(c.msg)
		if h.m.status.msg != c.want || h.m.status.sev != c.sev {
			t.Errorf("%v: message %q (severity %v), want %q (%v)", c.msg.Via, h.m.status.msg, h.m.status.sev, c.want, c.sev)
		}
	}
}

func TestImportIsOneUndoableChange(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 30)
	h.keys("i")
	if _, ok := h.m.host.dialogs.Top().(*transfer.Import); !ok {
		t.Fatal("i did not open the import screen")
	}
	// The screen reads the file into a plan made from a snapshot, then
	// answers ImportedMsg; the root applies the plan.
	plan := importers.NewPlan(false)
	html := `<!DOCTYPE NETSCAPE-Bookmark-file-1><DL><DT><A HREF="http://Imported-one.example/">Imported one</A>
<DT><A HREF="http://Imported-two.example/">Imported two</A></DL>`
	s, err := plan.Read(context.Background(), netscape.Format, strings.NewReader(html), importers.ReadConfig{Source: "b.html"})
	if err != nil || s.Imported != 2 {
		t.Fatalf("plan: %v, %v", s, err)
	}
	h.send(transfer.ImportedMsg{Plan: plan, Summaries: []importers.Summary{s}})
	if _, ok := h.m.host.dialogs.Top().(*transfer.Import); !ok {
		t.Error("the summary screen closed before the user read it")
	}
	c := h.reopen()
	if find(c, "Imported one") == nil || find(c, "Imported two") == nil {
		t.Fatal("the import was not saved")
	}
	h.keys("esc")
	if h.m.host.dialogs.Len() != 0 {
		t.Fatal("esc did not close the import screen")
	}
	if len(h.names()) != 8 {
		t.Errorf("list has %d records after import, want 8", len(h.names()))
	}
	h.keys("u")
	c = h.reopen()
	if find(c, "Imported one") != nil || find(c, "Imported two") != nil || len(c.Records()) != 6 {
		t.Errorf("one undo did not remove the whole import: %d records", len(c.Records()))
	}
	h.keys("ctrl+r")
	c = h.reopen()
	if len(c.Records()) != 8 || c.Records()[6].Name() != "Imported one" || c.Records()[7].Name() != "Imported two" {
		t.Errorf("redo did not re-add the import in order: %d records", len(c.Records()))
	}
	// An import that added nothing is no undo step.
	n, _ := h.m.store.History().Len()
	h.send(transfer.ImportedMsg{Plan: importers.NewPlan(false), Summaries: []importers.Summary{{Duplicates: 3}}})
	if m, _ := h.m.store.History().Len(); m != n {
		t.Error("an empty import made an undo step")
	}
}

// The dialogs are drawn in the theme the root draws in: the host shares
// the root's common, so the theme it makes dialogs with is the root's,
// not a copy taken when the model was made.
func TestDialogsDrawInTheRootsTheme(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 80, 24)
	for _, k := range []string{"#", "T", "d"} {
		if v := h.dialogView(k); strings.Contains(v, "\x1b[") {
			t.Fatalf("%s: the plain theme drew a style:\n%q", k, v)
		}
	}
	h.colour("/home/ada/bookmarks.uricat")
	for _, k := range []string{"#", "T", "d"} {
		if v := h.dialogView(k); !strings.Contains(v, "\x1b[") {
			t.Errorf("%s: the dialog is not drawn in the root's theme (colours):\n%s", k, v)
		}
	}
}

// dialogView opens the dialog of key k, returns its view, and closes it.
func (h *harness) dialogView(k string) string {
	h.t.Helper()
	h.keys(k)
	top := h.m.host.dialogs.Top()
	if top == nil {
		h.t.Fatalf("%s opened no dialog", k)
	}
	defer h.keys("esc")
	return top.View()
}

// Opening a selection's links says how many opened, and names one that
// could not be and those of other schemes left to open one at a time.
func TestOpenedAllSaysHowMany(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 30)
	h.send(system.OpenedAllMsg{Opened: []string{"http://a/", "http://b/", "http://c/", "http://d/", "http://e/", "http://f/"}})
	if h.m.status.msg != "opened 6 links" {
		t.Errorf("status %q, want opened 6 links", h.m.status.msg)
	}
	h.send(system.OpenedAllMsg{Opened: []string{"http://a/"}, Failed: []system.OpenedMsg{{URI: "http://b/", Err: errors.New("no browser")}}, Asked: []string{"file:///x"}})
	if msg := h.m.status.msg; !strings.Contains(msg, "opened 1 link; cannot open http://b/: no browser") || !strings.Contains(msg, "1 link of other schemes not opened") {
		t.Errorf("status %q", msg)
	}
}
