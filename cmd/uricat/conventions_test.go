package main

// Tests of what every command does alike: help, version, completion, the
// man page, the --catalogue flag and the exit codes.

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// Every command's --help and -h print its usage and each of its flags on
// stdout, and exit 0. (A help topic, `uricat help search`, is text alone:
// TestHelpSearch.)
func TestHelp(t *testing.T) {
	t.Parallel()
	root := newRootCmd(&env{})
	for _, cmd := range root.Commands() {
		if cmd.IsAdditionalHelpTopicCommand() {
			continue
		}
		for _, h := range []string{"--help", "-h"} {
			code, out, errs := uricat(t, cmd.Name(), h)
			if code != 0 || errs != "" {
				t.Errorf("uricat %s %s: exit %d, stderr %q; want 0 and nothing", cmd.Name(), h, code, errs)
			}
			if !strings.Contains(out, "Usage:\n  uricat "+cmd.Name()) {
				t.Errorf("uricat %s %s: no usage line:\n%s", cmd.Name(), h, out)
			}
			cmd.Flags().VisitAll(func(f *pflag.Flag) {
				if !strings.Contains(out, "--"+f.Name) {
					t.Errorf("uricat %s %s does not list --%s:\n%s", cmd.Name(), h, f.Name, out)
				}
			})
			if !strings.Contains(out, "--catalogue PATH") {
				t.Errorf("uricat %s %s does not list the global --catalogue PATH", cmd.Name(), h)
			}
		}
	}
	for _, args := range [][]string{{"--help"}, {"-h"}, {"help"}} {
		code, out, errs := uricat(t, args...)
		if code != 0 || errs != "" {
			t.Errorf("uricat %s: exit %d, stderr %q", args, code, errs)
		}
		for _, want := range []string{exitHelp, "$URICAT_CATALOGUE", "  add ", "  check ", "  list ", "  import ", "  export ", "  man ", "  completion "} {
			if !strings.Contains(out, want) {
				t.Errorf("uricat %s lacks %q:\n%s", args, want, out)
			}
		}
	}
	if code, out, _ := uricat(t, "help", "add"); code != 0 || !strings.Contains(out, "uricat add URI [--name NAME]") {
		t.Errorf("uricat help add: exit %d\n%s", code, out)
	}
}

// The exit codes `uricat --help` documents: 0 done, 1 refused or problems
// found, 2 bad usage or a file that cannot be read. A usage error names the
// command and points to its --help.
func TestExitCodes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	good := writeCatalogue(t, example41)
	bad := writeCatalogue(t, "URI: http://a/\r\nNAME: A\r\n")
	missing := filepath.Join(dir, "missing.uricat")
	tests := []struct {
		args   []string
		code   int
		stderr string // a line of it
	}{
		{[]string{"--catalogue", good, "list"}, 0, ""},
		{[]string{"--catalogue", good, "check"}, 0, ""},
		{[]string{"--catalogue", missing, "list"}, 0, ""},
		{[]string{"--catalogue", bad, "check"}, 1, bad + ":1: error: record has no DATE"},
		{[]string{"--catalogue", good, "add", "http://google.co.uk/", "--name", "again"}, 1, "uricat add: already there: \"Google\", line 1 of " + good + " (http://google.co.uk/); add --allow-duplicate to add it again"},
		{[]string{"--catalogue", good, "add", "http://e/", "--name", "e", "--rating", "6"}, 1, "uricat add: RATING"},
		{[]string{"frobnicate"}, 2, "uricat: unknown command \"frobnicate\" for \"uricat\""},
		{[]string{"list", "--bogus"}, 2, "uricat list: unknown flag: --bogus\nRun 'uricat list --help' for usage."},
		{[]string{"list", "extra"}, 2, "uricat list: takes no arguments; got \"extra\"\nRun 'uricat list --help' for usage."},
		{[]string{"add", "--name", "e"}, 2, "uricat add: expects one URI; got 0 argument(s)"},
		{[]string{"--catalogue", good, "add", "--name", "e", "--rating", "five", "http://e/"}, 1, "uricat add: RATING \"five\" must be an integer from 1 to 5 (3.6)\n"},
		{[]string{"--catalogue", good, "add", "http://e/", "--name", "e", "--x", "TAGS=a"}, 2, "uricat add: --x \"TAGS=a\": TAGS is not an extension field; its name starts with X- (SSD3 2.2)\n"},
		{[]string{"--catalogue", good, "add", "http://e/", "--name", "e", "--x", "X-TAGS"}, 2, "uricat add: --x \"X-TAGS\": write X-NAME=VALUE (X-NAME= clears the field)\n"},
		{[]string{"--catalogue", dir, "list"}, 2, "uricat list: " + dir + " is a directory, not a catalogue file"},
		{[]string{"check", missing}, 2, "uricat check: " + missing + " does not exist"},
		{[]string{"completion", "tcsh"}, 2, "uricat completion: unknown shell \"tcsh\" (shells: bash, fish, powershell, zsh)\nRun 'uricat completion --help' for usage."},
		{[]string{"help", "frob"}, 2, "uricat help: no command \"frob\": uricat --help lists them\n"},
		{[]string{"help", "add", "extra"}, 2, "uricat help: no command \"add extra\""},
		{[]string{"completion"}, 2, "uricat completion: expects a shell: bash, fish, powershell, zsh"},
	}
	for _, tt := range tests {
		code, _, errs := uricat(t, tt.args...)
		if code != tt.code || !strings.Contains(errs, tt.stderr) {
			t.Errorf("uricat %q: exit %d, stderr %q; want %d and %q", tt.args, code, errs, tt.code, tt.stderr)
		}
	}
}

