package catalogue

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/uricat/uricat/catalogue/internal/record"
	"github.com/uricat/uricat/catalogue/internal/syntax"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
)

// History is the undo and redo stacks of one catalogue: each step is the
// inverse of an applied edit, with a description for messages. Undoing a
// step applies its inverse and puts the inverse of that on the redo stack,
// so undo and redo are one mechanism, and a batch (an import) is one step
// that undoes in time proportional to its size.
//
// Undo and redo take back only what the step did. Once the catalogue has
// taken in another program's version of the file (Rebase) since the step
// was made, each record the step changes is compared with the version the
// step left: a field another program changed since keeps its value, a
// record it deleted stays deleted, and one the step added that it edited
// is kept, each said in the step's kept.
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
	// rebased is the catalogue's count of Rebases when the step was
	// made: while it is the same, every record the step names is as the
	// step left it, and undo needs no comparing.
	rebased uint64
	// mark is the last Ref handed out when the step was made: a record
	// with a later one came since (another program added it).
	mark Ref
	// Refs are the records the step's edit puts in place or changes (see
	// Refs), known once it has been applied: for selecting them.
	Refs []Ref
	// kept says, once the step is undone or redone, what it left as
	// another program made it since (see keptRecord); nil when nothing.
	kept []keptRecord
	// did: undoing or redoing the step changed a record.
	did bool
}

// keptRecord is a record that an undo or redo did not take back as the step
// had it, because another program changed it since.
type keptRecord struct {
	Ref Ref
	// Name is its NAME, else its URI, as the file has it.
	Name string
	How  keptHow
	// Fields are, for keptFields, the fields the step had changed that
	// another program changed too: they keep its value.
	Fields []string
}

// keptHow is why an undo or redo left a record as another program made it.
type keptHow int

const (
	// keptFields: fields changed both by the step and elsewhere since
	// keep the value they have now; the record's other fields were taken
	// back.
	keptFields keptHow = iota
	// keptDeleted: another program deleted the record; it stays deleted.
	keptDeleted
	// keptEdited: the step added the record, and another program edited
	// it since; removing it would lose that edit, so it stays.
	keptEdited
	// keptTwice: the step deleted the record and another program added
	// its URI again since; the record is back all the same, beside that
	// one (dups merges them): putting back nothing would lose its fields.
	keptTwice
)

// Did reports whether undoing or redoing the step changed any record:
// false when another program had changed everything it would have.
func (s Step) Did() bool { return s.did }

// Note says what an undo or redo of the step kept as another program
// made it, for the status line: "kept 2 fields changed elsewhere: RATING
// of “Go”, NAME of “Go”"; "" when it kept nothing. Names are made safe
// to show on a terminal.
func (s Step) Note() string {
	by := map[keptHow][]string{}
	for _, k := range s.kept {
		name := "“" + syntax.Clip(display.Text(k.Name)) + "”"
		if k.How != keptFields {
			by[k.How] = append(by[k.How], name)
			continue
		}
		for _, f := range k.Fields {
			by[keptFields] = append(by[keptFields], display.Text(f)+" of "+name)
		}
	}
	var parts []string
	if l := by[keptFields]; len(l) > 0 {
		parts = append(parts, fmt.Sprintf("kept %s changed elsewhere: %s", plural.Of(len(l), "field"), listNames(l)))
	}
	if l := by[keptEdited]; len(l) > 0 {
		parts = append(parts, fmt.Sprintf("kept %s edited elsewhere since added: %s", plural.Of(len(l), "record"), listNames(l)))
	}
	if l := by[keptDeleted]; len(l) > 0 {
		parts = append(parts, fmt.Sprintf("%s deleted elsewhere stayed deleted: %s", plural.Of(len(l), "record"), listNames(l)))
	}
	if l := by[keptTwice]; len(l) > 0 {
		parts = append(parts, fmt.Sprintf("%s back beside another with the same URI, added elsewhere: %s", plural.Of(len(l), "record"), listNames(l)))
	}
	return strings.Join(parts, "; ")
}

