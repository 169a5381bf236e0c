package system

import (
	"bytes"
	"context"
	"encoding/base64"
	"errors"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

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

// fakeRun records the programs a Clipboard runs and what they were given,
// and fails those in fail; no real program runs.
type fakeRun struct {
	ran  []string
	fail map[string]error
}

func (f *fakeRun) run(ctx context.Context, stdin, path string, args ...string) error {
	call := strings.Join(append([]string{path}, args...), " ") + " <" + stdin
	f.ran = append(f.ran, call)
	return f.fail[strings.Join(append([]string{path}, args...), " ")]
}

func fakeClipboard(env map[string]string, installed ...string) (*Clipboard, *fakeRun, *bytes.Buffer) {
	f := &fakeRun{fail: map[string]error{}}
	out := new(bytes.Buffer)
	return &Clipboard{
		Out:    out,
		Getenv: func(k string) string { return env[k] },
		LookPath: func(name string) (string, error) {
			if slices.Contains(installed, name) {
				return "/usr/bin/" + name, nil
			}
			return "", exec.ErrNotFound
		},
		GOOS: "linux",
		Run:  f.run,
	}, f, out
}

// Inside tmux the text also goes to tmux's buffer, and on a desktop to the
// first clipboard program installed; CopiedMsg says which took it.
func TestCopyRunsClipboardPrograms(t *testing.T) {
	const text = "https://xn--kln-sna.de/stra%C3%9Fe"
	cases := []struct {
		name      string
		env       map[string]string
		goos      string
		installed []string
		ran       []string
		via       []string
	}{
		{"plain terminal", map[string]string{"TERM": "xterm"}, "linux", []string{"tmux", "xclip"}, nil, []string{"OSC 52"}},
		{"tmux", map[string]string{"TMUX": "/tmp/t,1,0"}, "linux", []string{"tmux"},
			[]string{"/usr/bin/tmux load-buffer -w - <" + text}, []string{"OSC 52", "tmux buffer"}},
		{"X with xsel only", map[string]string{"DISPLAY": ":0"}, "linux", []string{"xsel"},
			[]string{"/usr/bin/xsel --clipboard --input <" + text}, []string{"OSC 52", "xsel"}},
		{"X with xclip first", map[string]string{"DISPLAY": ":0"}, "linux", []string{"xsel", "xclip"},
			[]string{"/usr/bin/xclip -selection clipboard <" + text}, []string{"OSC 52", "xclip"}},
		{"Wayland and tmux", map[string]string{"WAYLAND_DISPLAY": "wayland-0", "DISPLAY": ":0", "TMUX": "x"}, "linux", []string{"tmux", "wl-copy", "xclip"},
			[]string{"/usr/bin/tmux load-buffer -w - <" + text, "/usr/bin/wl-copy <" + text}, []string{"OSC 52", "tmux buffer", "wl-copy"}},
		{"X without a program", map[string]string{"DISPLAY": ":0"}, "linux", nil, nil, []string{"OSC 52"}},
		{"macOS", map[string]string{}, "darwin", []string{"pbcopy"}, []string{"/usr/bin/pbcopy <" + text}, []string{"OSC 52", "pbcopy"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cb, f, out := fakeClipboard(c.env, c.installed...)
			cb.GOOS = c.goos
			msg := cb.Copy(text)().(CopiedMsg)
			if msg.Err != nil || msg.Text != text || !slices.Equal(msg.Via, c.via) {
				t.Errorf("msg = %#v, want via %q", msg, c.via)
			}
			if !slices.Equal(f.ran, c.ran) {
				t.Errorf("ran %q, want %q", f.ran, c.ran)
			}
			if !strings.Contains(out.String(), "\x1b]52;c;") {
				t.Errorf("no OSC 52 written: %q", out.String())
			}
		})
	}
}

// A tmux older than 3.2 refuses load-buffer -w: the buffer is loaded
// without it.
func TestCopyOldTmux(t *testing.T) {
	cb, f, _ := fakeClipboard(map[string]string{"TMUX": "x"}, "tmux")
	f.fail["/usr/bin/tmux load-buffer -w -"] = errors.New("exit status 1")
	msg := cb.Copy("u")().(CopiedMsg)
	if msg.Err != nil || !slices.Equal(msg.Via, []string{"OSC 52", "tmux buffer"}) || len(f.ran) != 2 {
		t.Errorf("msg = %#v, ran %q", msg, f.ran)
	}
}

// A program that fails is reported, with what did take the text; when
// nothing did, Via is empty.
func TestCopyReportsFailures(t *testing.T) {
	cb, f, _ := fakeClipboard(map[string]string{"TMUX": "x", "DISPLAY": ":0"}, "tmux", "xclip")
	f.fail["/usr/bin/tmux load-buffer -w -"] = errors.New("exit status 1")
	f.fail["/usr/bin/tmux load-buffer -"] = errors.New("exit status 1")
	msg := cb.Copy("u")().(CopiedMsg)
	if !slices.Equal(msg.Via, []string{"OSC 52", "xclip"}) || msg.Err == nil || !strings.Contains(msg.Err.Error(), "tmux buffer: exit status 1") {
		t.Errorf("msg = %#v", msg)
	}
	cb.Out = failingWriter{}
	f.fail["/usr/bin/xclip -selection clipboard"] = errors.New("exit status 2")
	msg = cb.Copy("u")().(CopiedMsg)
	if len(msg.Via) != 0 || msg.Err == nil {
		t.Fatalf("msg = %#v", msg)
	}
	for _, want := range []string{"broken pipe", "tmux buffer", "xclip: exit status 2"} {
		if !strings.Contains(msg.Err.Error(), want) {
			t.Errorf("err %q lacks %q", msg.Err, want)
		}
	}
}

// A program that does not answer is given up after Timeout.
func TestCopyTimesOut(t *testing.T) {
	cb, _, _ := fakeClipboard(map[string]string{"DISPLAY": ":0"}, "xclip")
	cb.Timeout = 10 * time.Millisecond
	cb.Run = func(ctx context.Context, _, _ string, _ ...string) error {
		<-ctx.Done()
		return ctx.Err()
	}
	msg := cb.Copy("u")().(CopiedMsg)
	if !slices.Equal(msg.Via, []string{"OSC 52"}) || msg.Err == nil || !strings.Contains(msg.Err.Error(), "no answer") {
		t.Errorf("msg = %#v", msg)
	}
}

// The real runner gives its program the text on standard input.
func TestRunProgram(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	dir := t.TempDir()
	err := runProgram(context.Background(), "hello", "sh", "-c", "cat > "+dir+"/out")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(dir + "/out")
	if string(b) != "hello" {
		t.Errorf("got %q", b)
	}
}

// OpenAll opens a selection's links one after another, in their order,
// and says how many it opened; a link of another scheme is left for
// opening one at a time, with its question.
func TestOpenAllInOrder(t *testing.T) {
	t.Parallel()
	o, started := fakeOpener()
	uris := []string{"https://a.example/", "https://b.example/", "file:///etc/passwd", "https://c.example/"}
	msg, ok := o.OpenAll(uris)().(OpenedAllMsg)
	if !ok {
		t.Fatal("OpenAll did not answer OpenedAllMsg")
	}
	var got []string
	for _, s := range *started {
		got = append(got, s[len(s)-1])
	}
	if want := []string{"https://a.example/", "https://b.example/", "https://c.example/"}; !slices.Equal(got, want) || !slices.Equal(msg.Opened, want) {
		t.Errorf("opened %q (said %q), want %q in order", got, msg.Opened, want)
	}
	if !slices.Equal(msg.Asked, []string{"file:///etc/passwd"}) {
		t.Errorf("asked %q", msg.Asked)
	}
}
