package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/internal/display"
)

func newSetCmd(e *env) *cobra.Command {
	var ff fieldFlags
	cmd := &cobra.Command{
		Use:   "set SELECTOR",
		Short: "Change fields of a bookmark",
		Long: `Set changes the fields given on the line, and only those; an empty value
(and --rating 0) clears a field. DATE becomes now, as SSD3 3.3 asks of an
amended record, and the first time it does, the DATE it had is kept as
X-ADDED, when the bookmark was added. Values a bookmark has already change
nothing: set says "unchanged" and DATE stays. Lines of the record that
uricat cannot use are kept as they are. Invalid values change nothing.

` + selectorHelp,
		Example: `  uricat set https://go.dev/ --rating 4 --tags go,lang
  uricat set id:7 --category '' --x X-SEEN=yes`,
		Args: exactArgs(1, "one SELECTOR"),
		RunE: func(cmd *cobra.Command, args []string) error {
			fields, err := ff.fields(cmd.Flags())
			if err != nil {
				return err
			}
			if len(fields) == 0 {
				flags := make([]string, len(fieldFlagTable))
				for i, f := range fieldFlagTable {
					flags[i] = "--" + f.flag
				}
				return usageError(fmt.Errorf("nothing to set: give %s or --x", strings.Join(flags, ", ")))
			}
			return runSet(e, args[0], fields)
		},
	}
	ff.register(cmd.Flags(), true)
	return cmd
}

// runSet applies one Set edit to the record sel names, and saves.
func runSet(e *env, sel string, fields []catalogue.Field) error {
	c, rec, err := e.openRecord(sel)
	if err != nil {
		return err
	}
	_, err = c.Apply(catalogue.Set{Ref: rec.Ref(), Fields: fields})
	if errors.Is(err, catalogue.ErrUnchanged) {
		// The values it has: DATE is not stamped, and the file not written.
		fmt.Fprintf(e.stdout, "unchanged %q in %s\n", display.Text(rec.Name()), c.Path())
		return nil
	}
	if err != nil {
		var ve *catalogue.ValidationError
		if errors.As(err, &ve) {
			ve.Record = "" // the user named it
		}
		return refused(fmt.Errorf("%w; nothing was changed", err))
	}
	if err := c.Save(); err != nil {
		return refused(err)
	}
	now := c.Lookup(rec.Ref())
	fmt.Fprintf(e.stdout, "changed %q in %s\n", display.Text(now.Name()), display.Text(c.Path()))
	return nil
}
