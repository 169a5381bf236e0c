package main

import (
	"fmt"
	"os/exec"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/internal/opener"
)

func newOpenCmd(e *env) *cobra.Command {
	var yes bool
	cmd := &cobra.Command{
		Use:   "open SELECTOR",
		Short: "Open a bookmark's URI with $BROWSER, else the desktop's opener",
		Long: `Open opens the record's URI as the TUI's o does: with $BROWSER (a
colon-separated list of commands, %s standing for the URI), else xdg-open
(open on macOS), never through a shell; uricat waits for it to finish. A URI
whose scheme is not ` + opener.SafeSchemes() + `, or a mailto: URI that would
attach or read a local file (attach=, attachment=, file=, a value that is
a path or a file: URL), is opened only with --yes.

` + selectorHelp,
		Example: `  uricat open https://go.dev/
  BROWSER=lynx uricat open id:7
  uricat open --yes file:///usr/share/doc/index.html`,
		Args: exactArgs(1, "one SELECTOR"),
		RunE: func(_ *cobra.Command, args []string) error {
			_, rec, err := e.openRecord(args[0])
			if err != nil {
				return err
			}
			return e.openURI(rec, yes)
		},
	}
	cmd.Flags().BoolVar(&yes, "yes", false, "open a URI whatever its scheme")
	return cmd
}

// openURI opens rec's URI in the foreground: a $BROWSER such as lynx runs
// in this terminal, and the opener's errors reach the user.
func (e *env) openURI(rec *catalogue.Record, yes bool) error {
	if rec.URI() == "" {
		return refused(fmt.Errorf("the record at line %d has no valid URI; see its problems with uricat show line:%d", rec.Line(), rec.Line()))
	}
	if p := opener.FileParam(rec.URI()); p != "" && !yes {
		return refused(fmt.Errorf("%s asks the mail program to attach or read a local file (%s); add --yes to open it", rec.URI(), p))
	}
	if opener.NeedsConfirm(rec.URI()) && !yes {
		return refused(fmt.Errorf("%s is a %s: URI, which could run a program or read a local file; only %s URIs are opened without --yes: add --yes to open it",
			rec.URI(), opener.Scheme(rec.URI()), opener.SafeSchemes()))
	}
	o := opener.Default
	o.Start = func(cmd *exec.Cmd) error {
		cmd.Stdin, cmd.Stdout, cmd.Stderr = e.stdin, e.stdout, e.stderr
		return cmd.Run()
	}
	if err := o.Open(rec.URI()); err != nil {
		return refused(err)
	}
	return nil
}
