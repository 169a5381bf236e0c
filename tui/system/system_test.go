package system

import (
	"bytes"
	"encoding/base64"
	"errors"
	"os/exec"
	"reflect"
	"strings"
	"testing"
)

func TestNeedsConfirm(t *testing.T) {
	// issue 4: "schemes other than http, https, ftp, mailto, gopher ask first".
	cases := []struct {
		uri  string
		want bool
	}{
		{"http://example.org/", false},
		{"HTTPS://example.org/", false},
		{"ftp://ftp.example.org/pub", false},
		{"mailto:someone@example.org", false},
		{"gopher://gopher.floodgap.com/", false},
		{"file:///etc/passwd", true},
		{"javascript:alert(1)", true},
		{"ssh://host", true},
		{"urn:isbn:0451450523", true},
		{"no-scheme", true},
		{"", true},
	}
	for _, c := range cases {
		if got := NeedsConfirm(c.uri); got != c.want {
			t.Errorf("NeedsConfirm(%q) = %v, want %v", c.uri, got, c.want)
		}
	}
}

// fakeOpener finds the programs in have and records what it starts.
func fakeOpener(env map[string]string, have ...string) (*Opener, *[][]string) {
	var started [][]string
	o := &Opener{
		Getenv: func(k string) string { return env[k] },
		LookPath: func(name string) (string, error) {
			for _, h := range have {
				if h == name {
					return "/usr/bin/" + name, nil
				}
			}
			return "", exec.ErrNotFound
		},
		GOOS: "linux",
		Start: func(cmd *exec.Cmd) error {
			started = append(started, append([]string{cmd.Path}, cmd.Args[1:]...))
			return nil
		},
	}
	return o, &started
}

func TestCommand(t *testing.T) {
	const uri = "https://example.org/a?b=c&d=$(rm%20-rf)"
	cases := []struct {
		name    string
		env     map[string]string
		goos    string
		have    []string
		want    []string
		wantErr string
	}{
		{"xdg-open when no BROWSER", nil, "linux", []string{"xdg-open"}, []string{"/usr/bin/xdg-open", uri}, ""},
		{"open on macOS", nil, "darwin", []string{"open"}, []string{"/usr/bin/open", uri}, ""},
		{"BROWSER first", map[string]string{"BROWSER": "firefox"}, "linux", []string{"firefox", "xdg-open"}, []string{"/usr/bin/firefox", uri}, ""},
		{"BROWSER with args and %s", map[string]string{"BROWSER": "w3m -no-mouse %s"}, "linux", []string{"w3m"}, []string{"/usr/bin/w3m", "-no-mouse", uri}, ""},
		{"BROWSER list: first found", map[string]string{"BROWSER": "nosuch:lynx"}, "linux", []string{"lynx"}, []string{"/usr/bin/lynx", uri}, ""},
		{"BROWSER not found: xdg-open", map[string]string{"BROWSER": "nosuch"}, "linux", []string{"xdg-open"}, []string{"/usr/bin/xdg-open", uri}, ""},
		{"nothing found", nil, "linux", nil, nil, "no program to open URIs"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o, _ := fakeOpener(c.env, c.have...)
			o.GOOS = c.goos
			cmd, err := o.Command(uri)
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("err = %v, want %q", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := append([]string{cmd.Path}, cmd.Args[1:]...)
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("command = %q, want %q", got, c.want)
			}
		})
	}
}

func TestCommandRefusesInvalidURI(t *testing.T) {
	o, _ := fakeOpener(nil, "xdg-open")
	// A URI from an invalid record: an option for the opener, a space.
	for _, uri := range []string{"--help", "http://a b/", ""} {
		if _, err := o.Command(uri); err == nil {
			t.Errorf("Command(%q) opened an invalid URI", uri)
		}
	}
}

func TestOpenAsksForUnsafeSchemes(t *testing.T) {
	o, started := fakeOpener(nil, "xdg-open")
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

func TestOpenSafeSchemeStarts(t *testing.T) {
	o, started := fakeOpener(nil, "xdg-open")
	msg := o.Open("https://example.org/")()
	if om, ok := msg.(OpenedMsg); !ok || om.Err != nil || om.URI != "https://example.org/" {
		t.Fatalf("Open = %#v", msg)
	}
	if len(*started) != 1 {
		t.Fatalf("started %v", *started)
	}
}

func TestOpenReportsStartFailure(t *testing.T) {
	o, _ := fakeOpener(nil, "xdg-open")
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
