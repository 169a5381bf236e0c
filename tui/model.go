// Package tui is uricat's terminal UI: the root Bubble Tea model that
// browses a catalogue (list, detail pane, status bar, live search, sort,
// groups, rating, delete, undo/redo) and hosts the dialogs of the packages
// under it (form, picker, retag, problems, transfer, system).
//
// Design, briefly:
//   - All I/O runs in tea.Cmds: loading, saving, reloading, filtering.
//   - Update is the catalogue's only writer: every change is an edit
//     applied through the History, and saved at once by commands that
//     never block Update (see store.go). Nothing takes a lock.
//   - Search, sort and grouping run as labelled passes on a background
//     goroutine over an immutable snapshot (see filter.go); only the newest
//     pass's answer is shown.
//   - Only visible rows are drawn, so a frame costs the same at 100 or
//     100,000 records.
//   - The TUI follows the file (follow.go): a watcher of its directory
//     wakes the save path, which takes in what another program wrote and
//     writes nothing unless the user has edits the file lacks.
//   - Dialogs share one shape (package dialog) and apply their own edits
//     through the store their dialog.Context holds; the root asks every
//     question with the one dialog.Confirm.
//
// The root Model composes three parts, as soft-serve's pkg/ui does, and
// the status bar they all report to:
//   - the store (store.go): the catalogue, its History, loading, saving
//     with the lock, reloading, the key index's warm-up. It implements
//     dialog.Store: Apply is the one way to change the catalogue, an
//     undoable step saved at once.
//   - the list (list.go): the search pipeline, the rows and their cursor,
//     and the set of records marked for an action on many.
//   - the host (host.go): the dialog stack over the list, the keys that
//     open dialogs, and the answers to the requests any dialog makes
//     (dialog.ShowMsg, dialog.EditMsg).
//
// To add a screen (duplicates, link results, a category tree): write it as
// a dialog.Dialog in a package under tui/, made with the host's
// dialog.Context; let it apply its edits with ctx.Store.Apply (undoable,
// saved), report with ctx.Store.SetStatus and select with ctx.Store.Select
// or dialog.ShowMsg; give it a key in keys.go and a case in host.openKey.
// Its own messages come back to it while it is on top; nothing else in the
// root changes (TestANewScreenAppliesItsOwnEdit).
package tui

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/spinner"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/internal/dirwatch"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/gcpause"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/internal/webpage"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/theme"
)

// Options configure New.
type Options struct {
	// Path is the catalogue file; it is opened in a command, with a spinner.
	Path string
	// Catalogue, if set, is used instead of opening Path (tests).
	Catalogue *catalogue.Catalogue
	// Theme styles everything; nil means theme.Plain().
	Theme *theme.Theme
	// Follow watches the file and shows what other programs change in
	// it (follow.go); Run sets it.
	Follow bool
	// LinkState is the file of the link checks' results
	// ($XDG_STATE_HOME/uricat/links.json), read in a command at start;
	// "" for none (every link unchecked).
	LinkState string
	// Client makes the requests of the link checks (L), and of the add
	// form's fetch of a page (nil: the form fetches none, and the checks
	// use a client of Go's defaults). UserAgent names uricat to the
	// sites asked.
	Client    *http.Client
	UserAgent string
}

// mode is what the keyboard currently talks to.
type mode int

const (
	modeBrowse mode = iota
	modeSearch      // typing in the search box
)

// severity of the status message: the theme's, which dialogs report with
// too (dialog.Store.SetStatus).
type severity = theme.Severity

const (
	sevInfo    = theme.Info
	sevSuccess = theme.Success
	sevWarning = theme.Warning
	sevError   = theme.Error
)

