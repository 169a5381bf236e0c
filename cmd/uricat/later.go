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
)

// laterOptions are the flags of `uricat later` beyond add's.
type laterOptions struct {
	json, long bool
}

// newLaterCmd is add's command, with add's flags and its way of adding,
// made to mark what it adds to read; an existing record is marked, and
// no URI lists the reading list. runF, if given, gets add's options of a
// record to add or mark (tests).
func newLaterCmd(e *env, runF func(*addOptions) error) *cobra.Command {
	var o laterOptions
	cmd := newAddCmd(e, func(a *addOptions) error {
		if runF != nil {
			return runF(a)
		}
		return runLater(e, a)
	})
	add := cmd.RunE
	cmd.Use = "later [URI | SELECTOR] [add's flags]"
	cmd.Short = "Add a bookmark to read later, mark one, or list the reading list"
	cmd.Long = `Later puts a bookmark on the reading list (X-TOREAD: 1). A URI the
catalogue does not have is added as "uricat add" adds it, with its flags
(--name, --no-fetch, --category, ...), and marked to read; a record it has
(by its URI, or id:N, line:N or the handle N that list shows) is marked,
an edit like "uricat set --to-read": its DATE becomes now (SSD3 3.3).

Without an argument, later lists the reading list, oldest first (by when
each bookmark was added), as list prints records, or with --json as
"uricat list --json" does. "uricat set SELECTOR --read" takes a bookmark
off it; toread:yes finds it in searches.`
	cmd.Example = `  uricat later https://go.dev/blog/ --no-fetch
  uricat later 12
  uricat later --json`
	cmd.Args = cobra.MaximumNArgs(1)
	cmd.RunE = func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return runLaterList(e, o)
		}
		if cmd.Flags().Changed("json") || cmd.Flags().Changed("long") {
			return usageError(errors.New("--json and --long list the reading list: give them without a URI"))
		}
		return add(cmd, args)
	}
	cmd.Flags().BoolVar(&o.json, "json", false, "list the reading list as JSON")
	cmd.Flags().BoolVar(&o.long, "long", false, "list each record's tags and description too")
	return cmd
}

// runLater marks the record a.uri names if the catalogue has it, and
// else adds it, marked, as add does.
func runLater(e *env, a *addOptions) error {
	c, err := e.open()
	if err != nil {
		return err
	}
	rec, err := laterRecord(c, a.uri)
	if err != nil {
		return err
	}
	if rec == nil {
		a.fields = append(a.fields, readinglist.Field(true))
		return runAdd(e, a.uri, a.fields, a.named, *a)
	}
	if len(a.fields) > 0 {
		fmt.Fprintf(e.stderr, "uricat later: note: %q is in the catalogue already: only marked to read (uricat set changes its fields)\n", display.Text(rec.Name()))
	}
	_, err = c.Apply(readinglist.Mark([]catalogue.Ref{rec.Ref()}))
	if errors.Is(err, catalogue.ErrUnchanged) {
		fmt.Fprintf(e.stdout, "%q is on the reading list already\n", display.Text(rec.Name()))
		return nil
	}
	if err != nil {
		return refused(fmt.Errorf("%w; nothing was changed", err))
	}
	if err := c.Save(); err != nil {
		return refused(err)
	}
	fmt.Fprintf(e.stdout, "marked %q to read in %s\n", display.Text(rec.Name()), display.Text(c.Path()))
	return nil
}

// laterRecord is the record of c that sel names (selectorHelp), or nil
// for a URI c does not have, which later adds.
func laterRecord(c *catalogue.Catalogue, sel string) (*ssd3.Record, error) {
	if kind, _, _ := strings.Cut(sel, ":"); handle(sel) || kind == "id" || kind == "line" {
		return selectRecord(c, sel)
	}
	probe := &ssd3.Record{}
	if err := setFields(probe, []ssd3.Field{{Name: ssd3.FieldURI, Value: sel}}); err != nil {
		return nil, err
	}
	if !c.HasURI(probe.URI()) {
		return nil, nil
	}
	return selectRecord(c, sel)
}

// runLaterList prints the reading list, oldest first.
func runLaterList(e *env, o laterOptions) error {
	q, err := query.Parse("toread:yes")
	if err != nil {
		return err
	}
	recs, q, err := e.searchAnswered(q)
	if err != nil {
		return err
	}
	recs = readinglist.Queue(recs)
	if len(recs) == 0 && !o.json {
		fmt.Fprintln(e.stdout, "the reading list is empty: uricat later URI puts a bookmark on it")
		return nil
	}
	lo := listOptions{json: o.json, long: o.long}
	return lo.print(e, recs, q, nil)
}
