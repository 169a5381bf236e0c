package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/catalogue/stats"
	"github.com/uricat/uricat/internal/display"
)

// newCountCmd makes a command that lists the values that values gives
// for the valid records, each with its count: categories (tags.go
// makes tags, which has flags of its own).
// countOptions are what `uricat categories` and `uricat tags` are asked.
type countOptions struct{ json bool }

func newCountCmd(e *env, runF func(*countOptions) error, name, short, long string, values func(*ssd3.Record) []string) *cobra.Command {
	var o countOptions
	cmd := &cobra.Command{
		Use:     name,
		Short:   short,
		Long:    long,
		Example: "  uricat " + name + "\n  uricat " + name + " --json",
		Args:    noArgs,
		RunE: func(*cobra.Command, []string) error {
			return runWith(runF, &o, func() error {
				c, err := e.openReadOnly()
				if err != nil {
					return err
				}
				return e.printCounts(countValues(c, values), o.json)
			})
		},
	}
	cmd.Flags().BoolVar(&o.json, "json", false, `print JSON: [{"name": ..., "count": ...}]`)
	return cmd
}

// countValues counts, over the valid records, the values values returns
// for each, sorted by name ignoring case (stats.Values).
func countValues(c *catalogue.Catalogue, values func(*ssd3.Record) []string) []stats.Count {
	return stats.Values(c.Valid(), values)
}

// printCounts prints counts as JSON, or as a table of name and count.
func (e *env) printCounts(counts []stats.Count, asJSON bool) error {
	if asJSON {
		return e.printJSON(counts)
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 0, ' ', tabwriter.AlignRight)
	for _, c := range counts {
		fmt.Fprintf(tw, "%d\t  %s\n", c.Count, display.Text(c.Name))
	}
	if err := tw.Flush(); err != nil {
		return refused(err)
	}
	return nil
}
