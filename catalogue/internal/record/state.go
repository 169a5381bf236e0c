package record

// State is what a record holds but its identity and the owner of its
// side struct: what the catalogue's tests compare records by (a Record
// itself must not be copied, see noCopy).
type State struct {
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

// StateOf returns r's State.
func StateOf(r *Record) State {
	s := State{Raw: r.raw, Spans: r.spans, Accepted: r.accepted, Line: r.line, Rating: r.rating, Flags: r.flags,
		Invalid: r.invalid, AllowDup: r.allowDup, Date: r.date}
	if r.more != nil {
		s.More, s.HasMore = *r.more, true
		s.More.owner = nil
	}
	return s
}
