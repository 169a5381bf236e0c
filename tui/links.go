package tui

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/linkcheck"
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
		st, err := linkcheck.LoadState(path)
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

// linksLoaded takes the link state read and searches again with it: a
// link: term typed before it came now finds what it names.
func (m *Model) linksLoaded(msg linksLoadedMsg) tea.Cmd {
	if msg.err != nil {
		m.setMsg(sevWarning, "link results not read: %s", display.Lines(msg.err.Error()))
		return nil
	}
	m.links.state = msg.state
	return m.linksChanged()
}

// linksChanged says that the link state changed: the list searches again
// if it had a link: term.
func (m *Model) linksChanged() tea.Cmd {
	m.links.gen++
	m.list.links, m.list.linksGen = m.links.status, m.links.gen
	if res := m.list.res; res != nil && res.search.query != nil && res.search.query.HasLink() && m.list.recs != nil {
		return m.refilter(m.list.recs)
	}
	return nil
}

// linkMark is the list's mark for a record whose link is dead or moved,
// two cells wide, and its style; "" for the others.
func (m *Model) linkMark(rec *catalogue.Record) (string, bool) {
	switch m.links.status(rec.URI()) {
	case linkcheck.Dead:
		return "⊘ ", true
	case linkcheck.Moved:
		return "↪ ", false
	}
	return "", false
}

// linkText is the detail pane's lines about rec's link: the status and
// the HTTP code, when it was checked, and where it moved; none for a link
// never checked.
func (m *Model) linkText(rec *catalogue.Record) (status, checked, movedTo string) {
	r, ok := m.links.result(rec.URI())
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
