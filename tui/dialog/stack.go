package dialog

import (
	"slices"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
)

// Stack holds the open dialogs, the last opened on top. The zero value is
// an empty stack. The root's host owns it: it pushes a dialog when a key
// opens one, hands the top one the keys and the dialogs' own messages
// (never the root's), and hands a closed dialog's Result on.
type Stack struct {
	dialogs []Dialog
	// steps is what the dialogs made with the stack's Context ask of it.
	steps *steps
}

// Context returns c for the dialogs of this stack: the steps they ask of
// it (Context.Close, Context.Open) are the stack's, which it carries out
// after each Update. A dialog made with another context asks in vain.
func (s *Stack) Context(c Context) Context {
	if s.steps == nil {
		s.steps = new(steps)
	}
	c.steps = s.steps
	return c
}

// Len returns the number of open dialogs.
func (s *Stack) Len() int { return len(s.dialogs) }

// Top returns the dialog on top, or nil when none is open.
func (s *Stack) Top() Dialog {
	if len(s.dialogs) == 0 {
		return nil
	}
	return s.dialogs[len(s.dialogs)-1]
}

// Dialogs returns the open dialogs, bottom first.
func (s *Stack) Dialogs() []Dialog { return slices.Clone(s.dialogs) }

// Push opens d over the others and returns its Init command.
func (s *Stack) Push(d Dialog) tea.Cmd {
	s.dialogs = append(s.dialogs, d)
	return d.Init()
}

// Pop closes the dialog on top, if any.
func (s *Stack) Pop() {
	if n := len(s.dialogs); n > 0 {
		s.dialogs[n-1] = nil
		s.dialogs = s.dialogs[:n-1]
	}
}

// Replace puts d in place of the dialog on top (a view rebuilt after an
// edit); with none open it pushes d.
func (s *Stack) Replace(d Dialog) {
	if n := len(s.dialogs); n > 0 {
		s.dialogs[n-1] = d
		return
	}
	s.dialogs = append(s.dialogs, d)
}

// SetSize gives every open dialog the area.
func (s *Stack) SetSize(width, height int) {
	for _, d := range s.dialogs {
		d.SetSize(width, height)
	}
}

// Update hands msg to the dialog on top and carries out, at once, the
// step it asked of its Context (Close, Open), or puts the dialog it
// returned in its place. It returns the dialogs' command and, when the
// top dialog closed with one, its result, which the caller handles next.
// With no dialog open it does nothing.
func (s *Stack) Update(msg tea.Msg) (cmd tea.Cmd, result tea.Msg) {
	top := s.Top()
	if top == nil {
		return nil, nil
	}
	s.take() // a step asked outside an Update of the top is no one's
	next, cmd := top.Update(msg)
	st := s.take()
	switch {
	case st.Close:
		s.Pop()
		return cmd, st.Result
	case st.Open != nil:
		return tea.Batch(cmd, s.Push(st.Open)), nil
	}
	if next, ok := next.(Dialog); ok {
		s.dialogs[len(s.dialogs)-1] = next
	}
	return cmd, nil
}

// Send hands msg to d, an open dialog that may not be on top (a message
// of its own command, come back while a question is over it). A step it
// asks is dropped: only the dialog on top closes or opens another.
func (s *Stack) Send(d Dialog, msg tea.Msg) tea.Cmd {
	_, cmd := d.Update(msg)
	s.take()
	return cmd
}

// take returns the step asked, and forgets it.
func (s *Stack) take() Step {
	if s.steps == nil {
		return Step{}
	}
	st := s.steps.step
	s.steps.step = Step{}
	return st
}

// Layers returns what is to be drawn: base, the highest dialog that takes
// the whole area (nil when every open dialog floats: the list is beneath),
// and the floating dialogs above it, lowest first.
func (s *Stack) Layers() (base Dialog, floating []Dialog) {
	i := len(s.dialogs) - 1
	for i >= 0 {
		if _, ok := s.dialogs[i].(Floating); !ok {
			break
		}
		i--
	}
	if i >= 0 {
		base = s.dialogs[i]
	}
	return base, s.dialogs[i+1:]
}

// Overlay draws box over bg, centred in bg's width×height cells: bg is a
// block of height lines each width cells wide (styled or not); what the
// box covers is hidden and the rest of each line is kept, styles included.
// A box larger than bg is cut to fit.
func Overlay(bg, box string, width, height int) string {
	lines := strings.Split(bg, "\n")
	rows := strings.Split(box, "\n")
	if len(rows) > height {
		rows = rows[:height]
	}
	bw := 0
	for _, r := range rows {
		bw = max(bw, ansi.StringWidth(r))
	}
	bw = min(bw, width)
	x, y := (width-bw)/2, (height-len(rows))/2
	for i, r := range rows {
		at := y + i
		if at < 0 || at >= len(lines) {
			continue
		}
		line := lines[at]
		left := ansi.Truncate(line, x, "")
		if strings.Contains(left, "\x1b") {
			left += ansi.ResetStyle
		}
		left += strings.Repeat(" ", max(0, x-ansi.StringWidth(left)))
		r = ansi.Truncate(r, bw, "")
		r += strings.Repeat(" ", bw-ansi.StringWidth(r))
		right := ansi.TruncateLeft(line, x+bw, "")
		out := left + r + right
		if ansi.StringWidth(out) > width {
			// A wide character straddled the box's right edge.
			out = ansi.Truncate(out, width, "")
		}
		lines[at] = out
	}
	return strings.Join(lines, "\n")
}
