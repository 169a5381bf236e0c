// Package tui is uricat's terminal UI: the root Bubble Tea model that
// browses a catalogue (list, detail pane, status bar, live search, sort,
// groups, rating, delete, undo/redo) and hosts the dialogs of the packages
// under it (form, picker, retag, problems, transfer, dups, linkres,
// organise, statsview, system).
//
// Design, briefly:
//   - All I/O runs in tea.Cmds: loading, saving, reloading, filtering.
//   - Update is the catalogue's only writer: every change is an edit
//     applied through the History, and saved at once by commands that
//     never block Update (see package store). Nothing takes a lock.
//   - Search, sort and grouping run as labelled passes on a background
//     goroutine over an immutable snapshot (package records); only the
//     newest pass's answer is shown.
//   - Only visible rows are drawn, so a frame costs the same at 100 or
//     100,000 records.
//   - The TUI follows the file (the store's follow.go): a watcher of its
//     directory wakes the save path, which takes in what another program
//     wrote and writes nothing unless the user has edits the file lacks.
//   - Dialogs share one shape (package dialog) and apply their own edits
//     through the store their dialog.Context holds; the root asks every
//     question with the one dialog.Confirm.
//
// The root Model composes parts, as soft-serve's pkg/ui does, which share
// one small context (common: the theme, the keys, the size) and the
// status bar they all report to; each handles its own messages in an
// Update of its own, and the root keeps little more than the parts, the
// mode, the help and the status:
//   - the store (package store, wired in storewire.go): the catalogue,
//     its History, saving with the lock, reloading, the key index's
//     warm-up, following the file and the conflict copies beside it, its
//     save life one State with a transition table. It implements
//     dialog.Store: Apply is the one way to change the catalogue, an
//     undoable step saved at once. It asks the root for what only the
//     root does (show a change, select, ask, spin) by messages the root
//     takes after each Update (Notices).
//   - the record list (package records): the search pipeline, the rows
//     and their cursor, and the set of records marked for an action on
//     many. The root tells it the body's height and draws the rows it
//     says are visible (view.go); its passes' answers come back as
//     records.FilteredMsg. list.go binds its keys.
//   - the detail pane (detail.go): the selected record's fields, its
//     scroll and the layout of its DESCRIPTION.
//   - the host (host.go): the dialog stack over the list, the keys on the
//     record and those that open screens (declared in keys.go's
//     newActions), and the answers to the requests any dialog makes
//     (dialog.ShowMsg, dialog.EditMsg).
//   - the link checks (links.go, linkrun.go) and the git sync (sync.go),
//     each with its run under way.
//
// To add a screen (duplicates, link results, a category tree): write it as
// a dialog.Dialog in a package under tui/, made with the host's
// dialog.Context; let it apply its edits with ctx.Store.Apply (undoable,
// saved), report with ctx.Store.SetStatus and select with ctx.Store.Select
// or dialog.ShowMsg; close with ctx.Close or open another over it with
// ctx.Open; register it with one entry in keys.go's newActions (its key,
// its help, openScreen). Its own messages come back to it while it is on
// top; nothing else in the root changes (TestANewScreenAppliesItsOwnEdit,
// TestANewScreenRegistersInOnePlace). A new key on the record is one entry
// there too (TestANewRecordKeyIsOneEntry).
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

	"github.com/uricat/uricat/archive"
	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/config"
	"github.com/uricat/uricat/importers/profiles"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/gcpause"
	"github.com/uricat/uricat/internal/linkcheck"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/internal/webpage"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/linkres"
	"github.com/uricat/uricat/tui/records"
	"github.com/uricat/uricat/tui/store"
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
	// it (package store); Run sets it.
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
	// NewChecker makes the checker of each link check (L); nil is
	// linkcheck.New. Tests shorten its pauses with it.
	NewChecker func(*http.Client, string) *linkcheck.Checker
	// ArchiveDir is the archive of pages (package archive): the add
	// form keeps there the page it fetched; its state is read in a
	// command at start, the list marking the archived records, r
	// reading one. "": nothing is archived; a directory that is not
	// there: nothing is marked.
	ArchiveDir string
	// Profiles finds the browser profiles the import screen lists; nil
	// lists none.
	Profiles func() ([]profiles.Profile, []error)
	// SearchArchive answers a search's text: and archive: terms from
	// the archive's index; nil: no page is archived. The search's pass
	// calls it, off the UI goroutine.
	SearchArchive func(context.Context, *query.Query) *query.Query
	// PrepareArchive does ahead, in a command, what the first search
	// with a text: term would do for a search index of the catalogue
	// (open the archive's index, read its pages, place them among the
	// records): once the catalogue is indexed, after each change of it,
	// and after the TUI puts a page in the archive's index. It stops
	// early when its context is done; nil: nothing is done ahead.
	PrepareArchive func(context.Context, *query.Index)
	// Config is the configuration file, as read: its saved searches are
	// what @NAME stands for, and the @ screen lists and saves them. nil:
	// none, and saving goes to config.Path().
	Config *config.Config
	// Tick is the timer of the model's delays (a status message's time,
	// the check that shows the spinner, a save's retry on a lock); nil is
	// tea.Tick. SpinnerTick turns the spinner; nil is the spinner's own
	// Tick. Model tests, which run commands one by one on their own
	// goroutine, pass ones that never fire.
	Tick        func(time.Duration, func(time.Time) tea.Msg) tea.Cmd
	SpinnerTick func(spinner.Model) tea.Cmd
	// Archive archives a page now, for the reader's offer on a record
	// with no archived copy; nil: the reader says how to make one.
	Archive func(ctx context.Context, uri string) (*archive.Page, error)
	// IndexPage puts a page the TUI archived (the reader's, the add
	// form's) in the archive's index, for text: searches; nil: none. It
	// runs in a command.
	IndexPage func(*archive.Page) error
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

