package store

// The save/lock/reload life. Every change of it is an event fired through
// the one table below: the state the store is in and the event say the
// state it goes to and the action it takes. A pair the table lacks cannot
// happen (the root lets no key through while the file loads, say); firing
// one changes nothing.

// State is where the store is in its save/lock/reload life.
type State int

const (
	// Loading: the file is being read.
	Loading State = iota
	// LoadingChanged: it is being read, and another program changed it
	// meanwhile: follow it once loaded.
	LoadingChanged
	// LoadFailed: it could not be read; nothing is saved.
	LoadFailed
	// Saved: no save runs, and the last one did not fail.
	Saved
	// Unsaved: the last save failed; changes are only in memory.
	Unsaved
	// Conflict: the last save met another program's change it cannot
	// merge; R reloads.
	Conflict
	// Gone: another program deleted the file; ctrl+s writes it back.
	Gone
	// Saving: a save (or a follow) runs.
	Saving
	// Waiting: a save waits for another process's lock.
	Waiting
	// Retrying: a save runs after one that failed; ctrl+s asks for
	// another even when every edit is in it.
	Retrying
	// RetryWaiting: a save after one that failed waits for the lock.
	RetryWaiting

	numStates
)

var stateNames = [numStates]string{"Loading", "LoadingChanged", "LoadFailed", "Saved", "Unsaved",
	"Conflict", "Gone", "Saving", "Waiting", "Retrying", "RetryWaiting"}

// String names the state.
func (s State) String() string {
	if s < 0 || s >= numStates {
		return "State(?)"
	}
	return stateNames[s]
}

// event is what happens to the store's save life.
type event int

const (
	evLoaded         event = iota // the file was read
	evLoadFailed                  // it could not be
	evFileChanged                 // another program changed the file (or a sync pulled): follow it
	evEdit                        // an edit, an undo or a redo was applied: save it
	evSaveKey                     // ctrl+s, with edits the file lacks
	evSaveKeyClean                // ctrl+s, with none
	evQuit                        // q, with edits no save has begun on
	evQuitClean                   // q, with none
	evReload                      // R, with edits the file lacks
	evReloadClean                 // R, with none
	evReloaded                    // the file was read again (R)
	evLockBusy                    // another process holds the lock: try again soon
	evLocked                      // the lock is taken and the file read
	evWrote                       // the save wrote the file
	evNothingToWrite              // the file holds what the catalogue holds
	evFailed                      // the save failed
	evConflict                    // it met a change it cannot merge
	evGone                        // the file was deleted

	numEvents
)

var eventNames = [numEvents]string{"Loaded", "LoadFailed", "FileChanged", "Edit", "SaveKey", "SaveKeyClean",
	"Quit", "QuitClean", "Reload", "ReloadClean", "Reloaded", "LockBusy", "Locked", "Wrote",
	"NothingToWrite", "Failed", "Conflict", "Gone"}

func (e event) String() string { return eventNames[e] }

// action is what a transition does besides changing the state.
type action int

const (
	actNone         action = iota
	actFollow              // begin a save that writes only edits the file lacks
	actSave                // begin a save, with the spinner
	actDetachSave          // forget the deleted file, then save it anew
	actAgain               // a save runs: run another once it ends
	actQueueQuit           // quit once the running save ends
	actSaveThenQuit        // begin a save, and quit once it ends
	actQuit                // quit now
	actAskQuit             // ask before quitting: changes could not be saved
	actSayRunning          // say that a save runs: reload once it ends
	actSayNothing          // say that every change is saved
	actFollowReload        // R as a follow: the undo history stays
	actReadAgain           // read the file again, dropping unsaved changes
	actInstall             // install the catalogue read again (reloaded does: it holds it)
	actRetryLock           // try the lock again soon
	actRebase              // take in the file's version, then write or end (locked does: it holds it)
	actWritten             // the save wrote: do what waited for it
	actEnded               // nothing to write: do what waited for it
	actFailed              // forget a queued quit (saveFailed says why)
)

var actNames = [...]string{"actNone", "actFollow", "actSave", "actDetachSave", "actAgain", "actQueueQuit",
	"actSaveThenQuit", "actQuit", "actAskQuit", "actSayRunning", "actSayNothing", "actFollowReload",
	"actReadAgain", "actInstall", "actRetryLock", "actRebase", "actWritten", "actEnded", "actFailed"}

func (a action) String() string { return actNames[a] }

// transition is where an event leads from a state.
type transition struct {
	to State
	do action
}

// key of the table.
type on struct {
	from State
	ev   event
}

// idle are the states in which no save runs, the file read.
var idle = []State{Saved, Unsaved, Conflict, Gone}

// running are the states in which a save runs.
var running = []State{Saving, Waiting, Retrying, RetryWaiting}

// transitions is the save life's table. Rows for many states at once are
// spelt out by rows() below, each still one (state, event) pair.
var transitions = buildTransitions()

