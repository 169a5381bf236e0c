package index

import (
	"context"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// TestLookupSharesPages: a one-off lookup of a term the index ranks
// names its pages alone; from the second lookup on, the answers name
// them by one Pages of every page, the same while the index does not
// change, so that what a search works out from it serves every key
// typed; a write, by this connection or another, makes a new one that
// holds the page written.
func TestLookupSharesPages(t *testing.T) {
	t.Parallel()
	s := newStore(t, map[string]string{"https://a.example/": "tides twice a day", "https://b.example/": "moon phases"})
	ix := openIndex(t, s)
	ctx := context.Background()
	answer := func(word string) query.TextAnswer {
		t.Helper()
		a, err := ix.LookupContext(ctx, query.TextTerm{Text: word})
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	keys := func(a query.TextAnswer) []string { return slices.Sorted(maps.Keys(a.Hits())) }
	first := answer("tide")
	if first.Pages.Len() != 1 || !slices.Equal(keys(first), []string{"https://a.example/"}) {
		t.Errorf("first lookup names %d pages, finds %q", first.Pages.Len(), keys(first))
	}
	second, third := answer("moon"), answer("tide")
	if second.Pages.Len() != 2 || second.Pages != third.Pages {
		t.Errorf("later lookups name %d and %d pages, shared: %v", second.Pages.Len(), third.Pages.Len(), second.Pages == third.Pages)
	}
	if !slices.Equal(keys(second), []string{"https://b.example/"}) || !slices.Equal(keys(third), []string{"https://a.example/"}) {
		t.Errorf("later lookups find %q and %q", keys(second), keys(third))
	}
	if err := ix.Put(putPage(t, s, "https://c.example/", "tide tables")); err != nil {
		t.Fatal(err)
	}
	if a := answer("tide"); a.Pages == third.Pages || !slices.Equal(keys(a), []string{"https://a.example/", "https://c.example/"}) {
		t.Errorf("after a write: the same Pages %v, finds %q", a.Pages == third.Pages, keys(a))
	}
	other, err := OpenAt(ix.path, s) // another process's connection
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	before := answer("tide").Pages
	if err := other.Put(putPage(t, s, "https://d.example/", "tide clocks")); err != nil {
		t.Fatal(err)
	}
	if a := answer("tide"); a.Pages == before || len(a.Rows) != 3 || !slices.Contains(keys(a), "https://d.example/") {
		t.Errorf("after another's write: the same Pages %v, finds %q", a.Pages == before, keys(a))
	}
}

// TestPagesWithNewline: a page whose key holds a newline (which no URI
// should), read with every other page's, keeps its key and state, and
// they theirs.
func TestPagesWithNewline(t *testing.T) {
	t.Parallel()
	ix := openIndex(t, newStore(t, map[string]string{"https://a.example/": "tides"}))
	if _, err := ix.db.Exec(`INSERT INTO pages(key, fetched, failed) VALUES ('https://x.example/a` + "\n" + `b', 0, 1)`); err != nil {
		t.Fatal(err)
	}
	ids, keys, failed, err := ix.readPages(context.Background())
	if err != nil || len(ids) != 2 || !slices.Equal(keys, []string{"https://a.example/", "https://x.example/a\nb"}) || !slices.Equal(failed, []bool{false, true}) {
		t.Errorf("readPages: %v %q %v, %v", ids, keys, failed, err)
	}
}

// TestParseRows: the rows a search found, as SQLite lists them, are read
// back exactly; anything else in the list is an error naming where.
func TestParseRows(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		list string
		want []int64
		err  string
	}{
		{"7", []int64{7}, ""},
		{"1 22 333 999999999999999999", []int64{1, 22, 333, 999999999999999999}, ""},
		{"", nil, "no row at byte 0"},
		{"1  2", nil, "no row at byte 2"},
		{"1 ", nil, "no row at byte 2"},
		{"1 x", nil, `'x' at byte 2`},
		{"-1", nil, `'-' at byte 0`},
		{"1000000000000000000", nil, `'0' at byte 18`},
	} {
		got, err := parseRows(tc.list)
		if tc.err == "" && (err != nil || !slices.Equal(got, tc.want)) || tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)) {
			t.Errorf("parseRows(%q) = %v, %v; want %v, %q", tc.list, got, err, tc.want, tc.err)
		}
	}
}

