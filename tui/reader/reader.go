// Package reader is the reader screen of uricat's TUI: the archived copy
// of a bookmarked page (package archive), rendered for the terminal
// (tui/markdown), to read offline or after the link died.
//
// On the screen the moving keys scroll (j/k, pgup/pgdn, g/G, the mouse
// wheel), / finds in the page and n/N go to the next and previous match,
// o opens the live page, w the Wayback Machine's copy of the page as it
// was when it was bookmarked (archive.Wayback), esc goes back. With no
// archived copy yet, a (or y) archives it now, in the background with a
// spinner, through Options.Fetch; once archived the screen shows it and
// tells the root (ArchivedMsg), which refreshes the list's marks. Closed
// while archiving, it lets the archiving end (it was asked for) and tells
// the root then.
//
// All I/O is in commands: reading the page file (Options.Load) and
// archiving it (Options.Fetch). Update and View only render and draw.
package reader

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/spinner"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/uricat/uricat/archive"
	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/readinglist"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/markdown"
	"github.com/uricat/uricat/tui/system"
)

// Options are what the reader shows and what it may do.
type Options struct {
	// URI and Name are the record's; Added its date, for the Wayback
	// Machine's address.
	URI, Name string
	Added     time.Time
	// Load reads the archived page of a URI (archive.Store.Get):
	// archive.ErrNotArchived when there is none. Run in a command.
	Load func(uri string) (*archive.Page, error)
	// Fetch archives the page of a URI now and returns what was kept
	// (with Failed set when it could not be); nil: the reader cannot
	// archive, and says how to.
	Fetch func(ctx context.Context, uri string) (*archive.Page, error)
	// Open opens a URI with the system opener; nil is system.Open.
	Open func(uri string) tea.Cmd
	// ToRead: the record Ref is on the reading list, and reading the
	// article to its end offers to take it off (y), through the
	// context's store, one undoable edit.
	ToRead bool
	Ref    catalogue.Ref
}

// ArchivedMsg tells the root that the reader archived Page: the list's
// archive marks are to be read again. Err is set, and Page nil, when
// archiving URI failed after the reader was closed (while open, the
// reader says why itself).
type ArchivedMsg struct {
	Page *archive.Page
	URI  string
	Err  error
}

// Messages of the reader's own commands, which come back to it.
type (
	loadedMsg struct {
		page *archive.Page
		err  error
	}
	fetchedMsg struct {
		run  *fetchRun // the archiving answered
		page *archive.Page
		err  error
	}
	// renderedMsg is page rendered at width.
	renderedMsg struct {
		page         *archive.Page
		width        int
		lines, plain []string
	}
)

// state is what the screen shows.
type state int

const (
	loading    state = iota // the page file is being read
	none                    // no archived copy: offer to make one
	fetching                // archiving now
	reading                 // the article
	unreadable              // the file could not be read, or archiving failed with an error
)

// Model is the reader screen, a dialog.Dialog.
type Model struct {
	ctx  dialog.Context
	opts Options

	state state
	page  *archive.Page
	err   error // why the page is not there (unreadable)

	lines      []string // the rendered article, a line each
	plain      []string // lines folded for finding (query.Fold of the text)
	renderW    int      // the width lines were rendered at
	renderingW int      // the width of the last rendering asked for
	offset     int      // the first line shown

	spin spinner.Model

	finding bool // the find box has the keys
	find    textinput.Model
	matches []int // lines holding the last find's text
	match   int   // the match shown, in matches
	note    string
	// archiving is the archiving under way, which closing the screen
	// lets end; nil when none is.
	archiving *fetchRun
}

// fetchRun is one archiving of the page: what it gave, once done is
// closed.
type fetchRun struct {
	done chan struct{}
	page *archive.Page
	err  error
}

