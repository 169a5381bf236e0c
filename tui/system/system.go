// Package system hands a bookmark to the rest of the desktop: it opens a URI
// with the system's opener and copies text to the clipboard with OSC 52.
//
// Both run as tea.Cmds and answer with typed messages the root handles:
//
//   - Open(uri) answers OpenedMsg, or ConfirmMsg without opening anything when
//     the URI's scheme is not one a browser is expected to handle (anything
//     but http, https, ftp, mailto and gopher): the root asks the user, then
//     calls OpenConfirmed(uri).
//   - Copy(text) answers CopiedMsg.
//
// The opener itself, which the CLI's `uricat open` shares, is
// internal/opener.
package system

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/aymanbagabas/go-osc52/v2"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/internal/opener"
)

// OpenedMsg reports that the opener was started for URI (Err nil), or why it
// could not be.
type OpenedMsg struct {
	URI string
	Err error
}

// ConfirmMsg asks the root to confirm opening URI, whose Scheme is not one
// that is opened without asking. Nothing has been opened.
type ConfirmMsg struct {
	URI    string
	Scheme string
}

// CopiedMsg reports that Text was sent to the terminal's clipboard (Err nil),
// or why it could not be. The terminal may still ignore OSC 52.
type CopiedMsg struct {
	Text string
	Err  error
}

// Opener is an opener.Opener whose Open and OpenConfirmed are tea.Cmds.
type Opener struct{ opener.Opener }

// DefaultOpener opens with the real environment and processes, detached
// from the terminal the TUI owns.
var DefaultOpener = Opener{opener.Default}

// Open returns a command that opens uri, or, when opener.NeedsConfirm(uri),
// answers ConfirmMsg and opens nothing.
func Open(uri string) tea.Cmd { return DefaultOpener.Open(uri) }

// OpenConfirmed returns a command that opens uri whatever its scheme: call it
// once the user has confirmed a ConfirmMsg.
func OpenConfirmed(uri string) tea.Cmd { return DefaultOpener.OpenConfirmed(uri) }

// Open is the package's Open with this opener.
func (o Opener) Open(uri string) tea.Cmd {
	if opener.NeedsConfirm(uri) {
		return func() tea.Msg { return ConfirmMsg{URI: uri, Scheme: opener.Scheme(uri)} }
	}
	return o.OpenConfirmed(uri)
}

// OpenConfirmed is the package's OpenConfirmed with this opener.
func (o Opener) OpenConfirmed(uri string) tea.Cmd {
	return func() tea.Msg { return OpenedMsg{URI: uri, Err: o.Opener.Open(uri)} }
}

// Clipboard writes OSC 52 sequences to a terminal.
type Clipboard struct {
	Out    io.Writer
	Getenv func(string) string
}

// DefaultClipboard writes to standard output, which the TUI renders on.
var DefaultClipboard = Clipboard{Out: os.Stdout, Getenv: os.Getenv}

// Copy returns a command that puts text on the terminal's clipboard with
// OSC 52, which works over ssh. Inside tmux or screen the sequence is
// wrapped so that it reaches the outer terminal.
func Copy(text string) tea.Cmd { return DefaultClipboard.Copy(text) }

// Copy is the package's Copy with this clipboard.
func (c Clipboard) Copy(text string) tea.Cmd {
	return func() tea.Msg {
		seq := osc52.New(text)
		out := seq.String()
		switch {
		case c.Getenv("TMUX") != "":
			// tmux takes a plain OSC 52 itself when set-clipboard is on
			// (and passes it on to the terminal), and lets a wrapped one
			// through when allow-passthrough is on; neither is the
			// default everywhere, so send both.
			out += seq.Tmux().String()
		case strings.HasPrefix(c.Getenv("TERM"), "screen"):
			out = seq.Screen().String()
		}
		// One write, so that the sequence is not split by a frame the
		// renderer writes at the same time.
		_, err := io.WriteString(c.Out, out)
		if err != nil {
			err = fmt.Errorf("copy to clipboard: %w", err)
		}
		return CopiedMsg{Text: text, Err: err}
	}
}
