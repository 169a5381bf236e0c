package organise

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/tui/dialog"
)

// prompt is a box that asks for one value (a category's new path, a
// tag's new name) and shows, as it is typed, what applying it would do:
// the preview. Enter applies it through the store and closes the box; a
// value the preview refuses is not applied.
type prompt struct {
	ctx   dialog.Context
	title string
	input textinput.Model
	// preview says what the value would do ("renames 37 records; ..."),
	// or why it cannot be.
	preview func(v string) (string, error)
	// apply applies the value: the store's command, or the catalogue's
	// refusal.
	apply func(v string) (tea.Cmd, error)
	err   string // the last refusal, until the value changes
	// The preview of the value shown, worked out once per value: a
	// preview plans the edit over every record.
	shown       string
	said        string
	sayErr      error
	previewDone bool
	applyKey    key.Binding
	completes   bool // values are offered as the text is typed (completing)
}

func newPrompt(ctx dialog.Context, title, value string, preview func(string) (string, error), apply func(string) (tea.Cmd, error)) *prompt {
	in := textinput.New()
	in.Prompt = "> "
	in.PromptStyle = ctx.Theme.Prompt
	in.TextStyle = ctx.Theme.Input
	in.SetValue(value)
	in.CursorEnd()
	in.Focus()
	return &prompt{ctx: ctx, title: title, input: in, preview: preview, apply: apply,
		applyKey: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "apply"))}
}

// completing makes the box offer values (the paths or tags in use) as
// what is typed begins them, shown after the text; tab takes the one
// shown, ctrl+n and ctrl+p show the others. A typo then need not make a
// new category or tag.
func (p *prompt) completing(values []string) *prompt {
	p.input.ShowSuggestions = true
	p.input.SetSuggestions(values)
	p.completes = true
	return p
}

// Floats marks the box as drawn over the view that opened it.
func (p *prompt) Floats() {}

// Init starts the cursor blinking.
func (p *prompt) Init() tea.Cmd { return textinput.Blink }

// SetSize sets the area the box is centred in.
func (p *prompt) SetSize(w, h int) { p.ctx.SetSize(w, h) }

// Update edits the value; enter applies it, esc closes the box.
func (p *prompt) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if km, ok := msg.(tea.KeyMsg); ok {
		switch {
		case key.Matches(km, p.ctx.Keys.Cancel):
			p.ctx.Close(nil)
			return p, nil
		case key.Matches(km, p.applyKey):
			v := p.input.Value()
			if _, err := p.preview(v); err != nil {
				p.err = err.Error()
				return p, nil
			}
			cmd, err := p.apply(v)
			if err != nil {
				p.err = dialog.Describe(err)
				return p, nil
			}
			p.ctx.Close(nil)
			return p, cmd
		}
	}
	before := p.input.Value()
	var cmd tea.Cmd
	p.input, cmd = p.input.Update(msg)
	if p.input.Value() != before {
		p.err = ""
	}
	return p, cmd
}

// ShortHelp returns the prompt's keys.
func (p *prompt) ShortHelp() []key.Binding {
	if p.completes {
		return []key.Binding{p.applyKey, key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "complete")), p.ctx.Keys.Cancel}
	}
	return []key.Binding{p.applyKey, p.ctx.Keys.Cancel}
}

// FullHelp returns the prompt's keys.
func (p *prompt) FullHelp() [][]key.Binding { return [][]key.Binding{p.ShortHelp()} }

// View draws the box: the title, the input and the preview.
func (p *prompt) View() string {
	t := p.ctx.Theme
	box := t.Dialog
	w := min(max(20, p.ctx.Width-box.GetHorizontalFrameSize()), 64)
	p.input.Width = max(1, w-3)
	// The value may be a CATEGORY or a tag from the file: shown as the
	// search box shows it, its control characters marked, never sent.
	lines := []string{t.DialogTitle.Render(ansi.Truncate(display.Text(p.title), w, "…")), display.MarkInvisible(p.input.View()), ""}
	if v := p.input.Value(); !p.previewDone || v != p.shown {
		p.shown, p.previewDone = v, true
		p.said, p.sayErr = p.preview(v)
	}
	say, err := p.said, p.sayErr
	style := t.Dim
	switch {
	case p.err != "":
		say, style = p.err, t.Error
	case err != nil:
		say, style = err.Error(), t.Warning
	}
	for _, l := range strings.Split(ansi.Wrap(display.Text(say), w, " "), "\n") {
		lines = append(lines, style.Render(l))
	}
	return box.Width(w + box.GetHorizontalPadding()).Render(strings.Join(lines, "\n"))
}
