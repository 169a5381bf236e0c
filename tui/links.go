package tui

import (
	"fmt"
	"net/http"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue/linkset"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/linkcheck"
	"github.com/uricat/uricat/tui/linkres"
)

// This file is what the TUI knows of the links' health: the results of
// `uricat links` (and of the checks the TUI runs), kept in a state file
// beside the catalogue, not in it. The search language's link: terms
// read them (query.WithLinks), the list marks dead and moved links, the
// detail pane says what was found.

// links is the link state the model holds: nil until it is read (every
// link unchecked meanwhile); gen counts the states and changes to one, so
// that a search pass does not narrow an answer found with older results.
type links struct {
	path  string
	state *linkcheck.State
	gen   int
}

// linksLoadedMsg carries the link state, read in a command.
type linksLoadedMsg struct {
	state *linkcheck.State
	err   error
}

// loadLinksCmd reads the link state at path, if there is one to read.
func loadLinksCmd(path string) tea.Cmd {
	if path == "" {
		return nil
	}
	return func() tea.Msg {
		st, err := linkset.LoadState(path)
		return linksLoadedMsg{state: st, err: err}
	}
}

// status returns uri's link status (linkcheck.Unchecked with no state).
func (l *links) status(uri string) linkcheck.Status {
	if l == nil || l.state == nil {
		return linkcheck.Unchecked
	}
	return l.state.StatusOf(uri)
}

// result returns uri's last check, if any.
func (l *links) result(uri string) (linkcheck.Result, bool) {
	if l == nil || l.state == nil {
		return linkcheck.Result{}, false
	}
	return l.state.Get(uri)
}

// linkChecker is the links' health as the TUI holds it: the results kept
// (read at the start and on R), and the checks it runs (L): the check
// under way, and the client and user agent it asks with (linkrun.go).
type linkChecker struct {
	*common
	results links
	run     *linkRun // the check under way, nil for none
	runs    int      // counts the checks, naming each one's messages
	client  *http.Client
	// userAgent names uricat to the sites asked.
	userAgent string
	status    *status

	// newChecker makes the checker of a run (Options.NewChecker); nil
	// is linkcheck.New.
	newChecker func(*http.Client, string) *linkcheck.Checker

	// shown returns the records the list shows, whose links L checks.
	shown func() []*ssd3.Record
	// changed tells the list that the results changed (results.gen).
	changed func() tea.Cmd
	// found opens the results screen on the moved and dead links a
	// check found.
	found func(entries []linkres.Entry, summary string) tea.Cmd
}

// Init reads the results kept.
func (l *linkChecker) Init() tea.Cmd { return loadLinksCmd(l.results.path) }

// reload reads the results kept again, as `uricat links` in another
// terminal left them; not during a check, whose results go into the
// state held.
func (l *linkChecker) reload() tea.Cmd {
	if l.run != nil {
		return nil
	}
	return loadLinksCmd(l.results.path)
}

// Update handles the link state read, a check's results and the state
// saved; ok is false for other messages.
func (l *linkChecker) Update(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	switch msg := msg.(type) {
	case linksLoadedMsg:
		return l.loaded(msg), true
	case linkResultMsg:
		return l.result(msg), true
	case linksSavedMsg:
		switch {
		case msg.err != nil:
			l.status.set(sevError, "the link results could not be kept: %s", display.Lines(msg.err.Error()))
		case len(msg.warnings) > 0:
			l.status.set(sevWarning, "the link results were kept, but %s", display.Lines(strings.Join(msg.warnings, "; ")))
		}
		return nil, true
	}
	return nil, false
}

// loaded takes the link state read and has the list search again with
// it: a link: term typed before it came now finds what it names.
func (l *linkChecker) loaded(msg linksLoadedMsg) tea.Cmd {
	if msg.err != nil {
		l.status.set(sevWarning, "link results not read: %s", display.Lines(msg.err.Error()))
		return nil
	}
	l.results.state = msg.state
	return l.resultsChanged()
}

// resultsChanged counts a change of the results, and tells the list.
func (l *linkChecker) resultsChanged() tea.Cmd {
	l.results.gen++
	return l.changed()
}

// linksChanged shows the link results changed: the list searches again
// if it had a link: term.
func (m *Model) linksChanged() tea.Cmd {
	m.list.SetLinks(m.links.results.status, m.links.results.gen)
	if m.list.SearchesLinks() && m.list.Records() != nil {
		return m.refilter(m.list.Records())
	}
	return nil
}

// mark is the list's mark for a record whose link is dead or moved,
// two cells wide, and its style; "" for the others.
func (l *links) mark(rec *ssd3.Record) (string, bool) {
	switch l.status(rec.URI()) {
	case linkcheck.Dead:
		return "⊘ ", true
	case linkcheck.Moved:
		return "↪ ", false
	}
	return "", false
}

// describe is the detail pane's lines about rec's link: the status and
// the HTTP code, when it was checked, and where it moved; none for a link
// never checked.
func (l *links) describe(rec *ssd3.Record) (status, checked, movedTo string) {
	r, ok := l.result(rec.URI())
	if !ok {
		return "", "", ""
	}
	status = string(r.Status)
	if r.Code != 0 {
		status += fmt.Sprintf(" (%d)", r.Code)
	}
	if r.Status == linkcheck.Unknown && r.Reason != "" {
		status += ": " + display.Text(r.Reason)
	}
	if r.Status == linkcheck.Moved && r.Final != "" {
		movedTo = display.Text(display.URI(r.Final))
	}
	return status, display.Date(r.Checked), movedTo
}
