// Package store is the TUI's store: the catalogue and everything about
// keeping it, as one component the root holds. It is the catalogue's only
// writer, on the root's goroutine, and implements dialog.Store: Apply is
// the one way to change the catalogue, an undoable step saved at once.
//
// Files:
//   - store.go: Store, New, the accessors the root reads, Apply and
//     undo/redo, the key index's warm-up, and the messages it posts for
//     the root (ChangedMsg, SelectMsg, AskMsg, BusyMsg; see Notices).
//   - life.go: the save/lock/reload life, one State and one transition
//     table (state × event → state + action); the pairs it lacks are
//     named impossible.
//   - save.go: what the transitions do: the save in two commands around
//     a Rebase in Update, the lock's retries, reloading, following.
//   - follow.go: the watch of the file, and what another program's
//     version brought.
//   - copies.go: the sync conflict copies beside the file, merged on M;
//     the answers to the store's questions (Answer, Answered).
//
// States: Loading, LoadingChanged (follow once loaded), LoadFailed; idle:
// Saved, Unsaved, Conflict, Gone (the last save failed, each its way);
// running: Saving, Waiting (for another process's lock), Retrying and
// RetryWaiting (a save after one that failed). A running save may have
// another save, and quitting, queued behind it.
//
// The root talks to it by calls that return tea.Cmds (Apply, Save, Quit,
// Reload, MergeCopies, Follow), hands it every message (Update), and
// after each Update does what it posted (Notices), in that Update, so
// that the list shows an edit before the next key. It never imports the
// root.
package store
