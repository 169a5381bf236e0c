package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/catalogue/stats"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
)

// The commands that tidy many records at once: `categories rename` and
// `merge`, `tags rename`, `merge` and `rm`. Each is one edit and one save,
// and prints what it changed.

const stampNote = "Every record changed gets DATE now, as SSD3 3.3 asks of an amended record (the DATE it had is kept as X-ADDED the first time)."

// renameOptions are what the commands that rename, merge and remove
// categories and tags are asked: from is renamed to to ("" removes it);
// merge wants to there already.
type renameOptions struct {
	from, to string
	merge    bool
}

func newCategoryRenameCmd(e *env, runF func(*renameOptions) error) *cobra.Command {
	var o renameOptions
	return &cobra.Command{
		Use:   "rename OLD NEW",
		Short: "Rename a category and everything under it; onto an existing one, merge them",
		Long: `Rename renames the category OLD in every valid record whose CATEGORY is OLD or
lies under it: "Programming/Go" becomes "Code/Go" when Programming is
renamed Code. A category is a path of names separated by "/" (a "/"
inside a name is written "\/", as imports write browser folders), and
OLD is a whole path: "Program" does not rename "Programming". Moving a
category under another is a rename too ("Go" to "Programming/Go"). When
records have NEW already, the two merge, and rename says so.

` + stampNote,
		Example: `  uricat categories rename Programming Code
  uricat categories rename 'Bookmarks Menu/Programming' Programming`,
		Args: exactArgs(2, "OLD and NEW"),
		RunE: func(_ *cobra.Command, args []string) error {
			o.from, o.to = args[0], args[1]
			return runWith(runF, &o, func() error { return runRecategorise(e, o.from, o.to, o.merge) })
		},
	}
}

func newCategoryMergeCmd(e *env, runF func(*renameOptions) error) *cobra.Command {
	o := renameOptions{merge: true}
	return &cobra.Command{
		Use:   "merge A B",
		Short: "Merge category A into category B",
		Long: `Merge moves every valid record of category A, and of the categories under
it, into B, which records must have already: "A/x" becomes "B/x". It is
rename onto an existing category, and refuses a B that no record has.

` + stampNote,
		Example: `  uricat categories merge 'Bookmarks Toolbar/News' News`,
		Args:    exactArgs(2, "A and B"),
		RunE: func(_ *cobra.Command, args []string) error {
			o.from, o.to = args[0], args[1]
			return runWith(runF, &o, func() error { return runRecategorise(e, o.from, o.to, o.merge) })
		},
	}
}

// runRecategorise renames the category subtree from to to; merge asks
// that records have to already.
func runRecategorise(e *env, from, to string, merge bool) error {
	if from == "" || to == "" {
		return usageError(errors.New("a category is a name, not empty (set --category '' clears the category of records)"))
	}
	c, err := e.open()
	if err != nil {
		return err
	}
	valid := c.Valid()
	n := stats.CountUnder(valid, from)
	if n == 0 {
		return refused(fmt.Errorf("no record has the category %s, nor one under it (uricat categories lists them); nothing was changed", quoted(from)))
	}
	// Records of to that the rename does not move were there before: a merge.
	had := 0
	for _, r := range valid {
		_, under := ssd3.CategoryUnder(r.Category(), to)
		_, moved := ssd3.CategoryUnder(r.Category(), from)
		if under && !moved {
			had++
		}
	}
	if merge && had == 0 {
		return refused(fmt.Errorf("no record has the category %s to merge into (uricat categories rename renames a category); nothing was changed", quoted(to)))
	}
	changed, err := applyAndSave(c, catalogue.Recategorise{From: from, To: to})
	if errors.Is(err, catalogue.ErrUnchanged) {
		fmt.Fprintf(e.stdout, "unchanged: %s is %s already\n", quoted(from), quoted(to))
		return nil
	}
	if err != nil {
		return err
	}
	if had > 0 {
		fmt.Fprintf(e.stdout, "merged category %s into %s, which had %s: %s changed in %s\n",
			quoted(from), quoted(to), plural.Of(had, "record"), plural.Of(changed, "record"), display.Text(c.Path()))
		return nil
	}
	fmt.Fprintf(e.stdout, "renamed category %s to %s: %s changed in %s\n",
		quoted(from), quoted(to), plural.Of(changed, "record"), display.Text(c.Path()))
	return nil
}

func newTagRenameCmd(e *env, runF func(*renameOptions) error) *cobra.Command {
	var o renameOptions
	return &cobra.Command{
		Use:   "rename OLD NEW",
		Short: "Rename a tag in every record; onto an existing one, merge them",
		Long: `Rename renames the tag OLD to NEW in every valid record that has it, in its
place among the record's tags. A record that has NEW already keeps one
NEW; when records have NEW already, rename says that the two merged.
Tags are compared as written, case and all, and hold no comma.

` + stampNote,
		Example: `  uricat tags rename golang go`,
		Args:    exactArgs(2, "OLD and NEW"),
		RunE:    renameTagRunE(e, runF, &o),
	}
}

