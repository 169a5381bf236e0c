package main

import (
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/internal/display"
)

// newCountCmd makes a command that lists the values that values gives
// for the valid records, each with its count: categories, tags.
func newCountCmd(e *env, name, short, long string, values func(*catalogue.Record) []string) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:     name,
		Short:   short,
		Long:    long,
		Example: "  uricat " + name + "\n  uricat " + name + " --json",
		Args:    noArgs,
		RunE: func(*cobra.Command, []string) error {
			c, err := e.openReadOnly()
			if err != nil {
				return err
			}
			return e.printCounts(countValues(c, values), asJSON)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, `print JSON: [{"name": ..., "count": ...}]`)
	return cmd
}

// count is one line of `uricat categories` and `uricat tags`.
type count struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// countValues counts, over the valid records, the values values returns
// for each, and sorts them by name, ignoring case.
func countValues(c *catalogue.ReadOnly, values func(*catalogue.Record) []string) []count {
	n := map[string]int{}
	for _, r := range c.Valid() {
		for _, v := range values(r) {
			n[v]++
		}
	}
	out := make([]count, 0, len(n))
	for name, k := range n {
		out = append(out, count{name, k})
	}
	slices.SortFunc(out, func(a, b count) int {
		if c := strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	return out
}

// printCounts prints counts as JSON, or as a table of name and count.
func (e *env) printCounts(counts []count, asJSON bool) error {
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
