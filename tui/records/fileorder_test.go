package records

import (
	"context"
	"slices"
	"testing"

	"github.com/uricat/uricat/catalogue/gen"
	"github.com/uricat/uricat/catalogue/query"
)

// positions returns the positions in the snapshot of the records r shows,
// in order.
func positions(r *Answer) []int32 {
	out := make([]int32, r.Len())
	for i := range out {
		out[i] = r.at(i)
	}
	return out
}

// TestFileOrderHoldsNoPositions: the list of every record in file order
// (an empty search, no sort key: what a catalogue opens on) shows them
// all, in order, and the cursor finds each, without an array of their
// positions, which at a million records would hold 4 MB for nothing.
func TestFileOrderHoldsNoPositions(t *testing.T) {
	t.Parallel()
	li, _ := loaded(t, gen.Catalogue(3000))
	res := li.res
	if res.shown != nil || res.matched != nil || res.order.order != nil {
		t.Fatalf("the empty search holds %d positions shown, %d matched, %d in order", len(res.shown), len(res.matched), len(res.order.order))
	}
	if !slices.Equal(res.Records(), li.recs) || res.Len() != len(li.recs) || li.RowCount() != len(li.recs) {
		t.Fatalf("the empty search shows %d of %d records, not in file order", res.Len(), len(li.recs))
	}
	for _, pos := range []int32{0, 1, 1234, int32(len(li.recs) - 1)} {
		if i := res.indexOf(pos); i != int(pos) || res.rec(i) != li.recs[pos] {
			t.Fatalf("the record at %d is shown at %d", pos, i)
		}
	}
	// Typing from it narrows from every record, and back to it shows all.
	ctx := context.Background()
	g := (pass{seq: 1, text: "g", recs: li.recs, prev: res}).run(ctx)
	if want := Find(li.recs, "g"); !slices.Equal(g.Records(), want.Records()) || g.Len() == 0 {
		t.Fatalf("g after the empty search shows %d records, a pass from nothing %d", g.Len(), want.Len())
	}
	back := (pass{seq: 2, text: "", recs: li.recs, prev: g}).run(ctx)
	if !slices.Equal(back.Records(), li.recs) {
		t.Fatalf("the empty search after g shows %d of %d records", back.Len(), len(li.recs))
	}
	// A sort key has its positions.
	byName := (pass{seq: 3, text: "", recs: li.recs, sort: query.SortByName, prev: back}).run(ctx)
	if byName.all || byName.Len() != len(li.recs) {
		t.Fatalf("sorted by name, the empty search shows %d of %d records (all %v)", byName.Len(), len(li.recs), byName.all)
	}
}
