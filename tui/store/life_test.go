package store

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/tui/theme"
)

// fixture is a small catalogue.
const fixture = "URI: http://google.co.uk/\r\nNAME: Google\r\nDATE: 30/10/2007 08:31:32\r\nRATING: 1\r\n\r\n" +
	"URI: http://go.dev/\r\nNAME: go.dev\r\nDATE: 01/03/2009 00:00:00\r\nRATING: 5\r\n"

// bar is a status bar that keeps what it was told.
type bar struct {
	sev theme.Severity
	msg string
}

func (b *bar) Set(sev theme.Severity, text string) { b.sev, b.msg = sev, text }
func (b *bar) Also(text string)                    { b.msg += " · " + text }
func (b *bar) Shown() (theme.Severity, string)     { return b.sev, b.msg }

// testStore returns a store of the fixture, loaded, in state st; ticks
// counts the ticks it asked for.
func testStore(t *testing.T, st State) (s *Store, b *bar, ticks *int) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "bookmarks.uricat")
	if err := os.WriteFile(path, []byte(fixture), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := catalogue.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	b, ticks = &bar{}, new(int)
	s = New(Config{Path: path, Catalogue: c, Status: b, Tick: func(time.Duration, func(time.Time) tea.Msg) tea.Cmd {
		*ticks++
		return func() tea.Msg { return nil }
	}})
	s.Loaded(c, nil)
	s.state = st
	return s, b, ticks
}

// posted reports whether s posted a notice like msg.
func posted[T any](notices []tea.Msg) bool {
	for _, n := range notices {
		if _, ok := n.(T); ok {
			return true
		}
	}
	return false
}

// row is a transition as the table must hold it.
type row struct {
	from State
	ev   event
	to   State
	do   action
}

