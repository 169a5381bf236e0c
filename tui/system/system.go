// Package system hands a bookmark to the rest of the desktop: it opens a URI
// with the system's opener and copies text to the clipboard with OSC 52,
// tmux's buffer and the desktop's clipboard program.
//
// Both run as tea.Cmds and answer with typed messages the root handles:
//
//   - Open(uri) answers OpenedMsg, or ConfirmMsg without opening anything when
//     the URI's scheme is not one a browser is expected to handle (anything
//     but http, https, ftp, mailto and gopher): the root asks the user, then
//     calls OpenConfirmed(uri).
//   - Copy(text) answers CopiedMsg, saying which ways took the text.
//
// The opener itself, which the CLI's `uricat open` shares, is
// internal/opener.
package system

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"

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

// CopiedMsg reports where Text was sent: Via names each way that took it
// ("OSC 52", "tmux buffer", "xclip", ...), in order. Err is why the others
// did not; with Via empty, nothing was copied. (A terminal may still ignore
// OSC 52: writing it is all that can be known.)
type CopiedMsg struct {
	Text string
	Via  []string
	Err  error
}

// OpenedAllMsg reports what OpenAll did: the URIs opened, in order, those
// that could not be (Errs, by URI), and those left unopened because their
// scheme asks for a confirmation one at a time.
type OpenedAllMsg struct {
	Opened, Asked []string
	Failed        []OpenedMsg
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

// OpenAll returns a command that opens uris one after another, in their
// order (a browser given them at once opens its tabs in any order), and
// answers one OpenedAllMsg. URIs whose scheme asks for a confirmation are
// not opened.
func (o Opener) OpenAll(uris []string) tea.Cmd {
	return func() tea.Msg {
		var msg OpenedAllMsg
		for _, u := range uris {
			switch {
			case opener.NeedsConfirm(u):
				msg.Asked = append(msg.Asked, u)
			default:
				if len(msg.Opened)+len(msg.Failed) > 0 {
					// The opener returns once the browser is started:
					// a moment lets it take each link in turn.
					time.Sleep(openPause)
				}
				if err := o.Opener.Open(u); err != nil {
					msg.Failed = append(msg.Failed, OpenedMsg{URI: u, Err: err})
					continue
				}
				msg.Opened = append(msg.Opened, u)
			}
		}
		return msg
	}
}

// openPause is the wait between two links OpenAll opens.
const openPause = 100 * time.Millisecond

// OpenAll is the package's OpenAll with the default opener.
func OpenAll(uris []string) tea.Cmd { return DefaultOpener.OpenAll(uris) }

// OpenConfirmed is the package's OpenConfirmed with this opener.
func (o Opener) OpenConfirmed(uri string) tea.Cmd {
	return func() tea.Msg { return OpenedMsg{URI: uri, Err: o.Opener.Open(uri)} }
}

// Clipboard writes OSC 52 sequences to a terminal and, where there is one,
// hands the text to a clipboard program too: tmux's buffer inside tmux, and
// the desktop's clipboard tool (wl-copy, xclip, xsel; pbcopy on macOS).
type Clipboard struct {
	Out    io.Writer
	Getenv func(string) string
	// LookPath finds a program (exec.LookPath); GOOS is runtime.GOOS.
	LookPath func(string) (string, error)
	GOOS     string
	// Run runs the program path with args, text on its standard input,
	// and waits at most Timeout for it. Nil runs no program: only OSC 52
	// is written.
	Run     func(ctx context.Context, stdin string, path string, args ...string) error
	Timeout time.Duration
}

// DefaultClipboard writes to standard output, which the TUI renders on, and
// runs the real clipboard programs.
var DefaultClipboard = Clipboard{
	Out:      os.Stdout,
	Getenv:   os.Getenv,
	LookPath: exec.LookPath,
	GOOS:     runtime.GOOS,
	Run:      runProgram,
	Timeout:  2 * time.Second,
}

// runProgram runs path with text on its standard input. Its output goes
// nowhere: xclip and wl-copy leave a child holding the selection, which
// would hold an output pipe, and Wait, open.
func runProgram(ctx context.Context, stdin string, path string, args ...string) error {
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Stdin = strings.NewReader(stdin)
	cmd.WaitDelay = 500 * time.Millisecond
	return cmd.Run()
}

// Copy returns a command that puts text on the terminal's clipboard with
// OSC 52, which works over ssh. Inside tmux or screen the sequence is
// wrapped so that it reaches the outer terminal; inside tmux the text is
// also loaded into tmux's buffer (tmux load-buffer -w, which passes it on
// to the outer terminal's clipboard as tmux's own set-clipboard allows),
// and on a desktop it is also piped to the first clipboard program found.
func Copy(text string) tea.Cmd { return DefaultClipboard.Copy(text) }

// Copy is the package's Copy with this clipboard.
func (c Clipboard) Copy(text string) tea.Cmd {
	return func() tea.Msg {
		var via []string
		var errs []error
		if err := c.writeOSC52(text); err != nil {
			errs = append(errs, err)
		} else {
			via = append(via, "OSC 52")
		}
		if c.Run == nil {
			return CopiedMsg{Text: text, Via: via, Err: errors.Join(errs...)}
		}
		if c.Getenv("TMUX") != "" {
			// -w (tmux 3.2) also sets the outer clipboard; an older tmux
			// refuses it, and takes the buffer without.
			err := c.run(text, "tmux", "load-buffer", "-w", "-")
			if err != nil {
				err = c.run(text, "tmux", "load-buffer", "-")
			}
			if err != nil {
				errs = append(errs, fmt.Errorf("tmux buffer: %w", err))
			} else {
				via = append(via, "tmux buffer")
			}
		}
		if tool := c.tool(); tool != nil {
			if err := c.run(text, tool[0], tool[1:]...); err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", tool[0], err))
			} else {
				via = append(via, tool[0])
			}
		}
		return CopiedMsg{Text: text, Via: via, Err: errors.Join(errs...)}
	}
}

// writeOSC52 writes text to the terminal as OSC 52, wrapped for tmux or
// screen.
func (c Clipboard) writeOSC52(text string) error {
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
	if _, err := io.WriteString(c.Out, out); err != nil {
		return fmt.Errorf("OSC 52: %w", err)
	}
	return nil
}

// tool returns the desktop's clipboard program and its arguments, the
// first installed of those the session can use, or nil.
func (c Clipboard) tool() []string {
	var candidates [][]string
	if c.GOOS == "darwin" {
		candidates = append(candidates, []string{"pbcopy"})
	}
	if c.Getenv("WAYLAND_DISPLAY") != "" {
		candidates = append(candidates, []string{"wl-copy"})
	}
	if c.Getenv("DISPLAY") != "" {
		candidates = append(candidates,
			[]string{"xclip", "-selection", "clipboard"},
			[]string{"xsel", "--clipboard", "--input"})
	}
	for _, t := range candidates {
		if c.LookPath == nil {
			break
		}
		if _, err := c.LookPath(t[0]); err == nil {
			return t
		}
	}
	return nil
}

// run runs the program name, found with LookPath, with text on its
// standard input, for at most c.Timeout.
func (c Clipboard) run(text, name string, args ...string) error {
	path := name
	if c.LookPath != nil {
		p, err := c.LookPath(name)
		if err != nil {
			return err
		}
		path = p
	}
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = 2 * time.Second
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	err := c.Run(ctx, text, path, args...)
	if err != nil && ctx.Err() != nil {
		return fmt.Errorf("no answer in %v", timeout)
	}
	return err
}
