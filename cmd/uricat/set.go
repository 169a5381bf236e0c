package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/readinglist"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
)

// setOptions are the flags of `uricat set`.
type setOptions struct {
	ff                  fieldFlags
	search              string
	yes, all            bool
	addTags, removeTags string
	toRead, read        bool
	// What the flags and arguments make: the fields to set, the tags to
	// add and remove, and the records (the search's, or the selector's).
	fields      []ssd3.Field
	add, remove []string
	searched    bool
	selector    string
}

func newSetCmd(e *env, runF func(*setOptions) error) *cobra.Command {
	var o setOptions
	cmd := &cobra.Command{
		Use:   "set SELECTOR | set --search QUERY [--all] [--yes]",
		Short: "Change fields of a bookmark, or of every bookmark a search selects",
		Long: `Set changes the fields given on the line, and only those; an empty value
(and --rating 0) clears a field. --add-tags and --remove-tags add tags to
and remove them from those the record has (--tags replaces them all).
DATE becomes now, as SSD3 3.3 asks of an amended record, and the first
time it does, the DATE it had is kept as X-ADDED, when the bookmark was
added. Values a bookmark has already change nothing: set says "unchanged"
and DATE stays. Lines of the record that uricat cannot use are kept as
they are. Invalid values change nothing.

With --search, set changes every valid record the search matches, as one
edit: it lists them and how many would change, and changes them only with
--yes (a QUERY with no search term, or only exclusions ("-word"), is
refused, as it matches every record or nearly: --all says that every
valid record is meant, but those a QUERY of exclusions leaves out).
Records that have the values already are not changed, nor
stamped.

` + selectorHelp,
		Example: `  uricat set https://go.dev/ --rating 4 --tags go,lang
  uricat set id:7 --category '' --x X-SEEN=yes
  uricat set --search 'uri:go.dev' --category Programming/Go --add-tags go
  uricat set --search 'cat:Inbox' --category Reading --yes
  uricat set 12 --read                       # off the reading list`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.fromFlags(cmd, args); err != nil {
				return err
			}
			return runWith(runF, &o, func() error {
				if o.searched {
					return o.runSearch(e, o.fields, o.add, o.remove)
				}
				return runSet(e, o.selector, o.fields, o.add, o.remove)
			})
		},
	}
	o.ff.register(cmd.Flags(), true)
	cmd.Flags().StringVar(&o.addTags, "add-tags", "", "comma-separated `TAGS` to add to those the record has")
	cmd.Flags().StringVar(&o.removeTags, "remove-tags", "", "comma-separated `TAGS` to remove from those the record has")
	cmd.Flags().BoolVar(&o.toRead, "to-read", false, "put the record on the reading list (X-TOREAD: 1; uricat later)")
	cmd.Flags().BoolVar(&o.read, "read", false, "take the record off the reading list")
	cmd.Flags().StringVar(&o.search, "search", "", "change the valid records that match the search `QUERY`")
	cmd.Flags().BoolVar(&o.yes, "yes", false, "with --search or --all, change what it lists")
	cmd.Flags().BoolVar(&o.all, "all", false, "every valid record (with --search of exclusions: but those)")
	return cmd
}

// fromFlags fills o from the command line (the flags cobra parsed into
// it, and args), refusing what cannot go together.
func (o *setOptions) fromFlags(cmd *cobra.Command, args []string) error {
	searched := cmd.Flags().Changed("search") || o.all
	switch {
	case searched && len(args) > 0:
		return usageError(fmt.Errorf("give a SELECTOR or %s, not both", selectionFlag(cmd)))
	case !searched && len(args) != 1:
		return usageError(fmt.Errorf("expects one SELECTOR, or --search QUERY"))
	}
	fields, err := o.ff.fields(cmd.Flags())
	if err != nil {
		return err
	}
	if o.toRead && o.read {
		return usageError(errors.New("--to-read puts a record on the reading list and --read takes it off: give one"))
	}
	if o.toRead || o.read {
		fields = append(fields, readinglist.Field(o.toRead))
	}
	add, remove := ssd3.SplitTags(o.addTags), ssd3.SplitTags(o.removeTags)
	o.fields, o.add, o.remove, o.searched = fields, add, remove, searched
	if !searched {
		o.selector = args[0]
	}
	tagsGiven := cmd.Flags().Changed("add-tags") || cmd.Flags().Changed("remove-tags")
	if tagsGiven && cmd.Flags().Changed("tags") {
		return usageError(errors.New("--tags replaces the tags: give it, or --add-tags and --remove-tags, not both"))
	}
	if len(fields) == 0 && len(add) == 0 && len(remove) == 0 {
		flags := make([]string, len(fieldFlagTable))
		for i, f := range fieldFlagTable {
			flags[i] = "--" + f.flag
		}
		return usageError(fmt.Errorf("nothing to set: give %s, --add-tags, --remove-tags, --to-read, --read or --x", strings.Join(flags, ", ")))
	}
	for _, t := range append(add, remove...) {
		if err := ssd3.CheckTag(t); err != nil {
			return refused(fmt.Errorf("%w; nothing was changed", err))
		}
	}
	return nil
}

