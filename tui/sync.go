package tui

import (
	"errors"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue/gitsync"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/tui/problems"
)

// Sync on a key. When the catalogue is in a git repository (asked of git
// in a command at the start), Y runs `uricat sync`'s steps (package
// gitsync) on another goroutine: each step's line shows in the status
// line as it comes, then what came in and went out. What the pull
// brought is taken in as any change of the file is (store.follow); when
// it stopped on conflicts, the problems view opens on them once it is.

type (
	// repoMsg answers repoCmd: whether the catalogue is in a repository.
	repoMsg struct{ ok bool }
	// syncLineMsg is a step's line; ch brings the next.
	syncLineMsg struct {
		line string
		ch   chan tea.Msg
	}
	// syncDoneMsg ends a sync.
	syncDoneMsg struct{ err error }
	// openProblemsMsg opens the problems view (after a sync's conflicts
	// are taken in).
	openProblemsMsg struct{}
)

// repoCmd asks git whether the catalogue at path is in a repository.
func repoCmd(path string) tea.Cmd {
	return func() tea.Msg {
		_, _, err := gitsync.Repo(path)
		return repoMsg{ok: err == nil}
	}
}

// syncCmd runs gitsync.Sync on the catalogue at path; its lines and its
// end come back one message at a time.
func syncCmd(path string) tea.Cmd {
	return func() tea.Msg {
		ch := make(chan tea.Msg, 8)
		go func() {
			err := gitsync.Sync(path, func(line string) { ch <- syncLineMsg{line: line, ch: ch} })
			ch <- syncDoneMsg{err: err}
		}()
		return <-ch
	}
}

// syncUpdate handles the sync's messages; ok is false for others.
func (m *Model) syncUpdate(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	switch msg := msg.(type) {
	case repoMsg:
		m.keys.Sync.SetEnabled(msg.ok)
		return nil, true
	case syncLineMsg:
		m.syncLines = append(m.syncLines, msg.line)
		m.setMsg(sevInfo, "syncing: %s…", display.Text(msg.line))
		ch := msg.ch
		return func() tea.Msg { return <-ch }, true
	case syncDoneMsg:
		return m.synced(msg.err), true
	case openProblemsMsg:
		return m.host.open(problems.New(m.host.context(), m.store.cat)), true
	}
	return nil, false
}

// syncKey starts a sync (Y), once every edit is saved: the sync commits
// the file.
func (m *Model) syncKey() tea.Cmd {
	switch {
	case m.syncing:
		m.setMsg(sevInfo, "a sync is running")
		return nil
	case m.store.saving || m.store.unsaved || m.store.cat.Modified():
		m.setMsg(sevWarning, "not synced: changes are not saved yet (ctrl+s saves them)")
		return nil
	}
	m.syncing, m.syncLines = true, nil
	m.setMsg(sevInfo, "syncing with git…")
	return tea.Batch(syncCmd(m.store.path), m.startSpinner())
}

// synced says how the sync ended, and takes in what it brought.
func (m *Model) synced(err error) tea.Cmd {
	m.syncing = false
	lines := display.Text(strings.Join(m.syncLines, "; "))
	// The pull's change is said here: the follow that takes it in says
	// nothing more.
	m.store.followQuiet = true
	follow := m.store.follow()
	var ce *gitsync.ConflictsError
	switch {
	case errors.As(err, &ce):
		n := len(gitsync.Marked(ce.Merged))
		m.setMsg(sevWarning, "sync stopped on %s: settle them (o, t or b), then Y again", plural.Of(n, "conflict"))
		m.store.afterFollow = func() tea.Msg { return openProblemsMsg{} }
	case err != nil:
		m.setMsg(sevError, "sync failed: %s", display.Text(err.Error()))
	case lines == "":
		m.setMsg(sevSuccess, "synced")
	default:
		m.setMsg(sevSuccess, "synced: %s", lines)
	}
	return follow
}