// New returns the reader on the record o describes; its Init reads the
// archived copy.
func New(ctx dialog.Context, o Options) *Model {
	if o.Open == nil {
		o.Open = system.Open
	}
	ti := textinput.New()
	ti.Prompt = "/"
	ti.PromptStyle = ctx.Theme.Prompt
	ti.TextStyle = ctx.Theme.Input
	ti.Cursor.Style = ctx.Theme.InputCursor
	sp := spinner.New(spinner.WithSpinner(spinner.Dot), spinner.WithStyle(ctx.Theme.Spinner))
	return &Model{ctx: ctx, opts: o, spin: sp, find: ti}
}

// Init reads the archived page, in a command.
func (m *Model) Init() tea.Cmd {
	load, uri := m.opts.Load, m.opts.URI
	if load == nil {
		m.state = none
		return nil
	}
	return func() tea.Msg {
		p, err := load(uri)
		return loadedMsg{page: p, err: err}
	}
}

// SetSize sets the area. The article is rendered again at a new width
// by the command the next Update returns (rerender): meanwhile the lines
// of the old width show, cut to the new one.
func (m *Model) SetSize(width, height int) {
	m.ctx.SetSize(width, height)
	m.clamp()
}

// bodyHeight is the number of article lines shown: all but the title and
// the bottom line.
func (m *Model) bodyHeight() int { return max(1, m.ctx.Height-2) }

// render returns the command that renders the page at the screen's
// width: glamour takes long over a long article (a second for 80 KB),
// which the screen must not wait for.
func (m *Model) render() tea.Cmd {
	p, th, w, uri := m.page, m.ctx.Theme, m.ctx.Width, m.opts.URI
	m.renderingW = w
	return func() tea.Msg {
		text := p.Text
		if text == "" && p.Failed != "" {
			text = "Not archived: " + p.Failed + "."
		}
		doc := markdown.Document(p.Title, uri, p.Fetched, text)
		out, err := markdown.Render(th, doc, w)
		if err != nil {
			// Glamour refused the Markdown: the text as it is, made safe.
			out = markdown.Clean(doc)
		}
		msg := renderedMsg{page: p, width: w, lines: strings.Split(strings.TrimRight(out, "\n"), "\n")}
		msg.plain = make([]string, len(msg.lines))
		for i, l := range msg.lines {
			msg.plain[i] = query.Fold(ansi.Strip(l))
		}
		return msg
	}
}

// rendered takes the lines rendered, unless the page or the width have
// changed since they were asked for.
func (m *Model) rendered(msg renderedMsg) {
	if msg.page != m.page || msg.width != m.renderingW {
		return
	}
	m.lines, m.plain, m.renderW = msg.lines, msg.plain, msg.width
	if m.find.Value() != "" {
		m.findAll()
	}
	m.clamp()
}

// rerender returns the command that renders the article again when the
// width changed since it was rendered, and none is under way for it.
func (m *Model) rerender() tea.Cmd {
	if m.state != reading || m.page == nil || m.renderingW == m.ctx.Width {
		return nil
	}
	return m.render()
}

// clamp keeps the offset inside the article.
func (m *Model) clamp() {
	m.offset = max(0, min(m.offset, len(m.lines)-m.bodyHeight()))
}

// close closes the screen. An archiving under way goes on: the user
// asked for it, and the page is kept; the command returned tells the
// root once it ends, for the list's marks.
func (m *Model) close() tea.Cmd {
	m.ctx.Close(nil)
	run, uri := m.archiving, m.opts.URI
	if run == nil {
		return nil
	}
	m.archiving = nil
	return func() tea.Msg {
		<-run.done
		return ArchivedMsg{Page: run.page, URI: uri, Err: run.err}
	}
}