// Model is the root model. Create it with New. It holds the parts of the
// screen, which share its common context, and little else: what the
// keyboard talks to (mode), the help and the status bar.
type Model struct {
	// common is what the parts share: the theme, the keys, the size.
	common

	help  helpBar
	spin  busy
	input textinput.Model // the search box

	// store is the catalogue, its History, and its saving, locking and
	// reloading, following the file and the conflict copies beside it
	// (package store).
	store  *store.Store
	status status // the status bar's message

	// list is the records shown: the search pipeline, rows and cursor,
	// and the records marked for an action on many (package records).
	list *records.List

	mode mode

	// detail is the selected record's detail pane (detail.go).
	detail *detail

	// host is the dialogs open over the list and what opens them
	// (host.go).
	host *host

	// links is the link checks' results and the check under way
	// (links.go, linkrun.go); sync is the git sync (sync.go).
	links *linkChecker
	sync  *gitSync

	// ticks are the timers (Options.Tick, Options.SpinnerTick).
	ticks ticks
}

// ticks are the model's timers, real or a test's.
type ticks struct {
	after   func(time.Duration, func(time.Time) tea.Msg) tea.Cmd
	spinner func(spinner.Model) tea.Cmd
}

// newTicks returns the timers of opts, the real ones where it has none.
func newTicks(opts Options) ticks {
	t := ticks{after: opts.Tick, spinner: opts.SpinnerTick}
	if t.after == nil {
		t.after = tea.Tick
	}
	if t.spinner == nil {
		t.spinner = func(s spinner.Model) tea.Cmd { return s.Tick }
	}
	return t
}

// common is the small context the root and its parts share (as
// soft-serve's common.Common): the theme, the keys, the screen's size.
// The root owns it; the parts that draw hold a pointer to it.
type common struct {
	th            *theme.Theme
	keys          keyMap
	width, height int
	archives      *archives // the archive's state (archives.go)
}

// helpBar is the help: the short help bar, or the full help on ?.
type helpBar struct {
	help.Model
	// language: the full help shows the search language, not the keys.
	language bool
}

// busy is the spinner shown while something slow is under way; on while
// it ticks.
type busy struct {
	spinner.Model
	on bool
}

