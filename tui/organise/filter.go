package organise

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/internal/display"
)

// filterLine is the / filter of the tree and the tags: a text typed
// after /, which the names listed must hold (ignoring case). Enter keeps
// it, esc clears it.
type filterLine struct {
	input  textinput.Model
	typing bool
}

func newFilterLine() filterLine {
	in := textinput.New()
	in.Prompt = "/"
	return filterLine{input: in}
}

// start starts typing the filter (/).
func (f *filterLine) start() tea.Cmd {
	f.typing = true
	return f.input.Focus()
}

// key handles a key while the filter is typed: enter keeps it, esc
// clears it, the others edit it. The view lists again after any of them
// but enter.
func (f *filterLine) key(km tea.KeyMsg) tea.Cmd {
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

// set reports whether a filter is typed.
func (f *filterLine) set() bool { return f.input.Value() != "" }

// holds reports whether name holds the filter, ignoring case.
func (f *filterLine) holds(name string) bool {
	want := strings.ToLower(strings.TrimSpace(f.input.Value()))
	return want == "" || strings.Contains(strings.ToLower(name), want)
}

// view is the filter's line under the view's title: "" when none is typed.
func (f *filterLine) view() string {
	if !f.typing && !f.set() {
		return ""
	}
	return display.MarkInvisible(f.input.View())
}

// none says that nothing listed holds the filter.
func (f *filterLine) none(what string) string {
	return "  No " + what + " holds “" + display.Text(f.input.Value()) + "”."
}

// help is the help bar's keys while the filter is typed.
func (f *filterLine) help() []key.Binding {
	return []key.Binding{key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "keep filter")),
		key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear filter"))}
}
