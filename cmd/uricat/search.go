package main

import (
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/config"
	"github.com/uricat/uricat/internal/display"
)

// newSearchCmd is `uricat search`: the search language's help topic
// (newSearchHelp), with the commands of the saved searches under it.
func newSearchCmd(e *env) *cobra.Command {
	cmd := newSearchHelp()
	cmd.Long += `

Saved searches: @NAME stands for the search saved as NAME, in every
--search and in the TUI, with other terms or not (@work rating:>=4). They
are kept in the configuration file's [searches] table (uricat config).`
	cmd.Args = noArgs
	cmd.RunE = func(c *cobra.Command, _ []string) error { return c.Help() }
	cmd.AddCommand(newSearchSaveCmd(e, nil), newSearchListCmd(e, nil), newSearchRmCmd(e, nil))
	return cmd
}

type searchSaveOptions struct {
	name, query string
}

func newSearchSaveCmd(e *env, runF func(*searchSaveOptions) error) *cobra.Command {
	var o searchSaveOptions
	return &cobra.Command{
		Use:   "save NAME QUERY",
		Short: "Save a search as NAME, for @NAME",
		Long: `Save checks QUERY and saves it as NAME (letters, digits, - and _) in the
configuration file's [searches] table, replacing one saved as NAME before,
and keeping the rest of the file as it was, comments and order. The file
is created if there is none.`,
		Example: `  uricat search save work 'cat:work rating:>=3'
  uricat list --search '@work -tag:done'`,
		Args: exactArgs(2, "NAME and QUERY"),
		RunE: func(_ *cobra.Command, args []string) error {
			o.name, o.query = args[0], args[1]
			return runWith(runF, &o, func() error { return o.run(e) })
		},
	}
}

func (o *searchSaveOptions) run(e *env) error {
	if !query.ValidSavedName(o.name) {
		return usageError(fmt.Errorf("%q cannot be a saved search's name: letters, digits, - and _", o.name))
	}
	c := e.configFile()
	// The query is checked as it will be read: with the other saved
	// searches, and this one as it will be, so that a loop is refused.
	check := *c
	check.Searches = append([]config.Search{{Name: o.name, Query: o.query}}, c.Searches...)
	q, err := check.Parse("@" + o.name)
	if err != nil {
		return usageError(err)
	}
	if q.Empty() {
		return usageError(errors.New("the search is empty: it would match every record"))
	}
	if err := config.SaveSearch(c.Path, o.name, o.query); err != nil {
		return refused(err)
	}
	fmt.Fprintf(e.stdout, "saved @%s in %s\n", o.name, display.Text(c.Path))
	return nil
}

type searchListOptions struct{}

func newSearchListCmd(e *env, runF func(*searchListOptions) error) *cobra.Command {
	var o searchListOptions
	return &cobra.Command{
		Use:   "list",
		Short: "List the saved searches, each with the number of records it matches",
		Args:  noArgs,
		RunE:  func(*cobra.Command, []string) error { return runWith(runF, &o, func() error { return o.run(e) }) },
	}
}

func (o *searchListOptions) run(e *env) error {
	c := e.configFile()
	if len(c.Searches) == 0 {
		fmt.Fprintf(e.stdout, "no saved search in %s (uricat search save NAME QUERY)\n", display.Text(c.Path))
		return nil
	}
	cat, err := e.openReadOnly()
	if err != nil {
		return err
	}
	recs := cat.Valid()
	w := display.NewWriter(e.stdout)
	for _, s := range c.Searches {
		q, err := c.Parse("@" + s.Name)
		count := "?"
		if err == nil {
			if q, err = e.withLinks(q); err == nil {
				q, err = e.withArchive(q)
			}
		}
		if err == nil {
			count = fmt.Sprint(len(query.Filter(recs, q)))
		}
		fmt.Fprintf(w, "%6s  @%s  %s\n", count, s.Name, s.Query)
	}
	return w.Flush()
}

type searchRmOptions struct {
	name string
}

func newSearchRmCmd(e *env, runF func(*searchRmOptions) error) *cobra.Command {
	var o searchRmOptions
	return &cobra.Command{
		Use:   "rm NAME",
		Short: "Remove the saved search NAME",
		Args:  exactArgs(1, "NAME"),
		RunE: func(_ *cobra.Command, args []string) error {
			o.name = args[0]
			return runWith(runF, &o, func() error { return o.run(e) })
		},
	}
}

func (o *searchRmOptions) run(e *env) error {
	path := config.PathFrom(e.getenv)
	found, err := config.RemoveSearch(path, o.name)
	if err != nil {
		return refused(err)
	}
	if !found {
		return refused(fmt.Errorf("there is no saved search %q in %s", o.name, path))
	}
	fmt.Fprintf(e.stdout, "removed @%s from %s\n", o.name, display.Text(path))
	return nil
}
