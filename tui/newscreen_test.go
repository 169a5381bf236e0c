package tui

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/theme"
)

// starrer is a screen the root has never heard of (as a duplicates view,
// link results or a category tree would be): s rates the record it was
// opened on five stars through its context's store, and closes. That it
// works, undoes and saves shows that a new screen needs no case in the
// root.
type starrer struct {
	ctx dialog.Context
	rec *ssd3.Record
}

func (s *starrer) Init() tea.Cmd             { return nil }
func (s *starrer) View() string              { return "starrer: s stars " + s.rec.Name() }
func (s *starrer) SetSize(w, h int)          { s.ctx.SetSize(w, h) }
func (s *starrer) ShortHelp() []key.Binding  { return nil }
func (s *starrer) FullHelp() [][]key.Binding { return nil }

func (s *starrer) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok || km.String() != "s" {
		return s, nil
	}
	set := catalogue.Set{Ref: s.rec.Ref(), Fields: []ssd3.Field{{Name: ssd3.FieldRating, Value: "5"}}}
	cmd, err := s.ctx.Store.Apply(set, "starred "+s.rec.Name())
	if err != nil {
		s.ctx.Store.SetStatus(theme.Error, err.Error())
		return s, nil
	}
	s.ctx.Store.Select(s.rec.Ref())
	// The record the list shows beneath, asked to be shown even though
	// the search hides it.
	s.ctx.Close(dialog.ShowMsg{Record: s.rec})
	return s, cmd
}

func TestANewScreenAppliesItsOwnEdit(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 30)
	h.keys("/", "duck", "enter")
	rec := find(h.m.store.Catalogue(), "Google")
	h.run(h.m.host.open(&starrer{ctx: h.m.host.context(), rec: rec}))
	if !strings.Contains(h.m.View(), "starrer: s stars Google") {
		t.Fatalf("the screen is not shown:\n%s", h.m.View())
	}
	h.keys("s")
	if h.m.host.dialogs.Len() != 0 {
		t.Fatal("the screen did not close")
	}
	if r := find(h.reopen(), "Google"); r.Rating() != 5 {
		t.Fatalf("rating on disk %d, want 5: not saved", r.Rating())
	}
	if h.m.status.msg != "starred Google" {
		t.Errorf("message %q", h.m.status.msg)
	}
	if got := h.m.list.Current(); got == nil || got.Name() != "Google" || h.m.input.Value() != "" {
		t.Errorf("selected %v with the search %q, want Google shown", got, h.m.input.Value())
	}
	h.keys("u")
	if r := find(h.reopen(), "Google"); r.Rating() != 1 {
		t.Errorf("after u, rating on disk %d, want 1 again", r.Rating())
	}
	h.keys("ctrl+r")
	if r := find(h.reopen(), "Google"); r.Rating() != 5 {
		t.Errorf("after ctrl+r, rating on disk %d, want 5", r.Rating())
	}
}

// A new screen is one entry of the keyMap's actions: its key opens it
// from the list, the `?` help lists it, and it applies its own edit.
func TestANewScreenRegistersInOnePlace(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 30)
	h.m.keys.actions = append(h.m.keys.actions, action{
		Action: dialog.Action{Binding: key.NewBinding(key.WithKeys("%"), key.WithHelp("%", "starrer")), Col: 6},
		one: openScreen(false, func(h *host, ctx dialog.Context, rec *ssd3.Record) dialog.Dialog {
			return &starrer{ctx: ctx, rec: rec}
		}),
	})
	h.keys("?")
	if v := h.m.View(); !strings.Contains(v, "% starrer") {
		t.Errorf("the help does not list the screen:\n%s", v)
	}
	h.keys("esc")
	h.selectName("Google")
	h.keys("%")
	if !strings.Contains(h.m.View(), "starrer: s stars Google") {
		t.Fatalf("the key did not open the screen:\n%s", h.m.View())
	}
	h.keys("s")
	if r := find(h.reopen(), "Google"); r.Rating() != 5 || h.m.host.dialogs.Len() != 0 {
		t.Errorf("rating on disk %d, %d dialogs open: want 5, none", r.Rating(), h.m.host.dialogs.Len())
	}
}

// A record added through the form while a search hides it is shown: the
// search is cleared, and the list's pass runs without it.
func TestAddedRecordIsShownThoughASearchHidIt(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 30)
	h.keys("/", "duck", "enter", "a")
	h.typeText("https://example.org/new")
	h.keys("enter")
	h.typeText("A new page")
	h.keys("ctrl+s")
	if got := h.m.list.Current(); got == nil || got.Name() != "A new page" || h.m.input.Value() != "" {
		t.Errorf("selected %v with the search %q, want the new record", got, h.m.input.Value())
	}
	if n := len(h.names()); n != 7 {
		t.Errorf("%d records shown, want all 7: %q", n, h.names())
	}
}

// A new key on the record (as the reader's will be) is one entry of the
// keyMap's actions: it acts on the record under the cursor and on
// nothing on a group heading, says at once when the record's URI is not
// valid, acts on the selection when records are selected, and the `?`
// help and the detail pane's help bar list it.
func TestANewRecordKeyIsOneEntry(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 200, 30)
	var did []string
	h.m.keys.actions = append(h.m.keys.actions, action{
		Action: dialog.Action{Binding: key.NewBinding(key.WithKeys("%"), key.WithHelp("%", "read it")), Col: 5},
		detail: true, needsRec: true, uriVerb: "read",
		one: func(_ *host, rec *ssd3.Record) tea.Cmd {
			did = append(did, rec.Name())
			return nil
		},
		many: func(_ *host, s selection) tea.Cmd {
			did = append(did, fmt.Sprintf("%d selected", len(s.recs)))
			return nil
		},
	})
	h.keys("?")
	if v := h.m.View(); !regexp.MustCompile(`%\s+read it`).MatchString(v) {
		t.Errorf("the `?` help does not list the key:\n%s", v)
	}
	h.keys("esc")
	h.selectName("Google")
	h.keys("%")
	h.selectName("Lost bookmark")
	h.keys("%")
	if want := "nothing to read: “Lost bookmark” has no valid URI (e edits it, ! lists its problems)"; h.m.status.msg != want {
		t.Errorf("on a record without URI: %q, want %q", h.m.status.msg, want)
	}
	h.selectName("Google")
	h.keys(" ", " ", "%")
	h.keys("esc", "enter")
	if v := h.m.View(); !strings.Contains(v, "% read it") {
		t.Errorf("the detail pane's help bar does not list the key:\n%s", v)
	}
	h.keys("esc", "b", "g")
	if r := h.m.list.CurrentRow(); r == nil || !r.Header {
		t.Fatalf("b: the cursor is not on a group heading: %+v", r)
	}
	h.keys("%")
	if want := []string{"Google", "2 selected"}; !slices.Equal(did, want) {
		t.Errorf("did %q, want %q", did, want)
	}
}