// listNames joins the first three of l, and says how many more there are.
func listNames(l []string) string {
	if len(l) <= 3 {
		return strings.Join(l, ", ")
	}
	return fmt.Sprintf("%s and %d more", strings.Join(l[:3], ", "), len(l)-3)
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
	h.undo = append(h.undo, Step{What: what(), edit: inv, rebased: c.rebased, mark: record.LastRef()})
	h.redo = nil
	return nil
}

// Undo takes back the last edit and returns its step, whose Note
// say what it left as another program made it. If the edit cannot be
// taken back, the step is dropped and the error says why.
func (h *History) Undo(c *Catalogue) (Step, error) { return move(c, &h.undo, &h.redo) }

// Redo applies again the last edit undone, as Undo takes one back.
func (h *History) Redo(c *Catalogue) (Step, error) { return move(c, &h.redo, &h.undo) }

func move(c *Catalogue, from, to *[]Step) (Step, error) {
	if len(*from) == 0 {
		return Step{}, ErrNothing
	}
	st := (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	e := st.edit
	rc := &reconciler{mark: st.mark}
	if st.rebased != c.rebased {
		e = since{edit: e, rc: rc}
	}
	inv, err := c.Apply(e)
	if err != nil {
		return st, err
	}
	slices.SortFunc(rc.kept, func(a, b keptRecord) int { return cmp.Compare(a.Ref, b.Ref) })
	st.Refs, st.kept, st.did = changedBy(inv), rc.kept, !noop(inv)
	if st.did {
		*to = append(*to, Step{What: st.What, edit: inv, rebased: c.rebased, mark: record.LastRef()})
	}
	return st, nil
}

// changedBy returns the records that the edit whose inverse is inv put in
// place or changed (those inv replaces or removes), in no particular
// order: Refs of that edit as it was applied, which since reconciled.
func changedBy(inv Edit) []Ref {
	var out []Ref
	eachLeaf(inv, func(e Edit) {
		if p, ok := e.(patch); ok {
			for ref := range p.replace {
				out = append(out, ref)
			}
			for ref := range p.remove {
				out = append(out, ref)
			}
		}
	})
	return out
}

// Clear forgets every step: after a reload, say.
func (h *History) Clear() { h.undo, h.redo = nil, nil }

// Len returns how many steps there are to undo and to redo.
func (h *History) Len() (undo, redo int) { return len(h.undo), len(h.redo) }

// since is a step's edit applied to the records as they are now, another
// program having changed some since the step: each patch of it is
// reconciled with them as it comes (see reconcile).
type since struct {
	edit Edit
	rc   *reconciler
}

// reconciler is what the patches of one step's edit share while since
// applies them.
type reconciler struct {
	// kept is what they kept as another program left it.
	kept []keptRecord
	// mark is the step's: records with a later Ref came since it.
	mark Ref
	// newer holds the URIKeys of the valid records that came since the
	// step, made on first need.
	newer map[string]bool
}

func (s since) applyTo(c *Catalogue) (Edit, error) {
	switch e := s.edit.(type) {
	case patch:
		// reconcile left out the records that are gone: no check needed.
		return c.applyPatch(c.reconcile(e, s.rc)), nil
	case Batch:
		// Each part in turn, on the records as the parts before left them.
		parts := make([]Edit, len(e.Edits))
		for i, x := range e.Edits {
			parts[i] = since{edit: x, rc: s.rc}
		}
		return Batch{Edits: parts}.applyTo(c)
	}
	return s.edit.applyTo(c)
}

// reconcile returns p as it applies to the records as they are now, given
// p.put, the versions the step left: a record the step left as it is
// takes p's version whole; one another program changed takes back only
// the fields it did not change (mergeFields, the step's version as base);
// one it deleted is left out; one the step added (p removes it) that it
// edited stays. Records p puts back are put back all the same, and one
// whose URI another program added again is said. In time proportional to
// p's size, and a pass over the catalogue for a large p.
func (c *Catalogue) reconcile(p patch, rc *reconciler) patch {
	kept := &rc.kept
	cur := make(map[Ref]*ssd3.Record, len(p.remove)+len(p.replace))
	c.eachNamed(p, func(r *ssd3.Record) { cur[r.Ref()] = r })
	put := make(map[Ref]*ssd3.Record, len(p.put))
	for _, r := range p.put {
		put[r.Ref()] = r
	}
	out := patch{head: p.head, tail: p.tail, insert: p.insert, at: p.at}
	if len(p.remove) > 0 {
		out.remove = make(map[Ref]bool, len(p.remove))
	}
	for ref := range p.remove {
		r, ok := cur[ref]
		switch {
		case !ok: // deleted elsewhere too: gone, as the undo would have it
		case put[ref] != nil && !sameRecord(r, put[ref]):
			*kept = append(*kept, keptRecord{Ref: ref, Name: recordName(r), How: keptEdited})
		default:
			out.remove[ref] = true
		}
	}
	if len(out.remove) < len(p.remove) {
		// The blank lines around the records were theirs to give back
		// (an Add's took the file's last ones): with a record staying,
		// or gone already, they stay as they are.
		out.head, out.tail = nil, nil
	}
	if len(p.replace) > 0 {
		out.replace = make(map[Ref]*ssd3.Record, len(p.replace))
	}
	for ref, old := range p.replace {
		r, ok := cur[ref]
		left := put[ref]
		switch {
		case !ok:
			*kept = append(*kept, keptRecord{Ref: ref, Name: recordName(old), How: keptDeleted})
		case left == nil || sameRecord(r, left):
			out.replace[ref] = old
		default:
			m, conflicts := mergeFields(left, r, old)
			record.SetSep(m, record.Sep(r), record.SepTail(r))
			if !record.SameValues(m, r) {
				out.replace[ref] = m
			}
			if len(conflicts) > 0 {
				k := keptRecord{Ref: ref, Name: recordName(r), How: keptFields}
				for _, cf := range conflicts {
					k.Fields = append(k.Fields, cf.Field)
				}
				*kept = append(*kept, k)
			}
		}
	}
	c.twice(p.insert, rc)
	return out
}

// twice adds to rc.kept the records of recs, about to be put back, whose
// URI a record that came since the step has: another program added it
// again. Only those records' URIs are compared: a pass over the
// catalogue, and a ssd3.URIKey per record that came since and per record put
// back.
func (c *Catalogue) twice(recs []*ssd3.Record, rc *reconciler) {
	if len(recs) == 0 {
		return
	}
	if rc.newer == nil {
		rc.newer = map[string]bool{}
		for _, r := range c.records {
			if r.Ref() > rc.mark && r.Valid() && !record.AllowDup(r) {
				rc.newer[ssd3.URIKey(r.URI())] = true
			}
		}
	}
	if len(rc.newer) == 0 {
		return
	}
	for _, r := range recs {
		if r.Valid() && !record.AllowDup(r) && rc.newer[ssd3.URIKey(r.URI())] {
			rc.kept = append(rc.kept, keptRecord{Ref: r.Ref(), Name: recordName(r), How: keptTwice})
		}
	}
}

// sameRecord reports whether r is b, or holds the same values: another
// program that rewrote a record without changing it did not edit it.
func sameRecord(r, b *ssd3.Record) bool {
	return r == b || record.Packed(r) == record.Packed(b) || record.SameValues(r, b)
}

// recordName names r in a message: its NAME, else its URI.
func recordName(r *ssd3.Record) string {
	if n := r.Name(); n != "" {
		return n
	}
	return r.URI()
}
