package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

// initHelpCmd adds cobra's `help [COMMAND]`, with one change: help for a
// command that does not exist is a usage error (cobra prints the root's
// usage and exits 0, which a script would take for an answer).
func initHelpCmd(root *cobra.Command) {
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