// New returns the root model; Init loads the catalogue.
func New(opts Options) *Model {
	th := opts.Theme
	if th == nil {
		th = theme.Plain()
	}
	m := &Model{common: common{th: th, keys: newKeyMap(), width: 80, height: 24}, ticks: newTicks(opts)}
	m.list = records.New(m.keys.listKeys())
	m.archives = &archives{dir: opts.ArchiveDir, fetch: opts.Archive, index: opts.IndexPage, status: &m.status,
		indexed: func() tea.Cmd { return m.list.WarmArchive(true) }}
	m.list.SetArchive(opts.SearchArchive, opts.PrepareArchive)
	if opts.Config == nil {
		opts.Config = &config.Config{Path: config.Path()}
	}
	m.list.SetSaved(opts.Config.Saved)
	m.store = store.New(store.Config{Path: opts.Path, Catalogue: opts.Catalogue, Follow: opts.Follow, Status: &m.status,
		Tick: m.ticks.after})
	m.host = &host{common: &m.common, store: m.store, list: m.list, status: &m.status, profiles: opts.Profiles,
		size:   func() (int, int) { return m.width, m.layout().bodyH },
		search: func() string { return m.input.Value() }, show: m.show, setSearch: m.setSearch, undoRedo: m.undoRedo,
		cfg: opts.Config}
	if c := opts.Client; c != nil {
		m.host.fetchPage = func(ctx context.Context, uri string) (*webpage.Page, error) {
			return webpage.Fetch(ctx, c, uri, opts.UserAgent)
		}
		if opts.ArchiveDir != "" && opts.Config.KeepsPages() {
			m.host.keepPage = m.archives.keep
		}
	}
	m.links = &linkChecker{common: &m.common, results: links{path: opts.LinkState}, client: opts.Client, userAgent: opts.UserAgent, newChecker: opts.NewChecker,
		status: &m.status, changed: m.linksChanged,
		shown: m.list.Shown,
		found: func(found []linkres.Entry, summary string) tea.Cmd {
			return m.host.open(linkres.New(m.host.context(), found, summary).WithReader(func(rec *ssd3.Record) dialog.Dialog {
				return m.archives.openReader(m.host.context(), rec)
			}, m.archives.archived, nil))
		}}
	m.sync = &gitSync{store: m.store, status: &m.status, spin: m.startSpinner, rules: opts.Config.Rules}
	m.detail = &detail{common: &m.common, links: &m.links.results, list: m.list}
	m.help.Model = help.New()
	m.help.Styles = th.Help
	m.spin.Model = spinner.New(spinner.WithSpinner(spinner.Dot), spinner.WithStyle(th.Spinner))
	m.keys.Sample.SetEnabled(false) // until the catalogue is read and found empty
	m.input = textinput.New()
	m.input.Prompt = "/ "
	m.input.Placeholder = "search: words, name:, cat:, rating:>=4, date:2024, -word"
	m.input.PromptStyle = th.Prompt
	m.input.TextStyle = th.Input
	m.input.PlaceholderStyle = th.Placeholder
	m.input.Cursor.Style = th.InputCursor
	m.input.Cursor.SetMode(cursor.CursorStatic)
	m.resize()
	return m
}

// slowCheckMsg comes a little after a pass starts: if it still runs, the
// spinner shows.
type slowCheckMsg struct{}

// loadedMsg reports the catalogue opened, indexed and its first pass done.
type loadedMsg struct {
	c   *catalogue.Catalogue
	res *records.Answer
	err error
	wd  string // the working directory, where the first import starts
}

// Init opens the catalogue in a command, with a spinner meanwhile.
func (m *Model) Init() tea.Cmd {
	m.spin.on = true
	// The watch starts with the load: a change made while it reads is
	// told.
	return tea.Batch(m.loadCmd(), m.ticks.spinner(m.spin.Model), m.store.Init(), m.sync.Init(), m.links.Init(), m.archives.Init())
}

// loadCmd opens and indexes the catalogue and runs the first pass.
func (m *Model) loadCmd() tea.Cmd {
	c, path := m.store.Catalogue(), m.store.Path()
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
		wd, _ := os.Getwd()
		return loadedMsg{c: c, res: records.Find(c.Records(), ""), wd: wd}
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
	if fm, ok := final.(*Model); ok && fm.store.LoadErr() != nil {
		return fm.store.LoadErr()
	}
	return nil
}

