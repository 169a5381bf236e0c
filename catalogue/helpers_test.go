package catalogue

// Shorthands for tests that add, change and delete one record at a time.

func testAdd(c *Catalogue, r *Record) (*Record, error) {
	if _, err := c.Apply(Add{Records: []*Record{r}, AllowDuplicates: true}); err != nil {
		return nil, err
	}
	return c.records[len(c.records)-1], nil
}

func testUpdate(c *Catalogue, old, r *Record) (*Record, error) {
	if _, err := c.Apply(Set{Ref: old.Ref(), Fields: Diff(old, r)}); err != nil {
		return nil, err
	}
	return c.Lookup(old.Ref()), nil
}

func testDelete(c *Catalogue, r *Record) error {
	_, err := c.Apply(Delete{Refs: []Ref{r.Ref()}})
	return err
}

// recordState is what a record holds but its identity and the owner of
// its side struct: what tests compare records by (a Record itself must
// not be copied, see noCopy).
type recordState struct {
	Raw      string
	Spans    [numStr]uint16
	Accepted uint16
	Line     int32
	Rating   uint8
	Flags    recordFlags
	Invalid  bool
	AllowDup bool
	Date     int64
	More     recordMore
	HasMore  bool
}

func recordStateOf(r *Record) recordState {
	s := recordState{Raw: r.raw, Spans: r.spans, Accepted: r.accepted, Line: r.line, Rating: r.rating, Flags: r.flags,
		Invalid: r.invalid, AllowDup: r.allowDup, Date: r.date}
	if r.more != nil {
		s.More, s.HasMore = *r.more, true
		s.More.owner = nil
	}
	return s
}

// apply applies e to c and records it for undo, as ApplyDescribed does,
// with a description known beforehand.
func (h *History) apply(c *Catalogue, e Edit, what string) error {
	return h.ApplyDescribed(c, e, func() string { return what })
}
