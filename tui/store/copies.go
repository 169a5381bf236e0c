package store

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/theme"
)

// Sync conflict copies. Syncthing, Dropbox and Nextcloud leave another
// machine's version of the catalogue beside it when both changed
// (catalogue.ConflictCopies). The TUI looks for them in a command at the
// start and after each change the watcher tells of, says once that they
// are there, and on M merges them in: catalogue.MergeFile with no common
// version (the union of records; a field set differently kept both ways,
// marked, for the problems view), applied as one undoable edit
// (catalogue.Replace); the copies are removed once that is saved.

type (
	// copiesMsg answers copiesCmd: the conflict copies beside the file.
	copiesMsg struct{ paths []string }
	// copiesMergedMsg answers mergeCopiesCmd: the catalogue's snapshot of
	// version merged with every copy.
	copiesMergedMsg struct {
		version   uint64
		merged    *catalogue.Snapshot
		conflicts int
		paths     []string
		err       error
	}
	// copiesRemovedMsg says which copies were removed after the save.
	copiesRemovedMsg struct {
		removed int
		err     error
	}
)

// copiesCmd looks for conflict copies beside the catalogue at path.
func copiesCmd(path string) tea.Cmd {
	return func() tea.Msg {
		paths, _ := catalogue.ConflictCopies(path) // a folder that cannot be read has none to offer
		return copiesMsg{paths}
	}
}

// isCopyOf returns whether a file name may be a conflict copy of the
// catalogue at path, for the watcher: a copy appearing is worth a look.
func isCopyOf(path string) func(name string) bool {
	base := filepath.Base(path)
	stem := strings.TrimSuffix(base, filepath.Ext(base))
	return func(name string) bool {
		return name != base && strings.HasPrefix(name, stem) &&
			(strings.Contains(name, ".sync-conflict-") || strings.Contains(strings.ToLower(name), "conflicted copy"))
	}
}

// copyCount is "1 conflict copy", "2 conflict copies".
func copyCount(n int) string {
	if n == 1 {
		return "1 conflict copy"
	}
	return fmt.Sprintf("%d conflict copies", n)
}

// mergeCopiesCmd reads each copy and merges it into snap, in a command:
// snapshots never change, and MergeFile only computes.
func mergeCopiesCmd(snap *catalogue.Snapshot, paths []string) tea.Cmd {
	return func() tea.Msg {
		merged := snap
		for _, p := range paths {
			c, err := catalogue.Open(p)
			if err != nil {
				return copiesMergedMsg{err: fmt.Errorf("cannot read the conflict copy %s: %w", p, err)}
			}
			merged, _ = catalogue.MergeFile(nil, merged, c.Snapshot())
		}
		// The conflicts are the versions the merge marked, as the
		// problems view will list them, not the fields in conflict.
		conflicts := max(0, ssd3.MarkedConflicts(merged.Records())-ssd3.MarkedConflicts(snap.Records()))
		return copiesMergedMsg{version: snap.Version, merged: merged, conflicts: conflicts, paths: paths}
	}
}

// removeCopiesCmd removes the copies merged in and saved.
func removeCopiesCmd(paths []string) tea.Cmd {
	return func() tea.Msg {
		var msg copiesRemovedMsg
		var errs []error
		for _, p := range paths {
			if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
				errs = append(errs, err)
				continue
			}
			msg.removed++
		}
		msg.err = errors.Join(errs...)
		return msg
	}
}

// copiesUpdate handles the conflict copies' messages; ok is false for
// others.
func (s *Store) copiesUpdate(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	switch msg := msg.(type) {
	case copiesMsg:
		s.copies = msg.paths
		told := strings.Join(msg.paths, "\n")
		if told != s.copiesTold && len(msg.paths) > 0 {
			s.say(theme.Warning, "%s beside the catalogue (another machine's version): M merges them in", copyCount(len(msg.paths)))
		}
		s.copiesTold = told
		return nil, true
	case copiesMergedMsg:
		return s.copiesMerged(msg), true
	case copiesRemovedMsg:
		note := "removed " + copyCount(msg.removed)
		sev, shown := s.status.Shown()
		if msg.err != nil {
			s.say(theme.Warning, "merged, but not every copy was removed: %s", display.Text(msg.err.Error()))
		} else if shown != "" && sev <= theme.Success {
			s.status.Also(note)
		} else {
			s.say(theme.Success, "%s", note)
		}
		return copiesCmd(s.path), true
	}
	return nil, false
}

// MergeCopies asks before merging the copies in (M).
func (s *Store) MergeCopies() tea.Cmd {
	if len(s.copies) == 0 {
		s.say(theme.Info, "no conflict copies beside the catalogue")
		return copiesCmd(s.path)
	}
	names := make([]string, len(s.copies))
	for i, p := range s.copies {
		names[i] = display.Text(filepath.Base(p))
	}
	s.post(AskMsg{dialog.Question{
		Text: fmt.Sprintf("Merge %s into the catalogue, then remove them?", copyCount(len(s.copies))),
		Detail: strings.Join(names, ", ") + ". Bookmarks only a copy has are added; a field set differently " +
			"is kept both ways, marked, for the problems view (!). u undoes the merge.",
		Verb: "merge",
		Yes:  mergeYes{paths: s.copies},
		No:   undone("nothing merged"),
	}})
	return nil
}

// copiesMerged applies the copies merged in as one undoable step, and has
// them removed once it is saved.
func (s *Store) copiesMerged(msg copiesMergedMsg) tea.Cmd {
	switch {
	case msg.err != nil:
		s.say(theme.Error, "nothing merged: %s", display.Text(msg.err.Error()))
		return nil
	case s.cat.Version() != msg.version:
		// The catalogue changed while the copies were read: merge again.
		return mergeCopiesCmd(s.cat.Snapshot(), msg.paths)
	}
	before := s.cat.Records()
	cmd, err := s.ApplyDescribed(catalogue.Replace{With: msg.merged}, func() string {
		what := "merged " + copyCount(len(msg.paths))
		if a, c, r := changes(before, s.cat.Records()); a+c+r > 0 {
			what += ": " + counts(a, c, r)
		}
		if msg.conflicts > 0 {
			what += fmt.Sprintf("; %s kept both ways: ! settles them", plural.Of(msg.conflicts, "conflict"))
		}
		return what + dialog.UndoHint
	})
	if err != nil {
		s.say(theme.Error, "nothing merged: %s", dialog.Describe(err))
		return nil
	}
	if cmd == nil {
		// The copies add nothing: nothing to save before removing them.
		return removeCopiesCmd(msg.paths)
	}
	s.afterSave = &afterSave{version: s.cat.Version(), then: removeCopiesCmd(msg.paths)}
	return cmd
}

// Answer is the answer to a question the store asked (AskMsg): the
// Result of the dialog.Confirm, which the root hands to Answered.
type Answer interface{ answer() }

type (
	// mergeYes merges the copies, the user having said yes.
	mergeYes struct{ paths []string }
	// undone says what the answer left undone ("nothing merged").
	undone string
	// quitYes quits, though changes are not saved.
	quitYes struct{}
)

func (mergeYes) answer() {}
func (undone) answer()   {}
func (quitYes) answer()  {}

// Answered does what the user answered to the store's question.
func (s *Store) Answered(a Answer) tea.Cmd {
	switch a := a.(type) {
	case mergeYes:
		return mergeCopiesCmd(s.cat.Snapshot(), a.paths)
	case undone:
		s.say(theme.Info, "%s", string(a))
	case quitYes:
		return tea.Quit
	}
	return nil
}
