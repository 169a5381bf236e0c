package records

import (
	"context"
	"slices"
	"testing"

	"github.com/uricat/uricat/catalogue/gen"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
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

// TestRankedAnswerKeepsItsMatchesAsASet: an answer ranked best first
// keeps its matches for the next key to narrow as a set, a bit a record,
// beside the positions it shows, rather than a second array of
// positions; typing on from it finds what a pass from nothing finds,
// before the index is built and after, and a pass needs one array of
// positions from the pool.
func TestRankedAnswerKeepsItsMatchesAsASet(t *testing.T) {
	t.Parallel()
	li, _ := loaded(t, gen.Catalogue(3*4096+500))
	ctx := context.Background()
	for _, built := range []bool{false, true} {
		if built {
			li.res.Prepare()
		}
		prev := li.res
		for i, text := range []string{"g", "gi", "git", "git s", "git se", "zzz", "zzzq", "k", "ke"} {
			mem := &passMem{}
			var early []*Answer
			res := (pass{seq: i + 1, text: text, recs: li.recs, prev: prev, mem: mem, early: func(a *Answer) { early = append(early, a) }}).run(ctx)
			want := Find(li.recs, text)
			if !slices.Equal(res.Records(), want.Records()) {
				t.Fatalf("built %v: %q after %q shows %d records, a pass from nothing %d", built, text, prev.Text(), res.Len(), want.Len())
			}
			if res.matched != nil || res.matchedSet == nil || res.nMatched != res.Len() {
				t.Fatalf("built %v: %q keeps %d positions matched, a set %v, %d matches of %d shown", built, text, len(res.matched), res.matchedSet != nil, res.nMatched, res.Len())
			}
			whole := map[*ssd3.Record]bool{}
			for _, r := range res.Records() {
				whole[r] = true
			}
			for _, a := range early {
				for _, r := range a.Records() {
					if !whole[r] {
						t.Fatalf("built %v: %q: a first answer shows %q, which the whole does not", built, text, r.Name())
					}
				}
			}
			if cap(mem.hits) == 0 || mem.pos == nil || &mem.pos[:1][0] != &res.shown[:1][0] && res.Len() > 0 {
				t.Fatalf("built %v: %q answered outside the pass's memory", built, text)
			}
			prev = res
		}
	}
}
