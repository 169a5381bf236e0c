package dialog

import (
	"slices"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// recorder is a screen whose actions say which of them ran.
type recorder struct{ ran []string }

func (r *recorder) Init() tea.Cmd                       { return nil }
func (r *recorder) Update(tea.Msg) (tea.Model, tea.Cmd) { return r, nil }
func (r *recorder) View() string                        { return "" }

func (r *recorder) act(name string) func(tea.KeyMsg) tea.Cmd {
	return func(tea.KeyMsg) tea.Cmd { r.ran = append(r.ran, name); return nil }
}

// The actions of a screen are its dispatch (the first that matches and
// applies), its help bar and its `?` help, from one declaration each.
func TestActions(t *testing.T) {
	t.Parallel()
	open := false
	r := &recorder{}
	as := Actions{
		{Binding: key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "cut")), Bar: true, Col: 2, When: func() bool { return open }, Do: r.act("cut")},
		{Binding: key.NewBinding(key.WithKeys("esc")), When: func() bool { return open }, Do: r.act("clear")},
		{Binding: key.NewBinding(key.WithKeys("esc", "q"), key.WithHelp("esc", "back")), Bar: true, Col: 1, Do: r.act("back")},
		{Binding: key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "more")), Col: 1, Do: r.act("more")},
	}
	tests := []struct {
		key   string
		open  bool
		ran   string // "" when no action is done
		found bool
	}{
		{"x", false, "", false},
		{"x", true, "cut", true},
		{"esc", false, "back", true},
		{"esc", true, "clear", true},
		{"q", true, "back", true},
		{"?", false, "more", true},
		{"z", true, "", false},
	}
	for _, tt := range tests {
		open, r.ran = tt.open, nil
		_, found := as.Do(keyOf(tt.key))
		if ran := slices.Concat(r.ran, []string{""})[0]; ran != tt.ran || found != tt.found {
			t.Errorf("%q (open %v): ran %q found %v, want %q %v", tt.key, tt.open, ran, found, tt.ran, tt.found)
		}
	}
	help := func(bs []key.Binding) (out []string) {
		for _, b := range bs {
			out = append(out, b.Help().Key)
		}
		return out
	}
	if got := help(as.ShortHelp()); !slices.Equal(got, []string{"x", "esc"}) {
		t.Errorf("help bar %q", got)
	}
	full := as.FullHelp()
	if len(full) != 2 || !slices.Equal(help(full[0]), []string{"esc", "?"}) || !slices.Equal(help(full[1]), []string{"x"}) {
		t.Errorf("full help %v", full)
	}
}

// u and ctrl+r ask the root to undo and redo, the screen staying.
func TestUndoActions(t *testing.T) {
	t.Parallel()
	as := Actions(UndoActions(1))
	for k, redo := range map[string]bool{"u": false, "ctrl+r": true} {
		km := keyOf(k)
		if k == "ctrl+r" {
			km = tea.KeyMsg{Type: tea.KeyCtrlR}
		}
		cmd, ok := as.Do(km)
		if !ok || cmd == nil || cmd() != (UndoMsg{Redo: redo}) {
			t.Errorf("%s: %v", k, ok)
		}
	}
}
