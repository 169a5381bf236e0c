package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
)

// rmOptions are the flags of `uricat rm`.
type rmOptions struct {
	search    string
	yes, all  bool
	searched  bool // --search or --all: not SELECTORs
	selectors []string
}

func newRmCmd(e *env, runF func(*rmOptions) error) *cobra.Command {
	var o rmOptions
	cmd := &cobra.Command{
		Use:   "rm SELECTOR... | rm --search QUERY [--all] [--yes]",
		Short: "Remove bookmarks",
		Long: `Rm removes the records the SELECTORs name, all or none: a SELECTOR that names
no record, or several, refuses the whole command. With --search it lists
the valid records the search matches, and removes them only with --yes;
a QUERY with no search term (blank), or only exclusions ("-word"), is
refused, as it matches every record or nearly: --all says that every
valid record is meant (but those a QUERY of exclusions leaves out).

` + selectorHelp,
		Example: `  uricat rm https://go.dev/ id:7
  uricat rm --search 'cat:old'          # lists what it would remove
  uricat rm --search 'cat:old' --yes    # removes them`,
		RunE: func(cmd *cobra.Command, args []string) error {
			searched := cmd.Flags().Changed("search") || o.all
			switch {
			case searched && len(args) > 0:
				return usageError(fmt.Errorf("give SELECTORs or %s, not both", selectionFlag(cmd)))
			case !searched && len(args) == 0:
				return usageError(fmt.Errorf("expects one SELECTOR or more, or --search QUERY"))
			}
			o.searched, o.selectors = searched, args
			return runWith(runF, &o, func() error { return o.run(e, o.searched, o.selectors) })
		},
	}
	cmd.Flags().StringVar(&o.search, "search", "", "remove the valid records that match the search `QUERY`")
	cmd.Flags().BoolVar(&o.yes, "yes", false, "with --search or --all, remove what it lists")
	cmd.Flags().BoolVar(&o.all, "all", false, "every valid record (with --search of exclusions: but those)")
	return cmd
}

// run removes the records sels name or, when searched, those o.search
// matches.
func (o *rmOptions) run(e *env, searched bool, sels []string) error {
	var q *query.Query
	if searched {
		var err error
		if q, err = e.selection(o.search, o.all); err != nil {
			return err
		}
	}
	c, err := e.open()
	if err != nil {
		return err
	}
	var recs []*ssd3.Record
	if q != nil {
		recs = query.Filter(c.Valid(), q)
		if len(recs) == 0 {
			fmt.Fprintf(e.stdout, "no record matches %s; nothing removed\n", selectionText(o.search, o.all))
			return nil
		}
		if !o.yes {
			fmt.Fprintf(e.stdout, "%d record(s) match %s:\n", len(recs), selectionText(o.search, o.all))
			for _, r := range recs {
				fmt.Fprintf(e.stdout, "  line %d: %s\n", r.Line(), describe(r))
			}
			return refused(fmt.Errorf("nothing removed: add --yes to remove these %d record(s)", len(recs)))
		}
	} else {
		seen := map[catalogue.Ref]bool{}
		for _, sel := range sels {
			r, err := selectRecord(c, sel)
			if err != nil {
				return err
			}
			if !seen[r.Ref()] {
				seen[r.Ref()] = true
				recs = append(recs, r)
			}
		}
	}
	refs := make([]catalogue.Ref, len(recs))
	for i, r := range recs {
		refs[i] = r.Ref()
	}
	if _, err := c.Apply(catalogue.Delete{Refs: refs}); err != nil {
		return refused(err)
	}
	if err := c.Save(); err != nil {
		return refused(err)
	}
	for _, r := range recs {
		fmt.Fprintf(e.stdout, "removed %s (line %d) from %s\n", describe(r), r.Line(), display.Text(c.Path()))
	}
	return nil
}
