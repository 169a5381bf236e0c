package importers

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
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
	if _, err := c.Apply(catalogue.Add{Records: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "https://b.example/", Name: "B by hand"}), ssd3.NewRecord(ssd3.Values{URI: "https://c.example/", Name: "C", ID: "7"})}}); err != nil {
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

// A format that needs more than a stream opens its source by path
// (Format.Open): ReadFile reads through it and closes what it opened; a
// format without Open is read as a stream of the file, dated by it.
func TestReadFileOpensByPath(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "places")
	os.Mkdir(path, 0o755) // a directory: no stream could read it
	var gotPath string
	var closed bool
	byPath := Format{Name: "bypath", Open: func(p string, opts Options) (Reader, io.Closer, error) {
		gotPath = p
		r := &sliceReader{recs: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "https://a.example/", Name: "A", Date: opts.FileDate})}}
		return r, closerFunc(func() error { closed = true; return nil }), nil
	}}
	p := NewPlan(false)
	s, err := p.ReadFile(context.Background(), byPath, path, ReadConfig{})
	if err != nil || s.Imported != 1 || s.Source != path || gotPath != path || !closed {
		t.Fatalf("ReadFile by Open: %v, %+v; opened %q, closed %v", err, s, gotPath, closed)
	}
	if info, _ := os.Stat(path); !p.Records()[0].Date().Equal(info.ModTime()) {
		t.Errorf("FileDate %v, want the directory's time %v", p.Records()[0].Date(), info.ModTime())
	}
	if _, err := p.ReadFile(context.Background(), lineFormat, path, ReadConfig{}); !errors.Is(err, catalogue.ErrNotRegular) {
		t.Errorf("streaming a directory: %v, want ErrNotRegular", err)
	}
	file := filepath.Join(dir, "in.txt")
	os.WriteFile(file, []byte("https://b.example/|B\n"), 0o644)
	old := time.Date(2021, 3, 4, 5, 6, 7, 0, time.UTC)
	os.Chtimes(file, old, old)
	s, err = p.ReadFile(context.Background(), lineFormat, file, ReadConfig{Source: "in"})
	if err != nil || s.Imported != 1 || s.Source != "in" || !p.Records()[1].Date().Equal(old) {
		t.Fatalf("ReadFile streaming: %v, %+v, date %v", err, s, p.Records()[1].Date())
	}
	sums := p.Summaries(catalogue.AddReport{})
	if len(sums) != 2 || sums[0].Imported != 1 || sums[1].Imported != 1 {
		t.Errorf("summaries %v", sums)
	}
}

type closerFunc func() error

func (f closerFunc) Close() error { return f() }

// The summaries of an import come from what its edit did, and what the
// save's merge did: a record another program added between the plan's
// edit and its save is a duplicate of its file's summary, not imported
// (the CLI corrected its summary after the save, and missed these).
func TestSummariesCountTheSavesDuplicates(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.uricat")
	os.WriteFile(path, []byte("URI: https://a.example/\r\nNAME: A\r\nDATE: 01/01/2020 00:00:00\r\n"), 0o644)
	c, err := catalogue.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	p := NewPlan(false)
	for _, in := range []string{"https://a.example/|A\nhttps://b.example/|B\n", "https://c.example/|C|7\nhttps://b.example/|B\n"} {
		if _, err := p.Read(context.Background(), lineFormat, strings.NewReader(in), ReadConfig{Source: in[8:9]}); err != nil {
			t.Fatal(err)
		}
	}
	var rep catalogue.AddReport
	add := p.Edit()
	add.Report = &rep
	if _, err := c.Apply(add); err != nil {
		t.Fatal(err)
	}
	// Meanwhile another program adds c, with ID 7.
	other, err := catalogue.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	other.Apply(catalogue.Add{Records: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "https://c.example/", Name: "C", ID: "7"})}})
	if err := other.Save(); err != nil {
		t.Fatal(err)
	}
	mr, err := c.SaveReport()
	if err != nil {
		t.Fatal(err)
	}
	if n := rep.Merged(mr); n != 1 {
		t.Fatalf("merged %d duplicates, want 1 (%+v)", n, mr)
	}
	var got []string
	for _, s := range p.Summaries(rep) {
		got = append(got, s.String())
	}
	want := []string{
		"a: imported 1 record, 1 record skipped as duplicates, 0 records skipped (lines)",
		"c: imported 0 records, 2 records skipped as duplicates, 0 records skipped (lines)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("summaries:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
