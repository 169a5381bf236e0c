package records

import (
	"context"
	"slices"
	"testing"

	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// TestPassAnswersArchiveTerms: a pass answers text: and archive: terms
// with the List's archive (SetArchive), ranks the pages found by their
// scores, and without one finds no page.
func TestPassAnswersArchiveTerms(t *testing.T) {
	t.Parallel()
	var recs []*ssd3.Record
	for _, v := range []ssd3.Values{
		{URI: "https://a.example/", Name: "A"}, {URI: "https://b.example/", Name: "B"}, {URI: "https://c.example/", Name: "C"},
	} {
		recs = append(recs, ssd3.NewRecord(v))
	}
	// The pages of B and C hold "tide", C's more of it.
	answer := func(_ context.Context, q *query.Query) *query.Query {
		q, err := q.WithText(func(tt query.TextTerm) (query.TextAnswer, error) {
			return query.TextAnswerOf(map[string]query.TextHit{"https://b.example/": {Score: 1}, "https://c.example/": {Score: 5}}), nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return q.WithArchive(func(uri string) query.ArchiveState {
			if uri == "https://a.example/" {
				return query.ArchiveNo
			}
			return query.ArchiveYes
		})
	}
	for _, tc := range []struct {
		text    string
		archive func(context.Context, *query.Query) *query.Query
		want    []string
	}{
		{"text:tide", answer, []string{"C", "B"}},
		{"-text:tide", answer, []string{"A"}},
		{"archive:no", answer, []string{"A"}},
		{"text:tide", nil, nil},
	} {
		res := (pass{seq: 1, text: tc.text, recs: recs, archive: tc.archive}).run(context.Background())
		if got := recordNames(res.Records()); !slices.Equal(got, tc.want) {
			t.Errorf("search %q: %v, want %v", tc.text, got, tc.want)
		}
	}
}

// TestPassTextAfterEdit: the keys of a text: search typed one after
// another, answered by one archive's index that did not change (its
// answers share their Pages), find their records, and still find them
// where they are once an edit moved them and added another of a page's
// URI, with the search index built or not.
func TestPassTextAfterEdit(t *testing.T) {
	t.Parallel()
	a := ssd3.NewRecord(ssd3.Values{URI: "https://a.example/", Name: "A"})
	b := ssd3.NewRecord(ssd3.Values{URI: "https://b.example/", Name: "B"})
	c := ssd3.NewRecord(ssd3.Values{URI: "https://c.example/", Name: "C"})
	b2 := ssd3.NewRecord(ssd3.Values{URI: "HTTPS://B.example/", Name: "B2"})
	pages := query.NewPages([]int64{1, 2, 3}, []string{"https://a.example/", "https://b.example/", "https://c.example/"})
	archive := func(_ context.Context, q *query.Query) *query.Query {
		q, err := q.WithText(func(tt query.TextTerm) (query.TextAnswer, error) {
			rows := map[string][]int64{"t": {2, 3}, "ti": {3}}[tt.Text]
			return query.TextAnswer{Pages: pages, Rows: rows}, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return q
	}
	for _, build := range []bool{true, false} {
		before, after := []*ssd3.Record{a, b, c}, []*ssd3.Record{c, a, b2, b}
		prev := unfolded(before)
		if build {
			prev = built(before)
		}
		for _, step := range []struct {
			text string
			recs []*ssd3.Record
			want []string
		}{
			{"text:t", before, []string{"B", "C"}},
			{"text:ti", before, []string{"C"}},
			{"text:t", after, []string{"C", "B2", "B"}},
			{"text:ti", after, []string{"C"}},
		} {
			res := (pass{seq: 1, text: step.text, recs: step.recs, archive: archive, prev: prev}).run(context.Background())
			if got := recordNames(res.Records()); !slices.Equal(got, step.want) {
				t.Errorf("built %v: search %q: %v, want %v", build, step.text, got, step.want)
			}
			if build {
				res.Prepare() // as Warm does, before the next key
			}
			prev = res
		}
	}
}
