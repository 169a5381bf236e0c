package tui

import (
	"strings"
	"testing"
)

// dupFixture has one group of look-alikes (http and https, a tracking
// parameter) and a record alone.
const dupFixture = "URI: http://go.dev/\r\nNAME: Go\r\nDATE: 01/02/2024 10:00:00\r\nRATING: 3\r\n\r\n" +
	"URI: https://example.org/\r\nNAME: Alone\r\nDATE: 01/02/2024 10:00:00\r\n\r\n" +
	"URI: https://go.dev/?utm_source=feed\r\nNAME: The Go site\r\nDATE: 02/02/2024 10:00:00\r\nRATING: 5\r\n"

// TestDuplicatesViewMergesUndoably: D opens the duplicates view from the
// list (on the group of the record selected: a dup:yes search is the way
// in), m merges the group as one edit that is saved, and u in the list
// undoes it whole.
func TestDuplicatesViewMergesUndoably(t *testing.T) {
	h := newHarness(t, dupFixture, 80, 24)
	h.keys("/")
	h.typeText("dup:yes")
	h.keys("enter")
	if got := h.names(); len(got) != 2 {
		t.Fatalf("dup:yes shows %q", got)
	}
	h.selectName("The Go site")
	h.keys("D")
	view := h.m.View()
	for _, want := range []string{"Duplicates: group 1 of 1", "The Go site", "Merged, at line 1:", "RATING       5", "m merge this group"} {
		if !strings.Contains(view, want) {
			t.Errorf("the view lacks %q:\n%s", want, view)
		}
	}
	h.keys("m")
	if n := len(h.reopen().Records()); n != 2 {
		t.Fatalf("%d records saved after the merge, want 2", n)
	}
	if !strings.Contains(h.m.View(), "No duplicates") {
		t.Errorf("after the merge:\n%s", h.m.View())
	}
	h.keys("esc", "u")
	if n := len(h.reopen().Records()); n != 3 {
		t.Fatalf("%d records saved after u, want the 3 of before the merge", n)
	}
}