// TestStatesFollowWrites: the pages' states are read once while the
// index does not change, and again after a write by this connection or
// another: each state is the page's as of the last write.
func TestStatesFollowWrites(t *testing.T) {
	t.Parallel()
	s := newStore(t, map[string]string{"https://a.example/": "tides"})
	ix := openIndex(t, s)
	state := func(uri string) query.ArchiveState {
		t.Helper()
		states, err := ix.States()
		if err != nil {
			t.Fatal(err)
		}
		return states(uri)
	}
	if state("https://a.example/") != query.ArchiveYes || state("HTTPS://A.example:443/") != query.ArchiveYes || state("https://b.example/") != query.ArchiveNo {
		t.Error("states before a write")
	}
	read := ix.read.states
	if state("https://a.example/"); reflect.ValueOf(ix.read.states).UnsafePointer() != reflect.ValueOf(read).UnsafePointer() {
		t.Error("the states were read again with nothing written")
	}
	if err := ix.Put(putPage(t, s, "https://b.example/", "")); err != nil {
		t.Fatal(err)
	}
	if got := state("https://b.example/"); got != query.ArchiveFailed {
		t.Errorf("after a page failed: %v, want failed", got)
	}
	other, err := OpenAt(ix.path, s) // another process's connection
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	if err := other.Put(putPage(t, s, "https://b.example/", "tides again")); err != nil {
		t.Fatal(err)
	}
	if got := state("https://b.example/"); got != query.ArchiveYes {
		t.Errorf("after another's write: %v, want archived", got)
	}
}

// TestWarm: after Warm, the first lookup (which alone would name its
// pages by their own keys) names them by every page's key, whose table
// of positions in the catalogue's index Warm made, and finds what a
// lookup without Warm finds; after a write, Warm makes the new ones.
func TestWarm(t *testing.T) {
	t.Parallel()
	texts := map[string]string{"https://a.example/": "tides twice a day", "https://b.example/": "moon phases", "https://x.example/": ""}
	recs := []*ssd3.Record{
		ssd3.NewRecord(ssd3.Values{URI: "https://b.example/", Name: "B"}),
		ssd3.NewRecord(ssd3.Values{URI: "HTTPS://A.example/", Name: "A"}), // spelt otherwise: the same page
		ssd3.NewRecord(ssd3.Values{URI: "https://a.example/", Name: "A2"}),
		ssd3.NewRecord(ssd3.Values{Name: "no URI"}),
	}
	qix := query.NewIndex(recs, 1)
	ctx := context.Background()
	search := func(ix *Index, text string) (string, *query.Pages) {
		t.Helper()
		q, err := query.Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		var pages *query.Pages
		q, err = q.WithText(func(tt query.TextTerm) (query.TextAnswer, error) {
			a, err := ix.LookupContext(ctx, tt)
			pages = a.Pages
			return a, err
		})
		if err != nil {
			t.Fatal(err)
		}
		hits, err := qix.Search(ctx, q, nil)
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, pos := range query.Rank(hits) {
			names = append(names, recs[pos].Name())
		}
		return strings.Join(names, " "), pages
	}
	cold, _ := search(openIndex(t, newStore(t, texts)), "text:tide")

	s := newStore(t, texts)
	ix := openIndex(t, s)
	if err := ix.Warm(ctx, qix); err != nil {
		t.Fatal(err)
	}
	got, pages := search(ix, "text:tide")
	if got != cold || got != "A A2" {
		t.Errorf("the first search after Warm finds %q, without Warm %q", got, cold)
	}
	if pages == nil || pages.Len() != 3 || !pages.Prepared(qix) {
		t.Fatalf("the first lookup after Warm names its pages by %v, prepared %v", pages, pages != nil && pages.Prepared(qix))
	}
	if err := ix.Put(putPage(t, s, "https://b.example/", "tide tables")); err != nil {
		t.Fatal(err)
	}
	if err := ix.Warm(ctx, qix); err != nil {
		t.Fatal(err)
	}
	got, after := search(ix, "text:tide")
	if after == pages || !after.Prepared(qix) || got != "A A2 B" && got != "B A A2" {
		t.Errorf("after a write and Warm: new Pages %v, prepared %v, finds %q", after != pages, after.Prepared(qix), got)
	}
}
