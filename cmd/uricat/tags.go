package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/catalogue/stats"
	"github.com/uricat/uricat/internal/display"
)

// tagsOptions are what `uricat tags` is asked: countOptions, and whether
// to list only the groups of similar tags, or only the tags one record
// has.
type tagsOptions struct {
	countOptions
	similar, singletons bool
}

func newTagsCmd(e *env, runF func(*tagsOptions) error) *cobra.Command {
	var o tagsOptions
	cmd := &cobra.Command{
		Use:   "tags",
		Short: "List the tags (" + ssd3.FieldTags + "), each with its number of records; rename, merge and remove them",
		Long: `Tags lists the tags of the valid records (the comma-separated values of
their ` + ssd3.FieldTags + ` field, which add --tags and the browsers' bookmark
files give), in alphabetical order, each with the number of records that
have it. Its commands rename a tag in every record, merge two, and remove
one; set --add-tags and --remove-tags change the tags of some records.

--similar lists the tags that are likely one, a group a line: the number
of uses, then each spelling with its records, the most used first (the
name to merge into). Tags are alike when they differ only in case,
accents, a leading "#", the separators "-", "_" and space ("AdTech",
"ad-tech", "ad tech", "#adtech"), or an English plural ending ("recipes",
"boxes", "categories"; not "news", "css", nor words of under three
letters). --singletons lists the tags only one record has.`,
		Example: "  uricat tags\n  uricat tags --json\n  uricat tags --similar\n  uricat tags --singletons",
		Args:    noArgs,
		RunE: func(*cobra.Command, []string) error {
			return runWith(runF, &o, func() error { return runTags(e, &o) })
		},
	}
	cmd.Flags().BoolVar(&o.json, "json", false, `print JSON: [{"name": ..., "count": ...}]; with --similar, [[{"tag": ..., "count": ...}, ...], ...]`)
	cmd.Flags().BoolVar(&o.similar, "similar", false, "list the groups of tags likely one (case, accents, separators, plural)")
	cmd.Flags().BoolVar(&o.singletons, "singletons", false, "list only the tags one record has")
	cmd.MarkFlagsMutuallyExclusive("similar", "singletons")
	cmd.AddCommand(newTagRenameCmd(e, nil), newTagMergeCmd(e, nil), newTagRmCmd(e, nil))
	return cmd
}

// runTags prints the tags, the groups of similar ones, or the singletons.
func runTags(e *env, o *tagsOptions) error {
	c, err := e.openReadOnly()
	if err != nil {
		return err
	}
	tags := countValues(c, stats.TagsOf)
	switch {
	case o.similar:
		return e.printGroups(stats.Similar(tags), o.json)
	case o.singletons:
		tags = stats.Singletons(tags)
		if tags == nil {
			tags = []stats.Count{} // JSON's [], not null
		}
	}
	return e.printCounts(tags, o.json)
}

// tagCount is a tag of a group as `uricat tags --similar --json` prints
// it.
type tagCount struct {
	Tag   string `json:"tag"`
	Count int    `json:"count"`
}

// printGroups prints groups as JSON, or a group a line: its uses, then
// its tags with their counts, the suggested name first.
func (e *env) printGroups(groups []stats.Group, asJSON bool) error {
	if asJSON {
		out := make([][]tagCount, len(groups))
		for i, g := range groups {
			for _, c := range g {
				out[i] = append(out[i], tagCount{c.Name, c.Count})
			}
		}
		return e.printJSON(out)
	}
	tw := tabwriter.NewWriter(e.stdout, 0, 4, 0, ' ', tabwriter.AlignRight)
	for _, g := range groups {
		tags := make([]string, len(g))
		for i, c := range g {
			tags[i] = fmt.Sprintf("%s (%d)", display.Text(c.Name), c.Count)
		}
		fmt.Fprintf(tw, "%d\t  %s\n", g.Total(), strings.Join(tags, ", "))
	}
	if err := tw.Flush(); err != nil {
		return refused(err)
	}
	return nil
}
