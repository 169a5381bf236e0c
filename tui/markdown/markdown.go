// Package markdown renders an archived page's Markdown for a terminal, in
// the app's theme: the one rendering that `uricat read` and the TUI's
// reader share (glamour, styled from theme.Palette).
//
// A page's text is written by strangers, so it is made safe BEFORE it is
// rendered (Clean): escape sequences and control characters go, and
// bidirectional and invisible characters are shown as markers, as in the
// rest of the app (internal/display). Character references that would
// decode to such characters (&#27;, &#x202E;, &rlm;) are neutralised too,
// since the Markdown parser would otherwise turn them back into the raw
// character after Clean. The escape sequences in the output are then
// glamour's own styling, never the page's.
package markdown

import (
	"fmt"
	"html"
	"regexp"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/glamour"
	gansi "github.com/charmbracelet/glamour/ansi"
	"github.com/charmbracelet/glamour/styles"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/tui/theme"
)

// charRef matches an HTML character reference, as CommonMark decodes
// them: numeric (&#27; &#x1b;) or named (&rlm;).
// The semicolon is optional: the parser decodes "&#1" at the end of the
// text too.
var charRef = regexp.MustCompile(`&(?:#[0-9]{1,8}|#[xX][0-9a-fA-F]{1,8}|[A-Za-z][A-Za-z0-9]{1,31});?`)

// Clean makes Markdown from a page safe to render and print: what
// display.Clean drops goes (escape sequences, control characters other
// than line feed and tab, invalid UTF-8), invisible characters are shown
// as markers ("⟨U+202E⟩"), and so are character references that decode
// to them.
func Clean(md string) string {
	md = display.MarkInvisible(display.Clean(md))
	if strings.IndexByte(md, '&') < 0 {
		return md
	}
	return charRef.ReplaceAllStringFunc(md, func(ref string) string {
		dec := html.UnescapeString(ref)
		if dec == ref {
			return ref // not a reference the parser knows either
		}
		var b strings.Builder
		for _, r := range dec {
			switch {
			case r == utf8.RuneError, r == 0, unicode.IsControl(r):
				// Dropped, as Clean drops the raw character.
			case display.Invisible(r):
				b.WriteString(display.MarkInvisible(string(r)))
			default:
				return ref // harmless: left for the parser to decode
			}
		}
		return b.String()
	})
}

// Document is the Markdown of an archived page as `uricat read` prints it
// and the reader shows it: the title as a heading, the URI and when it was
// archived, a rule, then the text. Everything in it is Clean.
func Document(title, uri string, fetched time.Time, text string) string {
	var b strings.Builder
	if t := display.Text(title); strings.TrimSpace(t) != "" {
		fmt.Fprintf(&b, "# %s\n\n", escapeInline(t))
	}
	fmt.Fprintf(&b, "<%s>", display.Text(uri))
	if !fetched.IsZero() {
		fmt.Fprintf(&b, " · archived %s", display.Date(fetched))
	}
	b.WriteByte('\n')
	b.WriteString("\n---\n\n")
	b.WriteString(Clean(text))
	if !strings.HasSuffix(text, "\n") {
		b.WriteByte('\n')
	}
	return b.String()
}

// escapeInline keeps a one-line text from reading as Markdown markup
// (a title "*new* release" stays as it was written).
func escapeInline(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune("\\`*_[]<>#&|~", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Render renders md (made safe with Clean first) for a terminal width
// cells wide, in th's colours (none under NO_COLOR or the Ascii profile).
func Render(th *theme.Theme, md string, width int) (string, error) {
	r, err := glamour.NewTermRenderer(
		glamour.WithStyles(Style(th)),
		glamour.WithColorProfile(th.Renderer.ColorProfile()),
		glamour.WithWordWrap(max(20, width-2*margin)),
	)
	if err != nil {
		return "", fmt.Errorf("markdown renderer: %w", err)
	}
	out, err := r.Render(Clean(md))
	if err != nil {
		return "", fmt.Errorf("render markdown: %w", err)
	}
	out = dropControls(out)
	if th.Renderer.ColorProfile() == termenv.Ascii {
		// Glamour writes bold and underline whatever the profile: a
		// terminal without them gets the text alone.
		out = ansi.Strip(out)
	}
	return out, nil
}

// dropControls removes from glamour's output any control character but
// its own escapes' ESC, line feed and tab: whatever way the parser found
// to turn text into one (a reference Clean did not foresee), it does not
// reach the terminal.
func dropControls(s string) string {
	clean := true
	for _, r := range s {
		if r != 0x1b && r != '\n' && r != '\t' && unicode.IsControl(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	return strings.Map(func(r rune) rune {
		if r != 0x1b && r != '\n' && r != '\t' && unicode.IsControl(r) {
			return -1
		}
		return r
	}, s)
}

// margin is the document's left and right margin, in cells.
const margin = 1

// Style is the glamour style of th: glamour's dark or light one with the
// palette's colours, or without colour (NO_COLOR: bold and italics stay,
// as the rest of the app keeps them).
func Style(th *theme.Theme) gansi.StyleConfig {
	st := styles.LightStyleConfig
	if th.Dark {
		st = styles.DarkStyleConfig
	}
	st.Document.Margin = uintPtr(margin)
	p := th.Palette
	c := func(a lipgloss.AdaptiveColor) *string {
		if !th.Color {
			return nil
		}
		if th.Dark {
			return &a.Dark
		}
		return &a.Light
	}
	st.Document.Color = c(p.Text)
	st.Heading.Color = c(p.Accent)
	st.H1.Color = c(lipgloss.AdaptiveColor{Light: "#FFFFFF", Dark: "#FFFFFF"})
	st.H1.BackgroundColor = c(p.Accent)
	st.H6.Color = c(p.Dim)
	st.HorizontalRule.Color = c(p.Faint)
	st.Link.Color = c(p.Dim)
	st.LinkText.Color = c(p.Accent)
	st.Image.Color = c(p.Dim)
	st.ImageText.Color = c(p.Dim)
	st.Code.Color = c(p.Match)
	st.Code.BackgroundColor = nil
	st.BlockQuote.Color = c(p.Dim)
	st.CodeBlock.Color = c(p.Dim)
	if !th.Color {
		st.CodeBlock.Chroma = nil
		if !th.Dark {
			// Light's heading has a colour of its own.
			st.Heading.BackgroundColor = nil
		}
	}
	return st
}

func uintPtr(u uint) *uint { return &u }
