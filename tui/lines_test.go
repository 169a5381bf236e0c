package tui

import (
	"strings"
	"testing"
)

// linesFixture has a valid record, then an invalid one (no DATE) at line 5.
const linesFixture = "URI: http://a.example/\r\nNAME: Alpha\r\nDATE: 01/02/2007 10:00:00\r\n\r\n" +
	"URI: http://b.example/\r\nNAME: No date\r\n\r\n" +
	"URI: http://c.example/\r\nNAME: Gamma\r\nDATE: 01/02/2007 10:00:00\r\n"

// After the TUI's own saves, every line number it shows is the file's as
// it is on disk now: a record added above another moves it down.
func TestLineNumbersFollowTheTUIsSaves(t *testing.T) {
	t.Parallel()
	h := newHarness(t, linesFixture, 80, 24)
	// Delete Alpha, above the invalid record: it moves from line 5 to 1.
	h.selectName("Alpha")
	h.keys("d", "y")
	if find(h.reopen(), "Alpha") != nil {
		t.Fatalf("Alpha not deleted:\n%s", h.m.View())
	}
	h.keys("!")
	v := h.m.View()
	if !strings.Contains(v, "line 1 ") || strings.Contains(v, "line 5") {
		t.Errorf("the problems view does not say line 1:\n%s", v)
	}
	h.keys("esc")
	h.selectName("Gamma")
	h.keys("e")
	if v := h.m.View(); !strings.Contains(v, "Edit bookmark (line 4)") {
		t.Errorf("the form does not say line 4:\n%s", v)
	}
}

// Deleting an invalid record from the problems view leaves the others with
// their lines as the file has them now, and counts right.
func TestDeleteFromTheProblemsViewRenumbers(t *testing.T) {
	t.Parallel()
	h := newHarness(t, linesFixture+"\r\nURI: http://d.example/\r\nNAME: Also no date\r\n", 80, 24)
	h.keys("!")
	if v := h.m.View(); !strings.Contains(v, "line 5") || !strings.Contains(v, "line 12") {
		t.Fatalf("the problems view:\n%s", v)
	}
	h.keys("d", "y")
	v := h.m.View()
	if strings.Contains(v, "line 12") || !strings.Contains(v, "line 9") {
		t.Errorf("after deleting the record at line 5, the other is not at line 9:\n%s", v)
	}
	t.Log(v)
}
