package main

import (
	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
)

func newCategoriesCmd(e *env) *cobra.Command {
	return newCountCmd(e, "categories", "List the categories, each with its number of records",
		`Categories lists the CATEGORY values of the valid records, in alphabetical
order, each with the number of records that have it.`,
		func(r *catalogue.Record) []string {
			if r.Category() == "" {
				return nil
			}
			return []string{r.Category()}
		})
}
