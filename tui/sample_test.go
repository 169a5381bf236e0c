package tui

import (
	"strings"
	"testing"
)

func TestEmptyCatalogueOffersTheSample(t *testing.T) {
	t.Parallel()
	h := newHarness(t, "", 80, 24)
	if v := h.m.View(); !strings.Contains(words(v), "or t to try the sample bookmarks.") {
		t.Fatalf("empty state does not offer the sample:\n%s", v)
	}
	if help := h.m.helpLine(); !strings.Contains(help, "t try the sample bookmarks") {
		t.Errorf("help bar of an empty catalogue lacks t: %q", help)
	}
	h.keys("?")
	if v := h.m.View(); !strings.Contains(v, "t      try the sample bookmarks") {
		t.Errorf("? help of an empty catalogue lacks t:\n%s", v)
	}
	h.keys("esc")
	h.keys("t")
	if n := len(h.names()); n != 12 {
		t.Fatalf("%d bookmarks after t, want the sample's 12", n)
	}
	if got := len(h.reopen().Valid()); got != 12 {
		t.Errorf("%d bookmarks saved, want 12", got)
	}
	// Not empty any more: t does nothing, and the help no longer offers it.
	if help := h.m.helpLine(); strings.Contains(help, "try the sample") {
		t.Errorf("help bar offers the sample to a full catalogue: %q", help)
	}
	h.keys("?")
	if v := h.m.View(); strings.Contains(v, "try the sample") {
		t.Errorf("? help offers the sample to a full catalogue:\n%s", v)
	}
	h.keys("esc")
	h.keys("t")
	if n := len(h.names()); n != 12 {
		t.Errorf("t on a non-empty catalogue added bookmarks: %d", n)
	}
	h.keys("u")
	if n := len(h.names()); n != 0 || len(h.reopen().Records()) != 0 {
		t.Errorf("undo left %d bookmarks", n)
	}
	if help := h.m.helpLine(); !strings.Contains(help, "t try the sample bookmarks") {
		t.Errorf("help bar of a catalogue emptied by undo lacks t: %q", help)
	}
}

// At 100 columns the list is 55 wide beside the detail pane: the empty
// state wraps, and its last words (the sample's key) stay on screen.
func TestEmptyStateWrapsInTheSplitLayout(t *testing.T) {
	t.Parallel()
	for _, w := range []int{100, 60, 40} {
		h := newHarness(t, "", w, 24)
		v := h.m.View()
		if !strings.Contains(words(v), "or t to try the sample bookmarks.") {
			t.Errorf("%d columns: the empty state is cut:\n%s", w, v)
		}
	}
}

// words is the text of a view with every run of spaces and line breaks
// made one space, to find a sentence however it wrapped.
func words(view string) string { return strings.Join(strings.Fields(view), " ") }
