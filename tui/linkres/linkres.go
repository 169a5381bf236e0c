// Package linkres is the link results screen of uricat's TUI: what a link
// check the TUI ran found wrong (internal/linkcheck), the records whose
// links moved, those whose links are dead and those it could not tell
// (unknown), with what to do about them.
//
// On the screen:
//
//   - U rewrites every moved link to where it moved, as one undoable edit
//     (catalogue.MoveURIs, as `uricat links --update-moved` does);
//   - D asks (a dialog.Confirm over the screen), then deletes every record
//     whose link is dead, as one undoable edit;
//   - enter shows the record under the cursor in the list
//     (dialog.ShowMsg);
//   - for a dead or moved link, r reads its archived copy (the reader
//     the root gives, WithReader), w opens the Wayback Machine's copy of
//     the page as it was when it was bookmarked (archive.Wayback).
//
// esc or q closes it. After any change of the catalogue the root calls
// Reload (dialog.Reloader): entries whose record is gone, or whose link
// was rewritten, go.
package linkres

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/uricat/uricat/archive"
	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/linkcheck"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/system"
	"github.com/uricat/uricat/tui/theme"
)

// Entry is a record and what the check found of its link.
type Entry struct {
	Record *ssd3.Record
	Result linkcheck.Result
}

// DeleteDeadMsg deletes the records whose links are dead, the user having
// said yes: the answer of the question the screen asks, which comes back
// to it.
type DeleteDeadMsg struct{}

// Model is the link results screen, a dialog.Dialog.
type Model struct {
	ctx     dialog.Context
	entries []Entry
	summary string      // what the check did, for the title
	list    dialog.List // the cursor, by entry
	// reader opens the reader on a record's archived copy; nil: r does
	// nothing.
	reader func(*ssd3.Record) dialog.Dialog
	// archived reports whether the archive holds a copy of a record's
	// page (nil: none does).
	archived func(*ssd3.Record) bool
	// open opens a URI with the system opener (w).
	open func(uri string) tea.Cmd
}

// New returns the screen over the moved, dead and unknown links among
// entries (the ok ones are left out), in the order given; summary says
// what the check did ("checked 40 links: 35 ok, 2 moved, 3 dead"). An
// unknown link (a timeout, a 5xx, a site that blocks checks) is listed
// with why, for the user to look at: neither U nor D acts on it.
func New(ctx dialog.Context, entries []Entry, summary string) *Model {
	m := &Model{ctx: ctx, summary: summary, list: dialog.NewList(ctx.Keys), open: system.Open}
	for _, e := range entries {
		if e.Result.Status == linkcheck.Moved || e.Result.Status == linkcheck.Dead || e.Result.Status == linkcheck.Unknown {
			m.entries = append(m.entries, e)
		}
	}
	m.list.SetLen(len(m.entries))
	m.list.SetHeight(m.rows())
	return m
}

// WithReader makes r open reader on the record under the cursor, the
// entries whose page archived reports archived saying so, and w open its
// Wayback Machine copy with open (nil: system.Open); it returns m.
func (m *Model) WithReader(reader func(*ssd3.Record) dialog.Dialog, archived func(*ssd3.Record) bool, open func(string) tea.Cmd) *Model {
	m.reader, m.archived = reader, archived
	if open != nil {
		m.open = open
	}
	return m
}

// lost reports whether the entry under the cursor is a dead or moved
// link: one whose page may now be read only from a copy.
func (m *Model) lost() bool {
	if !m.list.Selected() {
		return false
	}
	s := m.entries[m.list.Cursor()].Result.Status
	return s == linkcheck.Dead || s == linkcheck.Moved
}

// Entries returns the entries the screen lists.
func (m *Model) Entries() []Entry { return m.entries }

// count returns how many entries have status s.
func (m *Model) count(s linkcheck.Status) int {
	n := 0
	for _, e := range m.entries {
		if e.Result.Status == s {
			n++
		}
	}
	return n
}

// Reload drops the entries whose record is gone from c, or whose link is
// no longer the one checked (rewritten), after a change.
func (m *Model) Reload(c *catalogue.Catalogue) tea.Cmd {
	kept := m.entries[:0]
	for _, e := range m.entries {
		if r := c.Lookup(e.Record.Ref()); r != nil && r.URI() == e.Result.URI {
			e.Record = r
			kept = append(kept, e)
		}
	}
	clear(m.entries[len(kept):])
	m.entries = kept
	m.list.SetLen(len(m.entries))
	return nil
}