// actions are the screen's keys, each declared once, in the order the
// help shows them; scrolling is the shared moving keys'.
func (m *Model) actions() dialog.Actions {
	isReading := func() bool { return m.state == reading }
	canFetch := func() bool { return (m.state == none || m.state == unreadable || m.failed()) && m.opts.Fetch != nil }
	return dialog.Actions{
		{Binding: key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "find")), Bar: true, Col: 1, When: isReading,
			Do: func(tea.KeyMsg) tea.Cmd {
				m.finding = true
				m.find.SetValue("")
				return m.find.Focus()
			}},
		{Binding: key.NewBinding(key.WithKeys("n"), key.WithHelp("n/N", "next/previous match")), Bar: true, Col: 1, When: isReading,
			Do: func(tea.KeyMsg) tea.Cmd { m.step(1); return nil }},
		{Binding: key.NewBinding(key.WithKeys("N"), key.WithHelp("N", "previous match")), When: isReading,
			Do: func(tea.KeyMsg) tea.Cmd { m.step(-1); return nil }},
		{Binding: key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "mark read")), Bar: true, Col: 1, When: m.offersRead,
			Do: func(tea.KeyMsg) tea.Cmd { return m.markRead() }},
		{Binding: key.NewBinding(key.WithKeys("a", "y"), key.WithHelp("a", "archive it now")), Bar: true, Col: 1, When: canFetch,
			Do: func(tea.KeyMsg) tea.Cmd { return m.fetch() }},
		{Binding: key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "open live page")), Bar: true, Col: 2,
			Do: func(tea.KeyMsg) tea.Cmd { return m.opts.Open(m.opts.URI) }},
		{Binding: key.NewBinding(key.WithKeys("w"), key.WithHelp("w", "Wayback Machine")), Bar: true, Col: 2,
			Do: func(tea.KeyMsg) tea.Cmd {
				return m.opts.Open(archive.Wayback(m.opts.URI, m.opts.Added))
			}},
		{Binding: key.NewBinding(key.WithKeys("esc", "q"), key.WithHelp("esc", "back")), Bar: true, Col: 2,
			Do: func(tea.KeyMsg) tea.Cmd { return m.close() }},
	}
}

// offersRead reports whether the bottom line offers to mark the record
// read: it is on the reading list and its article shows to its end.
func (m *Model) offersRead() bool {
	return m.opts.ToRead && m.state == reading && m.lines != nil && !m.failed() &&
		m.offset+m.bodyHeight() >= len(m.lines)
}

// markRead takes the record off the reading list.
func (m *Model) markRead() tea.Cmd {
	if m.ctx.Store == nil {
		return nil
	}
	cmd, err := m.ctx.Store.Apply(readinglist.Unmark([]catalogue.Ref{m.opts.Ref}), "marked “"+display.Text(m.opts.Name)+"” read; DATE now (SSD3 3.3)")
	if err != nil {
		m.note = "not marked read: " + dialog.Describe(err)
		return nil
	}
	m.opts.ToRead = false
	m.note = "marked read (u in the list undoes it)"
	return cmd
}

// failed reports whether the archived copy is a failure's note.
func (m *Model) failed() bool {
	return m.state == reading && m.page != nil && m.page.Text == "" && m.page.Failed != ""
}

// ShortHelp is the help bar's keys.
func (m *Model) ShortHelp() []key.Binding {
	if m.finding {
		return []key.Binding{
			key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "find")),
			key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
		}
	}
	acts := m.actions()
	var out []key.Binding
	for _, a := range acts {
		if a.Bar && (a.When == nil || a.When()) {
			out = append(out, a.Binding)
		}
	}
	return out
}

// FullHelp is the `?` help's keys.
func (m *Model) FullHelp() [][]key.Binding {
	nav := m.ctx.Keys
	return append(m.actions().FullHelp(), []key.Binding{nav.Up, nav.Down, nav.PageUp, nav.PageDown, nav.Home, nav.End})
}

// Update handles a message: it returns the screen, or dialog.Close on esc.
// After a change of width, its command renders the article again.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	next, cmd := m.update(msg)
	if next == tea.Model(m) {
		if re := m.rerender(); re != nil {
			cmd = tea.Batch(cmd, re)
		}
	}
	return next, cmd
}

// update is Update but for the width's rendering.
func (m *Model) update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case renderedMsg:
		m.rendered(msg)
		return m, nil
	case loadedMsg:
		return m, m.loaded(msg.page, msg.err)
	case fetchedMsg:
		return m, m.fetched(msg)
	case spinner.TickMsg:
		if m.state != fetching {
			return m, nil
		}
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg)
		return m, cmd
	case tea.MouseMsg:
		switch msg.Button {
		case tea.MouseButtonWheelUp:
			m.scroll(-wheelRows)
		case tea.MouseButtonWheelDown:
			m.scroll(wheelRows)
		}
		return m, nil
	case tea.KeyMsg:
		return m.key(msg)
	}
	if m.finding {
		var cmd tea.Cmd
		m.find, cmd = m.find.Update(msg)
		return m, cmd
	}
	return m, nil
}

