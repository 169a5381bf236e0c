package main

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// runTree is run, with the whole tree of commands if whole, else as run
// builds it for args (newRootCmdFor).
func runTree(args []string, stdin string, whole bool) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb}
	name := commandOf(args)
	if whole {
		name = ""
	}
	root := newRootCmdFor(e, name)
	root.SetArgs(args)
	cmd, err := root.ExecuteC()
	return e.exit(cmd, err), out.String(), errb.String()
}

// A run of one command builds that command alone, and it answers as it
// does in the whole tree: its help, its usage errors, its work.
func TestOneCommandAsInTheTree(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, example41+"\r\nURI: http://a/\r\nNAME: no date\r\n")
	var runs [][]string
	for _, c := range commands {
		if c.name == "man" {
			continue
		}
		runs = append(runs, []string{c.name, "--help"}, []string{"--catalogue", path, c.name, "-h"},
			[]string{"--catalogue=" + path, c.name, "--no-such-flag"})
	}
	for _, ro := range [][]string{{"list"}, {"list", "--json", "--search", "google"}, {"list", "--group", "category"},
		{"list", "--sort", "bogus"}, {"list", "extra"}, {"check"}, {"stats"}, {"categories"}, {"tags"}, {"dups"},
		{"show", "1"}, {"export", "--format", "json"}, {"version"}, {"version", "x"}} {
		runs = append(runs, append([]string{"--catalogue", path}, ro...))
	}
	for _, args := range runs {
		code, out, errs := runTree(args, "", true)
		code1, out1, errs1 := runTree(args, "", false)
		if code != code1 || out != out1 || errs != errs1 {
			t.Errorf("uricat %q alone: exit %d, stdout\n%s\nstderr\n%s\nin the tree: exit %d, stdout\n%s\nstderr\n%s",
				args, code1, out1, errs1, code, out, errs)
		}
	}
}

// commandOf names the command a run builds alone, past --catalogue, and
// nothing when the run needs the whole tree.
func TestCommandOf(t *testing.T) {
	t.Parallel()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"list", "--json"}, "list"},
		{[]string{"--catalogue", "c.uricat", "list", "--search", "x"}, "list"},
		{[]string{"--catalogue=c.uricat", "check"}, "check"},
		{[]string{"--catalogue", "list", "export"}, "export"},
		{[]string{"--catalogue", "a", "--catalogue", "b", "stats"}, "stats"},
		{[]string{"version"}, "version"},
		{nil, ""},                            // the TUI
		{[]string{"--catalogue", "c"}, ""},   // the TUI
		{[]string{"--catalogue"}, ""},        // a usage error
		{[]string{"man"}, ""},                // documents every command
		{[]string{"help", "list"}, ""},       // cobra's help command
		{[]string{"completion", "bash"}, ""}, // every command's completions
		{[]string{"__complete", "li"}, ""},
		{[]string{"--version"}, ""},
		{[]string{"-h", "list"}, ""},
		{[]string{"lsit"}, ""}, // a suggestion among every command
	}
	for _, tt := range tests {
		if got := commandOf(tt.args); got != tt.want {
			t.Errorf("commandOf(%q) = %q, want %q", tt.args, got, tt.want)
		}
	}
	// Built alone: no other command is there to build.
	root := newRootCmdFor(&env{}, "list")
	for _, c := range root.Commands() {
		if c.Name() != "list" && c.Runnable() && c.Name() != "help" {
			t.Errorf("uricat list builds %s too", c.Name())
		}
	}
}

// commands names every command of the tree, in its order.
func TestCommandsTable(t *testing.T) {
	t.Parallel()
	var got, want []string
	for _, c := range newRootCmd(&env{}).Commands() {
		if c.IsAdditionalHelpTopicCommand() || c.Name() == "help" || c.Name() == "completion" {
			continue
		}
		got = append(got, c.Name())
	}
	for _, c := range commands {
		want = append(want, c.name)
	}
	slices.Sort(want) // cobra lists them sorted
	if !slices.Equal(got, want) {
		t.Errorf("the tree's commands %q, the table's %q", got, want)
	}
}
