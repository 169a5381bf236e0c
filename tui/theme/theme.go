// Package theme holds every colour and text style of uricat's terminal UI.
//
// All styles come from one adaptive palette (lipgloss.AdaptiveColor) and are
// made with one lipgloss.Renderer, so a component never picks a colour of its
// own: it takes a *Theme and renders with its fields. The terminal background
// must be detected before the Bubble Tea program starts (querying it later
// races with the program's own input reader) and passed to New.
//
// NO_COLOR (https://no-color.org/) is respected: the theme then uses no colour
// at all but keeps bold, underline and reverse, which the standard allows, so
// the selection and matches stay visible.
package theme

import (
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// Severity is the kind of a status message, which the palette colours
// (Success, Warning, Error): the root's status bar and the dialogs that
// report to it (dialog.Store.SetStatus) share it.
type Severity int

// The severities, least first.
const (
	Info Severity = iota
	Success
	Warning
	Error
)

// Palette is the set of adaptive colours every style is built from. Light is
// used on light backgrounds, Dark on dark ones.
type Palette struct {
	Text      lipgloss.AdaptiveColor // ordinary text
	Dim       lipgloss.AdaptiveColor // secondary text: URIs, dates, help descriptions
	Faint     lipgloss.AdaptiveColor // borders, separators, empty stars
	Accent    lipgloss.AdaptiveColor // titles, keys, group headers
	Selection lipgloss.AdaptiveColor // background of the selected row
	Match     lipgloss.AdaptiveColor // characters matched by the search
	Star      lipgloss.AdaptiveColor // rating stars
	Category  lipgloss.AdaptiveColor // category labels
	Error     lipgloss.AdaptiveColor // errors and invalid records
	Warning   lipgloss.AdaptiveColor // warnings and confirmations
	Success   lipgloss.AdaptiveColor // saved, imported
	Bar       lipgloss.AdaptiveColor // background of the status bar
	BarText   lipgloss.AdaptiveColor // text on the status bar
}

// DefaultPalette is uricat's palette: Charm-like violet accents, legible on
// both light and dark terminals.
var DefaultPalette = Palette{
	Text:      lipgloss.AdaptiveColor{Light: "#1C1C1C", Dark: "#DADADA"},
	Dim:       lipgloss.AdaptiveColor{Light: "#767676", Dark: "#8A8A8A"},
	Faint:     lipgloss.AdaptiveColor{Light: "#B2B2B2", Dark: "#4E4E4E"},
	Accent:    lipgloss.AdaptiveColor{Light: "#5A56E0", Dark: "#8D89FF"},
	Selection: lipgloss.AdaptiveColor{Light: "#E4E2FF", Dark: "#2F2C54"},
	Match:     lipgloss.AdaptiveColor{Light: "#C7006E", Dark: "#FF6AC1"},
	Star:      lipgloss.AdaptiveColor{Light: "#AF6F00", Dark: "#FFC94D"},
	Category:  lipgloss.AdaptiveColor{Light: "#00777A", Dark: "#5FD7D7"},
	Error:     lipgloss.AdaptiveColor{Light: "#C40000", Dark: "#FF6B6B"},
	Warning:   lipgloss.AdaptiveColor{Light: "#A66000", Dark: "#FFB454"},
	Success:   lipgloss.AdaptiveColor{Light: "#1F7A1F", Dark: "#7BD88F"},
	Bar:       lipgloss.AdaptiveColor{Light: "#E4E4E4", Dark: "#262626"},
	BarText:   lipgloss.AdaptiveColor{Light: "#303030", Dark: "#C6C6C6"},
}

// Theme is the set of styles the UI renders with. Fields are values, so a
// component may derive a variant (t.Name.Width(20)) without changing the
// theme.
type Theme struct {
	// Renderer made every style; components that build a style of their
	// own (rare) must use Renderer.NewStyle so the colour profile holds.
	Renderer *lipgloss.Renderer
	// Dark tells whether the palette's dark variants are in use.
	Dark bool
	// Color is false under NO_COLOR and with the Ascii profile.
	Color bool
	// Palette is the palette the styles were built from.
	Palette Palette

	Base  lipgloss.Style // ordinary text
	Dim   lipgloss.Style // secondary text
	Faint lipgloss.Style // separators, rules
	Title lipgloss.Style // the app name and pane titles

	// The bookmark list.
	Row          lipgloss.Style // a row, unselected
	RowSelected  lipgloss.Style // the selected row (background band)
	Cursor       lipgloss.Style // the marker before the selected row
	Marked       lipgloss.Style // the tick before a record selected for an action on many
	Name         lipgloss.Style // a bookmark's NAME
	URI          lipgloss.Style // the URI beneath, dimmed
	Category     lipgloss.Style // CATEGORY
	Date         lipgloss.Style // DATE
	Star         lipgloss.Style // a filled rating star
	StarEmpty    lipgloss.Style // an empty rating star
	Match        lipgloss.Style // characters the search matched
	Invalid      lipgloss.Style // the marker of a record with problems
	GroupHeader  lipgloss.Style // the heading of a group
	GroupCount   lipgloss.Style // the record count beside a heading
	EmptyMessage lipgloss.Style // "no bookmarks" and the like

	// The detail pane and dialogs.
	Pane        lipgloss.Style // a bordered pane
	PaneFocused lipgloss.Style // a bordered pane with focus
	Label       lipgloss.Style // a field's name
	Value       lipgloss.Style // a field's value
	Dialog      lipgloss.Style // a modal box
	DialogTitle lipgloss.Style // its title

	// Inputs (search box, form fields).
	Prompt      lipgloss.Style // "/" and field prompts
	Input       lipgloss.Style // typed text
	Placeholder lipgloss.Style // placeholder text
	InputCursor lipgloss.Style // the text cursor

	// Buttons and choices.
	Button       lipgloss.Style // an unfocused button or choice
	ButtonActive lipgloss.Style // the focused one

	// Messages.
	Error   lipgloss.Style
	Warning lipgloss.Style
	Success lipgloss.Style
	Info    lipgloss.Style

	// The status bar.
	StatusBar   lipgloss.Style // the bar itself
	StatusKey   lipgloss.Style // a label on the bar ("sort")
	StatusValue lipgloss.Style // its value
	StatusBrand lipgloss.Style // the "uricat" badge

	// Spinner is the style of spinners and progress bars.
	Spinner lipgloss.Style
	// Progress is the colour pair for bubbles/progress gradients
	// (Start, End as hex); empty under NO_COLOR.
	ProgressStart, ProgressEnd string

	// Help is for bubbles/help models: m.Styles = t.Help.
	Help help.Styles
}

// New returns the theme for the terminal on stdout: dark is the terminal's
// background as detected before the program started
// (lipgloss.HasDarkBackground()). NO_COLOR and CLICOLOR are honoured.
func New(dark bool) *Theme {
	return NewFor(os.Stdout, os.Environ(), dark)
}

// NewFor returns the theme for output w under the environment environ
// (os.Environ() form), which decides NO_COLOR and the colour profile.
func NewFor(w io.Writer, environ []string, dark bool) *Theme {
	env := environment(environ)
	out := termenv.NewOutput(w, termenv.WithEnvironment(env), termenv.WithColorCache(true))
	if out.EnvNoColor() {
		// No colour, but keep attributes: ANSI profile with colourless styles.
		return build(termenv.ANSI, false, dark)
	}
	return build(out.EnvColorProfile(), true, dark)
}

// ForTerminal is NewFor for output known to be a terminal, asking it
// nothing: the colour profile comes from environ alone (TERM, COLORTERM,
// NO_COLOR). A command that prints styled text and exits (uricat read)
// uses it: NewFor's colour cache queries the terminal, whose late answer
// would land in the shell as typed text.
func ForTerminal(environ []string, dark bool) *Theme {
	out := termenv.NewOutput(io.Discard, termenv.WithEnvironment(environment(environ)), termenv.WithTTY(true))
	if out.EnvNoColor() {
		return build(termenv.ANSI, false, dark)
	}
	return build(out.EnvColorProfile(), true, dark)
}

// Fixed returns a theme for a fixed colour profile, whatever the terminal
// and environment say: golden tests use Fixed(termenv.Ascii, true) for plain
// text, or termenv.ANSI256 to check colours.
func Fixed(profile termenv.Profile, dark bool) *Theme {
	return build(profile, profile != termenv.Ascii, dark)
}

// Plain is Fixed(termenv.Ascii, true): no escape sequences at all.
func Plain() *Theme { return Fixed(termenv.Ascii, true) }

func build(profile termenv.Profile, color, dark bool) *Theme {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(profile)
	r.SetHasDarkBackground(dark)
	p := DefaultPalette
	t := &Theme{Renderer: r, Dark: dark, Color: color, Palette: p}
	pt := painter{profile: profile, color: color, dark: dark}
	t.buildText(pt)
	t.buildPanes(pt)
	t.buildInputs(pt)
	t.buildStatus(pt)
	return t
}

// painter gives a style a palette colour, or nothing under NO_COLOR. The
// colour is resolved now, for this background and profile: lipgloss
// would otherwise convert the hex colour to the profile's nearest on
// every Render, which costs more than the rest of a frame.
type painter struct {
	profile     termenv.Profile
	color, dark bool
}

// fg gives st the foreground c.
func (pt painter) fg(st lipgloss.Style, c lipgloss.AdaptiveColor) lipgloss.Style {
	if !pt.color {
		return st
	}
	return st.Foreground(resolve(pt.profile, pt.dark, c))
}

// bg gives st the background c.
func (pt painter) bg(st lipgloss.Style, c lipgloss.AdaptiveColor) lipgloss.Style {
	if !pt.color {
		return st
	}
	return st.Background(resolve(pt.profile, pt.dark, c))
}

// border gives st's border the colour c.
func (pt painter) border(st lipgloss.Style, c lipgloss.AdaptiveColor) lipgloss.Style {
	if !pt.color {
		return st
	}
	return st.BorderForeground(resolve(pt.profile, pt.dark, c))
}

// buildText makes the styles of text and of the record list's rows.
func (t *Theme) buildText(pt painter) {
	s, p, fg := t.Renderer.NewStyle, t.Palette, pt.fg
	t.Base = fg(s(), p.Text)
	t.Dim = fg(s(), p.Dim)
	t.Faint = fg(s(), p.Faint)
	t.Title = fg(s().Bold(true), p.Accent)

	t.Row = s()
	if pt.color {
		t.RowSelected = pt.bg(s(), p.Selection)
	} else {
		t.RowSelected = s().Reverse(true)
	}
	t.Cursor = fg(s().Bold(true), p.Accent)
	t.Marked = fg(s().Bold(true), p.Success)
	t.Name = fg(s().Bold(true), p.Text)
	t.URI = fg(s(), p.Dim)
	t.Category = fg(s(), p.Category)
	t.Date = fg(s(), p.Dim)
	t.Star = fg(s(), p.Star)
	t.StarEmpty = fg(s(), p.Faint)
	t.Match = fg(s().Underline(true).Bold(true), p.Match)
	t.Invalid = fg(s().Bold(true), p.Error)
	t.GroupHeader = fg(s().Bold(true), p.Accent)
	t.GroupCount = fg(s(), p.Dim)
	t.EmptyMessage = fg(s().Italic(true), p.Dim)
}

// buildPanes makes the styles of the panes and the dialogs.
func (t *Theme) buildPanes(pt painter) {
	s, p, fg := t.Renderer.NewStyle, t.Palette, pt.fg
	t.Pane = pt.border(s().Border(lipgloss.RoundedBorder()).Padding(0, 1), p.Faint)
	t.PaneFocused = pt.border(s().Border(lipgloss.RoundedBorder()).Padding(0, 1), p.Accent)
	if !pt.color {
		// No accent colour to tell it by: a heavier line.
		t.PaneFocused = s().Border(lipgloss.ThickBorder()).Padding(0, 1)
	}
	t.Label = fg(s().Bold(true), p.Dim)
	t.Value = fg(s(), p.Text)
	t.Dialog = pt.border(s().Border(lipgloss.RoundedBorder()).Padding(1, 2), p.Accent)
	t.DialogTitle = fg(s().Bold(true), p.Accent)
}

// buildInputs makes the styles of text inputs and buttons.
func (t *Theme) buildInputs(pt painter) {
	s, p, fg := t.Renderer.NewStyle, t.Palette, pt.fg
	t.Prompt = fg(s().Bold(true), p.Accent)
	t.Input = fg(s(), p.Text)
	t.Placeholder = fg(s(), p.Dim)
	if pt.color {
		t.InputCursor = fg(s(), p.Accent)
	} else {
		t.InputCursor = s().Reverse(true)
	}

	t.Button = fg(s().Padding(0, 1), p.Dim)
	if pt.color {
		t.ButtonActive = pt.bg(fg(s().Padding(0, 1).Bold(true), p.Text), p.Selection)
	} else {
		t.ButtonActive = s().Padding(0, 1).Bold(true).Reverse(true)
	}
}

// buildStatus makes the styles of messages, the status bar, the spinner,
// the progress bar and the help.
func (t *Theme) buildStatus(pt painter) {
	s, p, fg, bg := t.Renderer.NewStyle, t.Palette, pt.fg, pt.bg
	t.Error = fg(s().Bold(true), p.Error)
	t.Warning = fg(s(), p.Warning)
	t.Success = fg(s(), p.Success)
	t.Info = fg(s(), p.Accent)

	t.StatusBar = bg(fg(s(), p.BarText), p.Bar)
	t.StatusKey = bg(fg(s(), p.Dim), p.Bar)
	t.StatusValue = bg(fg(s(), p.BarText), p.Bar)
	if pt.color {
		t.StatusBrand = s().Bold(true).Padding(0, 1).
			Foreground(resolve(pt.profile, pt.dark, lipgloss.AdaptiveColor{Light: "#FFFFFF", Dark: "#FFFFFF"})).
			Background(resolve(pt.profile, pt.dark, p.Accent))
	} else {
		t.StatusBrand = s().Bold(true).Padding(0, 1).Reverse(true)
	}

	t.Spinner = fg(s(), p.Accent)
	if pt.color {
		if pt.dark {
			t.ProgressStart, t.ProgressEnd = p.Accent.Dark, p.Match.Dark
		} else {
			t.ProgressStart, t.ProgressEnd = p.Accent.Light, p.Match.Light
		}
	}

	t.Help = help.Styles{
		Ellipsis:       fg(s(), p.Faint),
		ShortKey:       fg(s(), p.Accent),
		ShortDesc:      fg(s(), p.Dim),
		ShortSeparator: fg(s(), p.Faint),
		FullKey:        fg(s(), p.Accent),
		FullDesc:       fg(s(), p.Dim),
		FullSeparator:  fg(s(), p.Faint),
	}
}

// resolve picks c's variant for the background and converts it to the
// profile's nearest colour once: "105" for 256 colours, "13" for 16.
func resolve(profile termenv.Profile, dark bool, c lipgloss.AdaptiveColor) lipgloss.Color {
	hex := c.Light
	if dark {
		hex = c.Dark
	}
	switch col := profile.Color(hex).(type) {
	case termenv.ANSI256Color:
		return lipgloss.Color(strconv.Itoa(int(col)))
	case termenv.ANSIColor:
		return lipgloss.Color(strconv.Itoa(int(col)))
	}
	return lipgloss.Color(hex)
}

// environment adapts an os.Environ()-style list to termenv.Environ.
type environment []string

// Environ returns the list.
func (e environment) Environ() []string { return e }

// Getenv returns the last value of key in the list, as the shell would.
func (e environment) Getenv(key string) string {
	v := ""
	for _, kv := range e {
		if len(kv) > len(key) && kv[len(key)] == '=' && kv[:len(key)] == key {
			v = kv[len(key)+1:]
		}
	}
	return v
}

// Stars renders a rating 1-5 as five stars, filled up to rating. No
// rating (0, or less) is a dim dash in the first of the five cells, so
// that an unrated record does not look like a badly rated one. Plain
// text: "★★★☆☆", "–    ".
func (t *Theme) Stars(rating int) string { return t.StarsOn(rating, t.Renderer.NewStyle()) }

// StarsOn is Stars drawn on band, the background of the selected row.
func (t *Theme) StarsOn(rating int, band lipgloss.Style) string {
	if rating <= 0 {
		return t.StarEmpty.Inherit(band).Render("–") + band.Render("    ")
	}
	rating = min(rating, 5)
	return t.Star.Inherit(band).Render(strings.Repeat("★", rating)) + t.StarEmpty.Inherit(band).Render(strings.Repeat("☆", 5-rating))
}