// --catalogue goes anywhere on the line, as --catalogue PATH or
// --catalogue=PATH.
func TestCatalogueFlagAnywhere(t *testing.T) {
	path := writeCatalogue(t, example41)
	t.Setenv("URICAT_CATALOGUE", filepath.Join(t.TempDir(), "other.uricat"))
	for _, args := range [][]string{
		{"--catalogue", path, "list", "--sort", "name"},
		{"list", "--catalogue", path, "--sort", "name"},
		{"list", "--sort", "name", "--catalogue", path},
		{"list", "--catalogue=" + path, "--sort", "name"},
	} {
		code, out, errs := uricat(t, args...)
		if code != 0 || !strings.Contains(out, "Google") {
			t.Errorf("uricat %q: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}

// A first run: check says that the catalogue does not exist yet and how to
// create it; list shows an empty catalogue.
func TestFirstRun(t *testing.T) {
	path := filepath.Join(t.TempDir(), "new", "bookmarks.uricat")
	t.Setenv("URICAT_CATALOGUE", path)
	code, out, errs := uricat(t, "check")
	if want := "uricat check: the catalogue " + path + " does not exist yet: `uricat add URI --name NAME` or `uricat import FILE` creates it"; code != 2 || out != "" || !strings.HasPrefix(errs, want) {
		t.Errorf("check: exit %d, stdout %q, stderr %q; want 2 and %q", code, out, errs, want)
	}
	if strings.Contains(errs, "stat") {
		t.Errorf("check still says stat: %q", errs)
	}
	if code, out, errs := uricat(t, "list"); code != 0 || out != "" || errs != "" {
		t.Errorf("list: exit %d, stdout %q, stderr %q; want 0 and nothing", code, out, errs)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("check or list created the catalogue: %v", err)
	}
}

func TestVersion(t *testing.T) {
	t.Parallel()
	want := "uricat version " + version() + "\n"
	for _, args := range [][]string{{"--version"}, {"-v"}, {"version"}} {
		if code, out, errs := uricat(t, args...); code != 0 || out != want || errs != "" {
			t.Errorf("uricat %s: exit %d, stdout %q, stderr %q; want 0 and %q", args, code, out, errs, want)
		}
	}
	rev := func(kv ...string) []debug.BuildSetting {
		var s []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			s = append(s, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return s
	}
	tests := []struct {
		info *debug.BuildInfo
		want string
	}{
		{nil, "(devel)"},
		{&debug.BuildInfo{}, "(devel)"},
		{&debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}}, "v1.2.3"},
		{&debug.BuildInfo{Main: debug.Module{Version: "v1.2.3"}, Settings: rev("vcs.revision", "abc123")}, "v1.2.3"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: rev("vcs.revision", "abc123", "vcs.modified", "false")}, "abc123"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: rev("vcs.revision", "abc123", "vcs.modified", "true")}, "abc123 (modified)"},
		{&debug.BuildInfo{Main: debug.Module{Version: "(devel)"}, Settings: rev("vcs.modified", "true")}, "(devel)"},
	}
	for _, tt := range tests {
		if got := versionOf(tt.info); got != tt.want {
			t.Errorf("versionOf(%+v) = %q, want %q", tt.info, got, tt.want)
		}
	}
}

// cobra's completion scripts, one per shell, name uricat and its commands.
func TestCompletion(t *testing.T) {
	t.Parallel()
	for shell, want := range map[string]string{
		"bash": "__start_uricat",
		"zsh":  "#compdef uricat",
		"fish": "complete -c uricat",
	} {
		code, out, errs := uricat(t, "completion", shell)
		if code != 0 || errs != "" || !strings.Contains(out, want) {
			t.Errorf("completion %s: exit %d, stderr %q, stdout lacks %q", shell, code, errs, want)
		}
	}
	// What the scripts ask uricat for: the commands, and export's formats.
	code, out, _ := uricat(t, "__complete", "")
	for _, want := range []string{"add\t", "check\t", "export\t", "list\t"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("completing a command: exit %d, no %q in\n%s", code, want, out)
		}
	}
	code, out, _ = uricat(t, "__complete", "export", "--format", "")
	if code != 0 || !strings.Contains(out, "netscape\n") || !strings.Contains(out, "csv\n") {
		t.Errorf("completing export --format: exit %d\n%s", code, out)
	}
}