// wheelRows is how many lines one wheel notch scrolls, as in the list.
const wheelRows = 3

// key handles a key press.
func (m *Model) key(km tea.KeyMsg) (tea.Model, tea.Cmd) {
	if m.finding {
		switch km.Type {
		case tea.KeyEnter:
			m.finding = false
			m.find.Blur()
			m.findAll()
			m.match = -1
			m.step(1)
			return m, nil
		case tea.KeyEsc:
			m.finding = false
			m.find.Blur()
			m.find.SetValue("")
			m.matches, m.note = nil, ""
			return m, nil
		}
		var cmd tea.Cmd
		m.find, cmd = m.find.Update(km)
		return m, cmd
	}
	if m.state == reading {
		if d, ok := m.ctx.Keys.Step(km, m.bodyHeight(), len(m.lines)); ok {
			m.scroll(d)
			return m, nil
		}
	}
	if cmd, ok := m.actions().Do(km); ok {
		return m, cmd
	}
	return m, nil
}

// scroll moves the view d lines.
func (m *Model) scroll(d int) {
	m.offset += d
	m.clamp()
}

// loaded takes the page read from the archive.
func (m *Model) loaded(p *archive.Page, err error) tea.Cmd {
	switch {
	case errors.Is(err, archive.ErrNotArchived) || (err == nil && p == nil):
		m.state = none
	case err != nil:
		m.state, m.err = unreadable, err
	default:
		m.page, m.state = p, reading
		return m.render()
	}
	return nil
}

// fetch archives the page now, in the background.
func (m *Model) fetch() tea.Cmd {
	run := &fetchRun{done: make(chan struct{})}
	m.archiving = run
	m.state, m.err, m.note = fetching, nil, ""
	fetch, uri := m.opts.Fetch, m.opts.URI
	// The fetch first: a harness that runs a batch's commands in order
	// then sees the spinner stop.
	return tea.Batch(func() tea.Msg {
		// Not cancelled by closing the screen (close).
		run.page, run.err = fetch(context.Background(), uri)
		close(run.done)
		return fetchedMsg{run: run, page: run.page, err: run.err}
	}, m.spin.Tick)
}

// fetched takes what archiving gave, and tells the root.
func (m *Model) fetched(msg fetchedMsg) tea.Cmd {
	if msg.run != m.archiving {
		return nil // another reader's, or one this screen no longer waits for
	}
	m.archiving = nil
	if msg.err != nil || msg.page == nil {
		m.state, m.err = unreadable, msg.err
		if m.err == nil {
			m.err = errors.New("nothing was kept")
		}
		return nil
	}
	m.page, m.state, m.offset = msg.page, reading, 0
	m.lines, m.plain = nil, nil
	p := msg.page
	uri := m.opts.URI
	return tea.Batch(m.render(), func() tea.Msg { return ArchivedMsg{Page: p, URI: uri} })
}

// findAll finds the find box's text in the article's lines, folded as
// the search folds (case and accents).
func (m *Model) findAll() {
	m.matches = m.matches[:0]
	q := query.Fold(strings.TrimSpace(m.find.Value()))
	if q == "" {
		m.note = ""
		return
	}
	for i, l := range m.plain {
		if strings.Contains(l, q) {
			m.matches = append(m.matches, i)
		}
	}
	if len(m.matches) == 0 {
		m.note = fmt.Sprintf("%q not found", display.Text(m.find.Value()))
	}
}

// step shows the next match (d 1) or the previous one (d -1), wrapping.
func (m *Model) step(d int) {
	n := len(m.matches)
	if n == 0 {
		return
	}
	m.match = ((m.match+d)%n + n) % n
	line := m.matches[m.match]
	if line < m.offset || line >= m.offset+m.bodyHeight() {
		m.offset = line - m.bodyHeight()/3
		m.clamp()
	}
	m.note = fmt.Sprintf("match %d of %d", m.match+1, n)
}

