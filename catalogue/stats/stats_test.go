package stats

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/uricat/uricat/catalogue/ssd3"
)

func TestOf(t *testing.T) {
	var recs []*ssd3.Record
	for _, v := range []ssd3.Values{
		{URI: "https://a.example/", Name: "a", Category: "Programming/Go", Rating: 5},
		{URI: "https://b.example/", Name: "b", Category: "Programming", Rating: 5},
		{URI: "https://c.example/", Name: "c", Category: "News"},
		{URI: "https://d.example/", Name: "d"},
	} {
		recs = append(recs, ssd3.NewRecord(v))
	}
	s := Of(recs)
	if s.Records != 4 || s.Valid != 4 || s.Invalid != 0 {
		t.Errorf("records %d, valid %d, invalid %d; want 4, 4, 0", s.Records, s.Valid, s.Invalid)
	}
	want := []Count{{"Programming", 2}, {"News", 1}, {"", 1}}
	if len(s.Categories) != len(want) {
		t.Fatalf("categories %v, want %v", s.Categories, want)
	}
	for i := range want {
		if s.Categories[i] != want[i] {
			t.Errorf("categories %v, want %v", s.Categories, want)
		}
	}
	if s.Ratings[0] != (Count{"5", 2}) || s.Ratings[5] != (Count{"unrated", 2}) {
		t.Errorf("ratings %v", s.Ratings)
	}
}

// TestBarsFitTheWidth: every line of a chart is as wide as asked, the
// largest count has the longest bar and a count of 1 still shows.
func TestBarsFitTheWidth(t *testing.T) {
	counts := []Count{{"a very long category name that is cut", 1000}, {"b", 1}, {"c", 0}}
	for _, w := range []int{20, 80, 120} {
		var b strings.Builder
		Bars(&b, counts, w, Hashes)
		lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
		for _, l := range lines {
			if got := ansi.StringWidth(l); got > w && w >= 40 {
				t.Errorf("width %d: line %q is %d wide", w, l, got)
			}
		}
		if strings.Count(lines[1], "#") != 1 || strings.Count(lines[2], "#") != 0 || strings.Count(lines[0], "#") <= 1 {
			t.Errorf("width %d: bars\n%s", w, b.String())
		}
	}
}

// TestValuesTags: the tags of the valid records, each with its count,
// by name ignoring case; an invalid record's are not counted.
func TestValuesTags(t *testing.T) {
	t.Parallel()
	recs := []*ssd3.Record{
		ssd3.NewRecord(ssd3.Values{URI: "https://a.example/", Name: "a", Extensions: []ssd3.Field{{Name: ssd3.FieldTags, Value: "go,Web"}}}),
		ssd3.NewRecord(ssd3.Values{URI: "https://b.example/", Name: "b", Extensions: []ssd3.Field{{Name: ssd3.FieldTags, Value: "go"}}}),
	}
	got := Tags(recs)
	want := []Count{{"go", 2}, {"Web", 1}}
	if !slices.Equal(got, want) {
		t.Errorf("Tags = %v, want %v", got, want)
	}
}
