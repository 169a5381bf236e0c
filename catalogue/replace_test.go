package catalogue

import (
	"bytes"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// Replace applies a conflict copy merged in (MergeFile with no base): the
// catalogue then writes what the merge wrote, its records keep their Refs,
// and the inverse gives the catalogue back byte for byte.
func TestReplaceAppliesAMergeAndUndoes(t *testing.T) {
	const ours = "URI: https://a.example/\r\nNAME: A\r\nDATE: 01/02/2024 10:00:00\r\nRATING: 4\r\n\r\n" +
		"URI: https://b.example/\r\nNAME: B\r\nDATE: 01/02/2024 10:00:00\r\n"
	const copy = "URI: https://a.example/\r\nNAME: A\r\nDATE: 01/02/2024 10:00:00\r\nRATING: 2\r\n\r\n" +
		"URI: https://b.example/\r\nNAME: B\r\nDATE: 01/02/2024 10:00:00\r\nCATEGORY: Bees\r\n\r\n" +
		"URI: https://c.example/\r\nNAME: C\r\nDATE: 01/02/2024 10:00:00\r\n"
	c, err := Read(strings.NewReader(ours))
	if err != nil {
		t.Fatal(err)
	}
	o, _ := Read(strings.NewReader(copy))
	merged, conflicts := MergeFile(nil, c.Snapshot(), o.Snapshot())
	if len(conflicts) != 1 {
		t.Fatalf("%d conflicts, want RATING's", len(conflicts))
	}
	var want bytes.Buffer
	merged.WriteTo(&want)
	before := c.Records()
	var was bytes.Buffer
	c.WriteTo(&was)

	inv, err := c.Apply(Replace{With: merged})
	if err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	c.WriteTo(&got)
	if got.String() != want.String() {
		t.Fatalf("after Replace:\n%s\nwant the merge's:\n%s", got.String(), want.String())
	}
	if c.Records()[0].Ref() != before[0].Ref() || c.Records()[2].Ref() != before[1].Ref() {
		t.Error("the catalogue's records lost their Refs")
	}
	seen := map[Ref]bool{}
	for _, r := range c.Records() {
		if r.Ref() == 0 || seen[r.Ref()] {
			t.Errorf("%q has Ref %d, taken or none", r.Name(), r.Ref())
		}
		seen[r.Ref()] = true
	}
	if _, err := c.Apply(inv); err != nil {
		t.Fatal(err)
	}
	got.Reset()
	c.WriteTo(&got)
	if got.String() != was.String() {
		t.Fatalf("after undo:\n%s\nwant:\n%s", got.String(), was.String())
	}
}

// A snapshot that reorders the catalogue's records is refused, and
// nothing changes.
func TestReplaceRefusesAnotherOrder(t *testing.T) {
	c, _ := Read(strings.NewReader("URI: https://a.example/\r\nNAME: A\r\n\r\nURI: https://b.example/\r\nNAME: B\r\n"))
	v := c.Version()
	r := c.Records()
	s := &Snapshot{records: []*ssd3.Record{r[1], r[0]}}
	if _, err := c.Apply(Replace{With: s}); err == nil || !strings.Contains(err.Error(), "order") {
		t.Fatalf("error %v", err)
	}
	if c.Version() != v || c.Records()[0] != r[0] {
		t.Error("a refused Replace changed the catalogue")
	}
}
