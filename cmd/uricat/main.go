// Command uricat is a terminal bookmark manager whose store is a
// URI-Catalogue file (SSD3). With no command it opens the TUI; the commands
// (check, list, add, import, export, ...) are for scripts.
package main

import (
	"io"
	"os"
	"strings"

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
	return runEnv(&env{stdin: stdin, stdout: stdout, stderr: stderr}, args)
}

// runEnv runs uricat with args on e, whose dependencies (clock, HTTP
// client, terminal) are the system's where e leaves them nil.
func runEnv(e *env, args []string) int {
	root := newRootCmdFor(e, commandOf(args))
	root.SetArgs(args)
	cmd, err := root.ExecuteC()
	return e.exit(cmd, err)
}

// commands are uricat's commands, by name (a test checks the names
// against the tree's).
var commands = []struct {
	name string
	new  func(*env) *cobra.Command
}{
	{"check", inTree(newCheckCmd)},
	{"list", inTree(newListCmd)},
	{"add", inTree(newAddCmd)},
	{"later", inTree(newLaterCmd)},
	{"refresh", inTree(newRefreshCmd)},
	{"import", inTree(newImportCmd)},
	{"export", inTree(newExportCmd)},
	{"show", inTree(newShowCmd)},
	{"set", inTree(newSetCmd)},
	{"rm", inTree(newRmCmd)},
	{"dups", inTree(newDupsCmd)},
	{"edit", inTree(newEditCmd)},
	{"open", inTree(newOpenCmd)},
	{"read", inTree(newReadCmd)},
	{"categories", inTree(newCategoriesCmd)},
	{"tags", inTree(newTagsCmd)},
	{"merge", inTree(newMergeCmd)},
	{"sync", inTree(newSyncCmd)},
	{"links", inTree(newLinksCmd)},
	{"archive", inTree(newArchiveCmd)},
	{"stats", inTree(newStatsCmd)},
	{"config", inTree(newConfigCmd)},
	{"search", newSearchCmd},
	{"rules", newRulesCmd},
	{"version", func(*env) *cobra.Command { return newVersionCmd() }},
	{"man", func(*env) *cobra.Command { return newManCmd() }},
}

// inTree is newCmd as the tree main builds calls it: with no runF, so
// that the command runs.
func inTree[O any](newCmd func(*env, func(*O) error) *cobra.Command) func(*env) *cobra.Command {
	return func(e *env) *cobra.Command { return newCmd(e, nil) }
}

// commandOf returns the command args run, if they name one of commands
// first, after the root's --catalogue flag at most; else "" (the TUI,
// help, completion, --version, a mistake: whatever needs the whole tree).
func commandOf(args []string) string {
	for len(args) > 0 {
		switch a := args[0]; {
		case a == "--catalogue" && len(args) > 1:
			args = args[2:]
		case strings.HasPrefix(a, "--catalogue="):
			args = args[1:]
		case a == "man": // it documents the whole tree
			return ""
		default:
			for _, c := range commands {
				if c.name == a {
					return a
				}
			}
			return ""
		}
	}
	return ""
}

// newRootCmd wires every command to e.
func newRootCmd(e *env) *cobra.Command { return newRootCmdFor(e, "") }

// newRootCmdFor is newRootCmd, with only the command called name if it is
// not "": a run of one command (most runs: scripts) builds that one alone,
// not every cobra command and flag of the tree, which would weigh on its
// start. The command reads, answers and fails as it does in the whole tree
// (a test compares them).
func newRootCmdFor(e *env, name string) *cobra.Command {
	root := &cobra.Command{
		Use:   "uricat",
		Short: "a terminal bookmark manager on a URI-Catalogue file (SSD3)",
		Long:  about + "\n\n" + catalogueHelp + "\n\n" + exitHelp,
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
	if name == "" || name == "version" {
		// Read from the binary: only the root's --version and the
		// version command print it.
		root.Version = version()
	}
	root.SetIn(e.stdin)
	root.SetOut(e.stdout)
	root.SetErr(e.stderr)
	root.SetVersionTemplate(versionLine)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageError(err) })
	root.PersistentFlags().StringVar(&e.catalogue, "catalogue", "",
		"the catalogue file at `PATH` (default $URICAT_CATALOGUE, else $XDG_DATA_HOME/uricat/bookmarks.uricat)")
	_ = root.MarkPersistentFlagFilename("catalogue", "uricat")
	for _, c := range commands {
		if name == "" || c.name == name {
			root.AddCommand(c.new(e))
		}
	}
	// Nor, for one command, cobra's completion command and its four
	// shells' (cobra would add them as it runs).
	root.CompletionOptions.DisableDefaultCmd = name != ""
	initCompletionCmd(root) // after SetOut: its commands keep the writer it had
	addCompletions(root, e)
	initHelpCmd(root)
	return root
}
