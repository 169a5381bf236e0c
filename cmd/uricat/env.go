package main

import (
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/config"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/linkcheck"
)

// env is what a command runs with, so that tests can run it in-process.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	catalogue      string // path from --catalogue or the default
	line           []byte // diagnostic's buffer, reused for each line
	// opened is the catalogue open gave the command, whose save's
	// warnings exit prints (catalogue.Catalogue.SaveWarnings).
	opened *catalogue.Catalogue
	// client makes the requests of the commands that use the network
	// (add, refresh, links, the TUI); nil for the default
	// (defaultHTTPClient). Tests give a local one.
	client *http.Client
	// clock is the time now; nil is the system's. Tests give a fixed one.
	clock func() time.Time
	// interactive reports whether a person is at r, the standard input,
	// to answer a question; nil is whether r is a terminal.
	interactive func(r io.Reader) bool
	// lookupEnv reads the environment (HOME, XDG_CONFIG_HOME for import
	// --from); nil is the process's.
	lookupEnv func(string) string
	// quiet leaves out the notes of each record (import --quiet, for
	// cron): only what makes a command fail is printed.
	quiet bool
	// links is the results of `uricat links`, once read (linkState).
	links *linkcheck.State
	// cfg is the configuration file, once read (configFile).
	cfg *config.Config
}

// getenv reads the environment variable k.
func (e *env) getenv(k string) string {
	if e.lookupEnv == nil {
		return os.Getenv(k)
	}
	return e.lookupEnv(k)
}

// now is the time now, from the env's clock.
func (e *env) now() time.Time {
	if e.clock == nil {
		return time.Now()
	}
	return e.clock()
}

// isInteractive reports whether a person is at the standard input to
// answer a question: a terminal, unless the env says otherwise.
func (e *env) isInteractive() bool {
	if e.interactive != nil {
		return e.interactive(e.stdin)
	}
	f, ok := e.stdin.(*os.File)
	return ok && isTerminal(f)
}

// httpClient is the client network commands use: the env's, else a new
// default one (defaultHTTPClient). It only reads e: refresh calls it from
// its fetching goroutines.
func (e *env) httpClient() *http.Client {
	if e.client != nil {
		return e.client
	}
	return defaultHTTPClient()
}

// The exit codes, as `uricat --help` documents them (exitHelp).
const (
	exitOK      = 0
	exitRefused = 1 // refused, or problems found
	exitUsage   = 2 // bad usage, or a file that cannot be read
)

// exitError is how a command ends with a code other than 0. Its err, when
// not nil, is printed after the command's name; nil means the command has
// said everything already (as check does with the problems it found).
type exitError struct {
	code  int
	err   error
	usage bool // a usage error: point to --help
}

func (x *exitError) Error() string {
	if x.err == nil {
		return fmt.Sprintf("exit status %d", x.code)
	}
	return x.err.Error()
}

func (x *exitError) Unwrap() error { return x.err }

// refused ends a command with exit code 1: the command understood what was
// asked and refused it, or found problems.
func refused(err error) error { return &exitError{code: exitRefused, err: err} }

// unreadable ends a command with exit code 2: a file it needs cannot be read.
func unreadable(err error) error { return &exitError{code: exitUsage, err: err} }

// usageError ends a command with exit code 2 and points to its --help.
func usageError(err error) error { return &exitError{code: exitUsage, err: err, usage: true} }

// silent ends a command with code, its reasons already printed.
func silent(code int) error { return &exitError{code: code} }

// exit prints err, if any, as "uricat CMD: message" on stderr and returns the
// exit code for it. Errors that cobra itself returns (an unknown command or
// flag, a wrong number of arguments) are usage errors.
func (e *env) exit(cmd *cobra.Command, err error) int {
	name := "uricat"
	if cmd != nil {
		name = cmd.CommandPath()
	}
	// What a save wrote but could not keep of the file (its owner, its
	// other hard links), whatever the command did after.
	if e.opened != nil {
		for _, w := range e.opened.SaveWarnings() {
			fmt.Fprintf(e.stderr, "%s: warning: %s\n", name, display.Lines(w))
		}
	}
	if err == nil {
		return exitOK
	}
	x := &exitError{code: exitUsage, err: err, usage: true}
	errors.As(err, &x)
	if x.err != nil {
		// A message may quote a file's text: shown safely (display.Lines).
		fmt.Fprintf(e.stderr, "%s: %s\n", name, display.Lines(strings.TrimRight(x.err.Error(), "\n")))
	}
	if x.usage {
		fmt.Fprintf(e.stderr, "Run '%s --help' for usage.\n", name)
	}
	return x.code
}

