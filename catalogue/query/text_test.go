package query

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// textPages is an archive for TestText: the pages' words by URI, and
// each URI's state; the lookup finds a term's words in order, the last
// as a word's beginning, as the archive's index does.
var textPages = map[string]string{
	"https://koeln.example/":  "der kolner dom am rhein",
	"https://berlin.example/": "berlin an der spree",
	"https://paris.example/":  "paris sur la seine",
}

func textLookup(tt TextTerm) (TextAnswer, error) {
	hits := map[string]TextHit{}
	for uri, text := range textPages {
		if i := strings.Index(" "+text, " "+tt.Text); i >= 0 {
			hits[ssd3.URIKey(uri)] = TextHit{Score: 10 + len(tt.Text) - i}
		}
	}
	return TextAnswerOf(hits), nil
}

// TestText: text: and archive: terms find the records whose pages the
// hooks name, combine with the rest of the language (exclusion, OR, other
// qualifiers), and text: terms rank; without the hooks they find nothing.
func TestText(t *testing.T) {
	t.Parallel()
	var recs []*ssd3.Record
	for _, v := range []ssd3.Values{
		{URI: "https://koeln.example/", Name: "Köln", Rating: 4},
		{URI: "HTTPS://Berlin.example/", Name: "Berlin", Rating: 2}, // its page, by its key
		{URI: "https://paris.example/", Name: "Paris"},
		{URI: "https://rome.example/", Name: "Rome"}, // no page
	} {
		recs = append(recs, ssd3.NewRecord(v))
	}
	state := func(uri string) ArchiveState {
		switch ssd3.URIKey(uri) {
		case "https://paris.example/":
			return ArchiveFailed
		case "https://rome.example/":
			return ArchiveNo
		}
		return ArchiveYes
	}
	tests := []struct{ search, want string }{
		{"text:Kölner", "Köln"},
		{"text:kol", "Köln"},
		{`text:"rhein"`, "Köln"},
		{`text:"dom am"`, "Köln"},
		{`text:"am dom"`, ""},
		{"text:der", "Köln Berlin"},
		{"-text:der", "Paris Rome"},
		{"text:seine OR text:spree", "Berlin Paris"},
		{"text:der rating:>=3", "Köln"},
		{"text:der -name:koln", "Berlin"},
		{"archive:yes", "Köln Berlin"},
		{"archive:failed", "Paris"},
		{"archive:no", "Rome"},
		{"-archive:no text:der|rome", "Köln Berlin"},
	}
	for _, tc := range tests {
		q, err := Parse(tc.search)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tc.search, err)
		}
		if q, err = q.WithText(textLookup); err != nil {
			t.Fatal(err)
		}
		q = q.WithArchive(state)
		if got := strings.ReplaceAll(names(Filter(recs, q)), "|", " "); got != tc.want {
			t.Errorf("%q finds %q, want %q", tc.search, got, tc.want)
		}
		hits, err := NewIndex(recs, 1).Search(context.Background(), q, nil)
		if err != nil || len(hits) != len(strings.Fields(tc.want)) {
			t.Errorf("%q: an index finds %d (%v), want %q", tc.search, len(hits), err, tc.want)
		}
	}

	// Unanswered, a text: term finds no page, an archive: term none
	// archived.
	q, _ := Parse("text:der OR archive:no")
	if got := names(Filter(recs, q)); got != "Köln|Berlin|Paris|Rome" {
		t.Errorf("without the hooks text:der OR archive:no finds %q", got)
	}
	q, _ = Parse("text:der")
	if got := Filter(recs, q); len(got) != 0 || !q.HasText() || q.HasArchive() {
		t.Errorf("without the hooks text:der finds %q (HasText %v)", names(got), q.HasText())
	}
}

