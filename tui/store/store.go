package store

import (
	"errors"
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/internal/dirwatch"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/theme"
)

// Status is the status bar the store reports to; the root's implements
// it.
type Status interface {
	// Set shows text until the next message.
	Set(sev theme.Severity, text string)
	// Also adds text to the message shown, as one more thing it says
	// (its timer unchanged).
	Also(text string)
	// Shown returns the message shown and its severity.
	Shown() (theme.Severity, string)
}

// Config is what New makes a store of.
type Config struct {
	// Path is the catalogue's file.
	Path string
	// Catalogue, if set, is the catalogue of Path already read (tests).
	Catalogue *catalogue.Catalogue
	// Follow watches the file (Init starts the watch).
	Follow bool
	// Status is where the store says what it did.
	Status Status
	// Tick is tea.Tick, or what model tests run instead of sleeping.
	Tick func(d time.Duration, f func(time.Time) tea.Msg) tea.Cmd
}

// Store is the catalogue and everything about keeping it: its History,
// saving (with the lock) and reloading, the key index's warm-up,
// following the file (follow.go) and merging the conflict copies beside
// it (copies.go). The root holds one; it is the catalogue's only writer,
// on the root's goroutine. It tells the root what to do through the
// messages Notices returns.
type Store struct {
	path    string
	cat     *catalogue.Catalogue // owned by Update: nothing else writes it
	hist    catalogue.History
	loadErr error

	state     State     // the save life (life.go)
	queued    queued    // what waits for the running save
	lockSince time.Time // when the save began to wait for the lock

	indexingKeys bool // a key index is being built (PrepareKeys)
	// afterSave runs once a save wrote its version (removing the
	// conflict copies merged in).
	afterSave *afterSave
	// shown is what the save that wrote shows once it is over (saved).
	shown tea.Cmd
	// afterFollow runs once the catalogue has taken in the file as it is
	// now (a follow ended, written or not): a sync's conflicts shown.
	afterFollow tea.Cmd
	// followQuiet: the next follow's change was said already (a sync's).
	followQuiet bool

	// follows: watch the file; watch is the watcher, once started.
	follows bool
	watch   *dirwatch.Watcher
	// copies are the sync conflict copies beside the file, last looked
	// for; copiesTold the ones the status line told of (copies.go).
	copies     []string
	copiesTold string

	status  Status
	tick    func(time.Duration, func(time.Time) tea.Msg) tea.Cmd
	notices []tea.Msg
}

// afterSave is a command to run once the file holds version.
type afterSave struct {
	version uint64
	then    tea.Cmd
}

// New returns the store of cfg.Path (or of cfg.Catalogue), loading until
// Loaded is called.
func New(cfg Config) *Store {
	path := cfg.Path
	if cfg.Catalogue != nil && path == "" {
		path = cfg.Catalogue.Path()
	}
	tick := cfg.Tick
	if tick == nil {
		tick = tea.Tick
	}
	return &Store{path: path, cat: cfg.Catalogue, state: Loading, follows: cfg.Follow, status: cfg.Status, tick: tick}
}

// The messages the store posts for the root (Notices): each asks it to do
// what only it can, in the Update that posted it.
type (
	// ChangedMsg: the catalogue's records changed (an edit, an undo, a
	// follow, a reload); the list shows them again, and the dialogs
	// reload.
	ChangedMsg struct{}
	// SelectMsg asks the list to select Ref once its pass lands (Select).
	SelectMsg struct{ Ref catalogue.Ref }
	// AskMsg asks the user Question (dialog.Confirm); its answers are
	// Answers, for Answered.
	AskMsg struct{ Question dialog.Question }
	// BusyMsg asks for the spinner: a save began.
	BusyMsg struct{}
)

// Notices returns the messages posted for the root since it last asked,
// in order. They are not commands, so that the list shows an edit in the
// Update that made it: a key typed right after waits for its pass.
func (s *Store) Notices() []tea.Msg {
	n := s.notices
	s.notices = nil
	return n
}

func (s *Store) post(msg tea.Msg) { s.notices = append(s.notices, msg) }

// say shows a message on the status bar.
func (s *Store) say(sev theme.Severity, format string, args ...any) {
	s.status.Set(sev, fmt.Sprintf(format, args...))
}

// Path returns the catalogue's file.
func (s *Store) Path() string { return s.path }

// SetPath makes path the catalogue's file: where it saves from now on,
// and what the status bar shows.
func (s *Store) SetPath(path string) { s.path = path }

// State returns where the store is in its save life.
func (s *Store) State() State { return s.state }

// Loading reports whether the file is being read.
func (s *Store) Loading() bool { return s.state == Loading || s.state == LoadingChanged }

// LoadErr returns why the file could not be read, nil if it was.
func (s *Store) LoadErr() error { return s.loadErr }

// Saving reports whether a save (or a follow) runs.
func (s *Store) Saving() bool {
	return s.state == Saving || s.state == Waiting || s.state == Retrying || s.state == RetryWaiting
}

// WaitingLock reports whether a save waits for another process's lock.
func (s *Store) WaitingLock() bool { return s.state == Waiting || s.state == RetryWaiting }

// Unsaved reports whether the last save failed (a save that retries it
// may run): changes are only in memory.
func (s *Store) Unsaved() bool {
	switch s.state {
	case Unsaved, Conflict, Gone, Retrying, RetryWaiting:
		return true
	}
	return false
}

// History returns the undo history.
func (s *Store) History() *catalogue.History { return &s.hist }

