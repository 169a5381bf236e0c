package dialog

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Action is one key of a screen, declared once: its binding (the keys
// and the help text), where the help shows it, when it applies, and what
// it does. A screen's Actions, in order, feed its dispatch (Do), its help
// bar (ShortHelp) and its `?` help (FullHelp), as lazygit's controllers'
// bindings do.
type Action struct {
	key.Binding
	// Bar puts the key in the help bar.
	Bar bool
	// Col is the column of the `?` help that lists the key, from 1; 0
	// lists it nowhere (a second action on a key the help names once).
	Col int
	// When reports whether the action applies now; nil: always. A key
	// whose action does not apply goes on to the next action.
	When func() bool
	// Do does it, and returns its command. A screen's action that
	// closes the screen or opens another asks its Context (Close, Open).
	Do func(km tea.KeyMsg) tea.Cmd
}

// Actions are a screen's actions, in the order they are tried.
type Actions []Action

// Do does the first action that km's keys match and that applies, and
// reports whether there was one.
func (as Actions) Do(km tea.KeyMsg) (tea.Cmd, bool) {
	for _, a := range as {
		if key.Matches(km, a.Binding) && (a.When == nil || a.When()) {
			return a.Do(km), true
		}
	}
	return nil, false
}

// ShortHelp returns the keys of the help bar, in order.
func (as Actions) ShortHelp() []key.Binding {
	var out []key.Binding
	for _, a := range as {
		if a.Bar {
			out = append(out, a.Binding)
		}
	}
	return out
}

// FullHelp returns the columns of the `?` help: each Col's keys, in
// order.
func (as Actions) FullHelp() [][]key.Binding {
	cols := 0
	for _, a := range as {
		cols = max(cols, a.Col)
	}
	out := make([][]key.Binding, cols)
	for _, a := range as {
		if a.Col > 0 {
			out[a.Col-1] = append(out[a.Col-1], a.Binding)
		}
	}
	return out
}

// UndoActions are u and ctrl+r for a screen that makes edits (the
// category tree, the tags): they take back or redo the last change, as
// in the list, the root doing it (UndoMsg); the screen stays. They show
// in the `?` help's column col.
func UndoActions(col int) []Action {
	undo := func(redo bool) func(tea.KeyMsg) tea.Cmd {
		return func(tea.KeyMsg) tea.Cmd {
			return func() tea.Msg { return UndoMsg{Redo: redo} }
		}
	}
	return []Action{
		{Binding: key.NewBinding(key.WithKeys("u"), key.WithHelp("u", "undo")), Col: col, Do: undo(false)},
		{Binding: key.NewBinding(key.WithKeys("ctrl+r"), key.WithHelp("ctrl+r", "redo")), Col: col, Do: undo(true)},
	}
}