// TestTextRank: a search with text: terms ranks by the hooks' scores, and
// a record's best hit gives its snippet.
func TestTextRank(t *testing.T) {
	t.Parallel()
	recs := []*ssd3.Record{
		ssd3.NewRecord(ssd3.Values{URI: "https://berlin.example/", Name: "Berlin"}),
		ssd3.NewRecord(ssd3.Values{URI: "https://koeln.example/", Name: "Köln"}),
	}
	q, _ := Parse("text:der -text:seine")
	if !q.Ranked() {
		t.Error("a search with a text: term is not ranked")
	}
	if got := q.TextTerms(); !slices.Equal(got, []TextTerm{{"der"}, {"seine"}}) {
		t.Errorf("TextTerms() = %v", got)
	}
	q, _ = q.WithText(textLookup)
	hits, err := NewIndex(recs, 1).Search(context.Background(), q, nil)
	if err != nil || len(hits) != 2 {
		t.Fatalf("hits %v, %v", hits, err)
	}
	if ranked := Rank(hits); recs[ranked[0]].Name() != "Köln" {
		t.Errorf("ranked first: %s; the page with der first scores more", recs[ranked[0]].Name())
	}
	if h, ok := q.TextHit(recs[1]); !ok || h.Score != 10+len("der") {
		t.Errorf("TextHit(Köln) = %v, %v", h, ok)
	}
	if q, _ := Parse("-text:der"); q.Ranked() {
		t.Error("an excluded text: term ranks")
	}
}

// TestTextBuiltIndex: an index whose chunks are folded (which keeps the
// key of each URI not its own key) finds a page by its record's URI
// however it is spelled, as Filter does, and passes over records without
// a URI or a page.
func TestTextBuiltIndex(t *testing.T) {
	t.Parallel()
	var recs []*ssd3.Record
	for _, v := range []ssd3.Values{
		{URI: "https://koeln.example/", Name: "Köln"},
		{URI: "HTTPS://Berlin.example:443/", Name: "Berlin"},
		{URI: "https://BERLIN.example", Name: "Berlin2"},
		{Name: "NoURI"},
		{URI: "https://rome.example/", Name: "Rome"},
	} {
		recs = append(recs, ssd3.NewRecord(v))
	}
	ix := NewIndex(recs, 1)
	ix.Build()
	for _, tc := range []struct{ search, want string }{
		{"text:der", "Köln|Berlin|Berlin2"},
		{"text:spree", "Berlin|Berlin2"},
		{"-text:der", "NoURI|Rome"},
		{"text:rome", ""},
	} {
		q, err := Parse(tc.search)
		if err != nil {
			t.Fatal(err)
		}
		if q, err = q.WithText(textLookup); err != nil {
			t.Fatal(err)
		}
		if got := names(Filter(recs, q)); got != tc.want {
			t.Errorf("Filter: %q finds %q, want %q", tc.search, got, tc.want)
		}
		hits, err := ix.Search(context.Background(), q, nil)
		if err != nil {
			t.Fatal(err)
		}
		var found []string
		for _, h := range hits {
			found = append(found, recs[h.Pos].Name())
		}
		if got := strings.Join(found, "|"); got != tc.want {
			t.Errorf("a built index: %q finds %q, want %q", tc.search, got, tc.want)
		}
	}
}