// Model is the root model. Create it with New.
type Model struct {
	th    *theme.Theme
	keys  keyMap
	help  help.Model
	spin  spinner.Model
	input textinput.Model

	// helpSearch: the full help shows the search language, not the keys.
	helpSearch bool

	width, height int

	// store is the catalogue, its History, and its loading, saving,
	// locking and reloading (store.go).
	store  *store
	status status // the status bar's message

	// list is the records shown: the search pipeline, rows and cursor,
	// and the records marked for an action on many (list.go).
	list *recordList

	mode       mode
	showDetail bool // the detail pane has the keys (and, on a narrow window, the screen)
	detailFor  catalogue.Ref
	detailTop  int        // the first line the detail pane shows, for the record detailFor
	desc       descLayout // the selected record's DESCRIPTION, laid out as far as shown
	spinning   bool

	// host is the dialogs open over the list and what opens them
	// (host.go).
	host *host

	// follow: watch the file (Options.Follow); watch is the watcher,
	// once started (follow.go).
	follow bool
	watch  *dirwatch.Watcher

	// copies are the sync conflict copies beside the file, last looked
	// for; copiesTold the ones the status line told of (copies.go).
	copies     []string
	copiesTold string

	// syncing: a git sync runs; syncLines are what its steps said (sync.go).
	syncing   bool
	syncLines []string

	// links is the results of the link checks (links.go); check is the
	// check under way, nil for none, and checks counts them
	// (linkrun.go).
	links     links
	check     *linkRun
	checks    int
	client    *http.Client
	userAgent string
}

// row is a line of the list: a group heading or a record.
type row struct {
	header bool
	label  string
	count  int
	rec    *catalogue.Record
	head   int // grouped: the row of the heading of the record's group
}

// height of a row in lines: a record shows its URI beneath its name.
func (r row) height() int {
	if r.header {
		return 1
	}
	return 2
}

// New returns the root model; Init loads the catalogue.
func New(opts Options) *Model {
	th := opts.Theme
	if th == nil {
		th = theme.Plain()
	}
	m := &Model{th: th, keys: newKeyMap(), width: 80, height: 24, follow: opts.Follow, links: links{path: opts.LinkState},
		client: opts.Client, userAgent: opts.UserAgent}
	m.list = newList(&m.keys, func() int { return m.layout().bodyH }, func() string { return m.input.Value() })
	m.store = newStore(opts.Path, opts.Catalogue, &m.status)
	m.store.changed = func() tea.Cmd {
		m.host.reload(m.store.cat)
		return m.refilter(m.store.cat.Records())
	}
	m.store.spin = m.startSpinner
	m.store.selected = func(ref catalogue.Ref) { m.list.selected = ref }
	m.host = &host{th: th, keys: &m.keys, store: m.store, list: m.list, status: &m.status,
		size:   func() (int, int) { return m.width, m.layout().bodyH },
		search: func() string { return m.input.Value() }, show: m.show, setSearch: m.setSearch, undoRedo: m.undoRedo}
	if c := opts.Client; c != nil {
		m.host.fetchPage = func(ctx context.Context, uri string) (*webpage.Page, error) {
			return webpage.Fetch(ctx, c, uri, opts.UserAgent)
		}
	}
	m.help = help.New()
	m.help.Styles = th.Help
	m.spin = spinner.New(spinner.WithSpinner(spinner.Dot), spinner.WithStyle(th.Spinner))
	m.keys.Sample.SetEnabled(false) // until the catalogue is read and found empty
	m.keys.Sync.SetEnabled(false)   // until git says the catalogue is in a repository
	m.input = textinput.New()
	m.input.Prompt = "/ "
	m.input.Placeholder = "search: words, name:, cat:, rating:>=4, date:2024, -word"
	m.input.PromptStyle = th.Prompt
	m.input.TextStyle = th.Input
	m.input.PlaceholderStyle = th.Placeholder
	m.input.Cursor.Style = th.InputCursor
	m.input.Cursor.SetMode(cursor.CursorStatic)
	return m
}

// slowCheckMsg comes a little after a pass starts: if it still runs, the
// spinner shows.
type slowCheckMsg struct{}

// loadedMsg reports the catalogue opened, indexed and its first pass done.
type loadedMsg struct {
	c   *catalogue.Catalogue
	res *result
	err error
	wd  string // the working directory, where the first import starts
}

// Init opens the catalogue in a command, with a spinner meanwhile.
func (m *Model) Init() tea.Cmd {
	m.spinning = true
	var watch tea.Cmd
	if m.follow {
		// Started with the load: a change made while it reads is told.
		watch = watchCmd(m.store.path)
	}
	return tea.Batch(m.loadCmd(), spinnerTick(m.spin), watch, copiesCmd(m.store.path), repoCmd(m.store.path), loadLinksCmd(m.links.path))
}