// edit is the one edit that sets fields and adds and removes tags on refs.
func edit(refs []catalogue.Ref, fields []ssd3.Field, add, remove []string) catalogue.Edit {
	var es []catalogue.Edit
	if len(fields) > 0 {
		es = append(es, catalogue.SetMany{Refs: refs, Fields: fields})
	}
	if len(add) > 0 || len(remove) > 0 {
		es = append(es, catalogue.Retag{Refs: refs, Add: add, Remove: remove})
	}
	if len(es) == 1 {
		return es[0]
	}
	return catalogue.Batch{Edits: es}
}

// runSet changes the record sel names, and saves.
func runSet(e *env, sel string, fields []ssd3.Field, add, remove []string) error {
	c, rec, err := e.openRecord(sel)
	if err != nil {
		return err
	}
	_, err = c.Apply(edit([]catalogue.Ref{rec.Ref()}, fields, add, remove))
	if errors.Is(err, catalogue.ErrUnchanged) {
		// The values it has: DATE is not stamped, and the file not written.
		fmt.Fprintf(e.stdout, "unchanged %q in %s\n", display.Text(rec.Name()), c.Path())
		return nil
	}
	if err != nil {
		var ve *catalogue.ValidationError
		if errors.As(err, &ve) {
			ve.Record = "" // the user named it
		}
		return refused(fmt.Errorf("%w; nothing was changed", err))
	}
	if err := c.Save(); err != nil {
		return refused(err)
	}
	now := c.Lookup(rec.Ref())
	fmt.Fprintf(e.stdout, "changed %q in %s\n", display.Text(now.Name()), display.Text(c.Path()))
	return nil
}

// runSearch changes the valid records o.search matches, once --yes
// says so; without it, it lists them and what would change.
func (o *setOptions) runSearch(e *env, fields []ssd3.Field, add, remove []string) error {
	q, err := e.selection(o.search, o.all)
	if err != nil {
		return err
	}
	sel := selectionText(o.search, o.all)
	c, err := e.open()
	if err != nil {
		return err
	}
	recs := query.Filter(c.Valid(), q)
	if len(recs) == 0 {
		fmt.Fprintf(e.stdout, "no record matches %s; nothing changed\n", sel)
		return nil
	}
	refs := make([]catalogue.Ref, len(recs))
	for i, r := range recs {
		refs[i] = r.Ref()
	}
	ed := edit(refs, fields, add, remove)
	if !o.yes {
		n, err := c.Preview(ed)
		if err != nil {
			return refused(fmt.Errorf("%w; nothing was changed", err))
		}
		fmt.Fprintf(e.stdout, "%d record(s) match %s, %s would change (and get DATE now, SSD3 3.3):\n", len(recs), sel, plural.Of(n, "record"))
		for _, r := range recs {
			fmt.Fprintf(e.stdout, "  line %d: %s\n", r.Line(), describe(r))
		}
		return refused(fmt.Errorf("nothing changed: add --yes to change these %d record(s)", len(recs)))
	}
	inv, err := c.Apply(ed)
	if errors.Is(err, catalogue.ErrUnchanged) {
		fmt.Fprintf(e.stdout, "unchanged: the %d record(s) that match %s have these values already\n", len(recs), sel)
		return nil
	}
	if err != nil {
		return refused(fmt.Errorf("%w; nothing was changed", err))
	}
	if err := c.Save(); err != nil {
		return refused(err)
	}
	changed := map[catalogue.Ref]bool{}
	for _, ref := range catalogue.Refs(inv) {
		changed[ref] = true
	}
	for _, r := range recs {
		if changed[r.Ref()] {
			fmt.Fprintf(e.stdout, "changed %s\n", describe(c.Lookup(r.Ref())))
		}
	}
	fmt.Fprintf(e.stdout, "%s of %d changed in %s\n", plural.Of(len(changed), "record"), len(recs), display.Text(c.Path()))
	return nil
}