// open loads the catalogue, to change it or to select records in it.
func (e *env) open() (*catalogue.Catalogue, error) {
	c, err := catalogue.Open(e.catalogue)
	if err != nil {
		return nil, unreadableCatalogue(err)
	}
	e.opened = c
	return c, nil
}

// openReadOnly reads the catalogue for a command that only looks at it
// (catalogue.LookOnly), and prints its errors (not its warnings) on
// stderr, as PATH:LINE:COLUMN: kind: message, before the command's output.
func (e *env) openReadOnly() (*catalogue.Catalogue, error) {
	return e.openReadOnlyWhere(nil)
}

// openReadOnlyWhere is openReadOnly holding only the records wanted
// accepts (catalogue.Where), or all if it is nil; the
// problems printed are those of every record.
func (e *env) openReadOnlyWhere(wanted func() func(*ssd3.Record) bool) (*catalogue.Catalogue, error) {
	c, err := catalogue.Open(e.catalogue, catalogue.Where(wanted))
	if err != nil {
		return nil, unreadableCatalogue(err)
	}
	e.report(c, true)
	return c, nil
}

// unreadableCatalogue is the error of a catalogue that could not be read,
// with the way to choose another.
func unreadableCatalogue(err error) error {
	return unreadable(fmt.Errorf("%w (choose another file with --catalogue or $%s)", err, envCatalogue))
}

// report prints the catalogue's problems as PATH:LINE: kind: message; with
// errorsOnly, warnings are left out. A flood of one kind is summarised
// (importers.Summarise), as import and the TUI do: a file of broken lines
// gets a few lines of them, not a flood on stderr; check is the command
// that lists every one.
func (e *env) report(c *catalogue.Catalogue, errorsOnly bool) {
	var ds []ssd3.Diagnostic
	for _, p := range c.Problems() {
		if errorsOnly && p.Kind == ssd3.Warning {
			continue
		}
		p.File = c.Path()
		ds = append(ds, p)
	}
	kept := importers.Summarise(ds)
	// Written at once, as diagnostic writes one: not a system call for
	// each problem.
	e.line = e.line[:0]
	for _, p := range kept {
		e.line = append(p.Append(e.line), '\n')
	}
	if len(kept) < len(ds) {
		d := ssd3.Diagnostic{File: c.Path(), Offset: -1, Kind: ssd3.Info,
			Msg: fmt.Sprintf("%d problems in all, summarised above; `uricat check` lists them all", len(ds))}
		e.line = append(d.Append(e.line), '\n')
	}
	if len(e.line) > 0 {
		e.stderr.Write(e.line)
	}
}

// diagnostic prints d on stderr in the one form every command shows,
// FILE:LINE:COLUMN: kind: message (catalogue.Diagnostic.String), which
// shows what it quotes from a file safely.
func (e *env) diagnostic(d ssd3.Diagnostic) {
	if e.quiet {
		return
	}
	e.line = append(d.Append(e.line[:0]), '\n')
	e.stderr.Write(e.line)
}

// The argument checks below are cobra's, with messages that say what the
// command expects.

// noArgs refuses any argument.
func noArgs(_ *cobra.Command, args []string) error {
	if len(args) > 0 {
		quoted := make([]string, len(args))
		for i, a := range args {
			quoted[i] = strconv.Quote(a)
		}
		return fmt.Errorf("takes no arguments; got %s", strings.Join(quoted, " "))
	}
	return nil
}

// exactArgs wants n arguments, described by what.
func exactArgs(n int, what string) cobra.PositionalArgs {
	return func(_ *cobra.Command, args []string) error {
		if len(args) != n {
			return fmt.Errorf("expects %s; got %d argument(s)", what, len(args))
		}
		return nil
	}
}

// minArgs wants n arguments or more, described by what.
func minArgs(n int, what string) cobra.PositionalArgs {
	return func(_ *cobra.Command, args []string) error {
		if len(args) < n {
			return fmt.Errorf("expects %s; got %d argument(s)", what, len(args))
		}
		return nil
	}
}

// runWith runs a command whose flags and arguments are in o: with runF
// when a test gives one (to see what the flags made of o), else with run.
// Every command's constructor takes such a runF (nil in the tree main
// builds), as gh's do.
func runWith[O any](runF func(*O) error, o *O, run func() error) error {
	if runF != nil {
		return runF(o)
	}
	return run()
}
