package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/formats"
	"github.com/uricat/uricat/internal/display"
)

// exportOptions are the flags of `uricat export`.
type exportOptions struct {
	format, q, out string
}

func newExportCmd(e *env, runF func(*exportOptions) error) *cobra.Command {
	var o exportOptions
	cmd := &cobra.Command{
		Use:   "export --format FORMAT",
		Short: "Write the valid records in another format (" + strings.Join(formats.Names(formats.Writers()), ", ") + ")",
		Long: `Export writes the valid records (those a search matches, when given), in file
order, in another format, to standard output or to a file that is replaced
atomically. The netscape file is what Firefox, Chrome and Safari import;
what uricat exports, it imports back whole. What a format cannot hold as
it is, export says, record by record.`,
		Example: `  uricat export --format netscape -o bookmarks.html
  uricat export --format csv --search 'cat:programming'`,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error { return runWith(runF, &o, func() error { return o.run(e) }) },
	}
	f := cmd.Flags()
	f.StringVar(&o.format, "format", "", "the `FORMAT`: "+strings.Join(formats.Names(formats.Writers()), ", ")+" (required)")
	f.StringVar(&o.q, "search", "", "only the records that match the search `QUERY`")
	f.StringVarP(&o.out, "output", "o", "", "write to `FILE` instead of standard output")
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions(formats.Names(formats.Writers()), cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// run writes the records to stdout or, through formats.WriteFile, to a
// file that is replaced atomically, and says what the format could not
// hold as it was.
func (o *exportOptions) run(e *env) error {
	if o.format == "" {
		return usageError(fmt.Errorf("--format is required (formats: %s)", strings.Join(formats.Names(formats.Writers()), ", ")))
	}
	f, err := formats.ByName(formats.Writers(), o.format)
	if err != nil {
		return usageError(err)
	}
	q, err := e.parseSearch(o.q)
	if err != nil {
		return usageError(err)
	}
	if o.out != "" && o.out != "-" {
		if err := catalogue.CheckNotCatalogue(o.out, e.catalogue); err != nil {
			return usageError(err)
		}
	}
	recs, err := e.search(q)
	if err != nil {
		return err
	}
	if o.out == "" || o.out == "-" {
		// Every writer buffers its output itself. On a terminal, the
		// export is read, not kept: shown as show shows text, control
		// characters left out and invisible ones marked; into a file or a
		// pipe, the bytes are kept.
		out := e.stdout
		var shown *display.Writer
		if terminal(e.stdout) {
			shown = display.NewWriter(e.stdout)
			out = shown
		}
		losses, err := formats.Write(out, f, recs)
		if shown != nil {
			if ferr := shown.Flush(); err == nil {
				err = ferr
			}
		}
		if err != nil {
			return refused(err)
		}
		printLosses(e, losses)
		return nil
	}
	losses, err := formats.WriteFile(o.out, f, recs)
	if err != nil {
		return refused(err)
	}
	printLosses(e, losses)
	fmt.Fprintf(e.stderr, "exported %d record(s) as %s to %s\n", len(recs), f.Name, display.Text(o.out))
	return nil
}

// printLosses says what the format could not hold as it was, a flood of
// one kind summarised (importers.Summarise).
func printLosses(e *env, losses []ssd3.Diagnostic) {
	for _, d := range importers.Summarise(losses) {
		fmt.Fprintf(e.stderr, "uricat export: %s\n", d)
	}
}

// terminal reports whether w is a terminal: an *os.File that is one, or
// a test's writer that says it is one.
func terminal(w io.Writer) bool {
	switch w := w.(type) {
	case *os.File:
		return isTerminal(w)
	case interface{ terminal() bool }:
		return w.terminal()
	}
	return false
}
