package index

import (
	"context"
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue/query"
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
	read := ix.states
	if state("https://a.example/"); reflect.ValueOf(ix.states).UnsafePointer() != reflect.ValueOf(read).UnsafePointer() {
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
