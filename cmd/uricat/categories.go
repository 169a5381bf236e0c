package main

import (
	"github.com/spf13/cobra"
	"github.com/uricat/uricat/catalogue/ssd3"
)

func newCategoriesCmd(e *env, runF func(*countOptions) error) *cobra.Command {
	cmd := newCountCmd(e, runF, "categories", "List the categories, each with its number of records; rename and merge them",
		`Categories lists the CATEGORY values of the valid records, in alphabetical
order, each with the number of records that have it. Its commands rename
a category with everything under it, and merge two.`,
		func(r *ssd3.Record) []string {
			if r.Category() == "" {
				return nil
			}
			return []string{r.Category()}
		})
	cmd.AddCommand(newCategoryRenameCmd(e, nil), newCategoryMergeCmd(e, nil))
	return cmd
}
