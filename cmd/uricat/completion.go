package main

import (
	"fmt"
	"strings"

	"github.com/spf13/cobra"
)

// initCompletionCmd adds cobra's `completion SHELL` command, which prints
// the completion script for bash, zsh, fish or powershell. A missing or
// unknown shell is a usage error: left to itself, cobra prints the help and
// exits 0, and a script would take nothing for a completion script.
func initCompletionCmd(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	cmd, _, err := root.Find([]string{"completion"})
	if err != nil || cmd == root {
		return
	}
	var shells []string
	for _, sub := range cmd.Commands() {
		shells = append(shells, sub.Name())
	}
	list := strings.Join(shells, ", ")
	cmd.Args = cobra.ArbitraryArgs
	cmd.RunE = func(_ *cobra.Command, args []string) error {
		if len(args) == 0 {
			return usageError(fmt.Errorf("expects a shell: %s", list))
		}
		return usageError(fmt.Errorf("unknown shell %q (shells: %s)", args[0], list))
	}
}
