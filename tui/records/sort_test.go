package records

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// fixtureText returns the small catalogue of testdata: one invalid record
// among a few (the root's tests' fixture).
func fixtureText(t testing.TB) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "fixture.uricat"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestSearchUnderASortKeepsTheSortOrder: a search typed with a sort chosen
// shows exactly the matching records, in the sort's order, whether the
// pass scans in file order and re-sorts or narrows the last answer.
func TestSearchUnderASortKeepsTheSortOrder(t *testing.T) {
	li, _ := loaded(t, fixtureText(t))
	recs := li.recs
	for _, key := range []query.SortKey{query.SortByName, query.SortByDate.Desc(), query.SortByRating} {
		prev := (pass{recs: recs, sort: key}).run(context.Background())
		for _, text := range []string{"g", "go", "o"} {
			res := (pass{seq: 1, text: text, recs: recs, sort: key, prev: prev}).run(context.Background())
			q, _ := query.Parse(text)
			want := query.Filter(recs, q)
			query.Sort(want, key)
			if !slices.Equal(res.Records(), want) {
				t.Errorf("sort %s, search %q: got %v, want %v", key, text, recordNames(res.Records()), recordNames(want))
			}
			prev = res
		}
	}
}

func recordNames(recs []*ssd3.Record) []string {
	var out []string
	for _, r := range recs {
		out = append(out, r.Name())
	}
	return out
}
