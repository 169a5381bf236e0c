package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/dupset"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
)

// dupsOptions are the flags of `uricat dups`.
type dupsOptions struct {
	json, merge, yes bool
}

func newDupsCmd(e *env, runF func(*dupsOptions) error) *cobra.Command {
	var o dupsOptions
	cmd := &cobra.Command{
		Use:   "dups [--json] | dups --merge [--yes]",
		Short: "List, or merge, records that look like the same page",
		Long: `Dups lists the groups of valid records whose URIs most likely name the same
page: the same URI once http and https are one, a leading www., trailing
slashes, the fragment and the tracking parameters (utm_*, fbclid, gclid,
mc_eid, ref) left out, and the other query parameters in any order (the
README's "Duplicates" says more). Each group is in file order.

--merge shows what merging each group into one record would make: the
record with the cleanest URI (no tracking parameters, https, no fragment,
the shortest) keeps its URI, NAME and place. --merge --yes merges them, as
one edit: the highest rating, the first
category, the descriptions joined, the tags and X- fields united (a second
value of one X- field goes to the description), X-ADDED the earliest added
date, DATE now; the other records of the group are removed.`,
		Example: `  uricat dups
  uricat dups --json
  uricat dups --merge          # what it would do
  uricat dups --merge --yes    # merge`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if o.yes && !o.merge {
				return usageError(fmt.Errorf("--yes merges: give it with --merge"))
			}
			if o.json && o.merge {
				return usageError(fmt.Errorf("--json lists the groups; it does not go with --merge"))
			}
			return runWith(runF, &o, func() error { return o.run(e) })
		},
	}
	cmd.Flags().BoolVar(&o.json, "json", false, "print the groups as JSON")
	cmd.Flags().BoolVar(&o.merge, "merge", false, "show what merging each group into its first record would make")
	cmd.Flags().BoolVar(&o.yes, "yes", false, "with --merge, merge")
	return cmd
}

// dupsJSON is one record of a group, as `dups --json` prints it: its line,
// NAME and URI as stored.
type dupsJSON struct {
	Line int    `json:"line"`
	Name string `json:"name"`
	URI  string `json:"uri"`
}

func (o *dupsOptions) run(e *env) error {
	if !o.merge {
		c, err := e.openReadOnly()
		if err != nil {
			return err
		}
		return o.list(e, dupset.Duplicates(c.Valid()))
	}
	c, err := e.open()
	if err != nil {
		return err
	}
	groups := dupset.Duplicates(c.Records())
	dupset.CleanestFirst(groups)
	if len(groups) == 0 {
		fmt.Fprintln(e.stdout, "no duplicates: nothing to merge")
		return nil
	}
	edit, notes := catalogue.MergeEdit(groups)
	if !o.yes {
		for g, recs := range groups {
			m, _ := dupset.MergeRecords(recs)
			printGroup(e, recs)
			fmt.Fprintf(e.stdout, "  would become, at line %d:\n", recs[0].Line())
			for _, f := range ssd3.FieldNames(m) {
				fmt.Fprintf(e.stdout, "    %s: %s\n", f, display.Lines(strings.ReplaceAll(ssd3.GetField(m, f), "\n", "\n      ")))
			}
			printNotes(e, notes[g])
		}
		these := "these " + plural.Of(len(groups), "group")
		if len(groups) == 1 {
			these = "this group"
		}
		return refused(fmt.Errorf("nothing merged: add --yes to merge %s", these))
	}
	if _, err := c.Apply(edit); err != nil {
		return refused(fmt.Errorf("nothing merged: %w", err))
	}
	if err := c.Save(); err != nil {
		return refused(fmt.Errorf("nothing merged: %w", err))
	}
	for g, recs := range groups {
		fmt.Fprintf(e.stdout, "merged %s into %s (line %d)\n", plural.Of(len(recs)-1, "record"), quoteName(recs[0]), recs[0].Line())
		for _, r := range recs[1:] {
			fmt.Fprintf(e.stdout, "  removed line %d: %s <%s>\n", r.Line(), quoteName(r), display.Text(display.URI(r.URI())))
		}
		printNotes(e, notes[g])
	}
	return nil
}

// list prints the groups, or says there are none.
func (o *dupsOptions) list(e *env, groups [][]*ssd3.Record) error {
	if o.json {
		out := make([][]dupsJSON, len(groups))
		for g, recs := range groups {
			for _, r := range recs {
				out[g] = append(out[g], dupsJSON{Line: r.Line(), Name: r.Name(), URI: r.URI()})
			}
		}
		return e.printJSON(out)
	}
	if len(groups) == 0 {
		fmt.Fprintln(e.stdout, "no duplicates")
		return nil
	}
	n := 0
	for _, recs := range groups {
		printGroup(e, recs)
		n += len(recs)
	}
	fmt.Fprintf(e.stdout, "%s of %s; `uricat dups --merge` shows how they would merge\n", plural.Of(len(groups), "group"), plural.Of(n, "record"))
	return nil
}

// printGroup prints one group: a line for each record, its line number,
// NAME and URI as people read it (display.URI), all shown safely.
func printGroup(e *env, recs []*ssd3.Record) {
	fmt.Fprintf(e.stdout, "%s look like one page:\n", plural.Of(len(recs), "record"))
	for _, r := range recs {
		fmt.Fprintf(e.stdout, "  line %d: %s <%s>\n", r.Line(), quoteName(r), display.Text(display.URI(r.URI())))
	}
}

// printNotes prints what a group's merge could not keep as it was.
func printNotes(e *env, notes []string) {
	for _, n := range notes {
		fmt.Fprintf(e.stdout, "  note: %s\n", display.Text(n))
	}
}