// Init does nothing.
func (m *Model) Init() tea.Cmd { return nil }

// SetSize sets the area the screen may use.
func (m *Model) SetSize(width, height int) {
	m.ctx.SetSize(width, height)
	m.list.SetHeight(m.rows())
}

// actions are the screen's own keys, each declared once, in the order
// the help shows them; moving is the list's.
func (m *Model) actions() dialog.Actions {
	return dialog.Actions{
		{Binding: key.NewBinding(key.WithKeys("U"), key.WithHelp("U", "update moved URIs")), Bar: true, Col: 1,
			Do: func(tea.KeyMsg) tea.Cmd { return m.updateMoved() }},
		{Binding: key.NewBinding(key.WithKeys("D"), key.WithHelp("D", "delete dead")), Bar: true, Col: 1,
			Do: m.askDeleteDead},
		{Binding: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "show in list")), Bar: true, Col: 1,
			When: m.list.Selected,
			Do: func(tea.KeyMsg) tea.Cmd {
				m.ctx.Close(dialog.ShowMsg{Record: m.entries[m.list.Cursor()].Record})
				return nil
			}},
		{Binding: key.NewBinding(key.WithKeys("esc", "q"), key.WithHelp("esc/q", "close")), Bar: true, Col: 1,
			Do: func(tea.KeyMsg) tea.Cmd { m.ctx.Close(nil); return nil }},
		{Binding: key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "read archived copy")), Bar: true, Col: 2,
			When: func() bool { return m.reader != nil && m.lost() },
			Do: func(tea.KeyMsg) tea.Cmd {
				m.ctx.Open(m.reader(m.entries[m.list.Cursor()].Record))
				return nil
			}},
		{Binding: key.NewBinding(key.WithKeys("w"), key.WithHelp("w", "Wayback Machine")), Bar: true, Col: 2,
			When: m.lost,
			Do: func(tea.KeyMsg) tea.Cmd {
				rec := m.entries[m.list.Cursor()].Record
				return m.open(archive.Wayback(rec.URI(), rec.Added()))
			}},
	}
}

// ShortHelp is the help bar's keys.
func (m *Model) ShortHelp() []key.Binding { return m.actions().ShortHelp() }

// FullHelp is the `?` help's keys.
func (m *Model) FullHelp() [][]key.Binding {
	nav := m.ctx.Keys
	return append(m.actions().FullHelp(), []key.Binding{nav.Up, nav.Down, nav.Home, nav.End})
}

// Update handles a message. The screen closes when the user leaves it
// (with dialog.ShowMsg on enter), or opens the question before deleting,
// through its Context.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(DeleteDeadMsg); ok {
		return m, m.deleteDead()
	}
	km, ok := msg.(tea.KeyMsg)
	if !ok || m.list.Update(km) {
		return m, nil
	}
	if cmd, ok := m.actions().Do(km); ok {
		return m, cmd
	}
	return m, nil
}

// askDeleteDead asks before deleting the records whose links are dead,
// if there are any.
func (m *Model) askDeleteDead(tea.KeyMsg) tea.Cmd {
	n := m.count(linkcheck.Dead)
	if n == 0 {
		m.ctx.Store.SetStatus(theme.Info, "no dead link to delete")
		return nil
	}
	m.ctx.Open(dialog.NewConfirm(m.ctx, dialog.Question{
		Text:   fmt.Sprintf("Delete the %s whose links are dead?", plural.Of(n, "record")),
		Detail: "One edit: u undoes it.",
		Verb:   "delete",
		Yes:    DeleteDeadMsg{},
	}))
	return nil
}

// updateMoved rewrites the moved links, one edit.
func (m *Model) updateMoved() tea.Cmd {
	c := m.ctx.Store.Catalogue()
	var recs []*ssd3.Record
	to := map[string]string{}
	for _, e := range m.entries {
		if e.Result.Status == linkcheck.Moved && e.Result.Final != "" {
			recs = append(recs, e.Record)
			to[e.Result.URI] = e.Result.Final
		}
	}
	edit, moves := catalogue.MoveURIs(c, recs, func(u string) string { return to[u] })
	left := 0
	for _, mv := range moves {
		if mv.Problem != "" {
			left++
		}
	}
	if edit == nil {
		if left > 0 {
			m.ctx.Store.SetStatus(theme.Warning, fmt.Sprintf("no link updated: %s moved where the catalogue has a record already, or to an invalid URI", plural.Of(left, "link")))
		} else {
			m.ctx.Store.SetStatus(theme.Info, "no moved link to update")
		}
		return nil
	}
	where := "they"
	if len(moves)-left == 1 {
		where = "it"
	}
	what := fmt.Sprintf("updated %s to where %s moved", plural.Of(len(moves)-left, "link"), where)
	if left > 0 {
		what += fmt.Sprintf("; %d left (moved where the catalogue has a record already, or to an invalid URI)", left)
	}
	cmd, err := m.ctx.Store.Apply(edit, what)
	if err != nil {
		m.ctx.Store.SetStatus(theme.Error, "nothing updated: "+dialog.Describe(err))
		return nil
	}
	m.Reload(m.ctx.Store.Catalogue())
	return cmd
}

