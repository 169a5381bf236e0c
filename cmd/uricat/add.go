package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/uricat/uricat/catalogue"
)

// runAdd validates a new record and appends it to the catalogue. Invalid
// input leaves the file untouched.
func runAdd(e *env, args []string) int {
	fs := newFlagSet(e, "add URI --name NAME [--category C] [--description D] [--rating N] [--language L] [--type T]")
	name := fs.String("name", "", "the bookmark's name (required)")
	category := fs.String("category", "", "category")
	description := fs.String("description", "", "description")
	rating := fs.Int("rating", 0, "rating, 1 to 5")
	lang := fs.String("language", "", "language tag (RFC 3066), such as en-gb")
	typ := fs.String("type", "", "media type, such as text/html")
	id := fs.String("id", "", "a unique positive integer ID")
	pos, err := parseFlags(fs, args)
	if err != nil || len(pos) != 1 {
		fs.Usage()
		return 2
	}
	rec := &catalogue.Record{URI: catalogue.NormalizeURI(pos[0]), Name: *name, Category: *category,
		Description: *description, Rating: *rating, Language: *lang, Type: *typ, ID: *id,
		Date: time.Now().UTC().Truncate(time.Second)}
	if probs := rec.Validate(); len(probs) > 0 {
		for _, p := range probs {
			fmt.Fprintf(e.stderr, "uricat: add: %s\n", p.Msg)
		}
		return 1
	}
	c, ok := e.open(false)
	if !ok {
		return 2
	}
	for _, r := range c.Valid() {
		if r.URI == rec.URI {
			fmt.Fprintf(e.stderr, "uricat: note: %s is already in the catalogue as %q (line %d)\n", rec.URI, catalogue.DisplayText(r.Name), r.Line())
		}
	}
	_, err = c.Apply(catalogue.Add{Records: []*catalogue.Record{rec}, AllowDuplicates: true})
	if err != nil {
		var ve *catalogue.ValidationError
		if errors.As(err, &ve) {
			for _, p := range ve.Problems {
				fmt.Fprintf(e.stderr, "uricat: add: %s\n", p.Msg)
			}
			return 1
		}
		fmt.Fprintf(e.stderr, "uricat: add: %v\n", err)
		return 1
	}
	if err := c.Save(); err != nil {
		fmt.Fprintf(e.stderr, "uricat: %v\n", err)
		return 1
	}
	fmt.Fprintf(e.stdout, "added %q to %s\n", catalogue.DisplayText(rec.Name), c.Path())
	return 0
}