func buildTransitions() map[on]transition {
	t := map[on]transition{
		{Loading, evLoaded}:             {Saved, actNone},
		{LoadingChanged, evLoaded}:      {Saving, actFollow},
		{Loading, evLoadFailed}:         {LoadFailed, actNone},
		{LoadingChanged, evLoadFailed}:  {LoadFailed, actNone},
		{Loading, evFileChanged}:        {LoadingChanged, actNone},
		{LoadingChanged, evFileChanged}: {LoadingChanged, actNone},
		{LoadFailed, evFileChanged}:     {LoadFailed, actNone},
		{Saved, evFileChanged}:          {Saving, actFollow},
		{Saved, evEdit}:                 {Saving, actSave},
		{Saved, evSaveKey}:              {Saving, actSave},
		{Saved, evSaveKeyClean}:         {Saved, actSayNothing},
		{Gone, evSaveKey}:               {Retrying, actDetachSave},
		{Gone, evSaveKeyClean}:          {Retrying, actDetachSave},
		{Saving, evSaveKeyClean}:        {Saving, actSayNothing},
		{Waiting, evSaveKeyClean}:       {Waiting, actSayNothing},
		{Retrying, evSaveKeyClean}:      {Retrying, actAgain},
		{RetryWaiting, evSaveKeyClean}:  {RetryWaiting, actAgain},
		{Saved, evQuit}:                 {Saving, actSaveThenQuit},
		{Saved, evQuitClean}:            {Saved, actQuit},
		{Saved, evReload}:               {Saved, actReadAgain},
		{Saved, evReloadClean}:          {Saving, actFollowReload},
		{Saving, evLockBusy}:            {Waiting, actRetryLock},
		{Waiting, evLockBusy}:           {Waiting, actRetryLock},
		{Retrying, evLockBusy}:          {RetryWaiting, actRetryLock},
		{RetryWaiting, evLockBusy}:      {RetryWaiting, actRetryLock},
		{Saving, evLocked}:              {Saving, actRebase},
		{Waiting, evLocked}:             {Saving, actRebase},
		{Retrying, evLocked}:            {Retrying, actRebase},
		{RetryWaiting, evLocked}:        {Retrying, actRebase},
		{Saving, evWrote}:               {Saved, actWritten},
		{Retrying, evWrote}:             {Saved, actWritten},
		{Saving, evNothingToWrite}:      {Saved, actEnded},
		{Retrying, evNothingToWrite}:    {Saved, actEnded},
		{Saving, evReloaded}:            {Saving, actInstall},
		{Waiting, evReloaded}:           {Waiting, actInstall},
		{Retrying, evReloaded}:          {Saving, actInstall},
		{RetryWaiting, evReloaded}:      {Waiting, actInstall},
	}
	for _, s := range []State{Unsaved, Conflict, Gone} {
		t[on{s, evFileChanged}] = transition{Retrying, actFollow}
		t[on{s, evEdit}] = transition{Retrying, actSave}
		t[on{s, evQuit}] = transition{s, actAskQuit}
		t[on{s, evQuitClean}] = transition{s, actAskQuit}
		t[on{s, evReload}] = transition{s, actReadAgain}
		t[on{s, evReloadClean}] = transition{s, actReadAgain}
	}
	for _, s := range []State{Unsaved, Conflict} {
		t[on{s, evSaveKey}] = transition{Retrying, actSave}
		t[on{s, evSaveKeyClean}] = transition{Retrying, actSave}
	}
	for _, s := range idle {
		t[on{s, evReloaded}] = transition{Saved, actInstall}
	}
	for _, s := range running {
		t[on{s, evFileChanged}] = transition{s, actAgain}
		t[on{s, evEdit}] = transition{s, actAgain}
		t[on{s, evSaveKey}] = transition{s, actAgain}
		t[on{s, evQuit}] = transition{s, actQueueQuit}
		t[on{s, evQuitClean}] = transition{s, actQueueQuit}
		t[on{s, evReload}] = transition{s, actSayRunning}
		t[on{s, evReloadClean}] = transition{s, actSayRunning}
		t[on{s, evFailed}] = transition{Unsaved, actFailed}
		t[on{s, evConflict}] = transition{Conflict, actFailed}
		t[on{s, evGone}] = transition{Gone, actFailed}
	}
	return t
}

// impossible names why the pairs the table lacks cannot happen, by event
// (every state handles evFileChanged).
var impossible = map[event]string{
	evLoaded:         "the file is read once, at the start",
	evLoadFailed:     "the file is read once, at the start",
	evEdit:           "no edit is made before the file is read, or after it could not be",
	evSaveKey:        "the root takes no key before the file is read, or after it could not be",
	evSaveKeyClean:   "the root takes no key before the file is read, or after it could not be",
	evQuit:           "while the file loads, or could not be read, the root quits itself",
	evQuitClean:      "while the file loads, or could not be read, the root quits itself",
	evReload:         "the root takes no key before the file is read, or after it could not be",
	evReloadClean:    "the root takes no key before the file is read, or after it could not be",
	evReloaded:       "the file is read again only after it was read once",
	evLockBusy:       "only a save waits for the lock",
	evLocked:         "only a save takes the lock",
	evWrote:          "only a save that holds the lock writes",
	evNothingToWrite: "only a save that holds the lock ends so",
	evFailed:         "only a save fails",
	evConflict:       "only a save fails",
	evGone:           "only a save fails",
}

// queued is what waits for the running save to end.
type queued uint8

const (
	queuedAgain queued = 1 << iota // another save (a follow, if nothing else asks to write)
	queuedQuit                     // quitting
)
