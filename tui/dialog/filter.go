package dialog

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/internal/display"
)

// Filter is a list's / filter: a text typed after /, which the names
// listed must hold (ignoring case). Enter keeps it, esc clears it. A
// List made WithFilter has one.
type Filter struct {
	input  textinput.Model
	typing bool
}

// NewFilter returns an empty filter, not being typed.
func NewFilter() Filter {
	in := textinput.New()
	in.Prompt = "/"
	return Filter{input: in}
}

// Start starts typing the filter (/).
func (f *Filter) Start() tea.Cmd {
	f.typing = true
	return f.input.Focus()
}

// Typing reports whether the filter is being typed: it takes the keys.
func (f *Filter) Typing() bool { return f.typing }

// Key handles a key while the filter is typed: enter keeps it, esc
// clears it, the others edit it. The view lists again after any of them
// but enter.
func (f *Filter) Key(km tea.KeyMsg) tea.Cmd {
	switch km.Type {
	case tea.KeyEnter:
		f.typing = false
		f.input.Blur()
		return nil
	case tea.KeyEsc:
		f.typing = false
		f.input.Blur()
		f.input.SetValue("")
		return nil
	}
	var cmd tea.Cmd
	f.input, cmd = f.input.Update(km)
	return cmd
}

// Set reports whether a filter is typed.
func (f *Filter) Set() bool { return f.input.Value() != "" }

// Holds reports whether name holds the filter, ignoring case.
func (f *Filter) Holds(name string) bool {
	want := strings.ToLower(strings.TrimSpace(f.input.Value()))
	return want == "" || strings.Contains(strings.ToLower(name), want)
}

// View is the filter's line under the view's title: "" when none is typed.
func (f *Filter) View() string {
	if !f.typing && !f.Set() {
		return ""
	}
	return display.MarkInvisible(f.input.View())
}

// None says that nothing listed holds the filter.
func (f *Filter) None(what string) string {
	return "  No " + what + " holds “" + display.Text(f.input.Value()) + "”."
}

// Help is the help bar's keys while the filter is typed.
func (f *Filter) Help() []key.Binding {
	return []key.Binding{key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "keep filter")),
		key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear filter"))}
}
