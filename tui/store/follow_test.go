package store

import (
	"testing"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// apply applies e to o or fails the test.
func apply(t *testing.T, o *catalogue.Catalogue, e catalogue.Edit) {
	t.Helper()
	if _, err := o.Apply(e); err != nil {
		t.Fatal(err)
	}
}

// byName returns the Ref of o's record named name.
func byName(t *testing.T, o *catalogue.Catalogue, name string) catalogue.Ref {
	t.Helper()
	for _, r := range o.Records() {
		if r.Name() == name {
			return r.Ref()
		}
	}
	t.Fatalf("no record %q", name)
	return 0
}

// TestArrivedSaysWhatChanged: the status line's summary of another
// program's version.
func TestArrivedSaysWhatChanged(t *testing.T) {
	t.Parallel()
	s, _, _ := testStore(t, Saved)
	c := s.Catalogue()
	before := c.Records()
	rate := func(o *catalogue.Catalogue) {
		apply(t, o, catalogue.Set{Ref: byName(t, o, "Google"), Fields: []ssd3.Field{{Name: ssd3.FieldRating, Value: "3"}}})
	}
	add := func(o *catalogue.Catalogue) {
		apply(t, o, catalogue.Add{Records: []*ssd3.Record{
			ssd3.NewRecord(ssd3.Values{URI: "https://a.example/", Name: "a"}),
			ssd3.NewRecord(ssd3.Values{URI: "https://b.example/", Name: "b"})}})
	}
	for _, tc := range []struct {
		name   string
		change []func(*catalogue.Catalogue)
		want   string
	}{
		{"nothing", nil, ""},
		{"one changed", []func(*catalogue.Catalogue){rate}, "1 bookmark changed on disk"},
		{"two added", []func(*catalogue.Catalogue){add}, "2 bookmarks added on disk"},
		{"both", []func(*catalogue.Catalogue){add, rate}, "3 bookmarks changed on disk (2 added, 1 changed)"},
	} {
		for _, f := range tc.change {
			f(c)
		}
		if got := arrived(before, c.Records()); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.name, got, tc.want)
		}
		// Back to the fixture for the next case.
		if err := c.Reload(); err != nil {
			t.Fatal(err)
		}
		before = c.Records()
	}
}
