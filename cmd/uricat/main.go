// Command uricat is a terminal bookmark manager whose store is a
// URI-Catalogue file (SSD3). With no subcommand it opens the TUI; the
// subcommands check, list, add, import and export are for scripts.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/uricat/uricat/catalogue"
)

// env is what a subcommand runs with, so tests can run it in-process.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	catalogue      string // path from --catalogue or the default
}

// command runs one subcommand and returns the process exit code.
type command func(e *env, args []string) int

var commands = map[string]command{
	"check":  runCheck,
	"list":   runList,
	"add":    runAdd,
	"import": runImport,
	"export": runExport,
}

const usage = `uricat: a terminal bookmark manager on a URI-Catalogue file (SSD3)

usage:
  uricat [--catalogue PATH]                 open the catalogue in the TUI
  uricat [--catalogue PATH] check [PATH]    report every problem; exit 0 if it conforms
  uricat [--catalogue PATH] list [--json] [--sort name|date|rating[:desc]]
                                 [--group FIELD] [--search QUERY]
  uricat [--catalogue PATH] add URI --name NAME [--category C] [--description D]
                                 [--rating N] [--language L] [--type T]
  uricat [--catalogue PATH] import [--format F] [--base URL] [--dry-run]
                                 [--allow-duplicates] FILE...
  uricat [--catalogue PATH] export --format F [--search QUERY] [-o FILE]

The catalogue is --catalogue PATH, else $URICAT_CATALOGUE, else
$XDG_DATA_HOME/uricat/bookmarks.uricat.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("uricat", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, usage) }
	path := fs.String("catalogue", "", "the catalogue file")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, catalogue: *path}
	if e.catalogue == "" {
		e.catalogue = catalogue.DefaultPath()
	}
	rest := fs.Args()
	if len(rest) == 0 {
		return runTUI(e)
	}
	if rest[0] == "help" {
		fmt.Fprint(stdout, usage)
		return 0
	}
	cmd, ok := commands[rest[0]]
	if !ok {
		fmt.Fprintf(stderr, "uricat: unknown command %q (commands: check, list, add, import, export)\n", rest[0])
		return 2
	}
	return cmd(e, rest[1:])
}

// parseFlags parses flags that may come before, between or after the
// positional arguments (`add URI --name N`), and returns the positionals.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" || !strings.HasPrefix(args[0], "-") || args[0] == "-" {
			if args[0] == "--" {
				return append(pos, args[1:]...), nil
			}
			pos = append(pos, args[0])
			args = args[1:]
			continue
		}
	}
}

// open loads the catalogue, printing its problems on stderr.
func (e *env) open(report bool) (*catalogue.Catalogue, bool) {
	c, err := catalogue.Open(e.catalogue)
	if err != nil {
		fmt.Fprintf(e.stderr, "uricat: %v\n", err)
		return nil, false
	}
	if report {
		e.report(c, true)
	}
	return c, true
}

// report prints the catalogue's problems as PATH:LINE: message; with
// errorsOnly, warnings are left out.
func (e *env) report(c *catalogue.Catalogue, errorsOnly bool) {
	for _, p := range c.Problems() {
		if errorsOnly && p.Severity == catalogue.Warning {
			continue
		}
		fmt.Fprintf(e.stderr, "%s:%d: %s\n", c.Path(), p.Line, p)
	}
}
