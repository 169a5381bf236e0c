package tui

import (
	"errors"
	"fmt"
	"slices"
	"sync"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/uricat/uricat/catalogue"
)

// store owns the catalogue. The catalogue is not safe for concurrent use,
// and two goroutines touch it: Update (every change the user makes) and the
// save command (Catalogue.Save, which may re-read the file and rebase). The
// mutex serialises them; nothing else touches the catalogue. At most one
// save runs at a time: a change made while one runs is saved by the next.
//
// Search and drawing never take the lock: they read the snapshot that
// Records returns (copy-on-write) and records, which never change.
type store struct {
	mu sync.Mutex
	c  *catalogue.Catalogue
}

// records returns the current snapshot of every record.
func (s *store) records() []*catalogue.Record {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.c.Records()
}

// savedMsg reports the end of a save: the snapshot after it (records may
// be new pointers if another program's changes were merged) and the error.
type savedMsg struct {
	recs []*catalogue.Record
	err  error
}

// saveCmd saves the catalogue on a background goroutine.
func (s *store) saveCmd() tea.Cmd {
	return func() tea.Msg {
		s.mu.Lock()
		defer s.mu.Unlock()
		err := s.c.Save()
		return savedMsg{recs: s.c.Records(), err: err}
	}
}

// reloadedMsg reports a reload of the file.
type reloadedMsg struct {
	recs []*catalogue.Record
	err  error
}

func (s *store) reloadCmd() tea.Cmd {
	return func() tea.Msg {
		s.mu.Lock()
		defer s.mu.Unlock()
		err := s.c.Reload()
		return reloadedMsg{recs: s.c.Records(), err: err}
	}
}

// changeKind is what a change did.
type changeKind int

const (
	changeEdit   changeKind = iota // a record replaced by a new version
	changeInsert                   // a record added
	changeRemove                   // a record deleted
	changeBatch                    // several at once (an import)
)

// change is one user change, undoable and redoable. For an edit, held is
// the version the catalogue holds and other the one undo/redo swaps in, so
// undo and redo are the same swap. For insert and remove, rec is the
// record and at its position.
type change struct {
	kind  changeKind
	held  *catalogue.Record
	other *catalogue.Record
	at    int
	parts []*change // for a batch, in the order they apply
	what  string    // for messages: "rated “Go” ★★★"
}

// errGone says the record of an undo step is no longer in the catalogue.
var errGone = errors.New("the record is no longer in the catalogue (another program changed it)")

// edit replaces old with rec (catalogue.Update) and returns the change.
func (s *store) edit(old, rec *catalogue.Record, what string) (*change, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.editLocked(old, rec, what)
}

func (s *store) editLocked(old, rec *catalogue.Record, what string) (*change, error) {
	held, err := s.c.Update(old, rec)
	if err != nil {
		return nil, err
	}
	return &change{kind: changeEdit, held: held, other: old, what: what}, nil
}

// modify edits a copy of old with change, made under the lock (Clone reads
// fields the background indexing writes), and replaces old with it.
func (s *store) modify(old *catalogue.Record, what string, change func(*catalogue.Record)) (*change, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rec := old.Clone()
	change(rec)
	return s.editLocked(old, rec, what)
}

// add appends rec and returns the change.
func (s *store) add(rec *catalogue.Record, what string) (*change, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	held, err := s.c.Add(rec)
	if err != nil {
		return nil, err
	}
	return &change{kind: changeInsert, held: held, at: s.c.Len() - 1, what: what}, nil
}

// remove deletes rec and returns the change.
func (s *store) remove(rec *catalogue.Record, what string) (*change, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	at := position(s.c.Records(), rec)
	if at < 0 {
		return nil, errGone
	}
	if err := s.c.Delete(rec); err != nil {
		return nil, err
	}
	return &change{kind: changeRemove, held: rec, at: at, what: what}, nil
}

// undo reverts ch in place (ch then describes how to redo it) and returns
// the record to select afterwards (nil if none) and, when the catalogue now
// holds a new pointer for a version other changes refer to, that version's
// old pointer (the caller remaps them with remap).
func (s *store) undo(ch *change) (sel, was *catalogue.Record, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.undoLocked(ch)
}

func (s *store) undoLocked(ch *change) (sel, was *catalogue.Record, err error) {
	switch ch.kind {
	case changeBatch:
		// Undo the parts last first; each becomes its inverse, so the
		// reversed list is the batch's inverse (the redo).
		for i := len(ch.parts) - 1; i >= 0; i-- {
			if _, _, err := s.undoLocked(ch.parts[i]); err != nil {
				ch.parts = ch.parts[:i+1]
				slices.Reverse(ch.parts[i+1:])
				return nil, nil, err
			}
		}
		slices.Reverse(ch.parts)
		return nil, nil, nil
	case changeEdit:
		if position(s.c.Records(), ch.held) < 0 {
			return nil, nil, errGone
		}
		now, err := s.c.Replace(ch.held, ch.other)
		if err != nil {
			return nil, nil, err
		}
		was := ch.other
		ch.held, ch.other = now, ch.held
		return now, was, nil
	case changeInsert:
		at := position(s.c.Records(), ch.held)
		if at < 0 {
			return nil, nil, errGone
		}
		if err := s.c.Delete(ch.held); err != nil {
			return nil, nil, err
		}
		ch.kind, ch.at = changeRemove, at
		return nil, nil, nil
	case changeRemove:
		if err := s.c.Restore(ch.held, ch.at); err != nil {
			return nil, nil, err
		}
		// Restore puts back a copy when the deletion was saved already.
		recs := s.c.Records()
		at := max(0, min(ch.at, len(recs)-1))
		was := ch.held
		ch.kind, ch.held = changeInsert, recs[at]
		return ch.held, was, nil
	}
	return nil, nil, fmt.Errorf("unknown change %d", ch.kind)
}

// remap points the changes that refer to the record held as was at now:
// undoing one change puts back a version a change beneath it holds.
func remap(stacks [][]*change, except *change, was, now *catalogue.Record) {
	if was == nil || was == now {
		return
	}
	for _, st := range stacks {
		for _, ch := range st {
			if ch != except && ch.held == was {
				ch.held = now
			}
		}
	}
}

func position(recs []*catalogue.Record, rec *catalogue.Record) int {
	for i, r := range recs {
		if r == rec {
			return i
		}
	}
	return -1
}
