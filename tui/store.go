package tui

import (
	"errors"
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/internal/dirwatch"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/tui/dialog"
	"github.com/uricat/uricat/tui/theme"
)

// The edit path. The root model is the catalogue's only writer: Update
// applies every change as a catalogue.Edit through the History (so every
// change undoes), and nothing else touches the catalogue. Saving runs in
// two commands around one step in Update, none of which waits in Update:
//
//  1. beginSave, on a snapshot: take the file's lock without waiting
//     (lockedMsg says whether another process holds it; the model retries
//     and says it is waiting) and read the file again if another program
//     changed it;
//  2. Update: Rebase onto that version if there is one (pure computation);
//  3. commit, on a new snapshot: write, sync, rename, unlock (savedMsg).
//
// Edits applied while a save runs are saved by the next one. Searching and
// drawing read snapshots (Records), which never change.

// lockedMsg answers beginSave for the snapshot of version.
type lockedMsg struct {
	version uint64
	tx      *catalogue.SaveTx
	err     error
}

// savedMsg answers commit for the snapshot of version.
type savedMsg struct {
	version uint64
	res     *catalogue.Saved
	err     error
}

// saveRetryMsg comes when it is time to try another process's lock again.
type saveRetryMsg struct{}

// lockPatience is how long a save waits for another process's lock before
// it gives up and says so.
const lockPatience = 15 * time.Second

func beginSave(snap *catalogue.Snapshot) tea.Cmd {
	return func() tea.Msg {
		tx, err := catalogue.BeginSave(snap, 0)
		return lockedMsg{version: snap.Version, tx: tx, err: err}
	}
}

func commit(tx *catalogue.SaveTx, snap *catalogue.Snapshot) tea.Cmd {
	return func() tea.Msg {
		res, err := tx.Commit(snap)
		return savedMsg{version: snap.Version, res: res, err: err}
	}
}

// reloadedMsg answers a reload of the file.
type reloadedMsg struct {
	c   *catalogue.Catalogue
	err error
}

func reloadCmd(path string) tea.Cmd {
	return func() tea.Msg {
		c, err := catalogue.Open(path)
		return reloadedMsg{c: c, err: err}
	}
}

// store is the catalogue and everything about keeping it: its History,
// loading, saving (with the lock) and reloading, the key index's warm-up,
// following the file (follow.go) and merging the conflict copies beside
// it (copies.go). The root holds one; it is the catalogue's only writer,
// on the root's goroutine.
type store struct {
	path    string
	cat     *catalogue.Catalogue // owned by Update: nothing else writes it
	hist    catalogue.History
	loading bool
	loadErr error

	saving      bool
	saveAgain   bool
	waitingLock bool      // another process holds the lock; the save retries
	lockSince   time.Time // when the save began to wait for it
	unsaved     bool      // the last save failed: changes only in memory
	conflict    bool      // the last save met another program's change it cannot merge
	fileGone    bool      // another program deleted the file

	indexingKeys bool // a key index is being built (prepareKeys)
	quitting     bool // quit once the running save ends
	followLoaded bool // the file changed while it was loading: follow once loaded
	// afterSave runs once a save wrote its version (removing the
	// conflict copies merged in).
	afterSave *afterSave
	// afterFollow runs once the catalogue has taken in the file as it is
	// now (a follow ended, written or not): a sync's conflicts shown.
	afterFollow tea.Cmd
	// followQuiet: the next follow's change was said already (a sync's).
	followQuiet bool

	// follows: watch the file (Options.Follow); watch is the watcher,
	// once started (follow.go).
	follows bool
	watch   *dirwatch.Watcher
	// copies are the sync conflict copies beside the file, last looked
	// for; copiesTold the ones the status line told of (copies.go).
	copies     []string
	copiesTold string

	status *status // where it says what it did
	// changed shows the catalogue's records again (the list refilters).
	changed func() tea.Cmd
	// spin starts the spinner, for a save.
	spin func() tea.Cmd
	// selected selects a record in the list (Select).
	selected func(catalogue.Ref)
	// ask asks the user a question (dialog.Confirm), whose answer comes
	// back as a message: merging the conflict copies.
	ask func(dialog.Question) tea.Cmd
}

// afterSave is a command to run once the file holds version.
type afterSave struct {
	version uint64
	then    tea.Cmd
}

