package store

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/dirwatch"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/tui/theme"
)

// Following the file. The TUI watches the catalogue's directory (package
// dirwatch: a rename over the file counts) on the watcher's goroutine;
// a command waits for its next change and brings it into Update as a
// FileChangedMsg, so nothing waits in Update. A change runs the store's
// save path (Store.Follow): BeginSave reads the other program's version,
// Rebase takes it in, and the save writes only if the catalogue still has
// edits of the user's the file lacks. uricat's own saves wake the watcher
// too: BeginSave finds the file as the catalogue last saw it, and the save
// ends at once.

// watchStartedMsg answers watchCmd: the watcher, or why there is none.
type watchStartedMsg struct {
	w   *dirwatch.Watcher
	err error
}

// FileChangedMsg says that the file changed (or may have: events were
// lost), a burst of changes told once; it answers the watch's wait.
type FileChangedMsg struct{}

// watchCmd starts watching the catalogue's file at path.
func watchCmd(path string) tea.Cmd {
	return func() tea.Msg {
		w, err := dirwatch.WatchAlso(path, isCopyOf(path))
		return watchStartedMsg{w: w, err: err}
	}
}

// waitChange waits for w's next change; it ends with nothing when the
// watch ends.
func waitChange(w *dirwatch.Watcher) tea.Cmd {
	return func() tea.Msg {
		select {
		case <-w.Changed():
			return FileChangedMsg{}
		case <-w.Done():
			return nil
		}
	}
}

// Init starts the store's watch of the file, if it follows it (started
// with the load: a change made while it reads is told), and looks for
// the conflict copies beside it.
func (s *Store) Init() tea.Cmd {
	var watch tea.Cmd
	if s.follows {
		watch = watchCmd(s.path)
	}
	return tea.Batch(watch, copiesCmd(s.path))
}

// watchUpdate handles the watcher's messages; ok is false for others.
func (s *Store) watchUpdate(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	switch msg := msg.(type) {
	case watchStartedMsg:
		if msg.err != nil {
			// Said once; the TUI works on, as it did before it followed.
			s.say(theme.Warning, "not following changes other programs make to the file (R reloads it): %s", display.Text(msg.err.Error()))
			return nil, true
		}
		s.watch = msg.w
		return waitChange(msg.w), true
	case FileChangedMsg:
		var next tea.Cmd
		if s.watch != nil {
			next = waitChange(s.watch)
		}
		return tea.Batch(next, s.Follow(), copiesCmd(s.path)), true
	}
	return nil, false
}

// Close ends the watch of the file, if one was started.
func (s *Store) Close() {
	if s.watch != nil {
		s.watch.Close()
	}
}

// arrived says what another program's version changed, comparing the
// records before and after taking it in: "3 bookmarks changed on disk
// (2 added, 1 removed)"; "" when no record did.
func arrived(before, after []*ssd3.Record) string {
	a, c, r := changes(before, after)
	switch n := a + c + r; {
	case n == 0:
		return ""
	case a == n:
		return plural.Of(n, "bookmark") + " added on disk"
	case c == n:
		return plural.Of(n, "bookmark") + " changed on disk"
	case r == n:
		return plural.Of(n, "bookmark") + " removed on disk"
	default:
		return fmt.Sprintf("%s changed on disk (%s)", plural.Of(n, "bookmark"), counts(a, c, r))
	}
}

// changes counts the records added, changed and removed from before to
// after, by Ref (every record keeps its Ref across a Rebase and an edit).
func changes(before, after []*ssd3.Record) (added, changed, removed int) {
	differ := func(o, r *ssd3.Record) bool {
		// Text that differs only in its line ends or the blank lines
		// after it (another writer's) is no change.
		return o != r && o.Raw() != r.Raw() && len(ssd3.Diff(o, r)) > 0
	}
	// Records mostly stay where they were: walk both while they pair,
	// and index by Ref only what is left (a map of every record costs a
	// frame's time several times over).
	i := 0
	for ; i < len(before) && i < len(after) && before[i].Ref() == after[i].Ref(); i++ {
		if differ(before[i], after[i]) {
			changed++
		}
	}
	before, after = before[i:], after[i:]
	old := make(map[catalogue.Ref]*ssd3.Record, len(before))
	for _, r := range before {
		old[r.Ref()] = r
	}
	for _, r := range after {
		o, ok := old[r.Ref()]
		switch {
		case !ok:
			added++
		case differ(o, r):
			changed++
		}
		delete(old, r.Ref())
	}
	return added, changed, len(old)
}

// counts says "2 added, 1 removed", leaving out the zeros.
func counts(added, changed, removed int) string {
	var parts []string
	for _, p := range []struct {
		n    int
		verb string
	}{{added, "added"}, {changed, "changed"}, {removed, "removed"}} {
		if p.n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", p.n, p.verb))
		}
	}
	return strings.Join(parts, ", ")
}

// Watcher returns the watcher of the file, nil until it is started.
func (s *Store) Watcher() *dirwatch.Watcher { return s.watch }