// The man page is roff: a .TH header naming uricat in section 1, the
// sections a man page has, every command, the exit codes, and nothing that
// troff would misread (non-ASCII, a bare "-" in an option).
func TestMan(t *testing.T) {
	code, out, errs := uricat(t, "man")
	if code != 0 || errs != "" {
		t.Fatalf("man: exit %d, stderr %q", code, errs)
	}
	first, _, _ := strings.Cut(out, "\n")
	if !strings.HasPrefix(first, ".TH URICAT 1 ") {
		t.Errorf("first line %q is not a .TH header for URICAT(1)", first)
	}
	for _, want := range []string{"\n.SH NAME\nuricat \\- ", "\n.SH SYNOPSIS\n", "\n.SH DESCRIPTION\n", "\n.SH OPTIONS\n",
		"\n.SH COMMANDS\n", "\n.SH FILES\n", "\n.SH EXIT STATUS\nExit status: 0 done; 1 refused",
		`\fBadd\fP URI [\-\-name NAME]`, `\fBexport\fP`, `\fBcheck\fP`, `\fB\-\-catalogue\fP`, `\[u00FC]`} {
		if !strings.Contains(out, want) {
			t.Errorf("man page lacks %q", want)
		}
	}
	for i, line := range strings.Split(out, "\n") {
		for _, r := range line {
			if r > 0x7e {
				t.Errorf("line %d has %q, which troff may misread: %s", i+1, r, line)
				break
			}
		}
		if strings.Contains(strings.ReplaceAll(line, `\-`, ""), "-") {
			t.Errorf("line %d has a bare -, which troff prints as a hyphen: %s", i+1, line)
		}
		if strings.Contains(line, "`") {
			t.Errorf("line %d has a backquote of --help's flag syntax: %s", i+1, line)
		}
	}
	// groff, when installed, reads it without a warning.
	groff, err := exec.LookPath("groff")
	if err != nil {
		t.Log("groff is not installed: the page is not typeset")
		return
	}
	cmd := exec.Command(groff, "-man", "-Tutf8", "-ww", "-z")
	cmd.Stdin = strings.NewReader(out)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil || stderr.Len() > 0 {
		t.Errorf("groff: %v\n%s", err, stderr.String())
	}
}