func newTagMergeCmd(e *env, runF func(*renameOptions) error) *cobra.Command {
	o := renameOptions{merge: true}
	return &cobra.Command{
		Use:   "merge A B",
		Short: "Merge tag A into tag B",
		Long: `Merge replaces the tag A by B in every valid record that has it; records
must have B already. It is rename onto an existing tag.

` + stampNote,
		Example: `  uricat tags merge to-read later`,
		Args:    exactArgs(2, "A and B"),
		RunE:    renameTagRunE(e, runF, &o),
	}
}

func newTagRmCmd(e *env, runF func(*renameOptions) error) *cobra.Command {
	var o renameOptions
	return &cobra.Command{
		Use:   "rm TAG",
		Short: "Remove a tag from every record",
		Long: `Rm removes the tag TAG from every valid record that has it; the records
stay.

` + stampNote,
		Example: `  uricat tags rm imported`,
		Args:    exactArgs(1, "one TAG"),
		RunE: func(_ *cobra.Command, args []string) error {
			o.from = args[0]
			return runWith(runF, &o, func() error { return runRenameTag(e, o.from, o.to, o.merge) })
		},
	}
}

// renameTagRunE is the run of tags rename and merge: OLD and NEW checked,
// then o renamed (or merged) by runF, or by runRenameTag.
func renameTagRunE(e *env, runF func(*renameOptions) error, o *renameOptions) func(*cobra.Command, []string) error {
	return func(_ *cobra.Command, args []string) error {
		if err := checkNewTag(args[0], args[1]); err != nil {
			return err
		}
		o.from, o.to = args[0], args[1]
		return runWith(runF, o, func() error { return runRenameTag(e, o.from, o.to, o.merge) })
	}
}

// checkNewTag refuses an empty NEW for tags rename and merge: renaming a
// tag to nothing would remove it from every record, which is tags rm's
// work, asked for by name.
func checkNewTag(from, to string) error {
	if to != "" {
		return nil
	}
	return refused(fmt.Errorf("a tag is a name, not empty: uricat tags rm %s removes the tag from every record; nothing was changed", quoted(from)))
}

// runRenameTag renames the tag from to to everywhere, or removes it
// when to is ""; merge asks that records have to already.
func runRenameTag(e *env, from, to string, merge bool) error {
	for _, t := range []string{from, to} {
		if t == to && to == "" {
			continue // tags rm
		}
		if err := ssd3.CheckTag(t); err != nil {
			return refused(fmt.Errorf("%w; nothing was changed", err))
		}
	}
	c, err := e.open()
	if err != nil {
		return err
	}
	valid := c.Valid()
	if stats.CountTag(valid, from) == 0 {
		return refused(fmt.Errorf("no record has the tag %s (uricat tags lists them); nothing was changed", quoted(from)))
	}
	had := 0
	if to != "" {
		had = stats.CountTag(valid, to)
	}
	if merge && had == 0 {
		return refused(fmt.Errorf("no record has the tag %s to merge into (uricat tags rename renames a tag); nothing was changed", quoted(to)))
	}
	changed, err := applyAndSave(c, catalogue.RenameTag{From: from, To: to})
	if errors.Is(err, catalogue.ErrUnchanged) {
		fmt.Fprintf(e.stdout, "unchanged: %s is %s already\n", quoted(from), quoted(to))
		return nil
	}
	if err != nil {
		return err
	}
	where := display.Text(c.Path())
	switch {
	case to == "":
		fmt.Fprintf(e.stdout, "removed tag %s: %s changed in %s\n", quoted(from), plural.Of(changed, "record"), where)
	case had > 0:
		fmt.Fprintf(e.stdout, "merged tag %s into %s, which %s had: %s changed in %s\n",
			quoted(from), quoted(to), plural.Of(had, "record"), plural.Of(changed, "record"), where)
	default:
		fmt.Fprintf(e.stdout, "renamed tag %s to %s: %s changed in %s\n",
			quoted(from), quoted(to), plural.Of(changed, "record"), where)
	}
	return nil
}

// applyAndSave applies e, saves, and returns how many records it
// changed. ErrUnchanged comes back as it is, for the caller to say so;
// other errors are refusals (exit 1), the file as it was.
func applyAndSave(c *catalogue.Catalogue, e catalogue.Edit) (int, error) {
	inv, err := c.Apply(e)
	if errors.Is(err, catalogue.ErrUnchanged) {
		return 0, err
	}
	if err != nil {
		return 0, refused(fmt.Errorf("%w; nothing was changed", err))
	}
	if err := c.Save(); err != nil {
		return 0, refused(err)
	}
	seen := map[catalogue.Ref]bool{}
	for _, ref := range catalogue.Refs(inv) {
		seen[ref] = true
	}
	return len(seen), nil
}

// quoted is a category or a tag in a message: in quotes, as it is written
// (a "\/" in a category is the user's, not an escape of the message's).
func quoted(s string) string { return `"` + display.Text(s) + `"` }