// Ticks are package variables so model tests can run commands one by one
// without sleeping.
var (
	spinnerTick = func(s spinner.Model) tea.Cmd { return s.Tick }
	afterTick   = tea.Tick
)

// loadCmd opens and indexes the catalogue and runs the first pass.
func (m *Model) loadCmd() tea.Cmd {
	c, path := m.store.cat, m.store.path
	return func() tea.Msg {
		if c == nil {
			// No collection while the records are made and the first
			// pass runs: the first frame would wait for it.
			gcpause.Hold(path)
			defer gcpause.Pause(path)()
			var err error
			if c, err = catalogue.Open(path); err != nil {
				return loadedMsg{err: err}
			}
		}
		// The first pass searches nothing: it needs no index, so the
		// first frame does not wait for one (it is built next).
		p := pass{recs: c.Records()}
		wd, _ := os.Getwd()
		return loadedMsg{c: c, res: p.run(context.Background()), wd: wd}
	}
}

// Run opens the catalogue at opts.Path in the alternate screen and runs
// until the user quits.
func Run(opts Options) error {
	opts.Follow = true
	m := New(opts)
	defer m.Close()
	p := tea.NewProgram(m, tea.WithAltScreen(), tea.WithMouseCellMotion())
	final, err := p.Run()
	if err != nil {
		return err
	}
	if fm, ok := final.(*Model); ok && fm.store.loadErr != nil {
		return fm.store.loadErr
	}
	return nil
}

// setMsg shows a message on the status bar until the next one.
func (m *Model) setMsg(sev severity, format string, args ...any) {
	m.status.set(sev, format, args...)
}

// status is the status bar's message, shared by the root and its store.
// A message lasts until the next key that says nothing itself; an info
// or success message also goes after statusTTL. An error (a save that
// failed) stays until another message takes its place.
type status struct {
	msg   string
	sev   severity
	seq   uint64 // counts the messages set
	timed uint64 // the seq of the last message given a timer
}

// statusTTL is how long an info or success message stays.
const statusTTL = 5 * time.Second

// statusExpiredMsg says that the message numbered seq has been shown for
// statusTTL: it goes, unless another took its place.
type statusExpiredMsg struct{ seq uint64 }

// set shows a message until the next one.
func (s *status) set(sev severity, format string, args ...any) {
	s.msg, s.sev = fmt.Sprintf(format, args...), sev
	s.seq++
}

// expire returns the command that ends the message shown now after
// statusTTL, if it is one that ends and has none yet.
func (s *status) expire() tea.Cmd {
	if s.msg == "" || s.sev > sevSuccess || s.timed == s.seq {
		return nil
	}
	s.timed = s.seq
	seq := s.seq
	return afterTick(statusTTL, func(time.Time) tea.Msg { return statusExpiredMsg{seq} })
}

// Update handles a message.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	// Keys typed faster than the terminal is read (over ssh, from tmux)
	// arrive as one message holding several runes ("/jazz"): take them one
	// by one, as typed, so that "/" still opens the search. A paste stays
	// whole.
	if k, ok := msg.(tea.KeyMsg); ok && k.Type == tea.KeyRunes && len(k.Runes) > 1 && !k.Paste {
		cmds := make([]tea.Cmd, 0, len(k.Runes))
		for _, r := range k.Runes {
			_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: k.Alt})
			cmds = append(cmds, cmd)
		}
		return m, tea.Batch(cmds...)
	}
	switch msg := msg.(type) {
	case statusExpiredMsg:
		if msg.seq == m.status.seq {
			m.status.msg = ""
		}
		return m, nil
	case tea.KeyMsg:
		// The message shown goes with the next key that says nothing
		// itself: it was about what came before.
		seq := m.status.seq
		cmd := m.update(msg)
		if m.status.seq == seq && m.status.sev < sevError {
			m.status.msg = ""
		}
		return m, tea.Batch(cmd, m.status.expire())
	}
	cmd := m.update(msg)
	return m, tea.Batch(cmd, m.status.expire())
}

