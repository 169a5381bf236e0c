package main

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/internal/plural"
)

func newSyncCmd(e *env) *cobra.Command {
	return &cobra.Command{
		Use:   "sync",
		Short: "Commit the catalogue, pull with the merge driver, push (a catalogue in a git repository)",
		Long: `Sync is for a catalogue kept in a git repository. It commits the catalogue
if it changed, pulls (merging, with uricat's merge driver, which it sets up
first if the repository lacks it: see uricat merge), and pushes; then it
says what came in and what went out. It runs the git you have, with your
remotes and credentials; a repository without an upstream branch is only
committed.

When both sides changed one field of a record differently, the pull stops
with the conflicts listed: settle them in the TUI (!) or by hand, then run
uricat sync again, which finishes the merge. It exits 0 when everything was
sent and received, 1 when it stopped (conflicts, a refused push), 2 when
the catalogue cannot be read.`,
		Example: "  uricat sync",
		Args:    noArgs,
		RunE:    func(*cobra.Command, []string) error { return e.sync() },
	}
}

// sync commits, pulls and pushes the catalogue's repository.
func (e *env) sync() error {
	top, rel, err := repoOf(e.catalogue)
	if err != nil {
		return refused(err)
	}
	if copies, _ := catalogue.ConflictCopies(e.catalogue); len(copies) > 0 {
		fmt.Fprintf(e.stderr, "uricat sync: note: %s beside the catalogue (uricat merge --copies merges them in)\n", plural.Of(len(copies), "conflict copy"))
	}
	if drv, _ := git(top, "config", "--get", "merge.uricat.driver"); drv == "" {
		fmt.Fprintln(e.stdout, "setting up uricat's merge driver for this repository:")
		if err := e.installMergeDriver(); err != nil {
			return err
		}
	}

	// A merge that stopped on conflicts: finished once they are settled.
	if _, err := git(top, "rev-parse", "-q", "--verify", "MERGE_HEAD"); err == nil {
		if err := e.finishMerge(top, rel); err != nil {
			return err
		}
	}
	if err := e.commitCatalogue(top, rel); err != nil {
		return err
	}
	upstream, err := git(top, "rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{u}")
	if err != nil {
		fmt.Fprintln(e.stdout, "no upstream branch: committed only (git push -u REMOTE BRANCH sets one)")
		return nil
	}
	before := headVersion(top, rel)
	if _, err := git(top, "pull", "--no-rebase", "--no-edit"); err != nil {
		if _, merr := git(top, "rev-parse", "-q", "--verify", "MERGE_HEAD"); merr == nil {
			fmt.Fprintf(e.stderr, "uricat sync: the pull from %s stopped on conflicts:\n", upstream)
			if s, rerr := readSnapshot(filepath.Join(top, filepath.FromSlash(rel))); rerr == nil {
				_ = e.reportConflicts(e.catalogue, s, marked(s))
			}
			fmt.Fprintln(e.stderr, "settle them (the TUI's ! or by hand), then run uricat sync again")
			return silent(exitRefused)
		}
		return refused(err)
	}
	if in := describeChange(before, headVersion(top, rel)); in != "" {
		fmt.Fprintf(e.stdout, "received from %s: %s\n", upstream, in)
	} else {
		fmt.Fprintf(e.stdout, "nothing new from %s\n", upstream)
	}
	ahead, _ := git(top, "rev-list", "--count", "@{u}..HEAD")
	if n, _ := strconv.Atoi(ahead); n > 0 {
		if _, err := git(top, "push"); err != nil {
			return refused(err)
		}
		fmt.Fprintf(e.stdout, "sent %s to %s\n", plural.Of(n, "commit"), upstream)
	} else {
		fmt.Fprintln(e.stdout, "nothing to send")
	}
	return nil
}

// marked returns the conflicts of a file a merge wrote: one per version
// marked X-CONFLICT, for reportConflicts' count.
func marked(s *catalogue.Snapshot) []catalogue.Conflict {
	var cs []catalogue.Conflict
	for _, r := range s.Records() {
		if catalogue.ConflictSide(r) != "" {
			cs = append(cs, catalogue.Conflict{Ours: r})
		}
	}
	return cs
}

// finishMerge concludes a merge that stopped on the catalogue's conflicts,
// once none is left in the file.
func (e *env) finishMerge(top, rel string) error {
	s, err := readSnapshot(filepath.Join(top, filepath.FromSlash(rel)))
	if err != nil {
		return err
	}
	if cs := marked(s); len(cs) > 0 {
		return e.reportConflicts(e.catalogue, s, cs)
	}
	if _, err := git(top, "add", "--", rel); err != nil {
		return refused(err)
	}
	if _, err := git(top, "commit", "--no-edit"); err != nil {
		return refused(fmt.Errorf("the catalogue's conflicts are settled, but the merge cannot be committed (other files may have conflicts): %w", err))
	}
	fmt.Fprintln(e.stdout, "committed the merge the last sync stopped")
	return nil
}

// commitCatalogue commits the catalogue alone, if it changed.
func (e *env) commitCatalogue(top, rel string) error {
	status, err := git(top, "status", "--porcelain", "--", rel)
	if err != nil {
		return refused(err)
	}
	if status == "" {
		return nil
	}
	before := headVersion(top, rel)
	path := filepath.Join(top, filepath.FromSlash(rel))
	now, rerr := readSnapshot(path)
	what := "the catalogue"
	if rerr == nil {
		if d := describeChange(before, now); d != "" {
			what = d
		}
	}
	if _, err := git(top, "add", "--", rel); err != nil {
		return refused(err)
	}
	if _, err := git(top, "commit", "-m", "uricat sync: "+what, "--", rel); err != nil {
		return refused(err)
	}
	fmt.Fprintf(e.stdout, "committed %s\n", what)
	return nil
}

// headVersion reads the catalogue as HEAD has it; nil when HEAD has none.
func headVersion(top, rel string) *catalogue.Snapshot {
	text, err := git(top, "show", "HEAD:"+rel)
	if err != nil {
		return nil
	}
	c, err := catalogue.Read(strings.NewReader(text))
	if err != nil {
		return nil
	}
	return c.Snapshot()
}

// describeChange says how after differs from before, by records' URIs:
// "2 added, 1 changed, 1 removed"; "" when nothing did.
func describeChange(before, after *catalogue.Snapshot) string {
	old := map[string]string{}
	if before != nil {
		for _, r := range before.Records() {
			old[catalogue.URIKey(r.URI())] = strings.TrimSpace(r.Raw())
		}
	}
	var added, changed int
	seen := map[string]bool{}
	if after != nil {
		for _, r := range after.Records() {
			k := catalogue.URIKey(r.URI())
			seen[k] = true
			switch raw, ok := old[k]; {
			case !ok:
				added++
			case raw != strings.TrimSpace(r.Raw()):
				changed++
			}
		}
	}
	removed := 0
	for k := range old {
		if !seen[k] {
			removed++
		}
	}
	var parts []string
	if added > 0 {
		parts = append(parts, plural.Of(added, "bookmark")+" added")
	}
	if changed > 0 {
		parts = append(parts, plural.Of(changed, "bookmark")+" changed")
	}
	if removed > 0 {
		parts = append(parts, plural.Of(removed, "bookmark")+" removed")
	}
	return strings.Join(parts, ", ")
}
