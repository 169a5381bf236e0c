package tui

import (
	"strings"
	"testing"
)

func TestTruncatePathKeepsTheLastElement(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		in   string
		w    int
		want string
	}{
		{"Menu/Programming/Go", 18, "Menu/Programmi…/Go"},
		{"Menu/Go", 18, "Menu/Go"},
		{"Bookmarks Menu/Programming/Go", 10, "Bookma…/Go"},
		{"Bookmarks Menu/Archive/2019", 18, "Bookmarks Me…/2019"},
		{"Bookmarks Menu/Programming/Go", 6, "…/Go"},
		{"Menu/Programming Languages", 12, "…g Languages"},
		{"Programming Languages", 12, "Programming…"},
	} {
		if got := truncatePath(tt.in, tt.w); got != tt.want {
			t.Errorf("truncatePath(%q, %d) = %q, want %q", tt.in, tt.w, got, tt.want)
		}
	}
}

// The category column keeps the end of a path, the folder a bookmark is
// in, and its start, cutting the middle; on a wide terminal it shows the
// path whole.
func TestCategoryColumnKeepsTheLastFolder(t *testing.T) {
	t.Parallel()
	const text = "URI: http://go.dev/\r\nNAME: Go\r\nDATE: 01/02/2007 10:00:00\r\nCATEGORY: Bookmarks Menu/Archive/2019\r\n"
	for _, tc := range []struct {
		w, h int
		want string
	}{{80, 24, "Bookmarks …/2019"}, {100, 30, "Bookm…/2019"}, {200, 50, "Bookmarks Menu/Archive/2019"}} {
		h := newHarness(t, text, tc.w, tc.h)
		if v := h.m.View(); !strings.Contains(v, tc.want) {
			t.Errorf("%dx%d: no %q:\n%s", tc.w, tc.h, tc.want, v)
		}
	}
}
