// Package dialog is the shape every dialog of uricat's TUI shares, as in
// soft-serve: a Dialog is a tea.Model that also tells its keys (help.KeyMap)
// and takes the size it may use (SetSize); every dialog is made with one
// small shared Context (theme, keys, size, store); the root model keeps
// the open dialogs on a Stack, the top one getting the keys. Its files:
//
//   - dialog.go: the Dialog interface, the Context and the stack steps
//     a dialog asks of it (Close, Open), the shared KeyMap, and the
//     layout helpers (Fit, Wrap).
//   - stack.go: the Stack of open dialogs, and Overlay for a floating one.
//   - store.go: the Store a dialog applies its edits through, and the
//     requests any dialog makes of the root (ShowMsg, EditMsg, ...).
//   - list.go, filter.go: the one List with a cursor that every screen
//     showing a list uses (cursor, offset, paging, none selected, rows
//     of many lines), and its / Filter.
//   - action.go: a screen's keys as Actions, each declared once (binding,
//     help, when it applies, what it does), which feed its dispatch, its
//     help bar and its `?` help.
//   - confirm.go: Confirm, the one yes/no question of the whole UI.
//   - count.go: Count, a view's count of the catalogue made in commands.
//
// A dialog applies its own edits, through the Store its Context holds
// (the root's: every edit one undoable step, saved at once), and says on
// the status bar what it did. It talks to the root and to the dialogs
// around it in two more ways:
//
//   - messages: its own, returned by its commands, come back to it while it
//     is on top (form.SubmittedMsg, which the form then applies); the
//     requests ShowMsg and EditMsg, which the root answers for any dialog;
//   - stack steps, asked of its Context during its Update: Close (it is
//     finished; its result, if any, is handled at once, by the root or the
//     dialog now on top) and Open (another dialog goes over it). The stack
//     carries them out as soon as that Update returns. These are not
//     messages because they must take effect before the next key: "d y u"
//     typed at once deletes, then undoes the delete.
//
// So a new screen needs no case in the root: it is opened on a key (one
// entry of the root's actions), and everything it does goes through its
// Context.
package dialog

import (
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/uricat/uricat/config"
	"github.com/uricat/uricat/tui/theme"
)

// Dialog is a screen or question open over the list.
//
// Update returns the dialog to keep on the stack: itself, or a dialog to
// show instead. To be closed, or to open another dialog over it, it asks
// its Context (Close, Open) before it returns. Dialogs are pointers,
// changed in place by Update.
type Dialog interface {
	tea.Model
	help.KeyMap
	// SetSize sets the area the dialog may use: the body of the screen.
	SetSize(width, height int)
}

// Floating is a Dialog drawn as a box over what is beneath it (the list or
// another dialog), centred, rather than in place of it.
type Floating interface {
	Dialog
	// Floats marks the dialog as floating; it does nothing.
	Floats()
}

// Context is what every dialog shares: the theme, the keys all dialogs
// use, the size of the area dialogs get, and the store its edits go
// through. The root makes it; a dialog keeps a copy and changes only its
// size (SetSize).
type Context struct {
	Theme  *theme.Theme
	Keys   KeyMap
	Width  int
	Height int
	// Store is the catalogue's, to apply edits through; a dialog that
	// edits nothing does not use it (nil in NewContext).
	Store Store
	// Rules are the configuration's rules, which file the new records an
	// add or an import brings (config.Rules.File); none in NewContext.
	Rules config.Rules

	// steps is where Close and Open leave their request for the stack.
	steps *steps
}

// NewContext returns a context with th, the default keys, an 80×24 area,
// no store, and steps of its own (tests; the root's are its stack's:
// Stack.Context).
func NewContext(th *theme.Theme) Context {
	return Context{Theme: th, Keys: DefaultKeyMap(), Width: 80, Height: 24, steps: new(steps)}
}

// SetSize sets the area.
func (c *Context) SetSize(width, height int) { c.Width, c.Height = width, height }

// Fit joins a view's lines, cut to the area: at most Height of them (its
// blank lines, which only space it out, go first, then the last lines),
// each at most Width cells (a cut marked "…"). A dialog should lay out no
// more than its area holds, giving up what matters least first; Fit makes
// sure of it.
func (c Context) Fit(lines []string) string {
	h := max(1, c.Height)
	if drop := len(lines) - h; drop > 0 {
		kept := make([]string, 0, len(lines))
		for _, l := range lines {
			if drop > 0 && strings.TrimSpace(ansi.Strip(l)) == "" {
				drop--
				continue
			}
			kept = append(kept, l)
		}
		lines = kept[:min(len(kept), h)]
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = ansi.Truncate(l, max(1, c.Width), "…")
	}
	return strings.Join(out, "\n")
}

