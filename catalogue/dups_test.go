package catalogue

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/dupset"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/cputime"
)

const dupsFile = "URI: https://www.example.org/a/\r\nNAME: A\r\nDATE: 02/01/2020 03:04:05\r\nRATING: 2\r\nDESCRIPTION: first\r\nX-TAGS: go, web\r\nX-FEED: https://example.org/feed\r\n\r\n" +
	"URI: https://example.org/b\r\nNAME: B\r\nDATE: 02/01/2020 03:04:05\r\n\r\n" +
	"URI: http://example.org/a?utm_source=rss\r\nNAME: A again\r\nDATE: 01/01/2019 00:00:00\r\nRATING: 5\r\nCATEGORY: Web\r\nDESCRIPTION: second\r\nX-TAGS: Web, news\r\nX-FEED: https://example.org/atom\r\nX-NOTE: keep me\r\nID: 9\r\n\r\n" +
	"URI: https://example.org/b/#top\r\nNAME: B again\r\nDATE: 02/01/2020 03:04:05\r\nX-ADDED: 03/03/2003 03:03:03\r\n\r\n" +
	"URI: https://example.org/a?id=1\r\nNAME: another page\r\nDATE: 02/01/2020 03:04:05\r\n\r\n" +
	"URI: https://example.org/a\r\nNAME: A third\r\nDATE: 02/01/2020 03:04:05\r\nDESCRIPTION: first\r\n"

func readDups(t *testing.T) *Catalogue {
	t.Helper()
	c, err := Read(strings.NewReader(dupsFile))
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Problems()) > 0 {
		t.Fatalf("problems: %v", c.Problems())
	}
	return c
}

func names(recs []*ssd3.Record) []string {
	var out []string
	for _, r := range recs {
		out = append(out, r.Name())
	}
	return out
}

// TestDuplicates: records that share a loose key are a group, in file
// order; a record alone with its key is in none.
func TestDuplicates(t *testing.T) {
	groups := dupset.Duplicates(readDups(t).Records())
	if len(groups) != 2 || !slices.Equal(names(groups[0]), []string{"A", "A again", "A third"}) || !slices.Equal(names(groups[1]), []string{"B", "B again"}) {
		var got [][]string
		for _, g := range groups {
			got = append(got, names(g))
		}
		t.Fatalf("groups %q, want [A, A again, A third] [B, B again]", got)
	}
}

// TestMergeRecords: the merged record keeps the first's URI and NAME,
// takes the highest rating, the first category, every description and
// tag once, every X- field (a second value of one goes to the
// description, noted), and X-ADDED the earliest added date.
func TestMergeRecords(t *testing.T) {
	c := readDups(t)
	groups := dupset.Duplicates(c.Records())
	m, notes := dupset.MergeRecords(groups[0])
	want := map[string]string{
		ssd3.FieldURI: "https://www.example.org/a/", ssd3.FieldName: "A", ssd3.FieldRating: "5", ssd3.FieldCategory: "Web", ssd3.FieldID: "9",
		ssd3.FieldDescription: "first\nsecond\nX-FEED: https://example.org/atom",
	}
	for name, v := range want {
		if got := ssd3.GetField(m, name); got != v {
			t.Errorf("%s = %q, want %q", name, got, v)
		}
	}
	wantExt := []ssd3.Field{{Name: "X-TAGS", Value: "go, web, news"}, {Name: "X-FEED", Value: "https://example.org/feed"}, {Name: "X-NOTE", Value: "keep me"}, {Name: "X-ADDED", Value: "01/01/2019 00:00:00"}}
	if got := m.Extensions(); !slices.Equal(got, wantExt) {
		t.Errorf("extensions %q, want %q", got, wantExt)
	}
	wantNotes := []string{
		`NAME "A again" of line 13 not kept`,
		"X-FEED of line 13 differs from the one kept; its value goes to the description",
		`NAME "A third" of line 33 not kept`,
	}
	if len(notes) != len(wantNotes) {
		t.Errorf("notes %q, want %q", notes, wantNotes)
	}
	for i := range min(len(notes), len(wantNotes)) {
		if !strings.Contains(notes[i], wantNotes[i]) {
			t.Errorf("note %d %q, want %q", i, notes[i], wantNotes[i])
		}
	}
	if groups[0][0].Rating() != 2 || groups[0][0].Extension("X-ADDED") != "" {
		t.Error("MergeRecords changed the records it merged")
	}
	if ps := m.Validate(); len(ps) > 0 {
		t.Errorf("merged record invalid: %v", ps)
	}

	// The earliest added date may be an X-ADDED.
	m, _ = dupset.MergeRecords(groups[1])
	if got := m.Extension(ssd3.FieldAdded); got != "03/03/2003 03:03:03" {
		t.Errorf("X-ADDED %q, want B again's 03/03/2003 03:03:03", got)
	}
}

