package main

import (
	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
)

func newCategoriesCmd(e *env) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:   "categories",
		Short: "List the categories, each with its number of records",
		Long: `Categories lists the CATEGORY values of the valid records, in alphabetical
order, each with the number of records that have it.`,
		Example: "  uricat categories\n  uricat categories --json",
		Args:    noArgs,
		RunE: func(*cobra.Command, []string) error {
			c, err := e.open(true)
			if err != nil {
				return err
			}
			return e.printCounts(countValues(c, func(r *catalogue.Record) []string {
				if r.Category == "" {
					return nil
				}
				return []string{r.Category}
			}), asJSON)
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, `print JSON: [{"name": ..., "count": ...}]`)
	return cmd
}
