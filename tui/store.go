package tui

import (
	"errors"
	"fmt"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/uricat/uricat/catalogue"
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

// keyIndexMsg carries the URI and ID index built from a snapshot.
type keyIndexMsg struct{ ki *catalogue.KeyIndex }

// prepareKeys builds the catalogue's key index on another goroutine when it
// has none, so that the first add or import does not build it in Update.
func (m *Model) prepareKeys() tea.Cmd {
	if m.cat == nil || m.indexingKeys || !m.cat.NeedsKeyIndex() {
		return nil
	}
	m.indexingKeys = true
	snap := m.cat.Snapshot()
	return func() tea.Msg { return keyIndexMsg{snap.KeyIndex()} }
}

// keysReady installs the index if the catalogue has not changed since, or
// builds it again from the catalogue as it is now.
func (m *Model) keysReady(msg keyIndexMsg) tea.Cmd {
	m.indexingKeys = false
	m.cat.UseKeyIndex(msg.ki)
	return m.prepareKeys()
}

// applyEdit applies e as one undoable step described by what and says so;
// the command it returns shows the change and saves it. Every change the
// TUI makes goes through here.
func (m *Model) applyEdit(e catalogue.Edit, what string) (tea.Cmd, error) {
	err := m.hist.Apply(m.cat, e, what)
	if errors.Is(err, catalogue.ErrUnchanged) {
		// The value it has: no DATE stamp, no step to undo, no save.
		m.setMsg(sevInfo, "nothing changed")
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	m.setMsg(sevSuccess, "%s", what)
	return m.edited(), nil
}

// edited is what follows an edit applied: the list shows it, the file is
// saved, and the keys of the records are prepared again.
func (m *Model) edited() tea.Cmd {
	return tea.Batch(m.refilter(m.cat.Records()), m.save(), m.prepareKeys())
}

// edit is applyEdit for a key: a refusal is said in the status line, and
// sel (if not 0) is selected.
func (m *Model) edit(e catalogue.Edit, what string, sel catalogue.Ref) tea.Cmd {
	cmd, err := m.applyEdit(e, what)
	if err != nil {
		m.setMsg(sevError, "cannot change the catalogue (%s): %s", what, describe(err))
		return nil
	}
	if sel != 0 {
		m.selected = sel
	}
	return cmd
}

// undoRedo undoes the last change (undo) or redoes the last undone one.
func (m *Model) undoRedo(undo bool) tea.Cmd {
	do, verb, past := m.hist.Redo, "redo", "redid"
	if undo {
		do, verb, past = m.hist.Undo, "undo", "undid"
	}
	st, err := do(m.cat)
	switch {
	case errors.Is(err, catalogue.ErrNothing):
		m.setMsg(sevInfo, "nothing to %s", verb)
		return nil
	case err != nil:
		m.setMsg(sevError, "cannot %s %s: %v", verb, st.What, err)
		return nil
	}
	m.setMsg(sevSuccess, "%s: %s", past, st.What)
	if len(st.Refs) > 0 {
		m.selected = st.Refs[0]
	}
	return tea.Batch(m.refilter(m.cat.Records()), m.save(), m.prepareKeys())
}

// save starts a save, or asks for another when one is running.
func (m *Model) save() tea.Cmd {
	if m.saving {
		m.saveAgain = true
		return nil
	}
	m.saving, m.saveAgain = true, false
	m.lockSince = time.Time{}
	return tea.Batch(beginSave(m.cat.Snapshot()), m.startSpinner())
}

// locked goes on with a save once beginSave answered.
func (m *Model) locked(msg lockedMsg) tea.Cmd {
	switch {
	case errors.Is(msg.err, catalogue.ErrLocked):
		if m.lockSince.IsZero() {
			m.lockSince = time.Now()
		}
		if time.Since(m.lockSince) > lockPatience {
			return m.saveFailed(fmt.Errorf("another uricat has been saving this catalogue for %s", lockPatience.Round(time.Second)))
		}
		m.waitingLock = true
		return afterTick(100*time.Millisecond, func(time.Time) tea.Msg { return saveRetryMsg{} })
	case msg.err != nil:
		return m.saveFailed(msg.err)
	}
	m.waitingLock = false
	var cmds []tea.Cmd
	if msg.tx.Changed() {
		rep, err := m.cat.Rebase(msg.tx)
		if err != nil {
			msg.tx.Abort()
			return m.saveFailed(err)
		}
		note := "another program changed the file: its changes and yours are both kept" + duplicatesNote(rep)
		if m.msgSev == sevSuccess && m.msg != "" {
			m.msg += " · " + note
		} else {
			m.setMsg(sevInfo, "%s", note)
		}
		cmds = append(cmds, m.refilter(m.cat.Records()))
	}
	cmds = append(cmds, commit(msg.tx, m.cat.Snapshot()))
	return tea.Batch(cmds...)
}

func duplicatesNote(rep *catalogue.MergeReport) string {
	if rep == nil || len(rep.Duplicates) == 0 {
		return ""
	}
	return fmt.Sprintf(" (%s you added it had already, so not added twice)", plural(len(rep.Duplicates), "record"))
}

// saveFailed ends a save that did not write.
func (m *Model) saveFailed(err error) tea.Cmd {
	m.saving, m.waitingLock = false, false
	m.unsaved = true
	m.quitting = false
	var ce *catalogue.ConflictError
	switch {
	case errors.As(err, &ce) && ce.Deleted:
		m.fileGone = true
		m.setMsg(sevError, "another program deleted the catalogue file; your bookmarks are in memory: ctrl+s writes them back")
	case errors.As(err, &ce):
		m.conflict = true
		m.setMsg(sevError, "not saved: “%s” %s; R reloads the file (dropping your unsaved changes)", catalogue.DisplayText(ce.Name), ce.What)
	default:
		m.setMsg(sevError, "not saved, kept in memory: %v (ctrl+s retries)", err)
	}
	return nil
}

// saved handles the end of a save.
func (m *Model) saved(msg savedMsg) tea.Cmd {
	if msg.err != nil {
		return m.saveFailed(msg.err)
	}
	m.saving = false
	m.cat.Saved(msg.res)
	m.unsaved, m.conflict, m.fileGone = false, false, false
	if w := msg.res.Warnings(); len(w) > 0 {
		// Saved, but the file could not keep something (its owner, its
		// other hard links): the user should know.
		m.setMsg(sevWarning, "saved, but: %s", catalogue.DisplayText(w[0]))
	}
	if m.cat.Modified() || m.saveAgain {
		return m.save()
	}
	if m.quitting {
		return tea.Quit
	}
	return nil
}

// saveKey is ctrl+s: retry a failed save, or write back a deleted file.
func (m *Model) saveKey() tea.Cmd {
	if m.fileGone {
		m.cat.Detach()
	}
	if m.unsaved || m.cat.Modified() {
		return m.save()
	}
	m.setMsg(sevInfo, "nothing to save: every change is saved")
	return nil
}
