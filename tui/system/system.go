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
// The opener is never a shell: $BROWSER (a colon-separated list of commands,
// each optionally with %s for the URI, as Debian's sensible-browser reads
// it) is split into words and run directly, else xdg-open (open on macOS).
package system

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strings"

	"github.com/aymanbagabas/go-osc52/v2"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
)

// safeSchemes are opened without asking: schemes a browser handles and that
// cannot run a local program or reach a local file.
var safeSchemes = map[string]bool{"http": true, "https": true, "ftp": true, "mailto": true, "gopher": true}

// Scheme returns the URI's scheme, lower-cased, or "" if it has none.
func Scheme(uri string) string {
	colon := strings.IndexByte(uri, ':')
	if colon <= 0 {
		return ""
	}
	return strings.ToLower(uri[:colon])
}

// NeedsConfirm reports whether opening uri must be confirmed by the user
// first: its scheme is not http, https, ftp, mailto or gopher.
func NeedsConfirm(uri string) bool { return !safeSchemes[Scheme(uri)] }

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

// Opener starts the program that opens URIs. The zero value is not usable:
// use DefaultOpener or fill every field (tests replace Start).
type Opener struct {
	Getenv   func(string) string
	LookPath func(string) (string, error)
	GOOS     string
	// Start starts cmd without waiting for it to finish.
	Start func(cmd *exec.Cmd) error
}

// DefaultOpener opens with the real environment and processes.
var DefaultOpener = Opener{Getenv: os.Getenv, LookPath: exec.LookPath, GOOS: runtime.GOOS, Start: startDetached}

// startDetached starts cmd with no terminal I/O (the TUI owns the terminal)
// and reaps it in the background.
func startDetached(cmd *exec.Cmd) error {
	cmd.Stdin, cmd.Stdout, cmd.Stderr = nil, nil, nil
	if err := cmd.Start(); err != nil {
		return err
	}
	go cmd.Wait() //nolint:errcheck // the opener's exit status says nothing we can act on
	return nil
}

// Open returns a command that opens uri, or, when NeedsConfirm(uri), answers
// ConfirmMsg and opens nothing.
func Open(uri string) tea.Cmd { return DefaultOpener.Open(uri) }

// OpenConfirmed returns a command that opens uri whatever its scheme: call it
// once the user has confirmed a ConfirmMsg.
func OpenConfirmed(uri string) tea.Cmd { return DefaultOpener.OpenConfirmed(uri) }

// Open is the package's Open with this opener.
func (o Opener) Open(uri string) tea.Cmd {
	if NeedsConfirm(uri) {
		return func() tea.Msg { return ConfirmMsg{URI: uri, Scheme: Scheme(uri)} }
	}
	return o.OpenConfirmed(uri)
}

// OpenConfirmed is the package's OpenConfirmed with this opener.
func (o Opener) OpenConfirmed(uri string) tea.Cmd {
	return func() tea.Msg {
		cmd, err := o.Command(uri)
		if err == nil {
			err = o.Start(cmd)
			if err != nil {
				err = fmt.Errorf("open %s: %w", cmd.Path, err)
			}
		}
		return OpenedMsg{URI: uri, Err: err}
	}
}

// Command returns the command that would open uri, without starting it. A
// URI that is not valid (SSD3 3.1) is refused: it came from a file and could
// be anything.
func (o Opener) Command(uri string) (*exec.Cmd, error) {
	if err := catalogue.ValidateURI(uri); err != nil {
		return nil, fmt.Errorf("not opened: %w", err)
	}
	if b := o.Getenv("BROWSER"); strings.TrimSpace(b) != "" {
		for _, entry := range strings.Split(b, ":") {
			words := strings.Fields(entry)
			if len(words) == 0 {
				continue
			}
			path, err := o.LookPath(words[0])
			if err != nil {
				continue
			}
			args, substituted := make([]string, 0, len(words)), false
			for _, w := range words[1:] {
				if strings.Contains(w, "%s") {
					w, substituted = strings.ReplaceAll(w, "%s", uri), true
				}
				args = append(args, w)
			}
			if !substituted {
				args = append(args, uri)
			}
			return exec.Command(path, args...), nil
		}
	}
	var candidates [][]string
	switch o.GOOS {
	case "darwin":
		candidates = [][]string{{"open"}}
	case "windows":
		candidates = [][]string{{"rundll32", "url.dll,FileProtocolHandler"}}
	default:
		candidates = [][]string{{"xdg-open"}, {"wslview"}}
	}
	for _, c := range candidates {
		if path, err := o.LookPath(c[0]); err == nil {
			return exec.Command(path, append(c[1:], uri)...), nil
		}
	}
	return nil, errors.New("no program to open URIs: set $BROWSER or install xdg-open")
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
