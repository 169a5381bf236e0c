package tui

import (
	"bytes"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// conflictedText is a catalogue a merge left with a conflict: Go rated 4
// here and 5 there, the second version marked X-CONFLICT.
func conflictedText(t *testing.T) string {
	t.Helper()
	read := func(s string) *catalogue.Snapshot {
		c, err := catalogue.Read(strings.NewReader(s))
		if err != nil {
			t.Fatal(err)
		}
		return c.Snapshot()
	}
	const base = "URI: https://go.dev/\r\nNAME: Go\r\nDATE: 01/02/2024 10:00:00\r\nRATING: 3\r\n\r\n" +
		"URI: https://other.example/\r\nNAME: Other\r\nDATE: 01/02/2024 10:00:00\r\n"
	merged, cs := catalogue.MergeFile(read(base), read(strings.Replace(base, "RATING: 3", "RATING: 4", 1)), read(strings.Replace(base, "RATING: 3", "RATING: 5", 1)))
	if len(cs) != 1 {
		t.Fatalf("%d conflicts", len(cs))
	}
	var b bytes.Buffer
	merged.WriteTo(&b)
	return b.String()
}

// TestSettleFromTheProblemsViewSavesAndUndoes: ! lists the conflict, t
// keeps theirs, saved at once; u brings both versions back, saved too.
func TestSettleFromTheProblemsViewSavesAndUndoes(t *testing.T) {
	t.Parallel()
	h := newHarness(t, conflictedText(t), 100, 30)
	h.keys("!")
	if !strings.Contains(h.m.View(), "merge conflict") {
		t.Fatalf("the problems view does not show the conflict:\n%s", h.m.View())
	}
	h.keys("t")
	c := h.reopen()
	if len(c.Records()) != 2 || find(c, "Go").Rating() != 5 || ssd3.ConflictSide(find(c, "Go")) != "" {
		t.Fatalf("after keep theirs the file has %d records, Go rated %d", len(c.Records()), find(c, "Go").Rating())
	}
	if !strings.Contains(h.m.status.msg, "kept theirs of “Go”") {
		t.Errorf("status %q", h.m.status.msg)
	}
	h.keys("esc", "u")
	c = h.reopen()
	if len(c.Records()) != 3 || ssd3.ConflictSide(c.Records()[1]) != ssd3.SideTheirs || c.Records()[0].Rating() != 4 {
		t.Fatalf("after undo the file has %d records", len(c.Records()))
	}
}