// Close ends what the model runs beyond its commands: the watch of the
// file. Run calls it when the program ends.
func (m *Model) Close() { m.store.Close() }

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
// statusTTL (a timer of tick), if it is one that ends and has none yet.
func (s *status) expire(tick func(time.Duration, func(time.Time) tea.Msg) tea.Cmd) tea.Cmd {
	if s.msg == "" || s.sev > sevSuccess || s.timed == s.seq {
		return nil
	}
	s.timed = s.seq
	seq := s.seq
	return tick(statusTTL, func(time.Time) tea.Msg { return statusExpiredMsg{seq} })
}

// Update handles a message.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd := m.dispatch(msg)
	// The selected record, or the search, may have changed: the detail
	// pane's excerpt of the page a text: search found it in is read anew.
	cmd = tea.Batch(m.storeNotices(), cmd, m.detail.snippetCmd())
	// The status bar's messages change the body's height at any time.
	m.resize()
	return m, cmd
}

// dispatch is Update but for the parts' sizes.
func (m *Model) dispatch(msg tea.Msg) tea.Cmd {
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
		return tea.Batch(cmds...)
	}
	switch msg := msg.(type) {
	case statusExpiredMsg:
		if msg.seq == m.status.seq {
			m.status.msg = ""
		}
		return nil
	case tea.KeyMsg:
		// The message shown goes with the next key that says nothing
		// itself: it was about what came before.
		seq := m.status.seq
		cmd := m.update(msg)
		if m.status.seq == seq && m.status.sev < sevError {
			m.status.msg = ""
		}
		return tea.Batch(cmd, m.status.expire(m.ticks.after))
	}
	cmd := m.update(msg)
	return tea.Batch(cmd, m.status.expire(m.ticks.after))
}

// resize gives the detail pane the area the layout gives it now, and
// tells the list the body's height.
func (m *Model) resize() {
	l := m.layout()
	m.detail.SetSize(l.detailW, l.bodyH)
	m.list.SetHeight(l.bodyH)
}

// update handles a message other than a key of several runes: the
// store's, the root's own, the link checks' and the sync's, then the
// host's (the dialogs' results and every message while a dialog is
// open), then a key or the mouse.
func (m *Model) update(msg tea.Msg) tea.Cmd {
	for _, part := range []func(tea.Msg) (tea.Cmd, bool){m.store.Update, m.own, m.links.Update, m.sync.Update, m.archives.Update, m.host.Update} {
		if cmd, ok := part(msg); ok {
			return cmd
		}
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
		m.resize()
		m.list.ScrollToCursor()
		m.host.SetSize(m.host.size())
		return nil, true

	case loadedMsg:
		return m.loaded(msg), true

	case records.FilteredMsg:
		keys, ok := m.list.Filtered(msg)
		if !ok {
			return msg.Rest(), true
		}
		// The answer may change the message lines (an invalid search),
		// and with them the body's height its rows scroll in.
		m.resize()
		m.list.ScrollToCursor()
		cmds := make([]tea.Cmd, 0, len(keys)+2)
		cmds = append(cmds, msg.Rest()) // the whole answer, after a first screenful
		// The answer's search index may be new (an edit's): warm the
		// archive's answers for it.
		cmds = append(cmds, m.list.WarmArchive(false))
		for _, k := range keys {
			_, cmd := m.Update(k)
			cmds = append(cmds, cmd)
		}
		return tea.Batch(cmds...), true

	case records.WarmedMsg:
		m.list.Warmed(msg)
		return m.list.WarmArchive(false), true // the catalogue's index is built

	case snippetMsg:
		m.detail.tookSnippet(msg)
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
			m.spin.on = false
			return nil, true
		}
		m.spin.Model, cmd = m.spin.Update(msg)
		return cmd, true
	}
	return nil, false
}

