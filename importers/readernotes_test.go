package importers

import (
	"fmt"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// A reader's notes: what it left out of a record is said only if the
// record is imported, and the records without a date are counted once, at
// the end.
func TestReaderNotes(t *testing.T) {
	var n ReaderNotes
	opts := Options{Now: time.Date(2025, 6, 1, 9, 30, 0, 0, time.UTC)}
	if rec := n.Finish(ssd3.NewRecord(ssd3.Values{URI: "http://a/"}), opts, 2, -1, []string{"cell left out"}); rec == nil {
		t.Fatal("a record with a URI was not imported")
	}
	if rec := n.Finish(ssd3.NewRecord(ssd3.Values{URI: "relative"}), opts, 3, -1, []string{"never said"}); rec != nil {
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

// A format without lines names the record in each of its messages: what
// was left out of it and what Finish says of it alike.
func TestReaderNotesNamed(t *testing.T) {
	var n ReaderNotes
	opts := Options{Now: time.Date(2025, 6, 1, 9, 30, 0, 0, time.UTC)}
	rec := ssd3.NewRecord(ssd3.Values{URI: "http://a/", Date: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)})
	if n.FinishNamed(rec, opts, 0, -1, "bookmarks id 7: ", []string{"flags left out"}) == nil {
		t.Fatal("a record with a URI was not imported")
	}
	if n.FinishNamed(ssd3.NewRecord(ssd3.Values{}), opts, 0, -1, "bookmarks id 8: ", []string{"never said"}) != nil {
		t.Fatal("a record without a URI was imported")
	}
	n.End(opts)
	var got []string
	for _, d := range n.Diagnostics() {
		got = append(got, fmt.Sprintf("%s: %s", d.Kind, d.Msg))
	}
	want := []string{
		"dropped: bookmarks id 7: flags left out",
		"dropped: bookmarks id 7: date 10000-01-01T00:00:00Z is out of DATE's range; using the file's date or now",
		"skipped: bookmarks id 8: record not imported: URI is required and must not be empty (3.1)",
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("diagnostics\n%q\nwant\n%q", got, want)
	}
}
