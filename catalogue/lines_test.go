package catalogue

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// After a save, every record says the line the file has it at now, and so
// do its problems; a new record gets its line too.
func TestSaveRenumbersLines(t *testing.T) {
	path := filepath.Join(t.TempDir(), "lines.uricat")
	if err := os.WriteFile(path, []byte("URI: http://a/\r\nNAME: A\r\nDATE: 01/02/2007 10:00:00\r\n\r\n"+
		"URI: http://b/\r\nNAME: B\r\n\r\n"+
		"URI: http://c/\r\nNAME: C\r\nDATE: 01/02/2007 10:00:00\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	recs := c.Records()
	a, b, cc := recs[0], recs[1], recs[2]
	if b.Line() != 5 || cc.Line() != 8 {
		t.Fatalf("read at lines %d, %d", b.Line(), cc.Line())
	}
	before := c.Snapshot()
	if _, err := c.Apply(Delete{Refs: []Ref{a.Ref()}}); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Apply(Add{Records: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://new/", Name: "New"})}}); err != nil {
		t.Fatal(err)
	}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	got := c.Records()
	want := []int{1, 4, 8}
	for i, r := range got {
		if r.Line() != want[i] {
			t.Errorf("%s at line %d, want %d", r.Name(), r.Line(), want[i])
		}
	}
	if got[0].Ref() != b.Ref() {
		t.Errorf("the record moved lost its identity")
	}
	ps := got[0].Problems()
	if len(ps) == 0 || ps[0].Line != 1 {
		t.Errorf("B's problems: %+v, want line 1", ps)
	}
	// What another goroutine holds is left alone.
	if before.Records()[1] != b || b.Line() != 5 || b.Problems()[0].Line != 5 {
		t.Errorf("the snapshot taken before changed: %d %+v", b.Line(), b.Problems())
	}
	// The next save finds the file as it left it: nothing to merge.
	if _, err := c.Apply(Delete{Refs: []Ref{got[2].Ref()}}); err != nil {
		t.Fatal(err)
	}
	if err := c.Save(); err != nil {
		t.Fatal(err)
	}
	if d, err := Open(path); err != nil || d.Len() != 2 || d.Records()[1].Line() != 4 {
		t.Fatalf("reopened: %v", err)
	}
}
