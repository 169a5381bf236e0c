package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/gitsync"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
)

// mergeOptions are the flags of `uricat merge`.
type mergeOptions struct {
	install, copies bool
	// base, ours, theirs are the versions to merge; name is the file
	// they are versions of (ours without PATH).
	base, ours, theirs, name string
}

func newMergeCmd(e *env, runF func(*mergeOptions) error) *cobra.Command {
	var o mergeOptions
	cmd := &cobra.Command{
		Use:   "merge BASE OURS THEIRS [PATH] | merge --install | merge --copies",
		Short: "Merge catalogues record by record: a git merge driver, and sync conflict copies",
		Long: `Merge merges two versions of a catalogue, OURS and THEIRS, that both came
from BASE, record by record and field by field, and writes the result to
OURS: it is a git merge driver (git gives it -- %O %A %B %P). Records are
paired by ID where both have one, else by URI. A change on one side wins
over no change; what both sides added is kept (ours in our order, theirs
after); a deletion is kept unless the other side edited the record. Records
neither side touched keep their bytes, so a merge gives a minimal diff.

The same field changed differently on both sides is a conflict: the merged
file holds both versions of that record, the second marked with an
X-CONFLICT field naming its side, merge lists each conflict on stderr and
exits 1, so that git stops. ` + "`uricat check`" + ` reports what is left to settle;
the TUI's problems view (!) settles it.

--install sets the driver up for the git repository the catalogue is in:
a .gitattributes line and the merge.uricat driver in the repository's
config (the -- keeps a file whose name starts with a dash from being read
as an option). By hand, it is:

    echo '/bookmarks.uricat merge=uricat' >> .gitattributes
    git config merge.uricat.driver 'uricat merge -- %O %A %B %P'

--copies merges the conflict copies a file synchroniser left beside the
catalogue (Syncthing's NAME.sync-conflict-*, Dropbox's "NAME (… conflicted
copy …)") into it, with no common version (the union of their records; a
field set differently is a conflict, as above), and removes each copy once
its records are saved in the catalogue.`,
		Example: `  uricat merge --install
  uricat merge base.uricat ours.uricat theirs.uricat
  uricat merge --copies`,
		Args: func(cmd *cobra.Command, args []string) error {
			if o.install || o.copies {
				return noArgs(cmd, args)
			}
			if len(args) < 3 || len(args) > 4 {
				return fmt.Errorf("takes BASE OURS THEIRS and an optional PATH to name the file by; got %d arguments", len(args))
			}
			return nil
		},
		RunE: func(_ *cobra.Command, args []string) error {
			if len(args) >= 3 {
				o.base, o.ours, o.theirs, o.name = args[0], args[1], args[2], args[1]
			}
			if len(args) == 4 {
				o.name = args[3]
			}
			return runWith(runF, &o, func() error { return o.run(e) })
		},
	}
	cmd.Flags().BoolVar(&o.install, "install", false, "set the merge driver up for the git repository the catalogue is in")
	cmd.Flags().BoolVar(&o.copies, "copies", false, "merge the sync conflict copies beside the catalogue into it, and remove them")
	cmd.MarkFlagsMutuallyExclusive("install", "copies")
	return cmd
}

// run installs the merge driver, merges the conflict copies, or merges
// the three versions given.
func (o *mergeOptions) run(e *env) error {
	switch {
	case o.install:
		return e.installMergeDriver()
	case o.copies:
		return e.mergeCopies()
	}
	return e.mergeFiles(o.base, o.ours, o.theirs, o.name)
}

// readSnapshot reads the catalogue at path for a merge.
func readSnapshot(path string) (*catalogue.Snapshot, error) {
	f, _, err := catalogue.OpenInput(path)
	if err != nil {
		return nil, unreadable(err)
	}
	defer f.Close()
	c, err := catalogue.Read(f)
	if err != nil {
		return nil, unreadable(fmt.Errorf("%s: %w", path, err))
	}
	return c.Snapshot(), nil
}

// mergeFiles is the merge driver: base, ours and theirs merged into ours;
// name is the file as the user knows it, for messages.
func (e *env) mergeFiles(base, ours, theirs, name string) error {
	var snaps [3]*catalogue.Snapshot
	for i, p := range []string{base, ours, theirs} {
		s, err := readSnapshot(p)
		if err != nil {
			return err
		}
		snaps[i] = s
	}
	merged, conflicts := catalogue.MergeFile(snaps[0], snaps[1], snaps[2])
	if err := writeSnapshot(ours, merged); err != nil {
		return err
	}
	return e.reportConflicts(name, merged, conflicts)
}

