package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/query"
	jsonformat "github.com/uricat/uricat/importers/json"
)

// listOptions are the flags of `uricat list`.
type listOptions struct {
	json           bool
	sort, group, q string
}

func newListCmd(e *env) *cobra.Command {
	var o listOptions
	cmd := &cobra.Command{
		Use:   "list",
		Short: "Print the valid records, in file order unless sorted",
		Long: `List prints the valid records (SSD3 2.2: those with a valid URI, NAME and
DATE), in file order unless sorted, optionally grouped and searched, as
text or as JSON. The invalid records are reported on stderr. The search
language: uricat help search.`,
		Example: `  uricat list --sort rating:desc
  uricat list --group category --json
  uricat list --search 'cat:programming rating:>=4 -"old stuff"'`,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error { return o.run(e) },
	}
	f := cmd.Flags()
	f.BoolVar(&o.json, "json", false, "print JSON")
	f.StringVar(&o.sort, "sort", "", "sort by `KEY`: name, date or rating, with :desc for descending")
	f.StringVar(&o.group, "group", "", "group by `FIELD`: name, date[:year|month|day], category, rating, language or type")
	f.StringVar(&o.q, "search", "", "only the records that match the search `QUERY` (see uricat help search)")
	return cmd
}

func (o *listOptions) run(e *env) error {
	var key query.SortKey
	var err error
	if o.sort != "" {
		if key, err = query.ParseSortKey(o.sort); err != nil {
			return usageError(err)
		}
	}
	var group query.GroupKey
	if o.group != "" {
		if group, err = query.ParseGroupKey(o.group); err != nil {
			return usageError(err)
		}
	}
	q, err := query.Parse(o.q)
	if err != nil {
		return usageError(err)
	}
	recs, err := e.search(q)
	if err != nil {
		return err
	}
	query.Sort(recs, key)
	var groups []query.Group
	if !group.IsZero() {
		groups = query.GroupRecords(recs, group)
	}
	if o.json {
		if groups != nil {
			out := make([]jsonformat.Group, 0, len(groups))
			for _, g := range groups {
				out = append(out, jsonformat.Group{Group: g.Label, Records: toJSON(g.Records)})
			}
			return e.printJSON(out)
		}
		return e.printJSON(toJSON(recs))
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
	if groups == nil {
		groups = []query.Group{{Records: recs}}
	}
	for i, g := range groups {
		if g.Label != "" {
			if i > 0 {
				fmt.Fprintln(tw)
			}
			fmt.Fprintf(tw, "== %s (%d)\n", catalogue.DisplayText(g.Label), len(g.Records))
		}
		for _, r := range g.Records {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", catalogue.DisplayText(r.Name()), stars(r.Rating()),
				catalogue.DisplayText(r.Category()), catalogue.DisplayDate(r.Date()), catalogue.DisplayText(r.URI()))
		}
	}
	if err := tw.Flush(); err != nil {
		return refused(err)
	}
	return nil
}

// printJSON prints v as indented JSON on stdout, as the json export does
// (& < > as they are, no control character raw).
func (e *env) printJSON(v any) error {
	if err := jsonformat.Encode(e.stdout, v); err != nil {
		return refused(err)
	}
	return nil
}

func toJSON(recs []*catalogue.Record) []jsonformat.Record {
	out := make([]jsonformat.Record, len(recs))
	for i, r := range recs {
		out[i] = jsonformat.FromRecord(r)
	}
	return out
}

func stars(n int) string {
	if n == 0 {
		return "-"
	}
	return strings.Repeat("*", n)
}
