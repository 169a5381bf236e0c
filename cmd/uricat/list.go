package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/query"
)

func newFlagSet(e *env, synopsis string) *flag.FlagSet {
	name, _, _ := strings.Cut(synopsis, " ")
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(e.stderr, "usage: uricat %s\n", synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// runList prints the valid records: file order unless sorted, optionally
// grouped and searched, as text for people or as JSON.
func runList(e *env, args []string) int {
	fs := newFlagSet(e, "list [--json] [--sort name|date|rating[:desc]] [--group FIELD] [--search QUERY]")
	asJSON := fs.Bool("json", false, "print JSON")
	sortBy := fs.String("sort", "", "sort by name, date or rating, with :desc for descending")
	groupBy := fs.String("group", "", "group by name, date[:year|month|day], category, rating, language or type")
	search := fs.String("search", "", "only records that match this search")
	pos, err := parseFlags(fs, args)
	if err != nil || len(pos) > 0 {
		fs.Usage()
		return 2
	}
	var key query.SortKey
	if *sortBy != "" {
		if key, err = query.ParseSortKey(*sortBy); err != nil {
			fmt.Fprintf(e.stderr, "uricat: %v\n", err)
			return 2
		}
	}
	var group query.GroupKey
	if *groupBy != "" {
		if group, err = query.ParseGroupKey(*groupBy); err != nil {
			fmt.Fprintf(e.stderr, "uricat: %v\n", err)
			return 2
		}
	}
	q, err := query.Parse(*search)
	if err != nil {
		fmt.Fprintf(e.stderr, "uricat: %v\n", err)
		return 2
	}
	recs, ok := e.search(q)
	if !ok {
		return 2
	}
	query.Sort(recs, key)
	var groups []query.Group
	if !group.IsZero() {
		groups = query.GroupRecords(recs, group)
	}
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if groups != nil {
			out := make([]catalogue.JSONGroup, 0, len(groups))
			for _, g := range groups {
				out = append(out, catalogue.JSONGroup{Group: g.Label, Records: toJSON(g.Records)})
			}
			err = enc.Encode(out)
		} else {
			err = enc.Encode(toJSON(recs))
		}
		if err != nil {
			fmt.Fprintf(e.stderr, "uricat: %v\n", err)
			return 2
		}
		return 0
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
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", catalogue.DisplayText(r.Name), stars(r.Rating),
				catalogue.DisplayText(r.Category), r.Date.Format("2006-01-02"), r.URI)
		}
	}
	tw.Flush()
	return 0
}

func toJSON(recs []*catalogue.Record) []catalogue.JSONRecord {
	out := make([]catalogue.JSONRecord, len(recs))
	for i, r := range recs {
		out[i] = r.JSON()
	}
	return out
}

func stars(n int) string {
	if n == 0 {
		return "-"
	}
	return strings.Repeat("*", n)
}