// deleteDead deletes the records whose links are dead, one edit.
func (m *Model) deleteDead() tea.Cmd {
	var refs []catalogue.Ref
	for _, e := range m.entries {
		if e.Result.Status == linkcheck.Dead {
			refs = append(refs, e.Record.Ref())
		}
	}
	if len(refs) == 0 {
		return nil
	}
	cmd, err := m.ctx.Store.Apply(catalogue.Delete{Refs: refs}, fmt.Sprintf("deleted %s whose links are dead", plural.Of(len(refs), "record")))
	if err != nil {
		m.ctx.Store.SetStatus(theme.Error, "nothing deleted: "+dialog.Describe(err))
		return nil
	}
	m.Reload(m.ctx.Store.Catalogue())
	return cmd
}

// Each entry takes two lines: the status and the NAME, then the URI.
const entryHeight = 2

// listHeight is the number of lines for the entries: all but the title,
// the blank under it and the legend at the bottom.
func (m *Model) listHeight() int { return max(entryHeight, m.ctx.Height-3) }

// rows is the number of entries shown at once.
func (m *Model) rows() int { return max(1, m.listHeight()/entryHeight) }

// View draws the entries under a title that counts them.
func (m *Model) View() string {
	th := m.ctx.Theme
	w := m.ctx.Width
	title := th.Title.Render("Link check") + th.Dim.Render("  "+display.Text(m.summary))
	if len(m.entries) == 0 {
		return m.ctx.Fit([]string{title, "", th.EmptyMessage.Render("No moved, dead or unknown link left."), "", th.Dim.Render("esc closes")})
	}
	lines := []string{title, ""}
	rows := m.rows()
	for i := m.list.Offset(); i < m.list.End(); i++ {
		e := m.entries[i]
		cur := "  "
		if i == m.list.Cursor() {
			cur = th.Cursor.Render("▌ ")
		}
		status, st := "dead ", th.Error
		switch e.Result.Status {
		case linkcheck.Moved:
			status, st = "moved", th.Warning
		case linkcheck.Unknown:
			status, st = "?    ", th.Dim
		}
		code := "   "
		if e.Result.Code != 0 {
			code = fmt.Sprintf("%3d", e.Result.Code)
		}
		name := display.Text(e.Record.Name())
		if name == "" {
			name = fmt.Sprintf("(no name, line %d)", e.Record.Line())
		}
		lines = append(lines, cur+st.Render(status)+" "+th.Dim.Render(code)+"  "+th.Name.Render(name))
		uri := display.Text(display.URI(e.Result.URI))
		switch {
		case e.Result.Status == linkcheck.Moved:
			uri += " → " + display.Text(display.URI(e.Result.Final))
		case e.Result.Status == linkcheck.Unknown && e.Result.Reason != "":
			uri += " (" + display.Text(e.Result.Reason) + ")"
		}
		if m.archived != nil && e.Result.Status != linkcheck.Unknown && m.archived(e.Record) {
			uri = "≡ archived copy (r)  " + uri
		}
		lines = append(lines, cur+"           "+th.URI.Render(ansi.Truncate(uri, max(1, w-13), "…")))
	}
	for len(lines) < m.ctx.Height-1 {
		lines = append(lines, "")
	}
	legend := fmt.Sprintf("%d moved, %d dead", m.count(linkcheck.Moved), m.count(linkcheck.Dead))
	if n := m.count(linkcheck.Unknown); n > 0 {
		legend += fmt.Sprintf(", %d unknown (?: could not tell; not dead)", n)
	}
	if n := len(m.entries); n > rows {
		legend += fmt.Sprintf("  (%d-%d of %d)", m.list.Offset()+1, m.list.End(), n)
	}
	lines = append(lines, th.Dim.Render(legend))
	return m.ctx.Fit(lines)
}
