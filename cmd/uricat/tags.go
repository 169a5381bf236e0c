package main

import (
	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
)

func newTagsCmd(e *env) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "tags",
		Short: "List the tags (" + catalogue.FieldTags + "), each with its number of records",
		Long: `Tags lists the tags of the valid records (the comma-separated values of
their ` + catalogue.FieldTags + ` field, which add --tags and the browsers' bookmark
files give), in alphabetical order, each with the number of records that
have it.`,
		Example: "  uricat tags\n  uricat tags --json",
		Args:    noArgs,
		RunE: func(*cobra.Command, []string) error {
			c, err := e.open(true)
			if err != nil {
				return err
			}
			return e.printCounts(countValues(c, func(r *catalogue.Record) []string {
				return catalogue.SplitTags(r.Extension(catalogue.FieldTags))
			}), asJSON)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, `print JSON: [{"name": ..., "count": ...}]`)
	return cmd
}
