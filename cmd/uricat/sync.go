package main

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/gitsync"
	"github.com/uricat/uricat/importers/floccus"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
)

// syncOptions are what `uricat sync` is asked: the catalogue to sync, and
// the browser file to remember (--browser-file).
type syncOptions struct{ catalogue, browserFile string }

func newSyncCmd(e *env, runF func(*syncOptions) error) *cobra.Command {
	var o syncOptions
	cmd := &cobra.Command{
		Use:   "sync",
		Short: "Commit the catalogue, pull with the merge driver, push (a catalogue in a git repository)",
		Long: `Sync is for a catalogue kept in a git repository. It commits the catalogue
if it changed, pulls (merging, with uricat's merge driver, which it sets up
first if the repository lacks it: see uricat merge), and pushes; then it
says what came in and what went out. It runs the git you have, with your
remotes and credentials; a repository without an upstream branch is only
committed, and one without a branch checked out (a detached HEAD) is not
synced.

When both sides changed one field of a record differently, the pull stops
with the conflicts listed: settle them in the TUI (!) or by hand, then run
uricat sync again, which finishes the merge. A catalogue that holds git's
own conflict markers (<<<<<<<, =======, >>>>>>>: git merged it line by
line, without the driver) is neither committed nor sent: sync says at
which lines, and how to settle them. It exits 0 when everything was sent
and received, 1 when it stopped (conflicts, markers, a refused push,
floccus's lock), 2 when the catalogue cannot be read.

With --browser-file FILE (once: the repository's git config remembers
it), sync also syncs with the browser's bookmarks through floccus, set
to keep them in FILE (XBEL) in the same repository and branch: after the
pull, what floccus changed in FILE since uricat last wrote it becomes
edits of the catalogue (bookmarks added, removed, renamed, re-pointed,
moved), merged field by field with yours; then FILE is written from the
catalogue and sent with it. While floccus holds its lock on the remote,
sync waits a little, then stops without sending anything.`,
		Example: "  uricat sync\n  uricat sync --browser-file bookmarks.xbel",
		Args:    noArgs,
		RunE: func(*cobra.Command, []string) error {
			o.catalogue = e.catalogue
			return runWith(runF, &o, func() error { return e.sync(o) })
		},
	}
	cmd.Flags().StringVar(&o.browserFile, "browser-file", "", "sync with this XBEL file of floccus's too, from now on (remembered in git config "+floccus.ConfigKey+")")
	return cmd
}

// sync commits, pulls and pushes the catalogue's repository
// (gitsync.Sync), printing what each step did.
func (e *env) sync(o syncOptions) error {
	if _, _, err := gitsync.Repo(e.catalogue); err != nil {
		return refused(err)
	}
	if f := e.configFile().SyncBrowserFile; f != "" && o.browserFile == "" && floccus.BrowserFile(e.catalogue) == "" {
		// The configuration file's (from the repository's top), until
		// the repository remembers one.
		if top, _, err := gitsync.Repo(e.catalogue); err == nil && !filepath.IsAbs(f) {
			f = filepath.Join(top, f)
		}
		o.browserFile = f
	}
	if o.browserFile != "" {
		rel, err := floccus.SetBrowserFile(e.catalogue, o.browserFile)
		if err != nil {
			return refused(err)
		}
		fmt.Fprintf(e.stdout, "the browser file is %s (floccus: Git sync, this repository, its branch, file %s)\n", display.Text(rel), display.Text(rel))
	}
	if copies, _ := catalogue.ConflictCopies(e.catalogue); len(copies) > 0 {
		fmt.Fprintf(e.stderr, "uricat sync: note: %s beside the catalogue (uricat merge --copies merges them in)\n", plural.Of(len(copies), "conflict copy"))
	}
	err := floccus.Sync(e.catalogue, func(line string) { fmt.Fprintln(e.stdout, line) }, floccus.Options{File: e.configFile().Rules.File})
	var ce *gitsync.ConflictsError
	var ue *gitsync.UnreadableError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &ue):
		return unreadable(ue.Err)
	case errors.As(err, &ce) && ce.Upstream == "":
		// The merge an earlier sync stopped: its conflicts are still there.
		return e.reportConflicts(e.catalogue, ce.Merged, gitsync.Marked(ce.Merged))
	case errors.As(err, &ce):
		fmt.Fprintf(e.stderr, "uricat sync: the pull from %s stopped on conflicts:\n", ce.Upstream)
		if ce.Merged != nil {
			_ = e.reportConflicts(e.catalogue, ce.Merged, gitsync.Marked(ce.Merged))
		}
		fmt.Fprintln(e.stderr, "settle them (the TUI's ! or by hand), then run uricat sync again")
		return silent(exitRefused)
	}
	return refused(err)
}
