// Package opener opens a URI with the program the desktop has for it, for
// the TUI's `o` and for `uricat open`.
//
// The opener is never a shell: $BROWSER (a colon-separated list of
// commands, each optionally with %s for the URI, as Debian's
// sensible-browser reads it) is split into words and run directly, else
// xdg-open (open on macOS). A URI whose scheme is not one a browser is
// expected to handle (anything but http, https, ftp, mailto and gopher),
// or a mailto: URI that asks the mail program to attach or read a local
// file (FileParam), must be confirmed by the user first: NeedsConfirm says
// so, and the caller asks.
package opener

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
)

// safeSchemes are opened without asking: schemes a browser handles and that
// cannot run a local program or reach a local file.
var safeSchemes = []string{"http", "https", "ftp", "mailto", "gopher"}

// SafeSchemes returns the schemes that are opened without asking, for
// messages: "http, https, ftp, mailto or gopher".
func SafeSchemes() string {
	n := len(safeSchemes)
	return strings.Join(safeSchemes[:n-1], ", ") + " or " + safeSchemes[n-1]
}

// Scheme returns the URI's scheme, lower-cased, or "" if it has none.
func Scheme(uri string) string {
	colon := strings.IndexByte(uri, ':')
	if colon <= 0 {
		return ""
	}
	return strings.ToLower(uri[:colon])
}

// NeedsConfirm reports whether opening uri must be confirmed by the user
// first: its scheme is not http, https, ftp, mailto or gopher, or it is a
// mailto: URI with a FileParam.
func NeedsConfirm(uri string) bool {
	return !slices.Contains(safeSchemes, Scheme(uri)) || FileParam(uri) != ""
}

// FileParam returns the first parameter of a mailto: URI that may make the
// mail program attach or read a local file, as NAME=value decoded, or ""
// if it has none (or is not a mailto: URI). Mail programs read such files
// without asking (mutt, Thunderbird and Evolution take attach= or
// attachment=), so a link in a bookmark file could mail away
// ~/.ssh/id_rsa. Which names a program honours varies, so any name that
// starts with "attach", the name "file", and any parameter whose value
// looks like a local path or a file: URL count, names compared without
// regard to case, each part percent-decoded.
func FileParam(uri string) string {
	if Scheme(uri) != "mailto" {
		return ""
	}
	_, query, ok := strings.Cut(uri, "?")
	if !ok {
		return ""
	}
	query, _, _ = strings.Cut(query, "#")
	// RFC 6068 separates with &; some programs take ; too.
	for _, p := range strings.FieldsFunc(query, func(r rune) bool { return r == '&' || r == ';' }) {
		rawName, rawValue, _ := strings.Cut(p, "=")
		name := strings.ToLower(strings.TrimSpace(unescape(rawName)))
		value := unescape(rawValue)
		if strings.HasPrefix(name, "attach") || name == "file" || localPath(value) || localPath(rawValue) {
			return name + "=" + value
		}
	}
	return ""
}

// unescape percent-decodes s, or returns it as it is if it cannot be.
func unescape(s string) string {
	if u, err := url.PathUnescape(s); err == nil {
		return u
	}
	return s
}

// localPath reports whether v looks like a local file's path or a file:
// URL: /..., ~..., ./..., ../..., \\..., C:\... or C:/..., file:...
func localPath(v string) bool {
	v = strings.TrimSpace(v)
	for _, p := range []string{"/", "~", "./", "../", ".\\", "..\\", "\\"} {
		if strings.HasPrefix(v, p) {
			return true
		}
	}
	if len(v) >= 5 && strings.EqualFold(v[:5], "file:") {
		return true
	}
	return len(v) >= 3 && (v[0]|0x20 >= 'a' && v[0]|0x20 <= 'z') && v[1] == ':' && (v[2] == '\\' || v[2] == '/')
}

// checkWord returns why uri cannot be handed to a program as its argument:
// it must start with a scheme (RFC 3986 3.1: a letter, then letters,
// digits, "+", "-" or "."; then ":"), so that it is never taken for an
// option, and hold printable ASCII alone, no space, so that it is never
// split or read as anything but one word.
func checkWord(uri string) error {
	colon := strings.IndexByte(uri, ':')
	if colon <= 0 {
		return fmt.Errorf("%q has no scheme", uri)
	}
	for i := 0; i < len(uri); i++ {
		c := uri[i]
		switch {
		case c <= ' ' || c >= 0x7f:
			return fmt.Errorf("%q holds a space, a control character or a character that is not ASCII (byte %d)", uri, i)
		case i == 0 && !(c|0x20 >= 'a' && c|0x20 <= 'z'),
			i < colon && !(c|0x20 >= 'a' && c|0x20 <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
			return fmt.Errorf("%q does not start with a scheme", uri)
		}
	}
	return nil
}

// Opener starts the program that opens URIs. The zero value is not usable:
// use Default or fill every field (tests replace Start).
type Opener struct {
	Getenv   func(string) string
	LookPath func(string) (string, error)
	GOOS     string
	// Start runs cmd: StartDetached for the TUI, which owns the terminal.
	Start func(cmd *exec.Cmd) error
}

// Default opens with the real environment, and starts the program
// detached.
var Default = Opener{Getenv: os.Getenv, LookPath: exec.LookPath, GOOS: runtime.GOOS, Start: StartDetached}

// StartDetached starts cmd with no terminal I/O and reaps it in the
// background, without waiting for it.
func StartDetached(cmd *exec.Cmd) error {
	cmd.Stdin, cmd.Stdout, cmd.Stderr = nil, nil, nil
	if err := cmd.Start(); err != nil {
		return err
	}
	go cmd.Wait() //nolint:errcheck // the opener's exit status says nothing we can act on
	return nil
}

// Open opens uri, whatever its scheme: the caller has asked the user when
// NeedsConfirm(uri).
func (o Opener) Open(uri string) error {
	cmd, err := o.Command(uri)
	if err != nil {
		return err
	}
	if err := o.Start(cmd); err != nil {
		return fmt.Errorf("open %s: %w", cmd.Path, err)
	}
	return nil
}

// Command returns the command that would open uri, without starting it. A
// URI that is not one word of a scheme and printable ASCII is refused: it
// came from a file and could be anything, an option for the opener among
// others. (Whether it is a valid URI, SSD3 3.1, is the catalogue's to say:
// callers open the URIs of valid records.)
func (o Opener) Command(uri string) (*exec.Cmd, error) {
	if err := checkWord(uri); err != nil {
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
