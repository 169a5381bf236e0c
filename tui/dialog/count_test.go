package dialog

import (
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// TestCountTakesTheNewest: a count's answer is taken only when it is the
// newest count's: a recount that ends before an older one never lets the
// older catalogue's count show, and another Count's answer is not taken.
func TestCountTakesTheNewest(t *testing.T) {
	n := func(recs []*ssd3.Record) int { return len(recs) }
	c := NewCount(n)
	c.Later(make([]*ssd3.Record, 3))
	if c.Pending == nil || c.Updating {
		t.Fatal("Later should leave the count pending")
	}
	first := c.Start()
	if c.Pending == nil {
		t.Fatal("a count under way should stay pending until it is taken")
	}
	second := c.Again(make([]*ssd3.Record, 5)) // an edit while counting
	if c.Updating || len(c.Pending) != 5 {
		t.Fatalf("a recount before the first answer should keep the count pending, with the newer records: updating %v, pending %d", c.Updating, len(c.Pending))
	}
	if _, ok := c.Take(second()); !ok {
		t.Fatal("the newest answer should be taken")
	}
	if _, ok := c.Take(first()); ok {
		t.Fatal("an older answer arriving late should be dropped")
	}
	third := c.Again(make([]*ssd3.Record, 7))
	if !c.Updating || c.Pending != nil {
		t.Fatalf("a recount after an answer should be updating, not pending: updating %v, pending %v", c.Updating, c.Pending != nil)
	}
	if _, ok := NewCount(n).Take(third()); ok {
		t.Fatal("another count's answer should not be taken")
	}
	v, ok := c.Take(third())
	if !ok || v != 7 || c.Updating {
		t.Fatalf("Take = %d, %v, updating %v; want 7, true, false", v, ok, c.Updating)
	}
	if (&Count[int]{}).Start() != nil {
		t.Fatal("Start with nothing noted should have no command")
	}
}
