package system

import (
	"bytes"
	"encoding/base64"
	"errors"
	"os/exec"
	"strings"
	"testing"

	"github.com/uricat/uricat/internal/opener"
)

// fakeOpener has every program and records what it starts. (The choice of
// program is internal/opener's, and tested there.)
func fakeOpener() (*Opener, *[][]string) {
	var started [][]string
	o := &Opener{opener.Opener{
		Getenv:   func(string) string { return "" },
		LookPath: func(name string) (string, error) { return "/usr/bin/" + name, nil },
		GOOS:     "linux",
		Start: func(cmd *exec.Cmd) error {
			started = append(started, append([]string{cmd.Path}, cmd.Args[1:]...))
			return nil
		},
	}}
	return o, &started
}

func TestOpenAsksForUnsafeSchemes(t *testing.T) {
	o, started := fakeOpener()
	msg := o.Open("file:///etc/passwd")()
	cm, ok := msg.(ConfirmMsg)
	if !ok || cm.URI != "file:///etc/passwd" || cm.Scheme != "file" {
		t.Fatalf("Open(file:) = %#v, want ConfirmMsg", msg)
	}
	if len(*started) != 0 {
		t.Fatalf("Open started %v before confirmation", *started)
	}
	msg = o.OpenConfirmed("file:///etc/passwd")()
	if om, ok := msg.(OpenedMsg); !ok || om.Err != nil {
		t.Fatalf("OpenConfirmed = %#v", msg)
	}
	if len(*started) != 1 {
		t.Fatalf("started %v, want one command", *started)
	}
}

// The TUI's o asks before a mailto: that would attach a local file, as
// uricat open does (issue 22).
func TestOpenAsksForMailtoAttach(t *testing.T) {
	o, started := fakeOpener()
	uri := "mailto:x@example.org?attach=/root/.ssh/id_rsa"
	if msg := o.Open(uri)(); msg != (ConfirmMsg{URI: uri, Scheme: "mailto"}) {
		t.Errorf("Open(%s) = %#v, want ConfirmMsg", uri, msg)
	}
	if len(*started) != 0 {
		t.Errorf("Open started %v before confirmation", *started)
	}
}

func TestOpenSafeSchemeStarts(t *testing.T) {
	o, started := fakeOpener()
	msg := o.Open("https://example.org/")()
	if om, ok := msg.(OpenedMsg); !ok || om.Err != nil || om.URI != "https://example.org/" {
		t.Fatalf("Open = %#v", msg)
	}
	if len(*started) != 1 {
		t.Fatalf("started %v", *started)
	}
}

func TestOpenReportsStartFailure(t *testing.T) {
	o, _ := fakeOpener()
	o.Start = func(*exec.Cmd) error { return errors.New("permission denied") }
	msg := o.Open("https://example.org/")().(OpenedMsg)
	if msg.Err == nil || !strings.Contains(msg.Err.Error(), "permission denied") {
		t.Fatalf("err = %v", msg.Err)
	}
}

func TestCopy(t *testing.T) {
	const text = "https://example.org/ü"
	b64 := base64.StdEncoding.EncodeToString([]byte(text))
	cases := []struct {
		name string
		env  map[string]string
		want string
	}{
		{"plain terminal", map[string]string{"TERM": "xterm-256color"}, "\x1b]52;c;" + b64 + "\x07"},
		{"inside tmux", map[string]string{"TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color"},
			"\x1b]52;c;" + b64 + "\x07" + "\x1bPtmux;\x1b\x1b]52;c;" + b64 + "\x07\x1b\\"},
		{"inside screen", map[string]string{"TERM": "screen"}, "\x1bP\x1b]52;c;" + b64 + "\x07\x1b\\"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out bytes.Buffer
			cb := Clipboard{Out: &out, Getenv: func(k string) string { return c.env[k] }}
			msg := cb.Copy(text)().(CopiedMsg)
			if msg.Err != nil || msg.Text != text {
				t.Fatalf("msg = %#v", msg)
			}
			if out.String() != c.want {
				t.Errorf("wrote %q, want %q", out.String(), c.want)
			}
		})
	}
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

func TestCopyReportsWriteError(t *testing.T) {
	cb := Clipboard{Out: failingWriter{}, Getenv: func(string) string { return "" }}
	msg := cb.Copy("x")().(CopiedMsg)
	if msg.Err == nil || !strings.Contains(msg.Err.Error(), "broken pipe") {
		t.Fatalf("err = %v", msg.Err)
	}
}
