package assets

import (
	"bytes"
	"testing"

	"github.com/uricat/uricat/catalogue"
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
