package dialog

import (
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	xgolden "github.com/charmbracelet/x/exp/golden"
	"github.com/muesli/termenv"

	"github.com/uricat/uricat/tui/dialog/dialogtest"
	"github.com/uricat/uricat/tui/theme"
)

type yesMsg struct{ what string }
type noMsg struct{}

func keyOf(s string) tea.KeyMsg {
	switch s {
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	case "tab":
		return tea.KeyMsg{Type: tea.KeyTab}
	case "ctrl+c":
		return tea.KeyMsg{Type: tea.KeyCtrlC}
	case "space":
		return tea.KeyMsg{Type: tea.KeySpace}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}
}

func deleteQuestion() Question {
	return Question{Text: "Delete “go.dev”?", Detail: "u undoes it.", Verb: "delete", Yes: yesMsg{"go.dev"}, No: noMsg{}}
}

func TestConfirmAnswers(t *testing.T) {
	for _, c := range []struct {
		key    string
		closes bool
		want   tea.Msg
	}{
		{"y", true, yesMsg{"go.dev"}},
		{"Y", true, yesMsg{"go.dev"}},
		{"n", true, noMsg{}},
		{"N", true, noMsg{}},
		{"esc", true, noMsg{}},
		// No is the default: enter, the key most often hit by mistake,
		// keeps the record.
		{"enter", true, noMsg{}},
		// Everything else is ignored: the question stays.
		{"d", false, nil},
		{"q", false, nil},
		{"u", false, nil},
		{"space", false, nil},
		{"tab", false, nil},
		{"yes", false, nil}, // a paste, not the y key
	} {
		t.Run(c.key, func(t *testing.T) {
			ctx := NewContext(theme.Plain())
			d := NewConfirm(ctx, deleteQuestion())
			next, cmd := d.Update(keyOf(c.key))
			if cmd != nil {
				t.Error("the confirm returned a command: its answer must take effect at once")
			}
			cl := ctx.Take()
			closed := cl.Close
			if closed != c.closes {
				t.Fatalf("%s: closed %v, want %v (got %#v)", c.key, closed, c.closes, next)
			}
			if next != d {
				t.Errorf("%s: returned %#v, want the confirm itself", c.key, next)
			}
			if !closed {
				return
			}
			if cl.Result != c.want {
				t.Errorf("%s: result %#v, want %#v", c.key, cl.Result, c.want)
			}
		})
	}
}

func TestConfirmWithoutNoMessageClosesWithNone(t *testing.T) {
	ctx := NewContext(theme.Plain())
	d := NewConfirm(ctx, Question{Text: "Overwrite?", Yes: yesMsg{}})
	d.Update(keyOf("n"))
	if cl := ctx.Take(); !cl.Close || cl.Result != nil {
		t.Errorf("n: %#v, want Close with no result", cl)
	}
	// Mouse and other messages are not answers.
	for _, msg := range []tea.Msg{tea.MouseMsg{Button: tea.MouseButtonLeft, Action: tea.MouseActionPress}, yesMsg{}, nil} {
		if next, cmd := d.Update(msg); next != d || cmd != nil {
			t.Errorf("%#v answered the question", msg)
		}
	}
}

func TestConfirmHelpNamesTheVerb(t *testing.T) {
	d := NewConfirm(NewContext(theme.Plain()), deleteQuestion())
	var got []string
	for _, b := range d.ShortHelp() {
		got = append(got, b.Help().Key+" "+b.Help().Desc)
	}
	if strings.Join(got, ", ") != "y delete, n/esc/enter no" {
		t.Errorf("help %q", got)
	}
	// The verb is the confirm's own: the shared key map is unchanged.
	if DefaultKeyMap().Yes.Help().Desc != "yes" || d.ctx.Keys.Yes.Help().Desc != "yes" {
		t.Error("the verb leaked into the shared keys")
	}
}

