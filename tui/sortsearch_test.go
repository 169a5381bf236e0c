package tui

import (
	"context"
	"slices"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/query"
)

// TestSearchUnderASortKeepsTheSortOrder: a search typed with a sort chosen
// shows exactly the matching records, in the sort's order, whether the
// pass scans in file order and re-sorts or narrows the last answer.
func TestSearchUnderASortKeepsTheSortOrder(t *testing.T) {
	h := newHarness(t, fixture, 80, 24)
	recs := h.m.store.Catalogue().Records()
	for _, key := range []query.SortKey{query.SortByName, query.SortByDate.Desc(), query.SortByRating} {
		prev := (pass{recs: recs, sort: key}).run(context.Background())
		for _, text := range []string{"g", "go", "o"} {
			res := (pass{seq: 1, text: text, recs: recs, sort: key, prev: prev}).run(context.Background())
			q, _ := query.Parse(text)
			want := query.Filter(recs, q)
			query.Sort(want, key)
			if !slices.Equal(res.records(), want) {
				t.Errorf("sort %s, search %q: got %v, want %v", key, text, recordNames(res.records()), recordNames(want))
			}
			prev = res
		}
	}
}

func recordNames(recs []*catalogue.Record) []string {
	var out []string
	for _, r := range recs {
		out = append(out, r.Name())
	}
	return out
}

// TestKeysReadTogether: "/jazz" read from the terminal in one piece, as
// happens when typing fast over ssh, opens the search and types "jazz".
func TestKeysReadTogether(t *testing.T) {
	h := newHarness(t, fixture, 80, 24)
	h.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("/duck")})
	h.send(tea.KeyMsg{Type: tea.KeyEnter})
	if got := h.m.input.Value(); got != "duck" {
		t.Fatalf("search box holds %q, want %q", got, "duck")
	}
	if names := h.names(); len(names) != 1 || names[0] != "DuckDuckGo" {
		t.Errorf("shown %v, want DuckDuckGo alone", names)
	}
	h.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("3")})
	if r := h.m.list.current(); r == nil || r.Name() != "DuckDuckGo" || r.Rating() != 3 {
		t.Errorf("rating went to %+v", r)
	}
}

// TestKeysWaitForThePendingSearch: a key that acts on the selection, typed
// before the search's answer arrives, acts on what the search found.
func TestKeysWaitForThePendingSearch(t *testing.T) {
	h := newHarness(t, fixture, 80, 24)
	var held []tea.Cmd
	for _, k := range []tea.KeyMsg{
		{Type: tea.KeyRunes, Runes: []rune("/")},
		{Type: tea.KeyRunes, Runes: []rune("d")}, {Type: tea.KeyRunes, Runes: []rune("u")},
		{Type: tea.KeyRunes, Runes: []rune("c")}, {Type: tea.KeyRunes, Runes: []rune("k")},
		{Type: tea.KeyEnter}, {Type: tea.KeyRunes, Runes: []rune("2")},
	} {
		_, cmd := h.m.Update(k) // the answers are held back until all keys are in
		held = append(held, cmd)
	}
	if r := find(h.reopen(), "DuckDuckGo"); r.Rating() != 0 {
		t.Fatalf("rated before the search answered")
	}
	for _, cmd := range held {
		h.run(cmd)
	}
	if r := find(h.reopen(), "DuckDuckGo"); r == nil || r.Rating() != 2 {
		t.Errorf("DuckDuckGo rating %v on disk, want 2", r)
	}
	if r := find(h.reopen(), "Google"); r.Rating() != 1 {
		t.Errorf("the record selected before the search was rated: %d", r.Rating())
	}
}
