package catalogue

import "errors"

// History is the undo and redo stacks of one catalogue: each step is the
// inverse of an applied edit, with a description for messages. Undoing a
// step applies its inverse and puts the inverse of that on the redo stack,
// so undo and redo are one mechanism, and a batch (an import) is one step
// that undoes in time proportional to its size.
type History struct {
	undo, redo []Step
}

// Step is one entry of a History.
type Step struct {
	// What the edit did, for messages: "rated “Go” ★★★".
	What string
	// edit is what applying the step applies: the inverse of the edit
	// that made it.
	edit Edit
	// Refs are the records the step's edit puts in place or changes (see
	// Refs), known once it has been applied: for selecting them.
	Refs []Ref
}

// ErrNothing is returned by Undo and Redo when there is nothing to undo or redo.
var ErrNothing = errors.New("nothing to do")

// ApplyDescribed applies e to c and records it for undo; the redo stack
// is cleared. An edit that changed nothing is no step. what says what
// applying it did, for messages ("imported 3 records", of an Add that
// skips duplicates): it is called once e is applied.
func (h *History) ApplyDescribed(c *Catalogue, e Edit, what func() string) error {
	inv, err := c.Apply(e)
	if err != nil {
		return err
	}
	if noop(inv) {
		return nil
	}
	h.undo = append(h.undo, Step{What: what(), edit: inv})
	h.redo = nil
	return nil
}

// Undo takes back the last edit and returns its step. If the edit can no
// longer be taken back (another program deleted its record), the step is
// dropped and the error says why.
func (h *History) Undo(c *Catalogue) (Step, error) { return move(c, &h.undo, &h.redo) }

// Redo applies again the last edit undone.
func (h *History) Redo(c *Catalogue) (Step, error) { return move(c, &h.redo, &h.undo) }

func move(c *Catalogue, from, to *[]Step) (Step, error) {
	if len(*from) == 0 {
		return Step{}, ErrNothing
	}
	st := (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	inv, err := c.Apply(st.edit)
	if err != nil {
		return st, err
	}
	st.Refs = Refs(st.edit)
	*to = append(*to, Step{What: st.What, edit: inv})
	return st, nil
}

// Clear forgets every step: after a reload, say.
func (h *History) Clear() { h.undo, h.redo = nil, nil }

// Len returns how many steps there are to undo and to redo.
func (h *History) Len() (undo, redo int) { return len(h.undo), len(h.redo) }