func TestConfirmViewSanitisesAndFits(t *testing.T) {
	ctx := NewContext(theme.Plain())
	ctx.SetSize(40, 10)
	d := NewConfirm(ctx, Question{Text: "Delete “evil\x1b[2Jname\x07”?", Detail: "a very long detail that has to wrap inside the box", Verb: "delete"})
	v := d.View()
	if strings.ContainsAny(v, "\x1b\x07") {
		t.Errorf("a control character reached the screen: %q", v)
	}
	for _, l := range strings.Split(v, "\n") {
		if w := ansi.StringWidth(l); w > 40 {
			t.Errorf("line %q is %d wide in 40", l, w)
		}
	}
	if !strings.Contains(v, "y delete") || !strings.Contains(v, "n no") {
		t.Errorf("answers missing:\n%s", v)
	}
}

func TestGoldenConfirm(t *testing.T) {
	for _, c := range []struct {
		name string
		th   *theme.Theme
		w, h int
	}{
		{"plain-80x20", theme.Plain(), 80, 20},
		{"plain-30x8", theme.Plain(), 30, 8},
		{"ansi256-80x20", theme.Fixed(termenv.ANSI256, true), 80, 20},
	} {
		t.Run(c.name, func(t *testing.T) {
			ctx := NewContext(c.th)
			ctx.SetSize(c.w, c.h)
			d := NewConfirm(ctx, deleteQuestion())
			xgolden.RequireEqual(t, []byte(d.View()))
		})
	}
}

// page is a dialog for the stack tests: it records what it got, and its
// keys ask for stack steps, through ctx (its stack's: Stack.Context).
type page struct {
	ctx  Context
	name string
	got  []tea.Msg
	w, h int
}

func (p *page) Init() tea.Cmd {
	return func() tea.Msg { return "init " + p.name }
}
func (p *page) SetSize(w, h int)          { p.w, p.h = w, h }
func (p *page) ShortHelp() []key.Binding  { return nil }
func (p *page) FullHelp() [][]key.Binding { return nil }
func (p *page) View() string              { return "[" + p.name + "]" }
func (p *page) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	p.got = append(p.got, msg)
	if km, ok := msg.(tea.KeyMsg); ok {
		switch km.String() {
		case "esc":
			p.ctx.Close(nil)
			return p, nil
		case "c":
			p.ctx.Open(NewConfirm(p.ctx, Question{Text: "Sure?", Yes: yesMsg{p.name}}))
			return p, nil
		case "o":
			p.ctx.Open(&page{ctx: p.ctx, name: p.name + "+"})
			return p, nil
		case "r":
			return &page{ctx: p.ctx, name: p.name + "'"}, nil
		}
	}
	return p, func() tea.Msg { return "ack " + p.name }
}

type floatingPage struct{ page }

func (*floatingPage) Floats() {}

func TestStackOpensAndClosesOneLevelAtATime(t *testing.T) {
	var s Stack
	if s.Top() != nil || s.Len() != 0 {
		t.Fatal("the zero stack is not empty")
	}
	if cmd, res := s.Update(keyOf("x")); cmd != nil || res != nil {
		t.Error("an empty stack answered")
	}
	s.Pop() // nothing to pop: no panic

	form := &page{ctx: s.Context(NewContext(theme.Plain())), name: "form"}
	if msg := s.Push(form)(); msg != "init form" {
		t.Errorf("Push returned %v, want the dialog's Init", msg)
	}
	// A key goes to the top dialog only.
	cmd, res := s.Update(keyOf("x"))
	if res != nil || cmd() != "ack form" || len(form.got) != 1 {
		t.Fatalf("form got %v", form.got)
	}

	// The form asks a question: the confirm opens over it at once.
	if _, res := s.Update(keyOf("c")); res != nil {
		t.Fatal("opening gave a result")
	}
	confirm, ok := s.Top().(*Confirm)
	if !ok || s.Len() != 2 || confirm.Question().Text != "Sure?" {
		t.Fatalf("top %#v, %d open", s.Top(), s.Len())
	}
	// Keys now go to the confirm, not the form beneath.
	s.Update(keyOf("x"))
	if len(form.got) != 2 || s.Top() != confirm {
		t.Fatalf("a key for the confirm reached the form, or closed it: %v", form.got)
	}
	// esc pops one level: the confirm; the form stays.
	_, res = s.Update(keyOf("esc"))
	if res != nil || s.Top() != form || s.Len() != 1 {
		t.Fatalf("esc: top %#v, result %v", s.Top(), res)
	}
	// y answers: the confirm closes and its result comes back at once.
	s.Update(keyOf("c"))
	_, res = s.Update(keyOf("y"))
	if res != (yesMsg{"form"}) || s.Top() != form {
		t.Fatalf("y: result %#v, top %#v", res, s.Top())
	}
	// A dialog may put another in its place.
	s.Update(keyOf("r"))
	if p, ok := s.Top().(*page); !ok || p.name != "form'" || s.Len() != 1 {
		t.Fatalf("replace: top %#v", s.Top())
	}
	// The last esc leaves the stack empty.
	s.Update(keyOf("esc"))
	if s.Len() != 0 || s.Top() != nil {
		t.Fatalf("%d still open", s.Len())
	}
}

