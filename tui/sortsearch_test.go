package tui

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// TestKeysReadTogether: "/jazz" read from the terminal in one piece, as
// happens when typing fast over ssh, opens the search and types "jazz".
func TestKeysReadTogether(t *testing.T) {
	t.Parallel()
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
	if r := h.m.list.Current(); r == nil || r.Name() != "DuckDuckGo" || r.Rating() != 3 {
		t.Errorf("rating went to %+v", r)
	}
}

// TestKeysWaitForThePendingSearch: a key that acts on the selection, typed
// before the search's answer arrives, acts on what the search found.
func TestKeysWaitForThePendingSearch(t *testing.T) {
	t.Parallel()
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
