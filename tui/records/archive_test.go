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

// TestWarmArchive: WarmArchive warms the archive's answers (SetArchive's
// prepare) for the search index a pass over the records shown searches,
// folded; once an index, again only when told the archive's index
// changed, and for the next index once an edit made one, stopping the
// warming of the one before; and not at all without a prepare.
func TestWarmArchive(t *testing.T) {
	t.Parallel()
	recs := []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "https://a.example/", Name: "A"})}
	li := New(Keys{})
	li.Load(Find(recs, ""))
	if cmd := li.WarmArchive(false); cmd != nil {
		t.Fatal("WarmArchive without a prepare gives a command")
	}
	var warmed []*query.Index
	var errs []error // each warming's context's, when it ran
	li.SetArchive(nil, func(ctx context.Context, ix *query.Index) {
		warmed, errs = append(warmed, ix), append(errs, ctx.Err())
	})
	cmd := li.WarmArchive(false)
	if cmd == nil {
		t.Fatal("WarmArchive gives no command")
	}
	if li.WarmArchive(false) != nil {
		t.Error("a second WarmArchive of the same index gives a command")
	}
	cmd()
	if len(warmed) != 1 || warmed[0] != li.res.ix.search() || !slices.Equal(warmed[0].Records(), recs) {
		t.Fatalf("warmed %v, want the index of the records shown", warmed)
	}
	if again := li.WarmArchive(true); again == nil {
		t.Error("WarmArchive after the archive's index changed gives no command")
	} else {
		again()
	}
	stale := li.WarmArchive(true)
	edited := append(slices.Clone(recs), ssd3.NewRecord(ssd3.Values{URI: "https://b.example/", Name: "B"}))
	if _, ok := li.Filtered(li.Refilter(edited, "")().(FilteredMsg)); !ok { // an edit's pass
		t.Fatal("the pass over the edited records gave no answer")
	}
	next := li.WarmArchive(false)
	if next == nil {
		t.Fatal("WarmArchive after an edit gives no command")
	}
	stale()
	next()
	if len(errs) != 4 || errs[0] != nil || errs[1] != nil || errs[2] == nil || errs[3] != nil {
		t.Fatalf("the warmings' contexts' errors %v, want the one before the edit's alone stopped", errs)
	}
	if last := warmed[3]; !slices.Equal(last.Records(), edited) {
		t.Errorf("after the edit warmed the index of %d records, want %d", last.Len(), len(edited))
	}
}
