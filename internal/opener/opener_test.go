package opener

import (
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
		// Issue 22: a mailto: that would mail a local file away asks too.
		{"mailto:someone@example.org?subject=hi&body=hello", false},
		{"mailto:x@example.org?attach=/root/.ssh/id_rsa", true},
		{"MAILTO:x@example.org?subject=hi&ATTACHMENT=%2Fetc%2Fshadow", true},
	}
	for _, c := range cases {
		if got := NeedsConfirm(c.uri); got != c.want {
			t.Errorf("NeedsConfirm(%q) = %v, want %v", c.uri, got, c.want)
		}
	}
	if got, want := SafeSchemes(), "http, https, ftp, mailto or gopher"; got != want {
		t.Errorf("SafeSchemes() = %q, want %q", got, want)
	}
}

// FileParam finds what makes a mail program read a local file, whatever
// its name's case or encoding (issue 22).
func TestFileParam(t *testing.T) {
	cases := []struct{ uri, want string }{
		{"mailto:x@example.org", ""},
		{"mailto:x@example.org?subject=Hello%20there&body=See%20you", ""},
		{"mailto:x@example.org?cc=y@example.org&body=a/b", ""},
		{"mailto:x@example.org?attach=/root/.ssh/id_rsa", "attach=/root/.ssh/id_rsa"},
		{"mailto:x@example.org?subject=hi&Attach=id_rsa", "attach=id_rsa"},
		{"mailto:x@example.org?attachment=file:///etc/passwd", "attachment=file:///etc/passwd"},
		{"mailto:x@example.org?%61ttach=x", "attach=x"},
		{"mailto:x@example.org?FILE=notes.txt", "file=notes.txt"},
		{"mailto:x@example.org?body=%2Fhome%2Fu%2F.netrc", "body=/home/u/.netrc"},
		{"mailto:x@example.org?body=~/.netrc", "body=~/.netrc"},
		{"mailto:x@example.org?body=FILE:%2F%2F%2Fetc%2Fpasswd", "body=FILE:///etc/passwd"},
		{"mailto:x@example.org?subject=x;x-attach=C:%5CUsers%5Ckey", "x-attach=C:\\Users\\key"},
		{"mailto:x@example.org?include=../../.ssh/id_rsa", "include=../../.ssh/id_rsa"},
		{"https://example.org/?attach=/etc/passwd", ""}, // a web server's business
	}
	for _, c := range cases {
		if got := FileParam(c.uri); got != c.want {
			t.Errorf("FileParam(%q) = %q, want %q", c.uri, got, c.want)
		}
	}
}

// fake finds the programs in have and records what it starts.
func fake(env map[string]string, have ...string) (*Opener, *[][]string) {
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
			o, _ := fake(c.env, c.have...)
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
	o, started := fake(nil, "xdg-open")
	// A URI from an invalid record: an option for the opener, a space.
	for _, uri := range []string{"--help", "http://a b/", "", "-x:y", "ht tp://a/", "1http://a/", "http://\x1b]52;c;/", "http://bücher.de/", ":x"} {
		if _, err := o.Command(uri); err == nil {
			t.Errorf("Command(%q) opened an invalid URI", uri)
		}
		if err := o.Open(uri); err == nil || !strings.HasPrefix(err.Error(), "not opened: ") {
			t.Errorf("Open(%q) = %v, want a refusal", uri, err)
		}
	}
	if len(*started) != 0 {
		t.Errorf("started %q", *started)
	}
}

func TestOpen(t *testing.T) {
	o, started := fake(map[string]string{"BROWSER": "lynx"}, "lynx")
	if err := o.Open("file:///etc/hosts"); err != nil {
		t.Fatal(err)
	}
	if want := [][]string{{"/usr/bin/lynx", "file:///etc/hosts"}}; !reflect.DeepEqual(*started, want) {
		t.Errorf("started %q, want %q", *started, want)
	}
	o.Start = func(*exec.Cmd) error { return errors.New("permission denied") }
	if err := o.Open("https://example.org/"); err == nil || err.Error() != "open /usr/bin/lynx: permission denied" {
		t.Errorf("err = %v", err)
	}
}
