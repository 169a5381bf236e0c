package tui

import (
	"strings"
	"testing"
)

func TestTruncatePathKeepsTheLastElement(t *testing.T) {
	for _, tt := range []struct {
		in   string
		w    int
		want string
	}{
		{"Menu/Programming/Go", 18, "Menu/…/Go"},
		{"Menu/Go", 18, "Menu/Go"},
		{"Bookmarks Menu/Programming/Go", 10, "…/Go"},
		{"Menu/Programming Languages", 12, "…g Languages"},
		{"Programming Languages", 12, "Programming…"},
	} {
		if got := truncatePath(tt.in, tt.w); got != tt.want {
			t.Errorf("truncatePath(%q, %d) = %q, want %q", tt.in, tt.w, got, tt.want)
		}
	}
}

// The category column keeps the end of a path: the folder a bookmark is in.
func TestCategoryColumnKeepsTheLastFolder(t *testing.T) {
	const text = "URI: http://go.dev/\r\nNAME: Go\r\nDATE: 01/02/2007 10:00:00\r\nCATEGORY: Menu/Programming/Go\r\n"
	for _, size := range [][2]int{{80, 24}, {100, 30}} {
		h := newHarness(t, text, size[0], size[1])
		if v := h.m.View(); !strings.Contains(v, "Menu/…/Go") {
			t.Errorf("%dx%d:\n%s", size[0], size[1], v)
		}
	}
}
