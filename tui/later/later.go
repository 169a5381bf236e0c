// Package later is the reading list screen of uricat's TUI: the records
// marked to read (catalogue/readinglist), oldest first by when they were
// added, each with how long its archived article takes to read where the
// archive has one (readinglist.ReadingTimeBytes of its text's length).
//
// On a record, enter reads its archived article in the reader (the r
// key's screen: reading it to the end offers to mark it read), o opens the
// live page, l takes it off the list (one undoable edit through the
// context's store, as the l key of the list does) and s shows it in the
// list. esc or q closes the screen. After any change of the catalogue the
// root calls Reload (dialog.Reloader): the queue is built again.
package later

import (
	"fmt"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/readinglist"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/system"
	"github.com/uricat/uricat/tui/theme"
)

// Options are what the screen reads and opens beyond the catalogue.
type Options struct {
	// TextLen is the length in bytes of the archived text of a URI, and
	// whether the archive has one; nil: no reading times.
	TextLen func(uri string) (int, bool)
	// Read returns the reader on rec (the r key's screen); nil: enter
	// says there is no reader.
	Read func(ctx dialog.Context, rec *ssd3.Record) dialog.Dialog
	// Open opens a URI with the system opener; nil is system.Open.
	Open func(uri string) tea.Cmd
}

// Model is the reading list screen, a dialog.Dialog.
type Model struct {
	ctx  dialog.Context
	opts Options
	recs []*ssd3.Record // the queue, oldest first
	list dialog.List
	note string // what the last key did or could not do
}

// New builds the screen on c's reading list. Call it on the goroutine
// that owns the catalogue (the root's Update).
func New(ctx dialog.Context, c *catalogue.Catalogue, o Options) *Model {
	if o.Open == nil {
		o.Open = system.Open
	}
	m := &Model{ctx: ctx, opts: o, list: dialog.NewList(ctx.Keys)}
	m.Reload(c)
	m.SetSize(ctx.Width, ctx.Height)
	return m
}

// Records returns the queue the screen shows, oldest first.
func (m *Model) Records() []*ssd3.Record { return m.recs }

// Reload builds the queue again after a change of the catalogue
// (dialog.Reloader), keeping the cursor on the record it was on if it is
// still queued.
func (m *Model) Reload(c *catalogue.Catalogue) tea.Cmd {
	var at catalogue.Ref
	if m.list.Selected() {
		at = m.recs[m.list.Cursor()].Ref()
	}
	m.recs = readinglist.Queue(c.Valid())
	m.list.Keep(len(m.recs), func(i int) bool { return m.recs[i].Ref() == at })
	return nil
}

// Init does nothing: the screen is built by New.
func (m *Model) Init() tea.Cmd { return nil }

// SetSize sets the area: the rows are what the title, the blank line
// and the note leave.
func (m *Model) SetSize(width, height int) {
	m.ctx.SetSize(width, height)
	m.list.SetHeight(max(1, height-4))
}

// ShortHelp is the help bar's keys.
func (m *Model) ShortHelp() []key.Binding { return m.actions().ShortHelp() }

// FullHelp is the `?` help's keys.
func (m *Model) FullHelp() [][]key.Binding {
	return append(m.actions().FullHelp(), m.list.MoveKeys())
}

// actions are the screen's keys, each declared once, in the order the
// help shows them; all but esc wait for a record to act on.
func (m *Model) actions() dialog.Actions {
	some := func() bool { return m.list.Selected() }
	b := func(keys []string, h, desc string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(h, desc))
	}
	return dialog.Actions{
		{Binding: b([]string{"enter", "r"}, "enter", "read"), Bar: true, Col: 1, When: some, Do: m.read},
		{Binding: b([]string{"o"}, "o", "open URI"), Bar: true, Col: 1, When: some,
			Do: func(tea.KeyMsg) tea.Cmd { return m.opts.Open(m.current().URI()) }},
		{Binding: b([]string{"l"}, "l", "mark read"), Bar: true, Col: 1, When: some, Do: m.markRead},
		{Binding: b([]string{"s"}, "s", "show in list"), Bar: true, Col: 1, When: some,
			Do: func(tea.KeyMsg) tea.Cmd {
				m.ctx.Close(dialog.ShowMsg{Record: m.current()})
				return nil
			}},
		{Binding: b([]string{"esc", "q"}, "esc/q", "close"), Bar: true, Col: 1,
			Do: func(tea.KeyMsg) tea.Cmd { m.ctx.Close(nil); return nil }},
	}
}

