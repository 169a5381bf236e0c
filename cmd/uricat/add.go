package main

import (
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
)

// addOptions are the flags of `uricat add`.
type addOptions struct {
	rec            catalogue.Record
	tags           string
	allowDuplicate bool
}

func newAddCmd(e *env) *cobra.Command {
	var o addOptions
	cmd := &cobra.Command{
		Use:   "add URI --name NAME",
		Short: "Add a bookmark",
		Long: `Add validates a new record and appends it to the catalogue; nothing already in
the file changes. An IRI (Unicode host or path) is stored as the URI it
stands for. DATE is now. A URI the catalogue already has (in any of its
equivalent forms: HTTP://Example.com:80 is http://example.com/) is refused
unless --allow-duplicate is given. Invalid input leaves the file untouched.`,
		Example: `  uricat add https://go.dev/ --name "The Go language" --category Programming --rating 5
  uricat add 'https://bücher.de/straße' --name Bücher --language de --tags books,shops`,
		Args: exactArgs(1, "one URI"),
		RunE: func(_ *cobra.Command, args []string) error { return o.run(e, args[0]) },
	}
	f := cmd.Flags()
	f.StringVar(&o.rec.Name, "name", "", "the bookmark's `NAME` (required)")
	f.StringVar(&o.rec.Category, "category", "", "the `CATEGORY`")
	f.StringVar(&o.rec.Description, "description", "", "the `DESCRIPTION`")
	f.IntVar(&o.rec.Rating, "rating", 0, "`RATING`, 1 to 5")
	f.StringVar(&o.rec.Language, "language", "", "`LANGUAGE` tag (RFC 3066), such as en-gb")
	f.StringVar(&o.rec.Type, "type", "", "media `TYPE`, such as text/html")
	f.StringVar(&o.rec.ID, "id", "", "a unique positive integer `ID`")
	f.StringVar(&o.tags, "tags", "", "comma-separated `TAGS`, stored as "+catalogue.FieldTags)
	f.BoolVar(&o.allowDuplicate, "allow-duplicate", false, "add the URI even if the catalogue has it already")
	_ = cmd.MarkFlagRequired("name")
	return cmd
}

// run validates the new record and appends it to the catalogue.
func (o *addOptions) run(e *env, uri string) error {
	rec := o.rec.Clone()
	rec.URI = catalogue.NormalizeURI(uri)
	rec.Date = time.Now().UTC().Truncate(time.Second)
	if tags := catalogue.SplitTags(o.tags); len(tags) > 0 {
		rec.SetExtension(catalogue.FieldTags, catalogue.JoinTags(tags))
	}
	if probs := rec.Validate(); len(probs) > 0 {
		return refused(&catalogue.ValidationError{Problems: probs})
	}
	c, err := e.open(false)
	if err != nil {
		return err
	}
	if !o.allowDuplicate {
		key := catalogue.URIKey(rec.URI)
		for _, r := range c.Records() {
			if r.URI != "" && catalogue.URIKey(r.URI) == key {
				return refused(fmt.Errorf("already there: %q, line %d of %s (%s); add --allow-duplicate to add it again",
					catalogue.DisplayText(r.Name), r.Line(), c.Path(), r.URI))
			}
		}
	}
	_, err = c.Apply(catalogue.Add{Records: []*catalogue.Record{rec}, AllowDuplicates: true})
	if err != nil {
		return refused(err)
	}
	if err := c.Save(); err != nil {
		return refused(err)
	}
	fmt.Fprintf(e.stdout, "added %q to %s\n", catalogue.DisplayText(rec.Name), c.Path())
	return nil
}
