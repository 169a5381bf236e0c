package catalogue

import (
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
