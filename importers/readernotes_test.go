package importers

import (
	"fmt"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue"
)

// A reader's notes: what it left out of a record is said only if the
// record is imported, and the records without a date are counted once, at
// the end.
func TestReaderNotes(t *testing.T) {
	var n ReaderNotes
	opts := Options{Now: time.Date(2025, 6, 1, 9, 30, 0, 0, time.UTC)}
	if rec := n.Finish(catalogue.NewRecord(catalogue.Values{URI: "http://a/"}), opts, 2, -1, []string{"cell left out"}); rec == nil {
		t.Fatal("a record with a URI was not imported")
	}
	if rec := n.Finish(catalogue.NewRecord(catalogue.Values{URI: "relative"}), opts, 3, -1, []string{"never said"}); rec != nil {
		t.Fatal("a record with a relative URI and no base was imported")
	}
	n.End(opts)
	n.End(opts) // said once
	var got []string
	for _, d := range n.Diagnostics() {
		got = append(got, fmt.Sprintf("%d %s: %s", d.Line, d.Kind, d.Msg))
	}
	want := []string{
		"2 dropped: cell left out",
		`3 skipped: record not imported: "relative" is a relative URI; give the URL it is relative to with --base`,
		"0 note: 1 bookmark had no date: DATE set to the time of the import, 01/06/2025 09:30:00 (SSD3 3.3 requires one)",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("diagnostics\n%q\nwant\n%q", got, want)
	}
	if d := n.Diagnostics(); d != nil {
		t.Errorf("diagnostics again: %v", d)
	}
}
