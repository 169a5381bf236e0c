// Command uricat is a terminal bookmark manager whose store is a
// URI-Catalogue file (SSD3). With no command it opens the TUI; the commands
// (check, list, add, import, export, ...) are for scripts.
package main

import (
	"io"
	"os"

	// Before Bubble Tea's init: no command asks the terminal anything it
	// did not mean to (see the package).
	_ "early.uricat.invalid/termquery"
	"github.com/spf13/cobra"
)

// about is the description `uricat --help` and the man page open with.
const about = `uricat keeps bookmarks in one URI-Catalogue file (SSD3): plain text that
other programs and people can read. With no command it opens the catalogue
in the terminal UI; the commands are for scripts.`

// catalogueHelp says which file uricat works on.
const catalogueHelp = `The catalogue is --catalogue PATH, else $URICAT_CATALOGUE, else
$XDG_DATA_HOME/uricat/bookmarks.uricat (~/.local/share/uricat/bookmarks.uricat).
A missing file is an empty catalogue; the first change creates it.`

// exitHelp documents the exit codes every command keeps to (see exitError
// in env.go).
const exitHelp = `Exit status: 0 done; 1 refused, or problems found; 2 bad usage, or a file
that cannot be read.`

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run runs uricat with args (without the program name) and returns the
// process's exit code. Tests call it in-process.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	root := newRootCmd(e)
	root.SetArgs(args)
	cmd, err := root.ExecuteC()
	return e.exit(cmd, err)
}

// newRootCmd wires every command to e.
func newRootCmd(e *env) *cobra.Command {
	root := &cobra.Command{
		Use:     "uricat",
		Short:   "a terminal bookmark manager on a URI-Catalogue file (SSD3)",
		Long:    about + "\n\n" + catalogueHelp + "\n\n" + exitHelp,
		Version: version(),
		// Errors and usage are printed by env.exit, once, on stderr.
		SilenceErrors: true,
		SilenceUsage:  true,
		PersistentPreRun: func(*cobra.Command, []string) {
			if e.catalogue == "" {
				e.catalogue = defaultPath()
			}
		},
		RunE: func(*cobra.Command, []string) error { return runTUI(e) },
	}
	root.SetIn(e.stdin)
	root.SetOut(e.stdout)
	root.SetErr(e.stderr)
	root.SetVersionTemplate(versionLine)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError(err) })
	root.PersistentFlags().StringVar(&e.catalogue, "catalogue", "",
		"the catalogue file at `PATH` (default $URICAT_CATALOGUE, else $XDG_DATA_HOME/uricat/bookmarks.uricat)")
	_ = root.MarkPersistentFlagFilename("catalogue", "uricat")
	root.AddCommand(
		newCheckCmd(e),
		newListCmd(e),
		newAddCmd(e),
		newImportCmd(e),
		newExportCmd(e),
		newShowCmd(e),
		newSetCmd(e),
		newRmCmd(e),
		newDupsCmd(e),
		newEditCmd(e),
		newOpenCmd(e),
		newCategoriesCmd(e),
		newTagsCmd(e),
		newMergeCmd(e),
		newSyncCmd(e),
		newLinksCmd(e),
		newStatsCmd(e),
		newVersionCmd(),
		newManCmd(),
	)
	initCompletionCmd(root) // after SetOut: its commands keep the writer it had
	initHelpCmd(root)
	return root
}
