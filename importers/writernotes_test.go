package importers

import (
	"strings"
	"testing"
)

// TestWriterNotesSafeText: a value with an escape sequence is written
// without it and its field named once in the record's note; a clean
// value, or one whose only change is a line break's CR, is not noted.
func TestWriterNotesSafeText(t *testing.T) {
	t.Parallel()
	var n WriterNotes
	n.ControlsWhy = "the format cannot hold them"
	n.Record("https://example.com/")
	if got := n.SafeText("NAME", "Plain"); got != "Plain" {
		t.Errorf("clean value: %q", got)
	}
	if got := n.SafeText("DESCRIPTION", "one\r\ntwo"); got != "one\ntwo" {
		t.Errorf("CRLF value: %q", got)
	}
	if got := n.SafeText("NAME", "Evil\x1b[31mRed"); strings.ContainsRune(got, '\x1b') {
		t.Errorf("escape kept: %q", got)
	}
	n.SafeText("NAME", "again\x07")
	d := n.Diagnostics()
	if len(d) != 1 {
		t.Fatalf("want one note, got %d: %v", len(d), d)
	}
	if msg := d[0].Error(); !strings.Contains(msg, "left out of NAME:") || strings.Contains(msg, "DESCRIPTION") {
		t.Errorf("note: %q", msg)
	}
}