// loaded shows the catalogue opened, or why it could not be.
func (m *Model) loaded(msg loadedMsg) tea.Cmd {
	follow := m.store.Loaded(msg.c, msg.err)
	if msg.err != nil {
		m.status.set(sevError, "%v", m.store.LoadErr())
		return nil
	}
	m.list.Load(msg.res)
	m.setRecs(m.list.Records())
	if m.host.importDir == "" {
		m.host.importDir = msg.wd
	}
	if inv := msg.res.Invalid(); inv > 0 {
		m.status.set(sevWarning, "%s with errors: press ! to see them", plural.Of(inv, "record"))
	} else if ps := m.host.cfg.Problems; len(ps) > 0 {
		more := ""
		if len(ps) > 1 {
			more = fmt.Sprintf(" (and %d more: uricat config lists them)", len(ps)-1)
		}
		m.status.set(sevWarning, "%s%s; the defaults stand for it", display.Text(ps[0].String()), more)
	}
	// Build the search index and the memory of a pass in the background
	// now, so the first keystroke of a search does not wait for them.
	return tea.Batch(records.Warm(msg.res, m.store.Path()), m.store.PrepareKeys(), follow)
}

// needSpinner reports whether something slow is under way.
func (m *Model) needSpinner() bool {
	busy, since := m.list.Busy()
	return m.store.Loading() || m.sync.running || (m.store.Saving() && !m.store.WaitingLock()) || (busy && time.Since(since) > 100*time.Millisecond)
}

// startSpinner ticks the spinner if it is not ticking yet.
func (m *Model) startSpinner() tea.Cmd {
	if m.spin.on {
		return nil
	}
	m.spin.on = true
	return m.ticks.spinner(m.spin.Model)
}

// key handles a key press: the global keys first, then a key that opens
// a dialog, then the detail pane's, the list's and the catalogue's keys.
func (m *Model) key(msg tea.KeyMsg) tea.Cmd {
	if m.links.stopKey(msg, m.mode == modeBrowse) {
		return nil
	}
	if cmd, done := m.globalKey(msg); done {
		return cmd
	}
	if key.Matches(msg, m.keys.Sample) && m.list.Answer() != nil {
		return m.addSample()
	}
	if key.Matches(msg, m.keys.CheckLinks) {
		return m.links.start()
	}
	if cmd, ok := m.host.openKey(msg, m.list.Current()); ok {
		return cmd
	}
	if _, ok := m.detail.Update(msg); ok {
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
	if m.store.Loading() || m.store.LoadErr() != nil {
		if key.Matches(msg, m.keys.Quit) {
			return tea.Quit, true
		}
		return nil, true
	}
	// q waits too when keys wait before it: "4q" typed at once rates, saves,
	// then quits.
	if m.list.Pending() && (!key.Matches(msg, m.keys.Quit) || m.list.Deferred() > 0) {
		// The list on screen is about to change (a search or sort pass is
		// running): a key that moves or acts on the selection waits for
		// it, so that "/jazz⏎4" typed at once rates what the search found.
		m.list.Defer(msg)
		return nil, true
	}
	if m.help.ShowAll {
		// ? on the keys turns to the search language; any other key,
		// q too, closes the full help, as its help bar says.
		if key.Matches(msg, m.keys.SearchLanguage) && !m.help.language {
			m.help.language = true
			return nil, true
		}
		m.help.ShowAll, m.help.language = false, false
		return nil, true
	}
	switch {
	case key.Matches(msg, m.keys.Suspend):
		return tea.Suspend, true
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
	if key.Matches(msg, k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End) && m.list.RowCount() > 0 {
		m.detail.rewind() // the detail pane shows the record selected from its top
	}
	if cmd, ok := m.list.Update(msg); ok {
		return m.passStarted(cmd), true
	}
	switch {
	case key.Matches(msg, k.Search):
		m.mode = modeSearch
		m.status.msg = ""
		return m.input.Focus(), true
	case key.Matches(msg, k.ClearSearch):
		if m.input.Value() != "" {
			m.input.SetValue("")
			return m.refilter(m.list.Records()), true
		}
		m.detail.focused = false
	case key.Matches(msg, k.Detail):
		if r := m.list.CurrentRow(); r != nil && r.Header {
			m.list.ToggleFold()
		} else {
			m.detail.focused = !m.detail.focused
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
		return m.store.Save()
	case key.Matches(msg, k.Reload):
		// The link results too, as `uricat links` in another terminal
		// left them.
		return tea.Batch(m.store.Reload(), m.links.reload())
	case key.Matches(msg, k.MergeCopies):
		return m.store.MergeCopies()
	case key.Matches(msg, k.Sync):
		return m.sync.start()
	}
	return nil
}

// quit quits, waiting for a running save, and asking first when changes
// could not be saved.
func (m *Model) quit() tea.Cmd { return m.store.Quit() }

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
		return m.refilter(m.list.Records())
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
		m.list.SelectFirst()
		return tea.Batch(cmd, m.refilter(m.list.Records()))
	}
	return cmd
}

// rate sets the selected record's rating (0 clears it), or that of every
// record selected for an action on many, as one edit.
func (m *Model) rate(n int) tea.Cmd {
	if len(m.list.Marked()) > 0 {
		return m.rateMany(n)
	}
	rec := m.list.Current()
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
	return m.edit(catalogue.Set{Ref: rec.Ref(), Fields: []ssd3.Field{{Name: ssd3.FieldRating, Value: v}}}, what, rec.Ref())
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
	recs, skipped := validOnly(m.list.Marked().Records(m.store.Catalogue().Records()))
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
		m.status.set(sevInfo, "nothing changed: the valid %s rated so already%s", pick(len(refs), "record is", "records are"), left)
		return nil
	}
	many := plural.Of(changed, "record")
	what := fmt.Sprintf("rated %s %s; each got DATE now (SSD3 3.3)%s", many, strings.Repeat("★", n), left)
	if n == 0 {
		what = fmt.Sprintf("cleared the rating of %s; each got DATE now (SSD3 3.3)%s", many, left)
	}
	set := catalogue.SetMany{Refs: refs, Fields: []ssd3.Field{{Name: ssd3.FieldRating, Value: v}}}
	return m.edit(set, what, 0)
}