// TestMergeEdit: merging is one edit: the kept records amended and
// stamped, the others gone; undone, the file is byte for byte as it was.
func TestMergeEdit(t *testing.T) {
	c := readDups(t)
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	c.Now = func() time.Time { return now }
	before := snapshotText(t, c)
	edit, _ := MergeEdit(dupset.Duplicates(c.Records()))
	v := c.Version()
	inv, err := c.Apply(edit)
	if err != nil {
		t.Fatal(err)
	}
	if c.Version() != v+1 {
		t.Errorf("version %d after the merge, want %d: one edit", c.Version(), v+1)
	}
	if got := names(c.Records()); !slices.Equal(got, []string{"A", "B", "another page"}) {
		t.Fatalf("records after the merge %q", got)
	}
	a := c.Records()[0]
	if !a.Date().Equal(now) || a.Rating() != 5 || a.Extension(ssd3.FieldAdded) != "01/01/2019 00:00:00" {
		t.Errorf("kept record: DATE %v, rating %d, X-ADDED %q", a.Date(), a.Rating(), a.Extension(ssd3.FieldAdded))
	}
	if dupset.Duplicates(c.Records()) != nil {
		t.Error("duplicates left after the merge")
	}
	if _, err := c.Apply(inv); err != nil {
		t.Fatal(err)
	}
	if after := snapshotText(t, c); after != before {
		t.Errorf("undone merge:\n%s\nwant\n%s", after, before)
	}
}

func snapshotText(t *testing.T, c *Catalogue) string {
	t.Helper()
	var b strings.Builder
	if _, err := c.Snapshot().WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// BenchmarkDuplicates groups 100,000 records, 5,000 of them loose
// spellings of others (www., http, a tracking parameter): `uricat dups`.
func BenchmarkDuplicates(b *testing.B) {
	c, err := Read(strings.NewReader(generate(95000)))
	if err != nil {
		b.Fatal(err)
	}
	recs := c.Records()
	for i := range 5000 {
		u := strings.Replace(recs[i*19].URI(), "https://www.", "http://", 1) + "?utm_source=x"
		recs = append(recs, ssd3.NewRecord(ssd3.Values{URI: u, Name: "again"}))
	}
	b.ResetTimer()
	start := cputime.Used()
	for b.Loop() {
		if g := dupset.Duplicates(recs); len(g) != 5000 {
			b.Fatalf("%d groups, want 5000", len(g))
		}
	}
	cputime.Report(b, start)
}

// The record a merge of duplicates keeps is the one with the cleanest
// spelling of the page, wherever it is in the group.
func TestCleanest(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		uris []string
		want int
	}{
		{[]string{"https://www.example.org/a/?utm_source=rss", "https://example.org/a"}, 1},
		{[]string{"http://example.org/a", "https://example.org/a"}, 1},
		{[]string{"https://example.org/a#top", "https://example.org/a/"}, 1},
		{[]string{"https://example.org/a?fbclid=1", "http://example.org/a"}, 1},
		{[]string{"https://example.org/a?b=1&a=2", "https://example.org/a?a=2&b=1&utm_medium=x"}, 0},
		{[]string{"https://example.org/a", "https://example.org/a"}, 0}, // equals: the first
		{[]string{"https://www.example.org/a/", "https://example.org/a?utm_campaign=z", "https://example.org/a/"}, 2},
	} {
		var text strings.Builder
		for _, u := range tc.uris {
			text.WriteString("URI: " + u + "\r\nDATE: 02/01/2020 03:04:05\r\n\r\n")
		}
		c, err := Read(strings.NewReader(text.String()))
		if err != nil {
			t.Fatal(err)
		}
		recs := c.Records()
		if got := dupset.Cleanest(recs); got != tc.want {
			t.Errorf("Cleanest(%q) = %d, want %d", tc.uris, got, tc.want)
		}
		kept := dupset.KeepFirst(recs, tc.want)
		if kept[0] != recs[tc.want] || len(kept) != len(recs) {
			t.Errorf("KeepFirst(%q, %d) puts %q first", tc.uris, tc.want, kept[0].URI())
		}
	}
}