// rows is every transition of the save life: the table must hold these
// and no other.
var rows = []row{
	{Loading, evLoaded, Saved, actNone},
	{Loading, evLoadFailed, LoadFailed, actNone},
	{Loading, evFileChanged, LoadingChanged, actNone},
	{LoadingChanged, evLoaded, Saving, actFollow},
	{LoadingChanged, evLoadFailed, LoadFailed, actNone},
	{LoadingChanged, evFileChanged, LoadingChanged, actNone},
	{LoadFailed, evFileChanged, LoadFailed, actNone},
	{Saved, evFileChanged, Saving, actFollow},
	{Saved, evEdit, Saving, actSave},
	{Saved, evSaveKey, Saving, actSave},
	{Saved, evSaveKeyClean, Saved, actSayNothing},
	{Saved, evQuit, Saving, actSaveThenQuit},
	{Saved, evQuitClean, Saved, actQuit},
	{Saved, evReload, Saved, actReadAgain},
	{Saved, evReloadClean, Saving, actFollowReload},
	{Saved, evReloaded, Saved, actInstall},
	{Unsaved, evFileChanged, Retrying, actFollow},
	{Unsaved, evEdit, Retrying, actSave},
	{Unsaved, evSaveKey, Retrying, actSave},
	{Unsaved, evSaveKeyClean, Retrying, actSave},
	{Unsaved, evQuit, Unsaved, actAskQuit},
	{Unsaved, evQuitClean, Unsaved, actAskQuit},
	{Unsaved, evReload, Unsaved, actReadAgain},
	{Unsaved, evReloadClean, Unsaved, actReadAgain},
	{Unsaved, evReloaded, Saved, actInstall},
	{Conflict, evFileChanged, Retrying, actFollow},
	{Conflict, evEdit, Retrying, actSave},
	{Conflict, evSaveKey, Retrying, actSave},
	{Conflict, evSaveKeyClean, Retrying, actSave},
	{Conflict, evQuit, Conflict, actAskQuit},
	{Conflict, evQuitClean, Conflict, actAskQuit},
	{Conflict, evReload, Conflict, actReadAgain},
	{Conflict, evReloadClean, Conflict, actReadAgain},
	{Conflict, evReloaded, Saved, actInstall},
	{Gone, evFileChanged, Retrying, actFollow},
	{Gone, evEdit, Retrying, actSave},
	{Gone, evSaveKey, Retrying, actDetachSave},
	{Gone, evSaveKeyClean, Retrying, actDetachSave},
	{Gone, evQuit, Gone, actAskQuit},
	{Gone, evQuitClean, Gone, actAskQuit},
	{Gone, evReload, Gone, actReadAgain},
	{Gone, evReloadClean, Gone, actReadAgain},
	{Gone, evReloaded, Saved, actInstall},
	{Saving, evFileChanged, Saving, actAgain},
	{Saving, evEdit, Saving, actAgain},
	{Saving, evSaveKey, Saving, actAgain},
	{Saving, evSaveKeyClean, Saving, actSayNothing},
	{Saving, evQuit, Saving, actQueueQuit},
	{Saving, evQuitClean, Saving, actQueueQuit},
	{Saving, evReload, Saving, actSayRunning},
	{Saving, evReloadClean, Saving, actSayRunning},
	{Saving, evReloaded, Saving, actInstall},
	{Saving, evLockBusy, Waiting, actRetryLock},
	{Saving, evLocked, Saving, actRebase},
	{Saving, evWrote, Saved, actWritten},
	{Saving, evNothingToWrite, Saved, actEnded},
	{Saving, evFailed, Unsaved, actFailed},
	{Saving, evConflict, Conflict, actFailed},
	{Saving, evGone, Gone, actFailed},
	{Waiting, evFileChanged, Waiting, actAgain},
	{Waiting, evEdit, Waiting, actAgain},
	{Waiting, evSaveKey, Waiting, actAgain},
	{Waiting, evSaveKeyClean, Waiting, actSayNothing},
	{Waiting, evQuit, Waiting, actQueueQuit},
	{Waiting, evQuitClean, Waiting, actQueueQuit},
	{Waiting, evReload, Waiting, actSayRunning},
	{Waiting, evReloadClean, Waiting, actSayRunning},
	{Waiting, evReloaded, Waiting, actInstall},
	{Waiting, evLockBusy, Waiting, actRetryLock},
	{Waiting, evLocked, Saving, actRebase},
	{Waiting, evFailed, Unsaved, actFailed},
	{Waiting, evConflict, Conflict, actFailed},
	{Waiting, evGone, Gone, actFailed},
	{Retrying, evFileChanged, Retrying, actAgain},
	{Retrying, evEdit, Retrying, actAgain},
	{Retrying, evSaveKey, Retrying, actAgain},
	{Retrying, evSaveKeyClean, Retrying, actAgain},
	{Retrying, evQuit, Retrying, actQueueQuit},
	{Retrying, evQuitClean, Retrying, actQueueQuit},
	{Retrying, evReload, Retrying, actSayRunning},
	{Retrying, evReloadClean, Retrying, actSayRunning},
	{Retrying, evReloaded, Saving, actInstall},
	{Retrying, evLockBusy, RetryWaiting, actRetryLock},
	{Retrying, evLocked, Retrying, actRebase},
	{Retrying, evWrote, Saved, actWritten},
	{Retrying, evNothingToWrite, Saved, actEnded},
	{Retrying, evFailed, Unsaved, actFailed},
	{Retrying, evConflict, Conflict, actFailed},
	{Retrying, evGone, Gone, actFailed},
	{RetryWaiting, evFileChanged, RetryWaiting, actAgain},
	{RetryWaiting, evEdit, RetryWaiting, actAgain},
	{RetryWaiting, evSaveKey, RetryWaiting, actAgain},
	{RetryWaiting, evSaveKeyClean, RetryWaiting, actAgain},
	{RetryWaiting, evQuit, RetryWaiting, actQueueQuit},
	{RetryWaiting, evQuitClean, RetryWaiting, actQueueQuit},
	{RetryWaiting, evReload, RetryWaiting, actSayRunning},
	{RetryWaiting, evReloadClean, RetryWaiting, actSayRunning},
	{RetryWaiting, evReloaded, Waiting, actInstall},
	{RetryWaiting, evLockBusy, RetryWaiting, actRetryLock},
	{RetryWaiting, evLocked, Retrying, actRebase},
	{RetryWaiting, evFailed, Unsaved, actFailed},
	{RetryWaiting, evConflict, Conflict, actFailed},
	{RetryWaiting, evGone, Gone, actFailed},
}

// TestTransitionTableIsTheSpec: the table holds exactly the rows above.
func TestTransitionTableIsTheSpec(t *testing.T) {
	t.Parallel()
	if len(transitions) != len(rows) {
		t.Errorf("the table has %d transitions, the spec %d", len(transitions), len(rows))
	}
	for _, r := range rows {
		got, ok := transitions[on{r.from, r.ev}]
		if !ok || got.to != r.to || got.do != r.do {
			t.Errorf("%v on %v: %+v (present %v), want %v and %v", r.from, r.ev, got, ok, r.to, r.do)
		}
	}
}

// TestEveryPairIsHandledOrImpossible: every (state, event) pair is a
// transition or one the table names as impossible; firing an impossible
// one changes nothing.
func TestEveryPairIsHandledOrImpossible(t *testing.T) {
	t.Parallel()
	for st := State(0); st < numStates; st++ {
		for ev := event(0); ev < numEvents; ev++ {
			if _, ok := transitions[on{st, ev}]; ok {
				continue
			}
			if impossible[ev] == "" {
				t.Errorf("%v on %v is neither handled nor said impossible", st, ev)
				continue
			}
			s, b, ticks := testStore(t, st)
			if cmd := s.fire(ev); cmd != nil || s.state != st || b.msg != "" || *ticks != 0 || len(s.Notices()) != 0 {
				t.Errorf("the impossible %v on %v did something: now %v, %q", st, ev, s.state, b.msg)
			}
		}
	}
}

