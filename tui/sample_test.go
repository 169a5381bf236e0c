package tui

import (
	"strings"
	"testing"
)

func TestEmptyCatalogueOffersTheSample(t *testing.T) {
	h := newHarness(t, "", 80, 24)
	if v := h.m.View(); !strings.Contains(v, "t for samples") {
		t.Fatalf("empty state does not offer the sample:\n%s", v)
	}
	h.keys("t")
	if n := len(h.names()); n != 12 {
		t.Fatalf("%d bookmarks after t, want the sample's 12", n)
	}
	if got := len(h.reopen().Valid()); got != 12 {
		t.Errorf("%d bookmarks saved, want 12", got)
	}
	h.keys("t") // not empty any more: t does nothing
	if n := len(h.names()); n != 12 {
		t.Errorf("t on a non-empty catalogue added bookmarks: %d", n)
	}
	h.keys("u")
	if n := len(h.names()); n != 0 || len(h.reopen().Records()) != 0 {
		t.Errorf("undo left %d bookmarks", n)
	}
}
