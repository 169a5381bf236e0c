package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/importers"
)

func newAddCmd(e *env) *cobra.Command {
	var ff fieldFlags
	var allowDuplicate bool
	cmd := &cobra.Command{
		Use:   "add URI --name NAME",
		Short: "Add a bookmark",
		Long: `Add validates a new record and appends it to the catalogue; nothing already in
the file changes. An IRI (Unicode host or path) is stored as the URI it
stands for. DATE is now. A URI the catalogue already has (in any of its
equivalent forms: HTTP://Example.com:80 is http://example.com/) is refused
unless --allow-duplicate is given; one that looks like a URI it has
(https://www.example.org/a/ and http://example.org/a#top, say: see
"uricat dups") is added, with a warning. Invalid input leaves the file untouched.`,
		Example: `  uricat add https://go.dev/ --name "The Go language" --category Programming --rating 5
  uricat add 'https://bücher.de/straße' --name Bücher --language de --tags books,shops`,
		Args: exactArgs(1, "one URI"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if !cmd.Flags().Changed("name") {
				return usageError(fmt.Errorf("--name is required: every bookmark has a NAME (SSD3 3.2)"))
			}
			fields, err := ff.fields(cmd.Flags())
			if err != nil {
				return err
			}
			return runAdd(e, args[0], fields, allowDuplicate)
		},
	}
	ff.register(cmd.Flags(), false)
	cmd.Flags().BoolVar(&allowDuplicate, "allow-duplicate", false, "add the URI even if the catalogue has it already")
	return cmd
}

// runAdd validates the new record and appends it to the catalogue.
func runAdd(e *env, uri string, fields []catalogue.Field, allowDuplicate bool) error {
	rec := &catalogue.Record{}
	if err := setFields(rec, append([]catalogue.Field{{Name: catalogue.FieldURI, Value: uri}}, fields...)); err != nil {
		return err
	}
	c, err := e.open()
	if err != nil {
		return err
	}
	var rep catalogue.AddReport
	if _, err := c.Apply(catalogue.Add{Records: []*catalogue.Record{rec}, AllowDuplicates: allowDuplicate, Report: &rep}); err != nil {
		var dup *catalogue.DuplicateError
		if errors.As(err, &dup) && dup.Existing != nil {
			r := dup.Existing
			return refused(fmt.Errorf("already there: %q, line %d of %s (%s); add --allow-duplicate to add it again",
				catalogue.DisplayText(r.Name()), r.Line(), c.Path(), r.URI()))
		}
		return refused(err)
	}
	merged, err := c.SaveReport()
	if err != nil {
		return refused(err)
	}
	if merged != nil && len(merged.Duplicates) > 0 {
		return refused(fmt.Errorf("already there: another program added %s to %s meanwhile; add --allow-duplicate to add it again", rec.URI(), c.Path()))
	}
	for _, l := range rep.LookAlikes {
		e.diagnostic(catalogue.Diagnostic{File: c.Path(), Offset: -1, Kind: catalogue.Warning,
			Msg: fmt.Sprintf("%s looks like %s; added all the same (uricat dups lists such records)", rec.URI(), importers.LooksLike(l.Like))})
	}
	fmt.Fprintf(e.stdout, "added %q to %s\n", catalogue.DisplayText(rec.Name()), catalogue.DisplayText(c.Path()))
	return nil
}
