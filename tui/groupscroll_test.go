package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// groupFixture has 40 records, their categories taking turns.
func groupFixture() string {
	var b strings.Builder
	for i := 1; i <= 40; i++ {
		if i > 1 {
			b.WriteString("\r\n")
		}
		fmt.Fprintf(&b, "URI: http://r%d.example/\r\nNAME: Record %d\r\nDATE: 01/02/2007 10:%02d:00\r\nCATEGORY: %s\r\n",
			i, i, i, []string{"Alpha", "Beta", "Gamma"}[i%3])
	}
	return b.String()
}

// Grouping keeps the selected record on screen with its group's heading
// above it, not scrolled away.
func TestGroupingShowsTheSelectedRecordsHeading(t *testing.T) {
	t.Parallel()
	for _, size := range [][2]int{{80, 24}, {100, 30}} {
		h := newHarness(t, groupFixture(), size[0], size[1])
		h.selectName("Record 31")
		h.keys("b")
		v := h.m.View()
		lines := strings.Split(v, "\n")
		heading, sel := -1, -1
		for i, l := range lines {
			if heading < 0 && strings.Contains(l, "▾ Beta") {
				heading = i
			}
			if strings.Contains(l, "Record 31 ") {
				sel = i
			}
		}
		if sel < 0 || heading < 0 || heading > sel {
			t.Errorf("%dx%d: the heading of Record 31's group is not above it:\n%s", size[0], size[1], v)
		}
	}
}

// Moving down a group longer than the screen keeps its heading on top; a
// click on it folds the group.
func TestGroupHeadingStaysOnTop(t *testing.T) {
	t.Parallel()
	h := newHarness(t, groupFixture(), 80, 24)
	h.keys("b")
	for range 12 {
		h.keys("j")
	}
	lines := strings.Split(h.m.View(), "\n")
	if !strings.Contains(lines[1], "▾ Beta") || !strings.Contains(h.m.View(), "▌ Record") {
		t.Fatalf("the heading is not on top:\n%s", h.m.View())
	}
	h.send(tea.MouseMsg{X: 5, Y: 1, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
	if !h.m.list.Folded("Beta") {
		t.Errorf("a click on the heading on top did not fold it:\n%s", h.m.View())
	}
}

// After Z folds every group, the list shows as many headings as the
// screen holds, the last at its foot: not the last few with the rest
// scrolled away above an empty screen.
func TestFoldAllLeavesNoRoomAtTheFoot(t *testing.T) {
	t.Parallel()
	var text strings.Builder
	for g := range 21 {
		for r := range 3 {
			fmt.Fprintf(&text, "URI: https://example.org/%d/%d\r\nNAME: Page %d %d\r\nDATE: 01/01/2020 00:00:00\r\nCATEGORY: Group %02d\r\n\r\n", g, r, g, r, g)
		}
	}
	h := newHarness(t, text.String(), 80, 24)
	for h.m.list.Group().String() != "category" {
		h.keys("b")
	}
	h.keys("end", "Z")
	li, height := h.m.list, h.m.layout().bodyH
	shown := 0
	for i := li.Offset(); i < li.RowCount(); i++ {
		shown += li.RowAt(i).Height()
	}
	if shown < height-1 && li.Offset() > 0 {
		t.Errorf("after Z: %d of %d groups scrolled above a screen with room (%d rows shown in %d)", li.Offset(), li.RowCount(), shown, height)
	}
}
