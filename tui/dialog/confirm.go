package dialog

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/uricat/uricat/internal/display"
)

// Question is what a Confirm asks, and what each answer does.
type Question struct {
	// Text is the question: "Delete “go.dev”?".
	Text string
	// Detail says more, dimmed beneath the question; it may be empty.
	Detail string
	// Verb is what yes does, for its button and the help bar: "delete".
	Verb string
	// Yes is the result of y: a message for the root (or for the dialog
	// beneath, which asked).
	Yes tea.Msg
	// No is the result of n, esc or enter; nil for none.
	No tea.Msg
}

// Confirm asks a yes/no question in a box over what is beneath it. y
// answers yes; n, esc and enter answer no, the default, so that a key hit
// by mistake does nothing; other keys are ignored. It closes with the
// answer's message as its Result.
type Confirm struct {
	ctx Context
	q   Question
	yes key.Binding // ctx.Keys.Yes, with the verb as its help
}

// NewConfirm returns the question q as a dialog.
func NewConfirm(ctx Context, q Question) *Confirm {
	yes := ctx.Keys.Yes
	if q.Verb != "" {
		yes.SetHelp(yes.Help().Key, q.Verb)
	}
	return &Confirm{ctx: ctx, q: q, yes: yes}
}

// Question returns what the dialog asks.
func (c *Confirm) Question() Question { return c.q }

// Floats marks the box as drawn over what is beneath it.
func (c *Confirm) Floats() {}

// Init does nothing.
func (c *Confirm) Init() tea.Cmd { return nil }

// SetSize sets the area the box is centred in.
func (c *Confirm) SetSize(width, height int) { c.ctx.SetSize(width, height) }

// Update answers on y, n, esc or enter.
func (c *Confirm) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return c, nil
	}
	switch {
	case key.Matches(km, c.yes):
		c.ctx.Close(c.q.Yes)
	case key.Matches(km, c.ctx.Keys.No):
		c.ctx.Close(c.q.No)
	}
	return c, nil
}

// ShortHelp returns the answers.
func (c *Confirm) ShortHelp() []key.Binding { return []key.Binding{c.yes, c.ctx.Keys.No} }

// FullHelp returns the answers.
func (c *Confirm) FullHelp() [][]key.Binding { return [][]key.Binding{c.ShortHelp()} }

// View draws the box: the question, its detail, and the two answers, no
// (the default) highlighted. In an area too small for all of it, the
// answers stay: the detail goes first, then the blank line, then the box,
// then the lines of the question that do not fit.
func (c *Confirm) View() string {
	t := c.ctx.Theme
	box := t.Dialog
	text := display.Text(c.q.Text)
	detail := display.Text(c.q.Detail)
	verb := c.q.Verb
	if verb == "" {
		verb = "yes"
	}
	buttons := t.Button.Render("y "+verb) + "  " + t.ButtonActive.Render("n no")
	// The box when it leaves room for the answers and a line of question.
	frameW, frameH := box.GetHorizontalFrameSize(), box.GetVerticalFrameSize()
	boxed := c.ctx.Width >= frameW+ansi.StringWidth(buttons) && c.ctx.Height >= frameH+2
	room, lines := max(1, c.ctx.Width), max(1, c.ctx.Height)
	if boxed {
		room, lines = c.ctx.Width-frameW, c.ctx.Height-frameH
	}
	// The text's width: as wide as the question needs, from 36 cells
	// (the box stands out) to 64, and never wider than the room.
	w := min(room, max(36, ansi.StringWidth(buttons), min(64, max(ansi.StringWidth(text), ansi.StringWidth(detail)))))
	question := strings.Split(ansi.Wrap(text, w, " "), "\n")
	if n := lines - 1; len(question) > n {
		question = question[:n]
		if n > 0 {
			question[n-1] = ansi.Truncate(question[n-1]+" …", w, "…")
		}
	}
	var details []string
	if detail != "" {
		details = strings.Split(ansi.Wrap(detail, w, " "), "\n")
	}
	left := lines - len(question) - 1 // the answers' line
	details = details[:max(0, min(len(details), left))]
	out := make([]string, 0, lines)
	for _, l := range question {
		out = append(out, t.DialogTitle.Render(l))
	}
	for _, l := range details {
		out = append(out, t.Dim.Render(l))
	}
	if left > len(details) {
		out = append(out, "")
	}
	out = append(out, ansi.Truncate(buttons, w, "…"))
	if !boxed {
		return strings.Join(out, "\n")
	}
	return box.Width(w + box.GetHorizontalPadding()).Render(strings.Join(out, "\n"))
}
