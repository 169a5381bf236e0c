package main

import (
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// versionLine is what `uricat --version` and `uricat version` print.
const versionLine = "{{.Name}} version {{.Version}}\n"

func newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print uricat's version",
		Args:  noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := fmt.Fprintf(cmd.OutOrStdout(), "%s version %s\n", cmd.Root().Name(), cmd.Root().Version)
			if err != nil {
				return refused(err)
			}
			return nil
		},
	}
}

// version returns the version the Go toolchain stamped in the binary.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return versionOf(nil)
	}
	return versionOf(info)
}

// versionOf returns the main module's version (set by `go install
// module@version`, or from a VCS tag by go build), else the VCS revision
// the binary was built from, marked when the tree had uncommitted changes,
// else "(devel)".
func versionOf(info *debug.BuildInfo) string {
	const devel = "(devel)"
	if info == nil {
		return devel
	}
	if v := info.Main.Version; v != "" && v != devel {
		return v
	}
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	switch {
	case rev == "":
		return devel
	case modified == "true":
		return rev + " (modified)"
	}
	return rev
}
