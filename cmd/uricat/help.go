package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue/query"
)

// initHelpCmd adds cobra's `help [COMMAND]`, with one change: help for a
// command that does not exist is a usage error (cobra prints the root's
// usage and exits 0, which a script would take for an answer); and the
// help topics (`uricat help search`).
func initHelpCmd(root *cobra.Command) {
	if !slices.ContainsFunc(root.Commands(), func(c *cobra.Command) bool { return c.Name() == "search" }) {
		root.AddCommand(newSearchHelp()) // the search command is the topic, where it is in the tree
	}
	root.InitDefaultHelpCmd()
	help, _, err := root.Find([]string{"help"})
	if err != nil || help == root {
		return
	}
	help.Run = nil
	help.RunE = func(c *cobra.Command, args []string) error {
		cmd, rest, err := c.Root().Find(args)
		if err != nil || len(rest) > 0 {
			return usageError(fmt.Errorf("no command %q: uricat --help lists them", strings.Join(args, " ")))
		}
		cmd.InitDefaultHelpFlag()
		return cmd.Help()
	}
}

// searchHelpShort is the search topic's line in `uricat --help`.
const searchHelpShort = "The search language of list, export and rm --search and the TUI's /"

// newSearchHelp is the help topic `uricat help search`: a command without
// a Run, which cobra lists under "Additional help topics". Its text is
// query.Help, which the TUI's help screen and the man page show too.
func newSearchHelp() *cobra.Command {
	return &cobra.Command{
		Use:   "search",
		Short: searchHelpShort,
		Long:  "Searching (list --search, export --search, rm --search, the TUI's /):\n\n" + query.Help,
	}
}
