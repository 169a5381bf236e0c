package catalogue

import "github.com/uricat/uricat/catalogue/ssd3"

// Shorthands for tests that add, change and delete one record at a time.

func testAdd(c *Catalogue, r *ssd3.Record) (*ssd3.Record, error) {
	if _, err := c.Apply(Add{Records: []*ssd3.Record{r}, AllowDuplicates: true}); err != nil {
		return nil, err
	}
	return c.records[len(c.records)-1], nil
}

func testUpdate(c *Catalogue, old, r *ssd3.Record) (*ssd3.Record, error) {
	if _, err := c.Apply(Set{Ref: old.Ref(), Fields: ssd3.Diff(old, r)}); err != nil {
		return nil, err
	}
	return c.Lookup(old.Ref()), nil
}

func testDelete(c *Catalogue, r *ssd3.Record) error {
	_, err := c.Apply(Delete{Refs: []Ref{r.Ref()}})
	return err
}

// apply applies e to c and records it for undo, as ApplyDescribed does,
// with a description known beforehand.
func (h *History) apply(c *Catalogue, e Edit, what string) error {
	return h.ApplyDescribed(c, e, func() string { return what })
}