func TestStackOpenRunsInitAndSizes(t *testing.T) {
	var s Stack
	s.Push(&page{ctx: s.Context(NewContext(theme.Plain())), name: "a"})
	cmd, _ := s.Update(keyOf("o"))
	var msgs []tea.Msg
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		for _, c := range msg {
			if c != nil {
				msgs = append(msgs, c())
			}
		}
	default:
		msgs = append(msgs, msg)
	}
	if len(msgs) != 1 || msgs[0] != "init a+" {
		t.Errorf("opening over a dialog ran %v, want the new one's Init", msgs)
	}
	s.SetSize(33, 11)
	if len(s.Dialogs()) != 2 || s.Dialogs()[0].(*page).name != "a" {
		t.Errorf("Dialogs %v, want a then a+", s.Dialogs())
	}
	for _, d := range s.Dialogs() {
		if p := d.(*page); p.w != 33 || p.h != 11 {
			t.Errorf("%s sized %dx%d", p.name, p.w, p.h)
		}
	}
}

func TestStackLayers(t *testing.T) {
	var s Stack
	if base, fl := s.Layers(); base != nil || len(fl) != 0 {
		t.Fatal("layers of an empty stack")
	}
	c1 := &floatingPage{page{name: "c1"}}
	s.Push(c1)
	if base, fl := s.Layers(); base != nil || len(fl) != 1 || fl[0] != c1 {
		t.Errorf("a lone confirm: base %v, floating %v (the list is beneath)", base, fl)
	}
	s = Stack{}
	p := &page{name: "problems"}
	s.Push(p)
	s.Push(c1)
	if base, fl := s.Layers(); base != p || len(fl) != 1 || fl[0] != c1 {
		t.Errorf("confirm over problems: base %v, floating %v", base, fl)
	}
	f := &page{name: "form"}
	s.Push(f)
	if base, fl := s.Layers(); base != f || len(fl) != 0 {
		t.Errorf("form on top: base %v, floating %v", base, fl)
	}
	s.Replace(p)
	if s.Top() != p || s.Len() != 3 {
		t.Error("Replace did not replace the top")
	}
}

func TestOverlay(t *testing.T) {
	bg := strings.Join([]string{"0123456789", "abcdefghij", "ABCDEFGHIJ", "klmnopqrst"}, "\n")
	got := Overlay(bg, "XY\nZW", 10, 4)
	want := strings.Join([]string{"0123456789", "abcdXYghij", "ABCDZWGHIJ", "klmnopqrst"}, "\n")
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// A box wider and taller than the area is cut to it.
	got = Overlay("....\n....", "########\n########\n########", 4, 2)
	if got != "####\n####" {
		t.Errorf("big box: %q", got)
	}
	// Rows of the box of unequal width are padded: the box hides what is
	// beneath it as a rectangle.
	got = Overlay("......\n......", "ab\nc", 6, 2)
	if got != "..ab..\n..c .." {
		t.Errorf("ragged box: %q", got)
	}
	// Wide characters cut by the box's edges leave no line wider than
	// the area.
	got = Overlay("日本語日本\n日本語日本", "X", 10, 2)
	for _, l := range strings.Split(got, "\n") {
		if ansi.StringWidth(l) > 10 {
			t.Errorf("line %q is %d wide", l, ansi.StringWidth(l))
		}
	}
}

