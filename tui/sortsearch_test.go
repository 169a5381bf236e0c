package tui

import (
	"context"
	"slices"
	"testing"

	"github.com/uricat/uricat/catalogue"
)

// TestSearchUnderASortKeepsTheSortOrder: a search typed with a sort chosen
// shows exactly the matching records, in the sort's order, whether the
// pass scans in file order and re-sorts or narrows the last answer.
func TestSearchUnderASortKeepsTheSortOrder(t *testing.T) {
	h := newHarness(t, fixture, 80, 24)
	recs := h.m.store.records()
	for _, key := range []catalogue.SortKey{catalogue.SortByName, catalogue.SortByDate.Desc(), catalogue.SortByRating} {
		prev := (pass{recs: recs, sort: key}).run(context.Background())
		for _, text := range []string{"g", "go", "o"} {
			res := (pass{seq: 1, text: text, recs: recs, sort: key, prev: prev}).run(context.Background())
			var want []*catalogue.Record
			for i, r := range res.ix.recs {
				if _, ok := res.search.match(&res.ix.text()[i]); ok {
					want = append(want, r)
				}
			}
			catalogue.Sort(want, key)
			if !slices.Equal(res.shown, want) {
				t.Errorf("sort %s, search %q: got %v, want %v", key, text, recordNames(res.shown), recordNames(want))
			}
			prev = res
		}
	}
}

func recordNames(recs []*catalogue.Record) []string {
	var out []string
	for _, r := range recs {
		out = append(out, r.Name)
	}
	return out
}
