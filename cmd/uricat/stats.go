package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue/stats"
	"github.com/uricat/uricat/internal/display"
)

// statsOptions are the flags of `uricat stats`.
type statsOptions struct {
	json bool
}

func newStatsCmd(e *env, runF func(*statsOptions) error) *cobra.Command {
	var o statsOptions
	cmd := &cobra.Command{
		Use:   "stats",
		Short: "Show the collection at a glance: records by category, rating and year, as bar charts",
		Long: `Stats counts the valid records by top-level category (the first name of
their CATEGORY path; the largest ones, the rest together), by rating, and
by the year they were added (X-ADDED, else DATE), and counts the records
with problems and those not used for an error (uricat check says which),
and draws each count as a bar as wide as the terminal allows. With --json it prints the counts.`,
		Example: "  uricat stats\n  uricat stats --json",
		Args:    noArgs,
		RunE:    func(*cobra.Command, []string) error { return runWith(runF, &o, func() error { return o.run(e) }) },
	}
	cmd.Flags().BoolVar(&o.json, "json", false, `print JSON: {"records": ..., "categories": [{"name": ..., "count": ...}], ...}`)
	return cmd
}

func (o *statsOptions) run(e *env) error {
	c, err := e.openReadOnly()
	if err != nil {
		return err
	}
	s := stats.Of(c.Records())
	if o.json {
		return e.printJSON(s)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d records in %s\n", s.Records, display.Text(c.Path()))
	width, columns := listWidth(e.stdout)
	if !columns {
		width = 80 // a pipe: charts as wide as a terminal's default
	}
	for _, chart := range s.Charts(stars) {
		fmt.Fprintf(&b, "\n%s\n", chart.Title)
		stats.Bars(&b, chart.Counts, width, stats.Hashes)
	}
	if _, err := fmt.Fprint(e.stdout, b.String()); err != nil {
		return refused(err)
	}
	return nil
}