// update handles a message other than a key of several runes: the
// store's, the root's own, then the host's (the dialogs' results and
// every message while a dialog is open), then a key or the mouse.
func (m *Model) update(msg tea.Msg) tea.Cmd {
	if cmd, ok := m.store.update(msg); ok {
		return cmd
	}
	if cmd, ok := m.own(msg); ok {
		return cmd
	}
	if cmd, ok := m.followUpdate(msg); ok {
		return cmd
	}
	if cmd, ok := m.copiesUpdate(msg); ok {
		return cmd
	}
	if cmd, ok := m.syncUpdate(msg); ok {
		return cmd
	}
	if cmd, ok := m.host.Update(msg); ok {
		return cmd
	}
	switch msg := msg.(type) {
	case tea.MouseMsg:
		return m.mouse(msg)
	case tea.KeyMsg:
		return m.key(msg)
	}
	return nil
}

// own handles the root's own messages, which never go to a dialog; ok is
// false for others.
func (m *Model) own(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.input.Width = max(10, m.width-4)
		m.help.Width = m.width
		m.list.scrollToCursor()
		m.host.SetSize(m.host.size())
		return nil, true

	case loadedMsg:
		return m.loaded(msg), true

	case linksLoadedMsg:
		return m.linksLoaded(msg), true

	case linkResultMsg:
		return m.linkResult(msg), true

	case linksSavedMsg:
		if msg.err != nil {
			m.setMsg(sevError, "the link results could not be kept: %s", display.Lines(msg.err.Error()))
		}
		return nil, true

	case filteredMsg:
		keys, ok := m.list.filtered(msg)
		if !ok {
			return nil, true
		}
		cmds := make([]tea.Cmd, 0, len(keys))
		for _, k := range keys {
			_, cmd := m.Update(k)
			cmds = append(cmds, cmd)
		}
		return tea.Batch(cmds...), true

	case warmedMsg:
		m.list.warmed(msg)
		return nil, true

	case slowCheckMsg:
		if m.needSpinner() {
			return m.startSpinner(), true
		}
		return nil, true

	case spinner.TickMsg:
		if msg.ID != m.spin.ID() {
			return nil, false // a dialog's
		}
		if !m.needSpinner() {
			m.spinning = false
			return nil, true
		}
		m.spin, cmd = m.spin.Update(msg)
		return cmd, true
	}
	return nil, false
}

// loaded shows the catalogue opened, or why it could not be.
func (m *Model) loaded(msg loadedMsg) tea.Cmd {
	m.store.loading = false
	if msg.err != nil {
		m.store.loadErr = fmt.Errorf("cannot open the catalogue: %w", msg.err)
		m.setMsg(sevError, "%v", m.store.loadErr)
		return nil
	}
	m.store.cat = msg.c
	m.setRecs(msg.res.ix.recs)
	if m.host.importDir == "" {
		m.host.importDir = msg.wd
	}
	m.list.apply(msg.res)
	if inv := msg.res.ix.invalid; inv > 0 {
		m.setMsg(sevWarning, "%s with errors: press ! to see them", plural.Of(inv, "record"))
	}
	// Build the search index and the memory of a pass in the background
	// now, so the first keystroke of a search does not wait for them.
	ix := msg.res.ix
	var follow tea.Cmd
	if m.store.followLoaded {
		m.store.followLoaded = false
		follow = m.store.follow()
	}
	return tea.Batch(warm(ix, m.store.path), m.store.prepareKeys(), follow)
}

// needSpinner reports whether something slow is under way.
func (m *Model) needSpinner() bool {
	return m.store.loading || m.syncing || (m.store.saving && !m.store.waitingLock) || (m.list.busy && time.Since(m.list.busyAt) > 100*time.Millisecond)
}

// startSpinner ticks the spinner if it is not ticking yet.
func (m *Model) startSpinner() tea.Cmd {
	if m.spinning {
		return nil
	}
	m.spinning = true
	return spinnerTick(m.spin)
}

