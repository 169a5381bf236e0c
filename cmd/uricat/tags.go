package main

import (
	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
)

func newTagsCmd(e *env) *cobra.Command {
	return newCountCmd(e, "tags", "List the tags ("+catalogue.FieldTags+"), each with its number of records",
		`Tags lists the tags of the valid records (the comma-separated values of
their `+catalogue.FieldTags+` field, which add --tags and the browsers' bookmark
files give), in alphabetical order, each with the number of records that
have it.`,
		func(r *catalogue.Record) []string {
			return catalogue.SplitTags(r.Extension(catalogue.FieldTags))
		})
}
