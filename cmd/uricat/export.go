package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/exporters"
)

// exportOptions are the flags of `uricat export`.
type exportOptions struct {
	format, q, out string
}

func newExportCmd(e *env) *cobra.Command {
	var o exportOptions
	cmd := &cobra.Command{
		Use:   "export --format FORMAT",
		Short: "Write the valid records in another format (netscape, soif, hinadi, urc, json, csv)",
		Long: `Export writes the valid records (those a search matches, when given), in file
order, in another format, to standard output or to a file that is replaced
atomically. The netscape file is what Firefox, Chrome and Safari import.`,
		Example: `  uricat export --format netscape -o bookmarks.html
  uricat export --format csv --search 'cat:programming'`,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error { return o.run(e) },
	}
	f := cmd.Flags()
	f.StringVar(&o.format, "format", "", "the `FORMAT`: "+strings.Join(exporters.Names(), ", ")+" (required)")
	f.StringVar(&o.q, "search", "", "only the records that match the search `QUERY`")
	f.StringVarP(&o.out, "output", "o", "", "write to `FILE` instead of standard output")
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions(exporters.Names(), cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// run writes the records to stdout or, through exporters.WriteFile, to a
// file that is replaced atomically.
func (o *exportOptions) run(e *env) error {
	if o.format == "" {
		return usageError(fmt.Errorf("--format is required (formats: %s)", strings.Join(exporters.Names(), ", ")))
	}
	f, err := exporters.ByName(o.format)
	if err != nil {
		return usageError(err)
	}
	q, err := query.Parse(o.q)
	if err != nil {
		return usageError(err)
	}
	if o.out != "" && o.out != "-" && sameFile(o.out, e.catalogue) {
		return usageError(fmt.Errorf("%s is the catalogue itself; choose another file", o.out))
	}
	recs, err := e.search(q)
	if err != nil {
		return err
	}
	if o.out == "" || o.out == "-" {
		// Every writer buffers its output itself.
		if err := f.Write(e.stdout, recs); err != nil {
			return refused(err)
		}
		return nil
	}
	if err := exporters.WriteFile(o.out, f, recs); err != nil {
		return refused(err)
	}
	fmt.Fprintf(e.stderr, "exported %d record(s) as %s to %s\n", len(recs), f.Name, o.out)
	return nil
}

// sameFile reports whether paths a and b name the same existing file.
func sameFile(a, b string) bool {
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}
