package catalogue

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// A key index built from an older snapshot is not installed: it would miss
// what changed since.
func TestUseKeyIndexOnlyForItsVersion(t *testing.T) {
	c, err := Read(strings.NewReader(messy))
	if err != nil {
		t.Fatal(err)
	}
	ki := c.Snapshot().KeyIndex()
	if _, err := c.Apply(Add{Records: []*Record{NewRecord(Values{URI: "http://later/", Name: "later"})}}); err != nil {
		t.Fatal(err)
	}
	c.keys = nil
	if c.UseKeyIndex(ki) {
		t.Fatal("an index of an older version was installed")
	}
	if !c.HasURI("http://later/") {
		t.Error("the index built on need misses the later record")
	}
	fresh := c.Snapshot().KeyIndex()
	c.keys = nil
	if !c.UseKeyIndex(fresh) || !c.HasURI("http://later/") {
		t.Error("the current version's index was not installed")
	}
}

// An Add carries its policy: on a URI taken, fail (the default), skip or
// allow; on an ID taken, fail (the default) or drop it. Its Report says
// what it did with each record, by index (issue 23: one import gate).
func TestAddPolicies(t *testing.T) {
	const there = "URI: https://a.example/\r\nNAME: A\r\nDATE: 01/01/2020 00:00:00\r\nID: 7\r\n"
	recs := func() []*Record {
		return []*Record{
			NewRecord(Values{URI: "https://A.example:443/", Name: "A again"}), // 0: in the catalogue
			NewRecord(Values{URI: "https://b.example/", Name: "B", ID: "7"}),  // 1: ID taken
			NewRecord(Values{URI: "https://b.example", Name: "B again"}),      // 2: twice in the Add
			NewRecord(Values{URI: "https://c.example/", Name: "C", ID: "8"}),  // 3: new
		}
	}
	read := func() *Catalogue {
		c, err := Read(strings.NewReader(there))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}

	c := read()
	var de *DuplicateError
	if _, err := c.Apply(Add{Records: recs(), OnTakenID: IDDrop}); !errors.As(err, &de) {
		t.Errorf("DupFail: %v, want a DuplicateError", err)
	}
	var ve *ValidationError
	if _, err := c.Apply(Add{Records: recs()[1:2]}); !errors.As(err, &ve) {
		t.Errorf("IDFail: %v, want a ValidationError", err)
	}

	var rep AddReport
	in := recs()
	if _, err := c.Apply(Add{Records: in, OnDuplicate: DupSkip, OnTakenID: IDDrop, Report: &rep}); err != nil {
		t.Fatal(err)
	}
	if rep.Added() != 2 || !slices.Equal(rep.Duplicates, []int{0, 2}) || !slices.Equal(rep.IDsDropped, []int{1}) ||
		rep.Refs[0] != 0 || rep.Refs[2] != 0 || rep.Refs[1] == 0 || rep.Refs[3] == 0 {
		t.Fatalf("report %+v, want 1 and 3 added, 0 and 2 duplicates, 1's ID dropped", rep)
	}
	if b := c.Lookup(rep.Refs[1]); b == nil || b.URI() != "https://b.example/" || b.ID() != "" {
		t.Errorf("b added as %v, want without its ID", b)
	}
	if c.Lookup(rep.Refs[3]).ID() != "8" || in[1].ID() != "7" || c.Len() != 3 {
		t.Errorf("c's ID %q, the Add's own record's ID %q, %d records", c.Lookup(rep.Refs[3]).ID(), in[1].ID(), c.Len())
	}

	// Every record left out: nothing changes, not even the version.
	v := c.Version()
	if _, err := c.Apply(Add{Records: recs()[:1], OnDuplicate: DupSkip, Report: &rep}); err != nil || rep.Added() != 0 || len(rep.Duplicates) != 1 {
		t.Fatalf("all duplicates: %v, %+v", err, rep)
	}
	if c.Version() != v {
		t.Error("an Add that added nothing made a new version")
	}

	c = read()
	if _, err := c.Apply(Add{Records: recs()[:1], OnDuplicate: DupAllow, Report: &rep}); err != nil || rep.Added() != 1 || c.Len() != 2 {
		t.Errorf("DupAllow: %v, %+v, %d records", err, rep, c.Len())
	}
}

// A dry run says what an edit would do, and leaves the catalogue as it was.
func TestDryRun(t *testing.T) {
	c, err := Read(strings.NewReader(messy))
	if err != nil {
		t.Fatal(err)
	}
	text := func() string {
		var b strings.Builder
		c.WriteTo(&b)
		return b.String()
	}
	before, v := text(), c.Version()
	var rep AddReport
	if err := c.DryRun(Add{Records: []*Record{NewRecord(Values{URI: "http://new.example/", Name: "new"})}, Report: &rep}); err != nil || rep.Added() != 1 {
		t.Fatalf("dry run: %v, %+v", err, rep)
	}
	if text() != before || c.Version() != v || c.Modified() || c.HasURI("http://new.example/") {
		t.Error("a dry run changed the catalogue")
	}
}

// What a save's merge leaves out counts into the Add's report: the record
// another program added meanwhile is a duplicate, not an added one.
func TestAddReportMerged(t *testing.T) {
	c, err := Read(strings.NewReader(""))
	if err != nil {
		t.Fatal(err)
	}
	var rep AddReport
	if _, err := c.Apply(Add{Records: []*Record{
		NewRecord(Values{URI: "https://a.example/", Name: "A", ID: "3"}),
		NewRecord(Values{URI: "https://b.example/", Name: "B"}),
	}, OnDuplicate: DupSkip, OnTakenID: IDDrop, Report: &rep}); err != nil {
		t.Fatal(err)
	}
	rep.IDsDropped = []int{0} // as if: the report forgets it with the record
	mr := &MergeReport{Duplicates: []*Record{c.Lookup(rep.Refs[0])}}
	if n := rep.Merged(mr); n != 1 || rep.Added() != 1 || !slices.Equal(rep.Duplicates, []int{0}) || len(rep.IDsDropped) != 0 {
		t.Errorf("merged %d: %+v, want a added no more, a duplicate", n, rep)
	}
	if rep.Merged(nil) != 0 || rep.Added() != 1 {
		t.Error("no merge changed the report")
	}
}