// current is the record under the cursor.
func (m *Model) current() *ssd3.Record { return m.recs[m.list.Cursor()] }

// read opens the reader on the record under the cursor.
func (m *Model) read(tea.KeyMsg) tea.Cmd {
	if m.opts.Read == nil {
		m.note = "no reader here"
		return nil
	}
	m.ctx.Open(m.opts.Read(m.ctx, m.current()))
	return nil
}

// markRead takes the record under the cursor off the reading list.
func (m *Model) markRead(tea.KeyMsg) tea.Cmd {
	rec := m.current()
	cmd, err := m.ctx.Store.Apply(readinglist.Unmark([]catalogue.Ref{rec.Ref()}), "marked "+label(rec)+" read; DATE now (SSD3 3.3)")
	if err != nil {
		m.ctx.Store.SetStatus(theme.Error, "not marked read: "+dialog.Describe(err))
		return nil
	}
	m.Reload(m.ctx.Store.Catalogue())
	return cmd
}

// label names a record in a message.
func label(r *ssd3.Record) string { return "“" + display.Text(r.Name()) + "”" }

// Update handles a key: the moving keys move the cursor, the others are
// the actions'.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok {
		return m, nil
	}
	m.note = ""
	if m.list.Update(km) {
		return m, nil
	}
	if cmd, ok := m.actions().Do(km); ok {
		return m, cmd
	}
	return m, nil
}

// readingTime is how long rec's archived article takes to read, and
// whether the archive has one.
func (m *Model) readingTime(rec *ssd3.Record) (time.Duration, bool) {
	if m.opts.TextLen == nil {
		return 0, false
	}
	n, ok := m.opts.TextLen(rec.URI())
	if !ok || n == 0 {
		return 0, false
	}
	return readinglist.ReadingTimeBytes(n), true
}

// View draws the title, the total reading time of those archived, and a
// row a record: when it was added, its reading time, its name and URI.
func (m *Model) View() string {
	th := m.ctx.Theme
	if len(m.recs) == 0 {
		return m.ctx.Fit([]string{
			th.Title.Render("Reading list"), "",
			th.EmptyMessage.Render("Nothing to read: l in the list (or uricat later URI) puts a bookmark here."),
			"", th.Dim.Render("esc closes"),
		})
	}
	var total time.Duration
	timed := 0
	for _, r := range m.recs {
		if d, ok := m.readingTime(r); ok {
			total += d
			timed++
		}
	}
	head := th.Title.Render("Reading list") + th.Dim.Render(fmt.Sprintf("  %s to read, oldest first", plural.Of(len(m.recs), "bookmark")))
	if timed > 0 {
		head += th.Dim.Render(fmt.Sprintf("; %s of %d archived", minutes(total), timed))
	}
	lines := []string{head, ""}
	for i := m.list.Offset(); i < m.list.End(); i++ {
		lines = append(lines, m.row(i))
	}
	lines = append(lines, "")
	if m.note != "" {
		lines = append(lines, th.Dim.Render(m.note))
	}
	return m.ctx.Fit(lines)
}

// row is the line of the queue's record i.
func (m *Model) row(i int) string {
	th := m.ctx.Theme
	r := m.recs[i]
	lead := "  "
	if i == m.list.Cursor() {
		lead = th.Cursor.Render("▸ ")
	}
	when := "          "
	if a := r.Added(); !a.IsZero() {
		when = a.Format(time.DateOnly)
	}
	length := fmt.Sprintf("%*s", timeWidth, "")
	if d, ok := m.readingTime(r); ok {
		length = fmt.Sprintf("%*s", timeWidth, minutes(d))
	}
	return lead + th.Dim.Render(when+" "+length+"  ") + th.Name.Render(display.Text(r.Name())) + "  " +
		th.URI.Render(display.Text(display.URI(r.URI())))
}

// timeWidth is the column of the reading times: "10 h 59 min" fits.
const timeWidth = 11

// minutes is a reading time as people say it: "4 min", "1 h 20 min".
func minutes(d time.Duration) string {
	m := int(d / time.Minute)
	if m < 60 {
		return fmt.Sprintf("%d min", m)
	}
	if m%60 == 0 {
		return fmt.Sprintf("%d h", m/60)
	}
	return fmt.Sprintf("%d h %d min", m/60, m%60)
}

var (
	_ dialog.Dialog   = (*Model)(nil)
	_ dialog.Reloader = (*Model)(nil)
)
