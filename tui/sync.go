package tui

import (
	"errors"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue/gitsync"
	"github.com/uricat/uricat/config"
	"github.com/uricat/uricat/importers/floccus"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/tui/store"
)

// Sync on a key. When the catalogue is in a git repository (asked of git
// in a command at the start), Y runs `uricat sync`'s steps (package
// gitsync) on another goroutine: each step's line shows in the status
// line as it comes, then what came in and went out. What the pull
// brought is taken in as any change of the file is (store.Store.Follow); when
// it stopped on conflicts, the problems view opens on them once it is.

type (
	// repoMsg answers repoCmd: why the catalogue is not in a repository,
	// nil when it is.
	repoMsg struct{ err error }
	// syncLineMsg is a step's line; ch brings the next.
	syncLineMsg struct {
		line string
		ch   chan tea.Msg
	}
	// syncDoneMsg ends a sync.
	syncDoneMsg struct{ err error }
	// openProblemsMsg asks the host to open the problems view (after a
	// sync's conflicts are taken in).
	openProblemsMsg struct{}
)

// repoCmd asks git whether the catalogue at path is in a repository.
func repoCmd(path string) tea.Cmd {
	return func() tea.Msg {
		_, _, err := gitsync.Repo(path)
		return repoMsg{err: err}
	}
}

// syncCmd runs floccus.Sync (gitsync's, and the browser file's when the
// repository has one) on the catalogue at path; its lines and its
// end come back one message at a time.
func syncCmd(path string, rules config.Rules) tea.Cmd {
	return func() tea.Msg {
		ch := make(chan tea.Msg, 8)
		go func() {
			err := floccus.Sync(path, func(line string) { ch <- syncLineMsg{line: line, ch: ch} }, floccus.Options{File: rules.File})
			ch <- syncDoneMsg{err: err}
		}()
		return <-ch
	}
}

// gitSync is the sync on a key: whether one runs, what its steps said,
// and whether the catalogue is in a repository (outside one, the key says
// how to make one). It takes in what the pull brought through the store.
type gitSync struct {
	running bool
	lines   []string // what the steps of the sync running said
	store   *store.Store
	status  *status
	// notRepo says why the catalogue is not in a git repository (Y then
	// says how to make one); nil when it is, or not known yet.
	notRepo error
	// spin starts the spinner, for the sync.
	spin func() tea.Cmd
	// rules file the bookmarks new from the browser.
	rules config.Rules
}

// Init asks git whether the catalogue is in a repository.
func (g *gitSync) Init() tea.Cmd { return repoCmd(g.store.Path()) }

// Update handles the sync's messages; ok is false for others.
func (g *gitSync) Update(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	switch msg := msg.(type) {
	case repoMsg:
		g.notRepo = msg.err
		return nil, true
	case syncLineMsg:
		g.lines = append(g.lines, msg.line)
		g.status.set(sevInfo, "syncing: %s…", display.Text(msg.line))
		ch := msg.ch
		return func() tea.Msg { return <-ch }, true
	case syncDoneMsg:
		return g.synced(msg.err), true
	}
	return nil, false
}

// start starts a sync (Y), once every edit is saved: the sync commits
// the file.
func (g *gitSync) start() tea.Cmd {
	s := g.store
	switch {
	case g.running:
		g.status.set(sevInfo, "a sync is running")
		return nil
	case g.notRepo != nil:
		g.status.set(sevWarning, "not synced: %s; then uricat merge --install, and git remote add origin URL to share it", display.Text(g.notRepo.Error()))
		return nil
	case s.Saving() || s.Unsaved() || s.Catalogue().Modified():
		g.status.set(sevWarning, "not synced: changes are not saved yet (ctrl+s saves them)")
		return nil
	}
	g.running, g.lines = true, nil
	g.status.set(sevInfo, "syncing with git…")
	return tea.Batch(syncCmd(s.Path(), g.rules), g.spin())
}

// synced says how the sync ended, and takes in what it brought.
func (g *gitSync) synced(err error) tea.Cmd {
	g.running = false
	lines := display.Text(strings.Join(browserFirst(g.lines), "; "))
	var then tea.Cmd
	var ce *gitsync.ConflictsError
	var me *gitsync.MarkersError
	var le *floccus.LockedError
	switch {
	case errors.As(err, &le):
		g.status.set(sevWarning, "not synced: %s", display.Text(le.Error()))
	case errors.As(err, &ce):
		n := len(gitsync.Marked(ce.Merged))
		g.status.set(sevWarning, "sync stopped on %s: settle them (o, t or b), then Y again", plural.Of(n, "conflict"))
		then = func() tea.Msg { return openProblemsMsg{} }
	case errors.As(err, &me):
		// Git merged the file line by line: its markers are lines the
		// catalogue cannot read, which ! lists.
		g.status.set(sevWarning, "not synced: %s (! lists them). Settle them: %s; then Y again", me.Where(), me.Settle())
	case err != nil:
		g.status.set(sevError, "sync failed: %s", display.Text(err.Error()))
	case lines == "":
		g.status.set(sevSuccess, "synced")
	default:
		g.status.set(sevSuccess, "synced: %s", lines)
	}
	// The pull's change is said here: the follow that takes it in says
	// nothing more.
	return g.store.FollowPull(then)
}

// browserFirst is the sync's lines with what came from the browser
// first: in a status line cut to the terminal's width, that is what the
// user waits to see.
func browserFirst(lines []string) []string {
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		if strings.Contains(l, " from the browser") {
			out = append(out, l)
		}
	}
	for _, l := range lines {
		if !strings.Contains(l, " from the browser") {
			out = append(out, l)
		}
	}
	return out
}