// searchText returns the names of the records q finds in ix, with their
// scores, in file order.
func searchText(t *testing.T, ix *Index, q *Query) string {
	t.Helper()
	hits, err := ix.Search(context.Background(), q, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, h := range hits {
		out = append(out, fmt.Sprintf("%s:%d", ix.Records()[h.Pos].Name(), h.Score))
	}
	return strings.Join(out, " ")
}

// TestTextAnswerRows: an answer names its pages by the index's rows,
// dense or scattered, and finds through a built index (by position), an
// index not built (by URI key) and Filter the same records with the same
// scores: every record of a page's URI, however spelt, none without one;
// unranked pages score 1; rows Pages does not name find nothing.
func TestTextAnswerRows(t *testing.T) {
	t.Parallel()
	var recs []*ssd3.Record
	for _, v := range []ssd3.Values{
		{URI: "https://a.example/", Name: "A"},
		{URI: "HTTPS://A.example:443/", Name: "A2"}, // the same page as A
		{URI: "https://b.example/", Name: "B"},
		{Name: "NoURI"},
		{URI: "https://c.example/", Name: "C"}, // no page found
		{URI: "https://a.example/", Name: "A3"},
	} {
		recs = append(recs, ssd3.NewRecord(v))
	}
	keys := []string{"https://c.example/", "https://b.example/", "https://a.example/", ""}
	for _, tc := range []struct {
		name   string
		rows   []int64
		found  []int64
		scores []int32
		want   string
	}{
		{"dense", []int64{1, 2, 3, 4}, []int64{3, 2}, []int32{7, 9}, "A:7 A2:7 B:9 A3:7"},
		{"scattered", []int64{9, 1 << 40, -5, 12}, []int64{1 << 40, -5}, []int32{9, 7}, "A:7 A2:7 B:9 A3:7"},
		{"unranked", []int64{1, 2, 3, 4}, []int64{2, 3}, nil, "A:1 A2:1 B:1 A3:1"},
		{"unnamed rows", []int64{1, 2, 3, 4}, []int64{2, 40, 4}, nil, "B:1"},
		{"none", []int64{1, 2, 3, 4}, nil, nil, ""},
	} {
		a := TextAnswer{Pages: NewPages(tc.rows, keys), Rows: tc.found, Scores: tc.scores}
		q, _ := Parse("text:x")
		q, err := q.WithText(func(TextTerm) (TextAnswer, error) { return a, nil })
		if err != nil {
			t.Fatal(err)
		}
		built, unbuilt := NewIndex(recs, 1), (*Index)(nil).Prepare(recs, 1)
		if got := searchText(t, built, q); got != tc.want {
			t.Errorf("%s: a built index finds %q, want %q", tc.name, got, tc.want)
		}
		if got := searchText(t, unbuilt, q); got != tc.want {
			t.Errorf("%s: an index not built finds %q, want %q", tc.name, got, tc.want)
		}
		var filtered []string
		for _, r := range Filter(recs, q) {
			h, _ := q.TextHit(r)
			filtered = append(filtered, fmt.Sprintf("%s:%d", r.Name(), h.Score))
		}
		if got := strings.Join(filtered, " "); got != tc.want {
			t.Errorf("%s: Filter finds %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestTextAnswerTable: the answers of the keys typed one after another,
// of one Pages, find their records through one table of positions, made
// once for an index; the next index (an edit moved the records) gets its
// own, and finds the records where they are now.
func TestTextAnswerTable(t *testing.T) {
	t.Parallel()
	a := ssd3.NewRecord(ssd3.Values{URI: "https://a.example/", Name: "A"})
	b := ssd3.NewRecord(ssd3.Values{URI: "https://b.example/", Name: "B"})
	pages := NewPages([]int64{1, 2}, []string{"https://a.example/", "https://b.example/"})
	answer := func(rows ...int64) *Query {
		q, _ := Parse("text:x")
		q, err := q.WithText(func(TextTerm) (TextAnswer, error) { return TextAnswer{Pages: pages, Rows: rows}, nil })
		if err != nil {
			t.Fatal(err)
		}
		return q
	}
	ix := NewIndex([]*ssd3.Record{a, b}, 1)
	if got := searchText(t, ix, answer(1)); got != "A:1" {
		t.Errorf("first key finds %q", got)
	}
	table := pages.table
	if got := searchText(t, ix, answer(1, 2)); got != "A:1 B:1" || pages.table != table || table == nil {
		t.Errorf("next key finds %q; table made again: %v", got, pages.table != table)
	}
	moved := ix.Next([]*ssd3.Record{b, ssd3.NewRecord(ssd3.Values{Name: "new"}), a}, 2)
	if got := searchText(t, moved, answer(1)); got != "A:1" || pages.table == table {
		t.Errorf("after an edit the first key finds %q; table kept: %v", got, pages.table == table)
	}
}

// TestTextAnswerInvalid: an answer whose scores are not one a row, or
// whose rows nothing names, is an error of WithText, naming the term.
func TestTextAnswerInvalid(t *testing.T) {
	t.Parallel()
	pages := NewPages([]int64{1}, []string{"https://a.example/"})
	for _, a := range []TextAnswer{
		{Pages: pages, Rows: []int64{1}, Scores: []int32{1, 2}},
		{Rows: []int64{1}},
	} {
		q, _ := Parse("text:x")
		if _, err := q.WithText(func(TextTerm) (TextAnswer, error) { return a, nil }); err == nil || !strings.Contains(err.Error(), "text:x") {
			t.Errorf("WithText(%+v): %v", a, err)
		}
	}
}

// TestPagesPrepare: Prepare works out the table of an index not folded
// yet (it waits for the folding), so that the first search of it finds
// the table made and makes none; searches made while it works get the
// same answer as without it; with its context done it does nothing.
func TestPagesPrepare(t *testing.T) {
	t.Parallel()
	var recs []*ssd3.Record
	var rows []int64
	var keys []string
	for i := range 3 * chunkSize {
		uri := fmt.Sprintf("https://%d.example/", i%(chunkSize+7))
		recs = append(recs, ssd3.NewRecord(ssd3.Values{URI: uri, Name: fmt.Sprint(i)}))
		if i < chunkSize+7 {
			rows, keys = append(rows, int64(2*i+1)), append(keys, uri)
		}
	}
	answer := func(pages *Pages) *Query {
		q, _ := Parse("text:x")
		q, err := q.WithText(func(TextTerm) (TextAnswer, error) {
			return TextAnswer{Pages: pages, Rows: []int64{1, 15, 2*chunkSize + 1}, Scores: []int32{3, 2, 1}}, nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return q
	}
	want := searchText(t, NewIndex(recs, 1), answer(NewPages(rows, keys)))
	if strings.Count(want, ":") != 8 {
		t.Fatalf("the reference search finds %q", want)
	}

	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	pages := NewPages(rows, keys)
	ix := NewIndex(nil, 0).Prepare(recs, 1)
	pages.Prepare(cancelled, ix)
	if pages.Prepared(ix) || pages.tables != 0 || ix.Ready() {
		t.Fatalf("Prepare with its context done made a table (%d) or folded the index (%v)", pages.tables, ix.Ready())
	}
	// Searches while Prepare works: the same answer.
	var wg sync.WaitGroup
	got := make([]string, 4)
	for i := range got {
		q := answer(pages)
		wg.Go(func() {
			hits, err := ix.Search(context.Background(), q, nil)
			var out []string
			for _, h := range hits {
				out = append(out, fmt.Sprintf("%s:%d", ix.Records()[h.Pos].Name(), h.Score))
			}
			got[i] = fmt.Sprint(strings.Join(out, " "), err)
		})
	}
	pages.Prepare(context.Background(), ix)
	wg.Wait()
	for i, g := range got {
		if g != want+"<nil>" {
			t.Errorf("search %d during Prepare finds %q, want %q", i, g, want)
		}
	}
	if !pages.Prepared(ix) || !ix.Ready() {
		t.Fatalf("after Prepare: prepared %v, folded %v", pages.Prepared(ix), ix.Ready())
	}
	made := pages.tables
	if got := searchText(t, ix, answer(pages)); got != want || pages.tables != made || made != 1 {
		t.Errorf("the first search after Prepare finds %q and made %d tables in all, want 1", got, pages.tables)
	}
	// The next index (an edit) is not prepared until Prepare is told it.
	next := ix.Next(append(recs[1:len(recs):len(recs)], recs[0]), 2)
	if pages.Prepared(next) {
		t.Error("the next index is prepared by the last one's table")
	}
	pages.Prepare(context.Background(), next)
	if !pages.Prepared(next) || pages.tables != 2 {
		t.Errorf("the next index: prepared %v, %d tables", pages.Prepared(next), pages.tables)
	}
}