// key handles a key press: the global keys first, then a key that opens
// a dialog, then the detail pane's, the list's and the catalogue's keys.
func (m *Model) key(msg tea.KeyMsg) tea.Cmd {
	if m.linkCheckKey(msg) {
		return nil
	}
	if cmd, done := m.globalKey(msg); done {
		return cmd
	}
	if key.Matches(msg, m.keys.Sample) && m.list.res != nil {
		return m.addSample()
	}
	if key.Matches(msg, m.keys.CheckLinks) {
		return m.startLinkCheck()
	}
	if cmd, ok := m.host.openKey(msg, m.list.current()); ok {
		return cmd
	}
	if m.showDetail && m.detailKey(msg) {
		return nil
	}
	if cmd, ok := m.listKey(msg); ok {
		return cmd
	}
	return m.editKey(msg)
}

// globalKey handles the keys that come before the list's: quitting, the
// search box, a key that waits for a pass, the full help; done is true
// when msg needs nothing more.
func (m *Model) globalKey(msg tea.KeyMsg) (cmd tea.Cmd, done bool) {
	if key.Matches(msg, m.keys.ForceQuit) {
		return tea.Quit, true
	}
	if m.mode == modeSearch {
		return m.searchKey(msg), true
	}
	if m.store.loading || m.store.loadErr != nil {
		if key.Matches(msg, m.keys.Quit) {
			return tea.Quit, true
		}
		return nil, true
	}
	// q waits too when keys wait before it: "4q" typed at once rates, saves,
	// then quits.
	if m.list.res != nil && m.list.res.seq != m.list.seq && (!key.Matches(msg, m.keys.Quit) || len(m.list.deferred) > 0) {
		// The list on screen is about to change (a search or sort pass is
		// running): a key that moves or acts on the selection waits for
		// it, so that "/jazz⏎4" typed at once rates what the search found.
		m.list.deferred = append(m.list.deferred, msg)
		return nil, true
	}
	if m.help.ShowAll {
		// ? on the keys turns to the search language; any other key
		// closes the full help; q still quits.
		if key.Matches(msg, m.keys.SearchLanguage) && !m.helpSearch {
			m.helpSearch = true
			return nil, true
		}
		m.help.ShowAll, m.helpSearch = false, false
		if !key.Matches(msg, m.keys.Quit) {
			return nil, true
		}
	}
	switch {
	case key.Matches(msg, m.keys.Quit):
		return m.quit(), true
	case key.Matches(msg, m.keys.Help):
		m.help.ShowAll = true
		return nil, true
	}
	return nil, false
}

// listKey handles the list's keys (moving, sorting, grouping, folding),
// the search box's and the detail pane's; ok is false for other keys.
func (m *Model) listKey(msg tea.KeyMsg) (cmd tea.Cmd, ok bool) {
	k := m.keys
	if key.Matches(msg, k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End) && m.list.rowCount() > 0 {
		m.detailFor = 0 // the detail pane shows the record selected from its top
	}
	if cmd, ok := m.list.Update(msg); ok {
		return cmd, true
	}
	switch {
	case key.Matches(msg, k.Search):
		m.mode = modeSearch
		m.status.msg = ""
		return m.input.Focus(), true
	case key.Matches(msg, k.ClearSearch):
		if m.input.Value() != "" {
			m.input.SetValue("")
			return m.refilter(m.list.recs), true
		}
		m.showDetail = false
	case key.Matches(msg, k.Detail):
		if r := m.list.currentRow(); r != nil && r.header {
			m.list.toggleFold()
		} else {
			m.showDetail = !m.showDetail
		}
	default:
		return nil, false
	}
	return nil, true
}

// editKey handles the keys that change or keep the catalogue: rating,
// undo and redo, save, reload.
func (m *Model) editKey(msg tea.KeyMsg) tea.Cmd {
	k := m.keys
	switch {
	case key.Matches(msg, k.Rate), key.Matches(msg, k.ClearRating):
		return m.rate(int(msg.Runes[0] - '0'))
	case key.Matches(msg, k.Undo):
		return m.undoRedo(true)
	case key.Matches(msg, k.Redo):
		return m.undoRedo(false)
	case key.Matches(msg, k.Save):
		return m.store.saveKey()
	case key.Matches(msg, k.Reload):
		// The link results too, as `uricat links` in another terminal
		// left them; not during a check, whose results go into the
		// state held.
		if m.check == nil {
			return tea.Batch(m.store.reload(), loadLinksCmd(m.links.path))
		}
		return m.store.reload()
	case key.Matches(msg, k.MergeCopies):
		return m.mergeCopiesKey()
	case key.Matches(msg, k.Sync):
		return m.syncKey()
	}
	return nil
}

