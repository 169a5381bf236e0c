package catalogue

import (
	"os"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// A catalogue with no unsaved edits follows the file another program
// wrote: a save takes that version whole, writes nothing, and leaves the
// catalogue unmodified; the user's earlier edits still undo, on the
// records as the other program left them.
func TestSaveFollowsAnotherProgramsVersion(t *testing.T) {
	path, one, two := twoCopies(t)
	var h History
	// The user's own edit, saved: one undo step.
	e := one.Records()[1].Clone()
	e.SetRating(4)
	if err := h.apply(one, Set{Ref: e.Ref(), Fields: ssd3.Diff(one.Records()[1], e)}, "rate B"); err != nil {
		t.Fatal(err)
	}
	if err := one.Save(); err != nil {
		t.Fatal(err)
	}
	// Another program (two, which read the file before) edits A and adds one.
	if err := two.Reload(); err != nil {
		t.Fatal(err)
	}
	a := two.Records()[0].Clone()
	a.SetName("A from elsewhere")
	testUpdate(two, two.Records()[0], a)
	testAdd(two, ssd3.NewRecord(ssd3.Values{URI: "http://other/", Name: "other"}))
	if err := two.Save(); err != nil {
		t.Fatal(err)
	}
	written, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	info, _ := os.Stat(path)

	rep, err := one.SaveReport()
	if err != nil {
		t.Fatal(err)
	}
	if rep == nil || rep.theirs != two.Len() {
		t.Fatalf("report %+v, want the other version's %d records", rep, two.Len())
	}
	if one.Modified() {
		t.Error("after following the file the catalogue says it has unsaved edits")
	}
	after, _ := os.ReadFile(path)
	if info2, _ := os.Stat(path); string(after) != string(written) || !os.SameFile(info, info2) {
		t.Fatal("following the file wrote it")
	}
	if one.Len() != two.Len() || one.Records()[0].Name() != "A from elsewhere" {
		t.Fatalf("the catalogue does not hold the other version: %d records, first %q", one.Len(), one.Records()[0].Name())
	}
	// The user's edit still undoes, and saves onto the followed file.
	if _, err := h.Undo(one); err != nil {
		t.Fatalf("undo after following the file: %v", err)
	}
	if err := one.Save(); err != nil {
		t.Fatal(err)
	}
	got, _ := Open(path)
	if got.Records()[1].Rating() != 0 || got.Records()[0].Name() != "A from elsewhere" || !got.HasURI("http://other/") {
		t.Fatalf("after undo and save: rating %d, first %q", got.Records()[1].Rating(), got.Records()[0].Name())
	}
}
