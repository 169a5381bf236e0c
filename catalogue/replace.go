package catalogue

import (
	"fmt"

	"github.com/uricat/uricat/catalogue/internal/record"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// Replace makes the catalogue's records With's, in With's order, as one
// edit that undoes as one step: what a merge computed on a Snapshot of
// the catalogue (MergeFile with a sync conflict copy) applied to it. A
// record of With whose Ref the catalogue holds takes that record's place
// (a merged version of it); the others are inserted where With has them,
// each with a Ref of its own; the catalogue's records With lacks are
// deleted. With must keep the records it shares with the catalogue in the
// catalogue's order, as a merge does; otherwise Apply refuses it and
// nothing changes.
type Replace struct {
	With *Snapshot
}

func (e Replace) applyTo(c *Catalogue) (Edit, error) {
	if e.With == nil {
		return patch{}, nil
	}
	at := make(map[Ref]int, len(c.records))
	for i, r := range c.records {
		at[r.Ref()] = i
	}
	p := patch{remove: map[Ref]bool{}, replace: map[Ref]*ssd3.Record{}}
	kept := make(map[Ref]bool, len(e.With.records))
	last := -1
	for i, r := range e.With.records {
		if j, ok := at[r.Ref()]; ok && r.Ref() != 0 && !kept[r.Ref()] {
			if j < last {
				return nil, fmt.Errorf("replace: the records are not in the catalogue's order (%s)", recordLabel(r, i, len(e.With.records)))
			}
			last = j
			kept[r.Ref()] = true
			if c.records[j] != r {
				p.replace[r.Ref()] = r
			}
			continue
		}
		// A record new here: its own identity, so that undo removes
		// just it (a merge's marked version has none yet).
		n := r.Clone()
		record.SetRef(n, record.NewRefs(1))
		p.insert = append(p.insert, n)
		p.at = append(p.at, i)
	}
	for _, r := range c.records {
		if !kept[r.Ref()] {
			p.remove[r.Ref()] = true
		}
	}
	if e.With.head != c.head {
		h := e.With.head
		p.head = &h
	}
	if e.With.tail != c.tail {
		t := e.With.tail
		p.tail = &t
	}
	return c.applyPatch(p), nil
}