// writeSnapshot writes s to path as a save does (catalogue.WriteFile).
func writeSnapshot(path string, s *catalogue.Snapshot) error {
	_, err := catalogue.WriteFile(path, func(w io.Writer) error {
		_, err := s.WriteTo(w)
		return err
	})
	if err != nil {
		return refused(fmt.Errorf("cannot write the merged catalogue: %w", err))
	}
	return nil
}

// reportConflicts lists the versions a merge marked, as name:LINE, and
// ends the command with 1 when there are any.
func (e *env) reportConflicts(name string, merged *catalogue.Snapshot, conflicts []catalogue.Conflict) error {
	if len(conflicts) == 0 {
		return nil
	}
	// The lines are the merged file's: read back, as check would.
	var b bytes.Buffer
	if _, err := merged.WriteTo(&b); err != nil {
		return err
	}
	c, err := catalogue.Read(&b)
	if err != nil {
		return err
	}
	// The count is of the marked records the file holds, what check and
	// the problems view show, not of the fields in conflict.
	marked := 0
	for _, r := range c.Records() {
		v := r.Extension(ssd3.FieldConflict)
		if v == "" {
			continue
		}
		marked++
		e.diagnostic(ssd3.Diagnostic{File: name, Line: r.Line(), Offset: -1, Kind: ssd3.Warning,
			Field: ssd3.FieldConflict, Msg: fmt.Sprintf("conflict: %s: %s", recordName(r), v)})
	}
	fmt.Fprintf(e.stderr, "uricat merge: %s: %s left to settle: both versions are in the file, the second marked %s (uricat check lists them; the TUI's ! settles them)\n",
		display.Text(name), plural.Of(marked, "conflict"), ssd3.FieldConflict)
	return silent(exitRefused)
}

// recordName names a record in a message: its NAME, else its URI.
func recordName(r *ssd3.Record) string {
	if r.Name() != "" {
		return "“" + display.Text(r.Name()) + "”"
	}
	return display.URI(r.URI())
}

// installMergeDriver sets the merge driver up for the catalogue's
// repository; run again, it changes nothing.
func (e *env) installMergeDriver() error {
	if err := gitsync.InstallDriver(e.catalogue, func(line string) { fmt.Fprintln(e.stdout, line) }); err != nil {
		return refused(err)
	}
	return nil
}

// mergeCopies merges the conflict copies beside the catalogue into it
// (no common version: the union), saves once, and removes the copies.
func (e *env) mergeCopies() error {
	copies, err := catalogue.ConflictCopies(e.catalogue)
	if err != nil {
		return unreadable(err)
	}
	if len(copies) == 0 {
		fmt.Fprintf(e.stdout, "no conflict copies beside %s\n", display.Text(e.catalogue))
		return nil
	}
	c, err := e.open()
	if err != nil {
		return err
	}
	before := c.Snapshot()
	merged := before
	var conflicts []catalogue.Conflict
	for _, p := range copies {
		s, err := readSnapshot(p)
		if err != nil {
			return err
		}
		var cs []catalogue.Conflict
		merged, cs = catalogue.MergeFile(nil, merged, s)
		conflicts = append(conflicts, cs...)
		fmt.Fprintf(e.stdout, "merged %s (%s)\n", display.Text(p), plural.Of(len(s.Records()), "record"))
	}
	tx, err := catalogue.BeginSave(before, 10*time.Second)
	if err != nil {
		return refused(err)
	}
	if tx.Changed() {
		tx.Abort()
		return refused(fmt.Errorf("%s changed while the copies were merged; nothing written, run uricat merge --copies again", display.Text(e.catalogue)))
	}
	if _, err := tx.Commit(merged); err != nil {
		return refused(err)
	}
	for _, p := range copies {
		if err := os.Remove(p); err != nil {
			fmt.Fprintf(e.stderr, "uricat merge: warning: merged but not removed: %v\n", err)
			continue
		}
		fmt.Fprintf(e.stdout, "removed %s\n", display.Text(p))
	}
	return e.reportConflicts(e.catalogue, merged, conflicts)
}