// newStore returns the store of the catalogue at path, or of c if not nil
// (tests); st is the status bar it reports to.
func newStore(path string, c *catalogue.Catalogue, st *status) *store {
	if c != nil && path == "" {
		path = c.Path()
	}
	return &store{path: path, cat: c, loading: true, status: st,
		changed: func() tea.Cmd { return nil }, spin: func() tea.Cmd { return nil }, selected: func(catalogue.Ref) {},
		ask: func(dialog.Question) tea.Cmd { return nil }}
}

// update handles the store's own messages, the watcher's and the
// conflict copies' among them; ok is false for others.
func (s *store) update(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	if cmd, ok := s.watchUpdate(msg); ok {
		return cmd, true
	}
	if cmd, ok := s.copiesUpdate(msg); ok {
		return cmd, true
	}
	switch msg := msg.(type) {
	case lockedMsg:
		return s.locked(msg), true
	case keyIndexMsg:
		return s.keysReady(msg), true
	case saveRetryMsg:
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

// reload reads the file again, unless a save is running: as a follow
// when every change is saved, else dropping the unsaved ones.
func (s *store) reload() tea.Cmd {
	if s.saving {
		s.status.set(sevInfo, "a save is running: reload when it ends")
		return nil
	}
	if s.cat != nil && s.loadErr == nil && !s.unsaved && !s.conflict && !s.fileGone && !s.cat.Modified() {
		// Nothing of the user's is unsaved: reading the file again is
		// following it, which keeps the undo history (an undo then
		// takes back only this session's changes).
		s.status.set(sevSuccess, "reloaded %s; u still undoes", s.path)
		return s.follow()
	}
	s.status.set(sevInfo, "reloading…")
	return reloadCmd(s.path)
}

// reloaded installs the catalogue read again, dropping the History: what
// R does when changes of the user's could not be saved (reload).
func (s *store) reloaded(msg reloadedMsg) tea.Cmd {
	if msg.err != nil {
		s.status.set(sevError, "reload failed: %v", msg.err)
		return nil
	}
	msg.c.Now = s.cat.Now
	s.cat = msg.c
	s.hist.Clear()
	s.unsaved, s.conflict, s.fileGone = false, false, false
	s.status.set(sevSuccess, "reloaded %s, dropping the changes it could not save (and the undo history)", s.path)
	return tea.Batch(s.changed(), s.prepareKeys())
}

// keyIndexMsg carries the URI and ID index built from a snapshot.
type keyIndexMsg struct{ ki *catalogue.KeyIndex }

// prepareKeys builds the catalogue's key index on another goroutine when it
// has none, so that the first add or import does not build it in Update.
func (s *store) prepareKeys() tea.Cmd {
	if s.cat == nil || s.indexingKeys || !s.cat.NeedsKeyIndex() {
		return nil
	}
	s.indexingKeys = true
	snap := s.cat.Snapshot()
	return func() tea.Msg { return keyIndexMsg{snap.KeyIndex()} }
}

// keysReady installs the index if the catalogue has not changed since, or
// builds it again from the catalogue as it is now.
func (s *store) keysReady(msg keyIndexMsg) tea.Cmd {
	s.indexingKeys = false
	s.cat.UseKeyIndex(msg.ki)
	return s.prepareKeys()
}

// The store is what dialogs reach through their dialog.Context.
var _ dialog.Store = (*store)(nil)

// Catalogue returns the catalogue as it is now.
func (s *store) Catalogue() *catalogue.Catalogue { return s.cat }

// Apply applies e as one undoable step described by what and says so;
// the command it returns shows the change and saves it. Every change the
// TUI makes goes through here (or ApplyDescribed), the dialogs' too.
func (s *store) Apply(e catalogue.Edit, what string) (tea.Cmd, error) {
	return s.ApplyDescribed(e, func() string { return what })
}

// ApplyDescribed is Apply for an edit described once applied (what): an
// edit that changes nothing (an Add of duplicates only) is no step, and
// saves nothing.
func (s *store) ApplyDescribed(e catalogue.Edit, what func() string) (tea.Cmd, error) {
	steps, _ := s.hist.Len()
	err := s.hist.ApplyDescribed(s.cat, e, what)
	if errors.Is(err, catalogue.ErrUnchanged) {
		// The value it has: no DATE stamp, no step to undo, no save.
		s.status.set(sevInfo, "nothing changed")
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if n, _ := s.hist.Len(); n == steps {
		s.status.set(sevInfo, "nothing changed")
		return nil, nil
	}
	s.status.set(sevSuccess, "%s", what())
	return s.edited(), nil
}

// SetStatus shows text on the status bar.
func (s *store) SetStatus(sev theme.Severity, text string) { s.status.set(sev, "%s", text) }

// Select makes ref the list's selected record, once its pass lands.
func (s *store) Select(ref catalogue.Ref) { s.selected(ref) }

// edited is what follows an edit applied: the list shows it, the file is
// saved, and the keys of the records are prepared again.
func (s *store) edited() tea.Cmd {
	return tea.Batch(s.changed(), s.save(), s.prepareKeys())
}

// undoRedo undoes the last change (undo) or redoes the last undone one;
// sel is the first record it changed, 0 for none.
func (s *store) undoRedo(undo bool) (cmd tea.Cmd, sel catalogue.Ref) {
	do, verb, past := s.hist.Redo, "redo", "redid"
	if undo {
		do, verb, past = s.hist.Undo, "undo", "undid"
	}
	st, err := do(s.cat)
	st.What = dialog.WithoutUndoHint(st.What)
	switch {
	case errors.Is(err, catalogue.ErrNothing):
		s.status.set(sevInfo, "nothing to %s", verb)
		return nil, 0
	case err != nil:
		s.status.set(sevError, "cannot %s %s: %v", verb, st.What, err)
		return nil, 0
	case !st.Did():
		// Another program changed everything the step would have.
		note := st.Note()
		if note == "" {
			note = "another program had done it already"
		}
		s.status.set(sevWarning, "nothing to %s of %s: %s", verb, st.What, note)
		return nil, 0
	}
	if note := st.Note(); note != "" {
		// Say what stayed as another program made it: never silently.
		s.status.set(sevWarning, "%s: %s · %s", past, st.What, note)
	} else {
		s.status.set(sevSuccess, "%s: %s", past, st.What)
	}
	if len(st.Refs) > 0 {
		sel = st.Refs[0]
	}
	return tea.Batch(s.changed(), s.save(), s.prepareKeys()), sel
}

// save starts a save, or asks for another when one is running.
func (s *store) save() tea.Cmd {
	if s.saving {
		s.saveAgain = true
		return nil
	}
	s.saving, s.saveAgain = true, false
	s.lockSince = time.Time{}
	return tea.Batch(beginSave(s.cat.Snapshot()), s.spin())
}

// locked goes on with a save once beginSave answered.
func (s *store) locked(msg lockedMsg) tea.Cmd {
	switch {
	case errors.Is(msg.err, catalogue.ErrLocked):
		if s.lockSince.IsZero() {
			s.lockSince = time.Now()
		}
		if time.Since(s.lockSince) > lockPatience {
			return s.saveFailed(fmt.Errorf("another uricat has been saving this catalogue for %s", lockPatience.Round(time.Second)))
		}
		s.waitingLock = true
		return afterTick(100*time.Millisecond, func(time.Time) tea.Msg { return saveRetryMsg{} })
	case msg.err != nil:
		return s.saveFailed(msg.err)
	}
	s.waitingLock = false
	var cmds []tea.Cmd
	if msg.tx.Changed() {
		before, clean := s.cat.Records(), !s.cat.Modified()
		rep, err := s.cat.Rebase(msg.tx)
		if err != nil {
			msg.tx.Abort()
			return s.saveFailed(err)
		}
		// Said once counted, in a command: comparing 100,000 records
		// would hold up the frame that shows them.
		after, quiet := s.cat.Records(), clean && s.followQuiet
		cmds = append(cmds, func() tea.Msg {
			return arrivedMsg{note: arrivalNote(before, after, clean, rep), clean: clean, quiet: quiet}
		})
		cmds = append(cmds, s.changed(), s.prepareKeys())
	}
	if !s.cat.Modified() {
		// Nothing of the user's to write: the file holds what the
		// catalogue holds (a follow, or uricat's own save seen again).
		msg.tx.Abort()
		return tea.Batch(append(cmds, s.ended())...)
	}
	cmds = append(cmds, commit(msg.tx, s.cat.Snapshot()))
	return tea.Batch(cmds...)
}

// follow takes in the version of the file another program wrote (the
// watcher saw it change): the save path, which writes nothing unless the
// user has edits the file lacks. A save under way is asked to run again:
// its BeginSave may have read the file before the change.
func (s *store) follow() tea.Cmd {
	switch {
	case s.loading:
		s.followLoaded = true
		return nil
	case s.cat == nil || s.loadErr != nil:
		return nil
	case s.saving:
		s.saveAgain = true
		return nil
	}
	s.saving, s.saveAgain = true, false
	s.lockSince = time.Time{}
	return beginSave(s.cat.Snapshot())
}

// ended ends a save that had nothing to write, and does what waited for
// it: another save, or quitting.
func (s *store) ended() tea.Cmd {
	s.saving = false
	s.unsaved, s.conflict, s.fileGone = false, false, false
	switch {
	case s.saveAgain:
		return s.follow()
	case s.quitting:
		return tea.Quit
	}
	return s.followed()
}

// followed returns afterFollow, once, the follow being over.
func (s *store) followed() tea.Cmd {
	cmd := s.afterFollow
	s.afterFollow, s.followQuiet = nil, false
	return cmd
}

// arrivedMsg says what another program's version of the file brought.
type arrivedMsg struct {
	note         string
	clean, quiet bool
}

// arrivalNote says what the other program's version changed, before and
// after the catalogue took it in; clean when the user had no edits the
// file lacked.
func arrivalNote(before, after []*catalogue.Record, clean bool, rep *catalogue.MergeReport) string {
	note := arrived(before, after)
	switch {
	case clean && note == "":
		note = "another program rewrote the file; no bookmark changed"
	case note == "":
		note = "another program changed the file: its changes and yours are both kept" + duplicatesNote(rep)
	case !clean:
		note += ", merged with your changes" + duplicatesNote(rep)
	}
	return note
}

// arrivedSaid shows what arrived.
func (s *store) arrivedSaid(msg arrivedMsg) {
	switch {
	case msg.quiet:
		// Said already (a sync's pull).
	case !msg.clean && s.status.sev == sevSuccess && s.status.msg != "":
		// The edit this save writes said what it did: say both.
		s.status.msg += " · " + msg.note
	default:
		s.status.set(sevInfo, "%s", msg.note)
	}
}

func duplicatesNote(rep *catalogue.MergeReport) string {
	if rep == nil || len(rep.Duplicates) == 0 {
		return ""
	}
	return fmt.Sprintf(" (%s you added it had already, so not added twice)", plural.Of(len(rep.Duplicates), "record"))
}

// saveFailed ends a save that did not write.
func (s *store) saveFailed(err error) tea.Cmd {
	s.saving, s.waitingLock = false, false
	s.unsaved = true
	s.quitting = false
	var ce *catalogue.ConflictError
	switch {
	case errors.As(err, &ce) && ce.Deleted:
		s.fileGone = true
		s.status.set(sevError, "another program deleted the catalogue file; your bookmarks are in memory: ctrl+s writes them back")
	case errors.As(err, &ce):
		s.conflict = true
		s.status.set(sevError, "not saved: “%s” %s; R reloads the file (dropping your unsaved changes)", display.Text(ce.Name), ce.What)
	default:
		s.status.set(sevError, "not saved, kept in memory: %v (ctrl+s retries)", err)
	}
	return s.followed()
}

// saved handles the end of a save.
func (s *store) saved(msg savedMsg) tea.Cmd {
	if msg.err != nil {
		return s.saveFailed(msg.err)
	}
	s.saving = false
	s.cat.Saved(msg.res)
	s.unsaved, s.conflict, s.fileGone = false, false, false
	var shown tea.Cmd
	if a := s.afterSave; a != nil && msg.version >= a.version {
		s.afterSave = nil
		shown = a.then
	}
	if msg.res.Renumbered() {
		// Records moved to other lines are new records that say so:
		// show them, and index them again.
		shown = tea.Batch(shown, s.changed(), s.prepareKeys())
	}
	if w := msg.res.Warnings(); len(w) > 0 {
		// Saved, but the file could not keep something (its owner, its
		// other hard links): the user should know.
		s.status.set(sevWarning, "saved, but: %s", display.Text(w[0]))
	}
	if s.cat.Modified() || s.saveAgain {
		return tea.Batch(shown, s.save())
	}
	if s.quitting {
		return tea.Quit
	}
	return tea.Batch(shown, s.followed())
}

// saveKey is ctrl+s: retry a failed save, or write back a deleted file.
func (s *store) saveKey() tea.Cmd {
	if s.fileGone {
		s.cat.Detach()
	}
	if s.unsaved || s.cat.Modified() {
		return s.save()
	}
	s.status.set(sevInfo, "nothing to save: every change is saved")
	return nil
}