// detailKey scrolls the detail pane, which has the keys, on the keys that
// move in the list; it reports whether msg was one.
func (m *Model) detailKey(msg tea.KeyMsg) bool {
	k := m.keys
	page := max(1, m.layout().bodyH/2)
	switch {
	case key.Matches(msg, k.Up):
		m.scrollDetail(-1)
	case key.Matches(msg, k.Down):
		m.scrollDetail(1)
	case key.Matches(msg, k.PageUp):
		m.scrollDetail(-page)
	case key.Matches(msg, k.PageDown):
		m.scrollDetail(page)
	case key.Matches(msg, k.Home):
		m.scrollDetail(-1 << 30)
	case key.Matches(msg, k.End):
		m.scrollDetail(1 << 30)
	default:
		return false
	}
	return true
}

// quit quits, waiting for a running save, and asking first when changes
// could not be saved.
func (m *Model) quit() tea.Cmd {
	switch {
	case m.store.saving:
		m.store.quitting = true
		m.setMsg(sevInfo, "saving before quitting…")
		return nil
	case m.store.cat != nil && m.store.cat.Modified() && !m.store.unsaved:
		// An edit whose save has not started yet: save, then quit.
		m.store.quitting = true
		m.setMsg(sevInfo, "saving before quitting…")
		return m.store.save()
	case m.store.unsaved:
		// The message line keeps saying why they are not saved.
		return m.host.open(dialog.NewConfirm(m.host.context(), dialog.Question{
			Text:   "Changes are not saved. Quit anyway?",
			Detail: "They are lost if you quit; the message below says why they could not be saved, and ctrl+s tries again.",
			Verb:   "quit",
			Yes:    quitMsg{},
		}))
	}
	return tea.Quit
}

// searchKey handles a key while the search box has focus.
func (m *Model) searchKey(msg tea.KeyMsg) tea.Cmd {
	switch {
	case key.Matches(msg, m.keys.ClearSearch):
		m.mode = modeBrowse
		m.input.Blur()
		if m.input.Value() == "" {
			return nil
		}
		m.input.SetValue("")
		return m.refilter(m.list.recs)
	case key.Matches(msg, m.keys.AcceptSearch):
		m.mode = modeBrowse
		m.input.Blur()
		if msg.Type == tea.KeyDown {
			m.move(1)
		} else if msg.Type == tea.KeyUp {
			m.move(-1)
		}
		return nil
	}
	before := m.input.Value()
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	if m.input.Value() != before {
		// A new search selects its best match, as fzf does.
		m.list.toTop = true
		return tea.Batch(cmd, m.refilter(m.list.recs))
	}
	return cmd
}

// rate sets the selected record's rating (0 clears it), or that of every
// record selected for an action on many, as one edit.
func (m *Model) rate(n int) tea.Cmd {
	if len(m.list.marked) > 0 {
		return m.rateMany(n)
	}
	rec := m.list.current()
	if rec == nil {
		return nil
	}
	if rec.Rating() == n {
		return nil
	}
	name := display.Text(rec.Name())
	what := fmt.Sprintf("rated “%s” %s", name, strings.Repeat("★", n))
	if n == 0 {
		what = fmt.Sprintf("cleared the rating of “%s”", name)
	}
	v := ""
	if n > 0 {
		v = fmt.Sprint(n)
	}
	return m.edit(catalogue.Set{Ref: rec.Ref(), Fields: []catalogue.Field{{Name: catalogue.FieldRating, Value: v}}}, what, rec.Ref())
}