// edit applies e through the store for a key: a refusal is said in the
// status line, and sel (if not 0) is selected.
func (m *Model) edit(e catalogue.Edit, what string, sel catalogue.Ref) tea.Cmd {
	cmd, err := m.store.Apply(e, what)
	if err != nil {
		m.status.set(sevError, "cannot change the catalogue (%s): %s", what, dialog.Describe(err))
		return nil
	}
	if sel != 0 {
		m.list.Select(sel)
	}
	return cmd
}

// undoRedo undoes the last change (undo) or redoes the last undone one,
// selecting the first record it changed.
func (m *Model) undoRedo(undo bool) tea.Cmd {
	cmd, sel := m.store.UndoRedo(undo)
	if sel != 0 {
		m.list.Select(sel)
	}
	return cmd
}

// show selects the record ref, clearing the search and unfolding the
// groups so that the list shows it (dialog.ShowMsg).
func (m *Model) show(ref catalogue.Ref) tea.Cmd {
	m.list.Select(ref)
	m.input.SetValue("")
	m.list.UnfoldAll()
	return m.refilter(m.store.Catalogue().Records())
}

// setSearch searches for q as if typed (dialog.SearchMsg: a node of the
// category tree, a tag), selecting its first match; / then edits it.
func (m *Model) setSearch(q string) tea.Cmd {
	m.input.SetValue(q)
	m.input.CursorEnd()
	m.list.SelectFirst()
	return m.refilter(m.list.Records())
}

// setRecs tells the keys that recs is the newest snapshot: the sample
// key works, and is in the help, only while it is empty.
func (m *Model) setRecs(recs []*ssd3.Record) {
	m.keys.Sample.SetEnabled(len(recs) == 0)
}

// refilter starts a pass over recs with the search box's text.
func (m *Model) refilter(recs []*ssd3.Record) tea.Cmd {
	cmd := m.passStarted(m.list.Refilter(recs, m.input.Value()))
	m.setRecs(recs)
	return cmd
}

// move moves the cursor by n rows; the detail pane shows the record
// selected from its top.
func (m *Model) move(n int) {
	if m.list.RowCount() == 0 {
		return
	}
	m.detail.rewind()
	m.list.Move(n)
}
