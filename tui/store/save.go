package store

import (
	"errors"
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
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
//     (lockedMsg says whether another process holds it; the store retries
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

// RetryLockMsg comes when it is time to try another process's lock again
// (the Tick of Config brings it).
type RetryLockMsg struct{}

// reloadedMsg answers a reload of the file.
type reloadedMsg struct {
	c   *catalogue.Catalogue
	err error
}

// lockPatience is how long a save waits for another process's lock before
// it gives up and says so.
const lockPatience = 15 * time.Second

// lockRetry is how soon a save tries another process's lock again.
const lockRetry = 100 * time.Millisecond

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

func reloadCmd(path string) tea.Cmd {
	return func() tea.Msg {
		c, err := catalogue.Open(path)
		return reloadedMsg{c: c, err: err}
	}
}

// fire moves the save life on by ev, and does what the transition says.
// A pair the table lacks cannot happen: it changes nothing.
func (s *Store) fire(ev event) tea.Cmd {
	t, ok := transitions[on{s.state, ev}]
	if !ok {
		return nil
	}
	s.state = t.to
	return s.act(t.do)
}

// act does what a transition says, once the state is the new one;
// actInstall and actRebase are done by the handler that fired the event,
// which holds the file's version.
func (s *Store) act(a action) tea.Cmd {
	switch a {
	case actFollow, actSave, actSaveThenQuit, actDetachSave:
		return s.begin(a)
	case actAgain:
		s.queued |= queuedAgain
	case actQueueQuit:
		s.queued |= queuedQuit
		s.say(theme.Info, "saving before quitting…")
	case actQuit:
		return tea.Quit
	case actAskQuit:
		s.post(AskMsg{dialog.Question{
			Text:   "Changes are not saved. Quit anyway?",
			Detail: "They are lost if you quit; the message below says why they could not be saved, and ctrl+s tries again.",
			Verb:   "quit",
			Yes:    quitYes{},
		}})
	case actSayRunning:
		s.say(theme.Info, "a save is running: reload when it ends")
	case actSayNothing:
		s.say(theme.Info, "nothing to save: every change is saved")
	case actFollowReload:
		// Nothing of the user's is unsaved: reading the file again is
		// following it, which keeps the undo history (an undo then
		// takes back only this session's changes).
		s.say(theme.Success, "reloaded %s; u still undoes", s.path)
		return s.begin(actFollow)
	case actReadAgain:
		s.say(theme.Info, "reloading…")
		return reloadCmd(s.path)
	case actRetryLock:
		return s.tick(lockRetry, func(time.Time) tea.Msg { return RetryLockMsg{} })
	case actWritten, actEnded:
		return s.over(a)
	case actFailed:
		s.queued &^= queuedQuit
	}
	return nil
}

// begin begins a save of the catalogue as it is now: a follow writes only
// edits the file lacks, and shows no spinner.
func (s *Store) begin(a action) tea.Cmd {
	switch a {
	case actDetachSave:
		s.cat.Detach()
	case actSaveThenQuit:
		s.queued |= queuedQuit
		s.say(theme.Info, "saving before quitting…")
	}
	s.queued &^= queuedAgain
	s.lockSince = time.Time{}
	if a == actFollow {
		return beginSave(s.cat.Snapshot())
	}
	s.post(BusyMsg{})
	return beginSave(s.cat.Snapshot())
}

// over does what waited for a save that ended (written, or with nothing
// to write): another save, quitting, or what waited for the follow.
func (s *Store) over(a action) tea.Cmd {
	again, quit := s.queued&queuedAgain != 0, s.queued&queuedQuit != 0
	if a == actEnded {
		switch {
		case again:
			return s.fire(evFileChanged)
		case quit:
			return tea.Quit
		}
		return s.followed()
	}
	// What the save brought shows, unless the program quits.
	shown := s.shown
	s.shown = nil
	if s.cat.Modified() || again {
		return tea.Batch(shown, s.fire(evEdit))
	}
	if quit {
		return tea.Quit
	}
	return tea.Batch(shown, s.followed())
}

// Save is ctrl+s: retry a failed save, or write back a deleted file.
func (s *Store) Save() tea.Cmd {
	if s.cat != nil && s.cat.Modified() {
		return s.fire(evSaveKey)
	}
	return s.fire(evSaveKeyClean)
}

// Quit quits, waiting for a running save, and asking first when changes
// could not be saved.
func (s *Store) Quit() tea.Cmd {
	if s.cat != nil && s.cat.Modified() {
		return s.fire(evQuit)
	}
	return s.fire(evQuitClean)
}

// Reload reads the file again (R), unless a save is running: as a follow
// when every change is saved, else dropping the unsaved ones.
func (s *Store) Reload() tea.Cmd {
	if s.cat != nil && s.loadErr == nil && !s.cat.Modified() {
		return s.fire(evReloadClean)
	}
	return s.fire(evReload)
}

// reloaded installs the catalogue read again, dropping the History: what
// R does when changes of the user's could not be saved (Reload).
func (s *Store) reloaded(msg reloadedMsg) tea.Cmd {
	if msg.err != nil {
		s.say(theme.Error, "reload failed: %v", msg.err)
		return nil
	}
	s.fire(evReloaded)
	msg.c.Now = s.cat.Now
	s.cat = msg.c
	s.hist.Clear()
	s.say(theme.Success, "reloaded %s, dropping the changes it could not save (and the undo history)", s.path)
	s.changed()
	return s.PrepareKeys()
}

// Follow takes in the version of the file another program wrote (the
// watcher saw it change): the save path, which writes nothing unless the
// user has edits the file lacks. A save under way is asked to run again:
// its BeginSave may have read the file before the change.
func (s *Store) Follow() tea.Cmd { return s.fire(evFileChanged) }

// FollowPull takes in what a sync's pull brought, as Follow does, saying
// nothing of it (the sync said it); then runs once it is taken in, if not
// nil.
func (s *Store) FollowPull(then tea.Cmd) tea.Cmd {
	s.followQuiet = true
	cmd := s.Follow()
	if then != nil {
		s.afterFollow = then
	}
	return cmd
}

// locked goes on with a save once beginSave answered.
func (s *Store) locked(msg lockedMsg) tea.Cmd {
	switch {
	case errors.Is(msg.err, catalogue.ErrLocked):
		if s.lockSince.IsZero() {
			s.lockSince = time.Now()
		}
		if time.Since(s.lockSince) > lockPatience {
			return s.saveFailed(fmt.Errorf("another uricat has been saving this catalogue for %s", lockPatience.Round(time.Second)))
		}
		return s.fire(evLockBusy)
	case msg.err != nil:
		return s.saveFailed(msg.err)
	}
	s.fire(evLocked)
	return s.rebase(msg.tx)
}

// rebase takes in the file's version the lock read, if another program
// changed it, then writes the catalogue, or ends when the file holds it.
func (s *Store) rebase(tx *catalogue.SaveTx) tea.Cmd {
	var cmds []tea.Cmd
	if tx.Changed() {
		before, clean := s.cat.Records(), !s.cat.Modified()
		rep, err := s.cat.Rebase(tx)
		if err != nil {
			tx.Abort()
			return s.saveFailed(err)
		}
		// Said once counted, in a command: comparing every record would
		// hold up the frame that shows them.
		after, quiet := s.cat.Records(), clean && s.followQuiet
		cmds = append(cmds, func() tea.Msg {
			return arrivedMsg{note: arrivalNote(before, after, clean, rep), clean: clean, quiet: quiet}
		})
		s.changed()
		cmds = append(cmds, s.PrepareKeys())
	}
	if !s.cat.Modified() {
		// Nothing of the user's to write: the file holds what the
		// catalogue holds (a follow, or uricat's own save seen again).
		tx.Abort()
		return tea.Batch(append(cmds, s.fire(evNothingToWrite))...)
	}
	cmds = append(cmds, commit(tx, s.cat.Snapshot()))
	return tea.Batch(cmds...)
}

// followed returns afterFollow, once, the follow being over.
func (s *Store) followed() tea.Cmd {
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
func arrivalNote(before, after []*ssd3.Record, clean bool, rep *catalogue.MergeReport) string {
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
func (s *Store) arrivedSaid(msg arrivedMsg) {
	sev, shown := s.status.Shown()
	switch {
	case msg.quiet:
		// Said already (a sync's pull).
	case !msg.clean && sev == theme.Success && shown != "":
		// The edit this save writes said what it did: say both.
		s.status.Also(msg.note)
	default:
		s.say(theme.Info, "%s", msg.note)
	}
}

func duplicatesNote(rep *catalogue.MergeReport) string {
	if rep == nil || len(rep.Duplicates) == 0 {
		return ""
	}
	return fmt.Sprintf(" (%s you added it had already, so not added twice)", plural.Of(len(rep.Duplicates), "record"))
}

// saveFailed ends a save that did not write, saying why.
func (s *Store) saveFailed(err error) tea.Cmd {
	var ce *catalogue.ConflictError
	switch {
	case errors.As(err, &ce) && ce.Deleted:
		s.fire(evGone)
		s.say(theme.Error, "another program deleted the catalogue file; your bookmarks are in memory: ctrl+s writes them back")
	case errors.As(err, &ce):
		s.fire(evConflict)
		s.say(theme.Error, "not saved: “%s” %s; R reloads the file (dropping your unsaved changes)", display.Text(ce.Name), ce.What)
	default:
		s.fire(evFailed)
		s.say(theme.Error, "not saved, kept in memory: %v (ctrl+s retries)", err)
	}
	return s.followed()
}

// saved handles the end of a save.
func (s *Store) saved(msg savedMsg) tea.Cmd {
	if msg.err != nil {
		return s.saveFailed(msg.err)
	}
	s.cat.Saved(msg.res)
	var shown tea.Cmd
	if a := s.afterSave; a != nil && msg.version >= a.version {
		s.afterSave = nil
		shown = a.then
	}
	if msg.res.Renumbered() {
		// Records moved to other lines are new records that say so:
		// show them, and index them again.
		s.changed()
		shown = tea.Batch(shown, s.PrepareKeys())
	}
	if w := msg.res.Warnings(); len(w) > 0 {
		// Saved, but the file could not keep something (its owner, its
		// other hard links): the user should know.
		s.say(theme.Warning, "saved, but: %s", display.Text(w[0]))
	}
	s.shown = shown
	return s.fire(evWrote)
}