// rateMany sets the rating of every record selected (0 clears it), as
// one edit: those rated so already are not changed, and keep their DATE;
// the others get DATE now (SSD3 3.3), which the message says.
func (m *Model) rateMany(n int) tea.Cmd {
	v := ""
	if n > 0 {
		v = fmt.Sprint(n)
	}
	// An edit of a record that is not valid is refused, and with it the
	// whole edit: the valid ones are rated, and the message says so.
	recs, skipped := validOnly(m.list.marked.records(m.store.cat.Records()))
	refs := make([]catalogue.Ref, len(recs))
	changed := 0
	for i, r := range recs {
		refs[i] = r.Ref()
		if r.Rating() != n {
			changed++
		}
	}
	left := ""
	if skipped > 0 {
		left = fmt.Sprintf(" (%s not valid left as %s: ! lists the problems)", plural.Of(skipped, "record"), pick(skipped, "it is", "they are"))
	}
	if changed == 0 {
		m.setMsg(sevInfo, "nothing changed: the valid %s rated so already%s", pick(len(refs), "record is", "records are"), left)
		return nil
	}
	many := plural.Of(changed, "record")
	what := fmt.Sprintf("rated %s %s; each got DATE now (SSD3 3.3)%s", many, strings.Repeat("★", n), left)
	if n == 0 {
		what = fmt.Sprintf("cleared the rating of %s; each got DATE now (SSD3 3.3)%s", many, left)
	}
	set := catalogue.SetMany{Refs: refs, Fields: []catalogue.Field{{Name: catalogue.FieldRating, Value: v}}}
	return m.edit(set, what, 0)
}

// edit is applyEdit for a key: a refusal is said in the status line, and
// sel (if not 0) is selected.
func (m *Model) edit(e catalogue.Edit, what string, sel catalogue.Ref) tea.Cmd {
	cmd, err := m.store.Apply(e, what)
	if err != nil {
		m.setMsg(sevError, "cannot change the catalogue (%s): %s", what, dialog.Describe(err))
		return nil
	}
	if sel != 0 {
		m.list.selected = sel
	}
	return cmd
}

// undoRedo undoes the last change (undo) or redoes the last undone one,
// selecting the first record it changed.
func (m *Model) undoRedo(undo bool) tea.Cmd {
	cmd, sel := m.store.undoRedo(undo)
	if sel != 0 {
		m.list.selected = sel
	}
	return cmd
}

// show selects the record ref, clearing the search and unfolding the
// groups so that the list shows it (dialog.ShowMsg).
func (m *Model) show(ref catalogue.Ref) tea.Cmd {
	m.list.selected = ref
	m.input.SetValue("")
	m.list.folded = map[string]bool{}
	return m.refilter(m.store.cat.Records())
}

// setSearch searches for q as if typed (dialog.SearchMsg: a node of the
// category tree, a tag), selecting its first match; / then edits it.
func (m *Model) setSearch(q string) tea.Cmd {
	m.input.SetValue(q)
	m.input.CursorEnd()
	m.list.toTop = true
	return m.refilter(m.list.recs)
}

// setRecs makes recs the newest snapshot; the sample key works, and is
// in the help, only while it is empty.
func (m *Model) setRecs(recs []*catalogue.Record) {
	m.list.recs = recs
	m.keys.Sample.SetEnabled(len(recs) == 0)
}

// refilter starts a pass over recs with the search box's text.
func (m *Model) refilter(recs []*catalogue.Record) tea.Cmd {
	cmd := m.list.refilter(recs, m.input.Value())
	m.setRecs(recs)
	return cmd
}

// move moves the cursor by n rows; the detail pane shows the record
// selected from its top.
func (m *Model) move(n int) {
	if m.list.rowCount() == 0 {
		return
	}
	m.detailFor = 0
	m.list.move(n)
}

// nextSort cycles file order → name → date → rating → file order.
func nextSort(k query.SortKey) query.SortKey {
	switch k.Field() {
	case "":
		return query.SortByName
	case query.SortByName.Field():
		return query.SortByDate.Desc()
	case query.SortByDate.Field():
		return query.SortByRating.Desc()
	}
	return query.SortKey{}
}

// nextGroup cycles none → each of query.GroupKeys → none.
func nextGroup(k query.GroupKey) query.GroupKey {
	keys := query.GroupKeys
	if k.IsZero() {
		return keys[0]
	}
	for i, g := range keys {
		if g == k && i+1 < len(keys) {
			return keys[i+1]
		}
	}
	return query.GroupKey{}
}

// refOf returns rec's Ref, 0 for no record (a group heading).
func refOf(rec *catalogue.Record) catalogue.Ref {
	if rec == nil {
		return 0
	}
	return rec.Ref()
}