// KeyMap holds the keys that mean the same in the list and in every dialog.
type KeyMap struct {
	// Moving in a list.
	Up, Down, PageUp, PageDown, Home, End key.Binding
	// Answering a question: enter answers no (Confirm's default).
	Yes, No key.Binding
	// Cancel leaves a dialog without doing anything.
	Cancel key.Binding
	// ForceQuit quits from anywhere, whatever is open.
	ForceQuit key.Binding
}

// Step returns how far a moving key moves in a list of n rows with page
// rows to a page (Up -1, PageDown page, End n...), and whether km is one:
// List (every list with a cursor) and the detail pane's scroll share the
// keys and their distances, and each clamps.
func (k KeyMap) Step(km tea.KeyMsg, page, n int) (d int, ok bool) {
	switch {
	case key.Matches(km, k.Up):
		return -1, true
	case key.Matches(km, k.Down):
		return 1, true
	case key.Matches(km, k.PageUp):
		return -page, true
	case key.Matches(km, k.PageDown):
		return page, true
	case key.Matches(km, k.Home):
		return -n, true
	case key.Matches(km, k.End):
		return n, true
	}
	return 0, false
}

// DefaultKeyMap returns the shared keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		PageUp:   key.NewBinding(key.WithKeys("pgup", "ctrl+b", "ctrl+u"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown", "ctrl+f", "ctrl+d"), key.WithHelp("pgdn", "page down")),
		Home:     key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("g/home", "first")),
		End:      key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("G/end", "last")),

		Yes: key.NewBinding(key.WithKeys("y", "Y"), key.WithHelp("y", "yes")),
		No:  key.NewBinding(key.WithKeys("n", "N", "esc", "enter"), key.WithHelp("n/esc/enter", "no")),

		Cancel:    key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
		ForceQuit: key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),
	}
}

// Step is what a dialog asked of the stack in one Update, through its
// Context: to be closed (Close; Result, when not nil, handled at once,
// by the root or the dialog then on top), or to open Open over it. The
// zero Step keeps the dialog open, as Update left it.
type Step struct {
	Close  bool
	Result tea.Msg
	Open   Dialog
}

// steps holds the Step a dialog asked for until the stack takes it. The
// contexts of the dialogs on one stack share it (Stack.Context), so that
// the stack reads it right after the Update that asked, before the next
// key: "d y u" typed at once deletes, then undoes the delete.
type steps struct{ step Step }

// Close asks the stack to close the dialog whose Update is running, and
// then to handle result (when not nil) as a message, before the next
// key: the root's, if it is one of the root's, else the dialog's beneath.
// Update then returns as usual; the stack closes the dialog once it has.
func (c Context) Close(result tea.Msg) { c.steps.step = Step{Close: true, Result: result} }

// Open asks the stack to open d over the dialog whose Update is running,
// once that Update returns; the dialog stays beneath as Update left it.
func (c Context) Open(d Dialog) { c.steps.step = Step{Open: d} }

// Take returns the Step asked for since the last Take, and forgets it:
// the stack calls it after each Update (a test of one dialog may too).
func (c Context) Take() Step {
	st := c.steps.step
	c.steps.step = Step{}
	return st
}

// Wrap breaks text at word boundaries (a word longer than a line is cut)
// into lines that fit width: the first after indent, the others after
// hang columns, both counted in the width. The indents are spaces added
// to the lines.
func Wrap(text string, width, indent, hang int) []string {
	first := strings.SplitN(ansi.Wrap(text, max(10, width-indent), ""), "\n", 2)[0]
	rest, ok := strings.CutPrefix(text, first)
	if !ok { // not a prefix (text with line breaks or escapes): all at the narrower width
		first, rest = "", text
	}
	var lines []string
	if first != "" {
		lines = append(lines, strings.Repeat(" ", indent)+first)
	}
	if rest = strings.TrimLeft(rest, " "); rest == "" {
		return lines
	}
	pad := hang
	if first == "" {
		pad = max(indent, hang)
	}
	for _, l := range strings.Split(ansi.Wrap(rest, max(10, width-max(indent, hang)), ""), "\n") {
		if len(lines) == 0 {
			l = strings.Repeat(" ", indent) + l
		} else {
			l = strings.Repeat(" ", pad) + l
		}
		lines = append(lines, l)
	}
	return lines
}

// FitLeft shortens s to at most w cells by cutting its start, prefix
// (counted in w) marking the cut: the end of a path, its file name, says
// the most. ansi.TruncateLeft counts the cells to cut, and keeps a wide
// character that the cut halves: one cell too many, which FitLeft cuts.
func FitLeft(s string, w int, prefix string) string {
	n := ansi.StringWidth(s)
	if n <= w {
		return s
	}
	keep := w - ansi.StringWidth(prefix)
	if keep <= 0 {
		return ansi.Truncate(prefix, max(w, 0), "")
	}
	for cut := n - keep; ; cut++ {
		if t := ansi.TruncateLeft(s, cut, ""); ansi.StringWidth(t) <= keep {
			return prefix + t
		}
	}
}