// View draws the title, the article (or what stands for it) and the
// bottom line.
func (m *Model) View() string {
	th := m.ctx.Theme
	name := display.Text(m.opts.Name)
	if name == "" {
		name = display.Text(display.URI(m.opts.URI))
	}
	lines := []string{th.Title.Render("Reader") + "  " + th.Name.Render(name)}
	switch {
	case m.state == reading && m.lines == nil:
		lines = append(lines, "", th.Dim.Render("rendering…"))
	case m.state == reading:
		lines = append(lines, m.body()...)
	default:
		lines = append(lines, m.message()...)
	}
	for len(lines) < m.ctx.Height-1 {
		lines = append(lines, "")
	}
	lines = append(lines, m.bottom())
	return m.ctx.Fit(lines)
}

// body is the article's lines in view, the current match's marked in the
// margin.
func (m *Model) body() []string {
	th := m.ctx.Theme
	end := min(len(m.lines), m.offset+m.bodyHeight())
	cur := -1
	if len(m.matches) > 0 && m.match >= 0 && m.match < len(m.matches) {
		cur = m.matches[m.match]
	}
	out := make([]string, 0, end-m.offset)
	for i := m.offset; i < end; i++ {
		l := m.lines[i]
		if i == cur {
			l = th.Cursor.Render("▌") + ansi.Cut(l, 1, m.renderW+1)
		}
		out = append(out, l)
	}
	return out
}

// message is what the screen says when there is no article to show.
func (m *Model) message() []string {
	th := m.ctx.Theme
	uri := display.Text(display.URI(m.opts.URI))
	w := max(10, m.ctx.Width)
	var out []string
	add := func(st func(...string) string, s string) {
		for _, l := range dialog.Wrap(s, w, 0, 0) {
			out = append(out, st(l))
		}
	}
	out = append(out, "")
	switch m.state {
	case loading:
		add(th.Dim.Render, "reading the archived copy…")
	case fetching:
		add(th.Base.Render, m.spin.View()+" archiving "+uri+"…")
	case none:
		add(th.Base.Render, "No archived copy of "+uri+" yet.")
		out = append(out, "")
		if m.opts.Fetch != nil {
			add(th.Info.Render, "a archives it now (in the background); w opens the Wayback Machine's copy.")
		} else {
			add(th.Dim.Render, "`uricat archive` makes one; w opens the Wayback Machine's copy.")
		}
	case unreadable:
		add(th.Error.Render, "No archived copy of "+uri+": "+display.Text(errText(m.err)))
		if m.opts.Fetch != nil {
			out = append(out, "")
			add(th.Info.Render, "a tries again; w opens the Wayback Machine's copy.")
		}
	}
	return out
}

// errText is err's message, or "" for none.
func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// bottom is the last line: the find box, the find's note, or where in
// the article the view is and what the page was.
func (m *Model) bottom() string {
	th := m.ctx.Theme
	switch {
	case m.finding:
		return m.find.View()
	case m.state != reading:
		return th.Dim.Render(display.Text(display.URI(m.opts.URI)))
	}
	var parts []string
	if m.note != "" {
		parts = append(parts, m.note)
	}
	if m.failed() {
		parts = append(parts, "not archived: "+display.Text(m.page.Failed)+" (a tries again)")
	}
	if n := len(m.lines); n > m.bodyHeight() {
		parts = append(parts, fmt.Sprintf("%d%%", 100*min(n, m.offset+m.bodyHeight())/n))
	}
	if m.offersRead() {
		return th.Info.Render("the end: y marks it read, off the reading list") + th.Dim.Render(strings.Join(append([]string{""}, parts...), "  ·  "))
	}
	return th.Dim.Render(strings.Join(parts, "  ·  "))
}

// Matches returns the lines the last find matched (tests).
func (m *Model) Matches() []int { return m.matches }

var _ dialog.Dialog = (*Model)(nil)
