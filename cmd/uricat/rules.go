package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/config"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
)

// rulesFiled says how many of the records recs an add or import brought
// the rules filed (filed, config.Rules.FileAll's) and the catalogue took
// (refs); with dryRun, would file.
func (e *env) rulesFiled(filed map[*ssd3.Record]bool, recs []*ssd3.Record, refs []catalogue.Ref, dryRun bool) {
	n := config.CountFiled(filed, recs, refs)
	switch {
	case e.quiet || n == 0:
	case dryRun:
		fmt.Fprintf(e.stdout, "rules would file %s\n", plural.Of(n, "record"))
	default:
		fmt.Fprintf(e.stdout, "rules filed %s\n", plural.Of(n, "record"))
	}
}

func newRulesCmd(e *env) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "rules",
		Short: "Apply the configuration file's rules to the records there are",
		Long: `Rules are kept in the configuration file (uricat config edit), each a
match (a search) and what to set: category, tags (added), rating, toread.
add and import apply them to the records they bring, and say how many
they filed; every rule whose match a record meets applies, in the file's
order (a later rule's category, rating and toread win, tags add up).
uricat rules apply applies them to the records the catalogue has.`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error { return c.Help() },
	}
	cmd.AddCommand(newRulesApplyCmd(e, nil))
	return cmd
}

type rulesApplyOptions struct {
	search string
	yes    bool
}

func newRulesApplyCmd(e *env, runF func(*rulesApplyOptions) error) *cobra.Command {
	var o rulesApplyOptions
	cmd := &cobra.Command{
		Use:   "apply [--search QUERY] [--yes]",
		Short: "Apply the rules to the records there are (those the search selects)",
		Long: `Apply lists each record the rules would change and what it would get;
with --yes it changes them, as one edit (their DATE becomes now, as SSD3
3.3 asks of an amended record).`,
		Example: `  uricat rules apply --search 'in:none'
  uricat rules apply --yes`,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error { return runWith(runF, &o, func() error { return o.run(e) }) },
	}
	cmd.Flags().StringVar(&o.search, "search", "", "only the records the search `QUERY` matches")
	cmd.Flags().BoolVar(&o.yes, "yes", false, "change the records listed")
	return cmd
}

func (o *rulesApplyOptions) run(e *env) error {
	rules := e.configFile().Rules
	if len(rules) == 0 {
		return refused(fmt.Errorf("%s has no rules (uricat config edit)", e.configFile().Path))
	}
	q, err := e.parseSearch(o.search)
	if err != nil {
		return usageError(err)
	}
	if q, err = e.withLinks(q); err == nil {
		q, err = e.withArchive(q)
	}
	if err != nil {
		return err
	}
	c, err := e.open()
	if err != nil {
		return err
	}
	var sets []catalogue.Edit
	var changed []*ssd3.Record
	var b strings.Builder
	for _, r := range query.Filter(c.Valid(), q) {
		out, ok := rules.Apply(r)
		if !ok {
			continue
		}
		fields := ssd3.Diff(r, out)
		sets = append(sets, catalogue.Set{Ref: r.Ref(), Fields: fields})
		changed = append(changed, r)
		fmt.Fprintf(&b, "line %d: %s:", r.Line(), describe(r))
		for _, f := range fields {
			fmt.Fprintf(&b, " %s=%q", f.Name, display.Text(f.Value))
		}
		b.WriteByte('\n')
	}
	io.WriteString(e.stdout, b.String())
	if len(sets) == 0 {
		fmt.Fprintln(e.stdout, "the rules change no record; nothing changed")
		return nil
	}
	if !o.yes {
		return refused(fmt.Errorf("nothing changed: add --yes to change these %s", plural.Of(len(sets), "record")))
	}
	if _, err := c.Apply(catalogue.Batch{Edits: sets}); err != nil && !errors.Is(err, catalogue.ErrUnchanged) {
		return refused(fmt.Errorf("%w; nothing was changed", err))
	}
	if err := c.Save(); err != nil {
		return refused(err)
	}
	fmt.Fprintf(e.stdout, "rules filed %s in %s\n", plural.Of(len(changed), "record"), display.Text(c.Path()))
	return nil
}
