package assets

import (
	"bytes"
	"slices"
	"testing"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/query"
)

// The sample is a conforming catalogue: it is what a new user sees first.
func TestSampleCatalogueConforms(t *testing.T) {
	c, err := catalogue.Read(bytes.NewReader(SampleCatalogue))
	if err != nil {
		t.Fatal(err)
	}
	if ps := c.Problems(); len(ps) > 0 {
		t.Errorf("sample has problems: %v", ps)
	}
	if n := len(c.Valid()); n < 10 {
		t.Errorf("%d valid records, want a dozen", n)
	}
	names := map[string]bool{}
	for _, r := range c.Valid() {
		names[r.Name()] = true
	}
	if !names["Köln – Wikipedia"] || !names["東京都 - Wikipedia"] {
		t.Errorf("encoded-word names not decoded: %v", names)
	}
}

// The README offers the sample to try searches on: its tags are X-TAGS
// (names are case-sensitive, SSD3 2.1.3), so tag: finds them.
func TestSampleTagsAreTags(t *testing.T) {
	c, err := catalogue.Read(bytes.NewReader(SampleCatalogue))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		search string
		want   string // a name found
	}{
		{"tag:golang", "The Go Programming Language"},
		{"tag:tui", "Bubble Tea"},
	}
	for _, tt := range tests {
		q, err := query.Parse(tt.search)
		if err != nil {
			t.Fatal(err)
		}
		var found []string
		for _, r := range query.Filter(c.Valid(), q) {
			found = append(found, r.Name())
		}
		if !slices.Contains(found, tt.want) {
			t.Errorf("%s on the sample finds %q, want %q among them", tt.search, found, tt.want)
		}
	}
}
