package importers

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/uricat/uricat/catalogue"
)

// importAndSave is what `uricat import FILE` does: a plan from the file as
// read, one edit, one save that merges whatever another process saved.
func importAndSave(path, input string) (added int, dropped int, err error) {
	c, err := catalogue.Open(path)
	if err != nil {
		return 0, 0, err
	}
	p := NewPlan(false)
	if _, err := p.Read(context.Background(), lineFormat, strings.NewReader(input), ReadConfig{Source: "in"}); err != nil {
		return 0, 0, err
	}
	var res catalogue.AddReport
	add := p.Edit()
	add.Report = &res
	if _, err := c.Apply(add); err != nil {
		return 0, 0, err
	}
	added = res.Added()
	rep, err := c.SaveReport()
	if rep != nil {
		dropped = len(rep.Duplicates)
	}
	return added, dropped, err
}

// TestConcurrentImportsOfOneFileAddEachRecordOnce: two imports of the same
// file at the same time, ten times over; the second save finds the first's
// records and does not add them twice.
func TestConcurrentImportsOfOneFileAddEachRecordOnce(t *testing.T) {
	var in strings.Builder
	for i := range 200 {
		fmt.Fprintf(&in, "https://example.org/page/%d|Page %d\n", i, i)
	}
	for trial := range 10 {
		path := filepath.Join(t.TempDir(), "c.uricat")
		os.WriteFile(path, []byte("URI: https://example.org/page/7\r\nNAME: Already there\r\nDATE: 01/01/2020 00:00:00\r\n"), 0o644)
		var wg sync.WaitGroup
		results := make([][3]int, 2)
		errs := make([]error, 2)
		for i := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				a, d, err := importAndSave(path, in.String())
				results[i], errs[i] = [3]int{a, d}, err
			}()
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				t.Fatalf("trial %d: %v", trial, err)
			}
		}
		c, err := catalogue.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		if trial == 0 {
			t.Logf("imports (added, dropped by the merge): %v", results)
		}
		seen := map[string]int{}
		for _, r := range c.Valid() {
			seen[r.URI()]++
		}
		if len(c.Valid()) != 200 || len(seen) != 200 {
			t.Fatalf("trial %d: %d records for %d URIs, want 200 once each (imports: %v)", trial, len(c.Valid()), len(seen), results)
		}
	}
}

// TestPlanEditSeesWhatChangedSinceThePlan: records the catalogue got after
// the plan was made are left out, IDs it got meanwhile are dropped.
func TestPlanEditSeesWhatChangedSinceThePlan(t *testing.T) {
	c := catalogueOf(t, "")
	p := NewPlan(false)
	if _, err := p.Read(context.Background(), lineFormat, strings.NewReader("https://a.example/|A|7\nhttps://b.example/|B\n"), ReadConfig{Source: "in"}); err != nil {
		t.Fatal(err)
	}
	// Meanwhile the user adds b, and a record with ID 7.
	if _, err := c.Apply(catalogue.Add{Records: []*catalogue.Record{catalogue.NewRecord(catalogue.Values{URI: "https://b.example/", Name: "B by hand"}), catalogue.NewRecord(catalogue.Values{URI: "https://c.example/", Name: "C", ID: "7"})}}); err != nil {
		t.Fatal(err)
	}
	var out catalogue.AddReport
	add := p.Edit()
	add.Report = &out
	if _, err := c.Apply(add); err != nil {
		t.Fatal(err)
	}
	if out.Added() != 1 || len(out.Duplicates) != 1 || len(out.IDsDropped) != 1 {
		t.Fatalf("outcome %+v, want 1 added, 1 duplicate, 1 ID dropped", out)
	}
	if got := c.FindURI("https://a.example/"); len(got) != 1 || got[0].ID() != "" {
		t.Errorf("a: %v", got)
	}
	if p.Records()[0].ID() != "7" {
		t.Error("Edit changed the plan's own record")
	}
}
