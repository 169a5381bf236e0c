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