// IndexingKeys reports whether a key index is being built.
func (s *Store) IndexingKeys() bool { return s.indexingKeys }

// Loaded installs the catalogue read at the start (nil and why if it
// could not be); the command follows the file if it changed meanwhile.
func (s *Store) Loaded(c *catalogue.Catalogue, err error) tea.Cmd {
	if err != nil {
		s.loadErr = fmt.Errorf("cannot open the catalogue: %w", err)
		return s.fire(evLoadFailed)
	}
	s.cat = c
	return s.fire(evLoaded)
}

// KeyIndexMsg carries the URI and ID index built from a snapshot; it
// answers PrepareKeys.
type KeyIndexMsg struct{ Index *catalogue.KeyIndex }

// PrepareKeys builds the catalogue's key index on another goroutine when
// it has none, so that the first add or import does not build it in
// Update.
func (s *Store) PrepareKeys() tea.Cmd {
	if s.cat == nil || s.indexingKeys || !s.cat.NeedsKeyIndex() {
		return nil
	}
	s.indexingKeys = true
	snap := s.cat.Snapshot()
	return func() tea.Msg { return KeyIndexMsg{snap.KeyIndex()} }
}

// keysReady installs the index if the catalogue has not changed since, or
// builds it again from the catalogue as it is now.
func (s *Store) keysReady(msg KeyIndexMsg) tea.Cmd {
	s.indexingKeys = false
	s.cat.UseKeyIndex(msg.Index)
	return s.PrepareKeys()
}

// Update handles the store's own messages, the watcher's and the
// conflict copies' among them; ok is false for others.
func (s *Store) Update(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	if cmd, ok := s.watchUpdate(msg); ok {
		return cmd, true
	}
	if cmd, ok := s.copiesUpdate(msg); ok {
		return cmd, true
	}
	switch msg := msg.(type) {
	case lockedMsg:
		return s.locked(msg), true
	case KeyIndexMsg:
		return s.keysReady(msg), true
	case RetryLockMsg:
		return beginSave(s.cat.Snapshot()), true
	case savedMsg:
		return s.saved(msg), true
	case reloadedMsg:
		return s.reloaded(msg), true
	case arrivedMsg:
		s.arrivedSaid(msg)
		return nil, true
	}
	return nil, false
}

// The store is what dialogs reach through their dialog.Context.
var _ dialog.Store = (*Store)(nil)

// Catalogue returns the catalogue as it is now.
func (s *Store) Catalogue() *catalogue.Catalogue { return s.cat }

// Apply applies e as one undoable step described by what and says so;
// the command it returns saves it, and the list shows it. Every change
// the TUI makes goes through here (or ApplyDescribed), the dialogs' too.
func (s *Store) Apply(e catalogue.Edit, what string) (tea.Cmd, error) {
	return s.ApplyDescribed(e, func() string { return what })
}

// ApplyDescribed is Apply for an edit described once applied (what): an
// edit that changes nothing (an Add of duplicates only) is no step, and
// saves nothing.
func (s *Store) ApplyDescribed(e catalogue.Edit, what func() string) (tea.Cmd, error) {
	steps, _ := s.hist.Len()
	err := s.hist.ApplyDescribed(s.cat, e, what)
	if errors.Is(err, catalogue.ErrUnchanged) {
		// The value it has: no DATE stamp, no step to undo, no save.
		s.say(theme.Info, "nothing changed")
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if n, _ := s.hist.Len(); n == steps {
		s.say(theme.Info, "nothing changed")
		return nil, nil
	}
	s.say(theme.Success, "%s", what())
	return s.edited(), nil
}

// SetStatus shows text on the status bar.
func (s *Store) SetStatus(sev theme.Severity, text string) { s.status.Set(sev, text) }

// Select makes ref the list's selected record, once its pass lands.
func (s *Store) Select(ref catalogue.Ref) { s.post(SelectMsg{ref}) }

// changed has the list show the catalogue's records again.
func (s *Store) changed() { s.post(ChangedMsg{}) }

// edited is what follows an edit applied: the list shows it, the file is
// saved, and the keys of the records are prepared again.
func (s *Store) edited() tea.Cmd {
	s.changed()
	return tea.Batch(s.fire(evEdit), s.PrepareKeys())
}

// UndoRedo undoes the last change (undo) or redoes the last undone one;
// sel is the first record it changed, 0 for none.
func (s *Store) UndoRedo(undo bool) (cmd tea.Cmd, sel catalogue.Ref) {
	do, verb, past := s.hist.Redo, "redo", "redid"
	if undo {
		do, verb, past = s.hist.Undo, "undo", "undid"
	}
	st, err := do(s.cat)
	st.What = dialog.WithoutUndoHint(st.What)
	switch {
	case errors.Is(err, catalogue.ErrNothing):
		s.say(theme.Info, "nothing to %s", verb)
		return nil, 0
	case err != nil:
		s.say(theme.Error, "cannot %s %s: %v", verb, st.What, err)
		return nil, 0
	case !st.Did():
		// Another program changed everything the step would have.
		note := st.Note()
		if note == "" {
			note = "another program had done it already"
		}
		s.say(theme.Warning, "nothing to %s of %s: %s", verb, st.What, note)
		return nil, 0
	}
	if note := st.Note(); note != "" {
		// Say what stayed as another program made it: never silently.
		s.say(theme.Warning, "%s: %s · %s", past, st.What, note)
	} else {
		s.say(theme.Success, "%s: %s", past, st.What)
	}
	if len(st.Refs) > 0 {
		sel = st.Refs[0]
	}
	return s.edited(), sel
}