// TestEveryTransition fires each row's event in its state: the store
// goes to the row's state and does what its action says.
func TestEveryTransition(t *testing.T) {
	t.Parallel()
	for _, r := range rows {
		t.Run(r.from.String()+"/"+r.ev.String(), func(t *testing.T) {
			t.Parallel()
			s, b, ticks := testStore(t, r.from)
			cmd := s.fire(r.ev)
			if s.state != r.to {
				t.Fatalf("now %v, want %v", s.state, r.to)
			}
			checkAction(t, r.do, s, b, *ticks, cmd)
		})
	}
}

// checkAction checks what a transition did, by its action, as the user
// would notice it: a save begun (with the spinner or not), a message, a
// question, quitting, a retry of the lock.
func checkAction(t *testing.T, a action, s *Store, b *bar, ticks int, cmd tea.Cmd) {
	t.Helper()
	notices := s.Notices()
	busy, asked := posted[BusyMsg](notices), posted[AskMsg](notices)
	begun := cmd != nil && a != actQuit && a != actReadAgain && a != actRetryLock
	wants := map[action]struct {
		begun, busy, asked bool
		said               string
		queued             queued
	}{
		actNone:         {},
		actFollow:       {begun: true},
		actSave:         {begun: true, busy: true},
		actDetachSave:   {begun: true, busy: true},
		actAgain:        {queued: queuedAgain},
		actQueueQuit:    {queued: queuedQuit, said: "saving before quitting"},
		actSaveThenQuit: {begun: true, busy: true, queued: queuedQuit, said: "saving before quitting"},
		actQuit:         {},
		actAskQuit:      {asked: true},
		actSayRunning:   {said: "a save is running"},
		actSayNothing:   {said: "nothing to save"},
		actFollowReload: {begun: true, said: "u still undoes"},
		actReadAgain:    {said: "reloading"},
		actInstall:      {},
		actRetryLock:    {},
		actRebase:       {},
		actWritten:      {},
		actEnded:        {},
		actFailed:       {},
	}
	w := wants[a]
	if begun != w.begun || busy != w.busy || asked != w.asked || s.queued != w.queued {
		t.Errorf("%v: save begun %v, spinner %v, asked %v, queued %v", a, begun, busy, asked, s.queued)
	}
	if !strings.Contains(b.msg, w.said) || (w.said == "" && b.msg != "") {
		t.Errorf("%v said %q, want %q", a, b.msg, w.said)
	}
	switch a {
	case actQuit:
		if cmd == nil || cmd() != tea.Quit() {
			t.Error("did not quit")
		}
	case actReadAgain:
		if cmd == nil {
			t.Error("did not read the file again")
		}
	case actRetryLock:
		if ticks != 1 {
			t.Errorf("asked for %d ticks, want 1", ticks)
		}
	case actDetachSave:
		if !s.cat.Modified() {
			t.Error("the deleted file was not forgotten: the save would write nothing")
		}
	}
}

// TestWhatWaitsForTheSave: what was asked while a save ran is done when
// it ends: another save, quitting (unless it failed).
func TestWhatWaitsForTheSave(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		queued queued
		end    event
		state  State
		quits  bool
	}{
		{"nothing written, nothing waits", 0, evNothingToWrite, Saved, false},
		{"nothing written, a follow again", queuedAgain, evNothingToWrite, Saving, false},
		{"nothing written, quit", queuedQuit, evNothingToWrite, Saved, true},
		{"written, a save again", queuedAgain, evWrote, Saving, false},
		{"written, quit", queuedQuit, evWrote, Saved, true},
		{"written, again then quit", queuedAgain | queuedQuit, evWrote, Saving, false},
		{"failed, quit forgotten", queuedQuit, evFailed, Unsaved, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			s, _, _ := testStore(t, Saving)
			s.queued = tc.queued
			cmd := s.fire(tc.end)
			quits := cmd != nil && s.state == Saved && cmd() == tea.Quit()
			if s.state != tc.state || quits != tc.quits {
				t.Errorf("now %v, quits %v; want %v, %v", s.state, quits, tc.state, tc.quits)
			}
			if tc.queued&queuedQuit != 0 && tc.state == Saving && s.queued&queuedQuit == 0 {
				t.Error("the quit was forgotten by the save run again")
			}
		})
	}
}

// TestAccessorsFollowTheState: what the root reads of the store says
// what the old flags said in each state.
func TestAccessorsFollowTheState(t *testing.T) {
	t.Parallel()
	for st := State(0); st < numStates; st++ {
		s := &Store{state: st}
		saving := st == Saving || st == Waiting || st == Retrying || st == RetryWaiting
		waiting := st == Waiting || st == RetryWaiting
		unsaved := st == Unsaved || st == Conflict || st == Gone || st == Retrying || st == RetryWaiting
		loading := st == Loading || st == LoadingChanged
		if s.Saving() != saving || s.WaitingLock() != waiting || s.Unsaved() != unsaved || s.Loading() != loading {
			t.Errorf("%v: saving %v, waiting %v, unsaved %v, loading %v", st, s.Saving(), s.WaitingLock(), s.Unsaved(), s.Loading())
		}
	}
}
