package catalogue

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// A key index built from an older snapshot is not installed: it would miss
// what changed since.
func TestUseKeyIndexOnlyForItsVersion(t *testing.T) {
	c, err := Read(strings.NewReader(messy))
	if err != nil {
		t.Fatal(err)
	}
	ki := c.Snapshot().KeyIndex()
	if _, err := c.Apply(Add{Records: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://later/", Name: "later"})}}); err != nil {
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

// An edit stamps DATE (SSD3 3.3), but the time the bookmark was added is
// the user's: the first edit keeps it as X-ADDED, later ones leave that
// alone, undo takes it away again byte for byte, and a Set that changes no
// value is no edit at all.
func TestSetKeepsTheTimeAdded(t *testing.T) {
	const added = "19/05/2016 19:43:55"
	const file = "URI: http://a/\r\nNAME: A\r\nDATE: " + added + "\r\nRATING: 3\r\nX-LAST-MODIFIED: 19/05/2016 19:43:55\r\n"
	noDate := "URI: http://a/\r\nNAME: A\r\nDATE: 31/02/2016 00:00:00\r\n" // not a date
	then := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		name    string
		file    string
		edits   [][]ssd3.Field // applied in turn; the last is checked
		err     error
		date    string // DATE after
		xAdded  string // X-ADDED after
		addedAt string // Record.Added after
	}{
		{"rate", file, [][]ssd3.Field{{{Name: ssd3.FieldRating, Value: "5"}}}, nil, "01/03/2026 12:00:00", added, added},
		{"rate twice", file, [][]ssd3.Field{{{Name: ssd3.FieldRating, Value: "5"}}, {{Name: ssd3.FieldRating, Value: "4"}}}, nil, "01/03/2026 12:00:01", added, added},
		{"category", file, [][]ssd3.Field{{{Name: ssd3.FieldCategory, Value: "News"}}}, nil, "01/03/2026 12:00:00", added, added},
		{"a DATE typed moves it too", file, [][]ssd3.Field{{{Name: ssd3.FieldDate, Value: "01/01/2020 00:00:00"}}}, nil, "01/01/2020 00:00:00", added, added},
		{"X-ADDED typed is the user's", file, [][]ssd3.Field{{{Name: ssd3.FieldName, Value: "B"}, {Name: ssd3.FieldAdded, Value: "01/01/2000 00:00:00"}}}, nil, "01/03/2026 12:00:00", "01/01/2000 00:00:00", "01/01/2000 00:00:00"},
		{"the rating it has", file, [][]ssd3.Field{{{Name: ssd3.FieldRating, Value: "3"}}}, ErrUnchanged, added, "", added},
		{"the name it has", file, [][]ssd3.Field{{{Name: ssd3.FieldName, Value: "A"}, {Name: ssd3.FieldCategory, Value: ""}}}, ErrUnchanged, added, "", added},
		{"the DATE it has", file, [][]ssd3.Field{{{Name: ssd3.FieldDate, Value: added}}}, ErrUnchanged, added, "", added},
		{"the same value after an edit", file, [][]ssd3.Field{{{Name: ssd3.FieldRating, Value: "5"}}, {{Name: ssd3.FieldRating, Value: "5"}}}, ErrUnchanged, "01/03/2026 12:00:00", added, added},
		{"no valid DATE: stamped, nothing to keep", noDate, [][]ssd3.Field{nil}, nil, "01/03/2026 12:00:00", "", "01/03/2026 12:00:00"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := mustRead(t, tt.file)
			clock := then
			c.Now = func() time.Time { clock = clock.Add(time.Second); return clock.Add(-time.Second) }
			var h History
			var err error
			var before string
			for _, fields := range tt.edits {
				before = text(t, c)
				err = h.apply(c, Set{Ref: c.Records()[0].Ref(), Fields: fields}, "set")
			}
			if !errors.Is(err, tt.err) {
				t.Fatalf("Set: %v, want %v", err, tt.err)
			}
			r := c.Records()[0]
			if got := ssd3.GetField(r, ssd3.FieldDate); got != tt.date {
				t.Errorf("DATE %q, want %q", got, tt.date)
			}
			if got := r.Extension(ssd3.FieldAdded); got != tt.xAdded {
				t.Errorf("X-ADDED %q, want %q", got, tt.xAdded)
			}
			if got := ssd3.FormatDate(r.Added()); got != tt.addedAt {
				t.Errorf("Added %q, want %q", got, tt.addedAt)
			}
			if got := text(t, c); err != nil && got != before {
				t.Errorf("a Set that changed nothing changed the text:\n%q\nwant\n%q", got, before)
			}
			undo, _ := h.Len()
			if undo != len(tt.edits)-btoi(err != nil) {
				t.Errorf("%d steps to undo after %d edits", undo, len(tt.edits))
			}
			for range undo {
				if _, err := h.Undo(c); err != nil {
					t.Fatal(err)
				}
			}
			if got := text(t, c); got != tt.file {
				t.Errorf("undone:\n%q\nwant the file as read:\n%q", got, tt.file)
			}
		})
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// Record.Changed is DATE only once X-ADDED says DATE is no longer the time
// the record was added.
func TestAddedAndChanged(t *testing.T) {
	for _, tt := range []struct {
		file, added, changed string
	}{
		{"URI: http://a/\r\nNAME: A\r\nDATE: 01/01/2020 00:00:00\r\n", "01/01/2020 00:00:00", ""},
		{"URI: http://a/\r\nNAME: A\r\nDATE: 01/01/2020 00:00:00\r\nX-ADDED: 01/01/2016 10:00:00\r\n", "01/01/2016 10:00:00", "01/01/2020 00:00:00"},
		{"URI: http://a/\r\nNAME: A\r\nDATE: 01/01/2020 00:00:00\r\nX-ADDED: last year\r\n", "01/01/2020 00:00:00", ""},
	} {
		r := mustRead(t, tt.file).Records()[0]
		changed := ""
		if !r.Changed().IsZero() {
			changed = ssd3.FormatDate(r.Changed())
		}
		if got := ssd3.FormatDate(r.Added()); got != tt.added || changed != tt.changed {
			t.Errorf("%q: added %q, changed %q; want %q, %q", tt.file, got, changed, tt.added, tt.changed)
		}
	}
}

// An Add carries its policy: on a URI taken, fail (the default), skip or
// allow; on an ID taken, fail (the default) or drop it. Its Report says
// what it did with each record, by index (issue 23: one import gate).
func TestAddPolicies(t *testing.T) {
	const there = "URI: https://a.example/\r\nNAME: A\r\nDATE: 01/01/2020 00:00:00\r\nID: 7\r\n"
	recs := func() []*ssd3.Record {
		return []*ssd3.Record{
			ssd3.NewRecord(ssd3.Values{URI: "https://A.example:443/", Name: "A again"}), // 0: in the catalogue
			ssd3.NewRecord(ssd3.Values{URI: "https://b.example/", Name: "B", ID: "7"}),  // 1: ID taken
			ssd3.NewRecord(ssd3.Values{URI: "https://b.example", Name: "B again"}),      // 2: twice in the Add
			ssd3.NewRecord(ssd3.Values{URI: "https://c.example/", Name: "C", ID: "8"}),  // 3: new
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
	if err := c.DryRun(Add{Records: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://new.example/", Name: "new"})}, Report: &rep}); err != nil || rep.Added() != 1 {
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
	if _, err := c.Apply(Add{Records: []*ssd3.Record{
		ssd3.NewRecord(ssd3.Values{URI: "https://a.example/", Name: "A", ID: "3"}),
		ssd3.NewRecord(ssd3.Values{URI: "https://b.example/", Name: "B"}),
	}, OnDuplicate: DupSkip, OnTakenID: IDDrop, Report: &rep}); err != nil {
		t.Fatal(err)
	}
	rep.IDsDropped = []int{0} // as if: the report forgets it with the record
	mr := &MergeReport{Duplicates: []*ssd3.Record{c.Lookup(rep.Refs[0])}}
	if n := rep.Merged(mr); n != 1 || rep.Added() != 1 || !slices.Equal(rep.Duplicates, []int{0}) || len(rep.IDsDropped) != 0 {
		t.Errorf("merged %d: %+v, want a added no more, a duplicate", n, rep)
	}
	if rep.Merged(nil) != 0 || rep.Added() != 1 {
		t.Error("no merge changed the report")
	}
}

// TestAddLookAlikes: a record whose URI is another's spelt loosely
// (LooseURIKey) is added, and the report says which it looks like: one
// of the catalogue (with its line), or one added before it.
func TestAddLookAlikes(t *testing.T) {
	c, err := Read(strings.NewReader("URI: https://www.example.org/a/\r\nNAME: A\r\nDATE: 02/01/2020 03:04:05\r\n\r\nURI: https://example.org/b\r\nNAME: B\r\nDATE: 02/01/2020 03:04:05\r\n"))
	if err != nil {
		t.Fatal(err)
	}
	recs := []*ssd3.Record{
		ssd3.NewRecord(ssd3.Values{URI: "http://example.org/a#intro", Name: "A again"}),
		ssd3.NewRecord(ssd3.Values{URI: "https://example.org/c", Name: "C"}),
		ssd3.NewRecord(ssd3.Values{URI: "https://example.org/c/?utm_source=rss", Name: "C again"}),
		ssd3.NewRecord(ssd3.Values{URI: "https://example.org/b", Name: "B exactly"}), // skipped: the exact key is taken
		ssd3.NewRecord(ssd3.Values{URI: "https://example.org/a?id=1", Name: "another page"}),
	}
	var rep AddReport
	if _, err := c.Apply(Add{Records: recs, OnDuplicate: DupSkip, Report: &rep}); err != nil {
		t.Fatal(err)
	}
	if rep.Added() != 4 || !slices.Equal(rep.Duplicates, []int{3}) {
		t.Fatalf("report %+v: want 4 added, record 3 skipped", rep)
	}
	if len(rep.LookAlikes) != 2 {
		t.Fatalf("look-alikes %+v, want 2", rep.LookAlikes)
	}
	if l := rep.LookAlikes[0]; l.Index != 0 || l.Like.Name() != "A" || l.Like.Line() != 1 {
		t.Errorf("first look-alike: record %d like %q line %d, want 0 like A line 1", l.Index, l.Like.Name(), l.Like.Line())
	}
	if l := rep.LookAlikes[1]; l.Index != 2 || l.Like.Name() != "C" {
		t.Errorf("second look-alike: record %d like %q, want 2 like C", l.Index, l.Like.Name())
	}
}
