package main

import (
	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/catalogue/stats"
)

func newTagsCmd(e *env, runF func(*countOptions) error) *cobra.Command {
	cmd := newCountCmd(e, runF, "tags", "List the tags ("+ssd3.FieldTags+"), each with its number of records; rename, merge and remove them",
		`Tags lists the tags of the valid records (the comma-separated values of
their `+ssd3.FieldTags+` field, which add --tags and the browsers' bookmark
files give), in alphabetical order, each with the number of records that
have it. Its commands rename a tag in every record, merge two, and remove
one; set --add-tags and --remove-tags change the tags of some records.`,
		stats.TagsOf)
	cmd.AddCommand(newTagRenameCmd(e, nil), newTagMergeCmd(e, nil), newTagRmCmd(e, nil))
	return cmd
}