func TestOverlayKeepsStylesAroundTheBox(t *testing.T) {
	r := lipgloss.NewRenderer(nil)
	r.SetColorProfile(termenv.ANSI256)
	red := r.NewStyle().Foreground(lipgloss.Color("1"))
	bg := red.Render("aaaaaaaaaa") + "\n" + red.Render("bbbbbbbbbb")
	got := strings.Split(Overlay(bg, "XY", 10, 2), "\n")
	if ansi.Strip(got[0]) != "aaaaXYaaaa" {
		t.Fatalf("text %q", ansi.Strip(got[0]))
	}
	// The style is reset before the box, and the text after it is red
	// again.
	i := strings.Index(got[0], "XY")
	before, after := got[0][:i], got[0][i+2:]
	if !strings.HasSuffix(before, ansi.ResetStyle) {
		t.Errorf("style not reset before the box: %q", before)
	}
	if !strings.Contains(after, "\x1b[31m") || !strings.HasPrefix(ansi.Strip(after), "aaaa") {
		t.Errorf("style lost after the box: %q", after)
	}
	if got[1] != bg[strings.Index(bg, "\n")+1:] {
		t.Errorf("a line the box does not cover changed: %q", got[1])
	}
}

// The question box draws inside the area it is given, however small.
func TestConfirmFitsAnySize(t *testing.T) {
	for _, q := range []Question{deleteQuestion(), {Text: strings.Repeat("Delete every bookmark in this category? ", 4),
		Detail: strings.Repeat("u undoes it. ", 10), Verb: "delete them all"}} {
		d := NewConfirm(NewContext(theme.Plain()), q)
		dialogtest.Fits(t, func(w, h int) string {
			d.SetSize(w, h)
			return d.View()
		})
	}
}

// FitLeft keeps the end of a path in the width, its prefix counted, never
// a cell more: a wide character the cut would halve goes whole (issue 23:
// ansi.TruncateLeft alone kept it, one cell too wide).
func TestFitLeft(t *testing.T) {
	for _, tt := range []struct {
		s      string
		w      int
		prefix string
		want   string
	}{
		{"/home/ada/bookmarks.uricat", 30, "…", "/home/ada/bookmarks.uricat"},
		{"/home/ada/bookmarks.uricat", 12, "…", "…arks.uricat"},
		{"/home/ada/bookmarks.uricat", 12, "", "marks.uricat"},
		{"/home/東京/本.uricat", 10, "…", "…本.uricat"},
		{"/home/東京/本.uricat", 11, "…", "…/本.uricat"},
		{"/home/東京/本.uricat", 12, "…", "…/本.uricat"},  // 京 would be halved
		{"/home/東京/本.uricat", 13, "…", "…京/本.uricat"}, // two cells: 京 fits
		{"東京", 3, "", "京"},
		{"東京", 1, "", ""},
		{"long name", 1, "…", "…"},
		{"long name", 0, "…", ""},
	} {
		got := FitLeft(tt.s, tt.w, tt.prefix)
		if got != tt.want || ansi.StringWidth(got) > tt.w {
			t.Errorf("FitLeft(%q, %d, %q) = %q (%d cells), want %q", tt.s, tt.w, tt.prefix, got, ansi.StringWidth(got), tt.want)
		}
	}
}

// A message for a dialog beneath the top (Send) reaches it, but the step
// it asks is dropped: only the dialog on top closes or opens another.
func TestStackSendToADialogBeneath(t *testing.T) {
	t.Parallel()
	var s Stack
	ctx := s.Context(NewContext(theme.Plain()))
	under := &page{ctx: ctx, name: "under"}
	top := &page{ctx: ctx, name: "top"}
	s.Push(under)
	s.Push(top)
	if cmd := s.Send(under, keyOf("esc")); cmd != nil || len(under.got) != 1 {
		t.Fatalf("under got %v, command %v", under.got, cmd)
	}
	if s.Len() != 2 || s.Top() != top {
		t.Fatalf("Send closed a dialog: %d open", s.Len())
	}
	// The next key goes to the top, as if nothing had been asked.
	if _, res := s.Update(keyOf("x")); res != nil || s.Len() != 2 || len(top.got) != 1 {
		t.Fatalf("after Send: %d open, top got %v", s.Len(), top.got)
	}
}
