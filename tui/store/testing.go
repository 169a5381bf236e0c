package store

// SetStateForTest puts the store in st as if its save life had led there,
// without the I/O that does: for the root's model tests of what a state
// shows and asks.
func (s *Store) SetStateForTest(st State) { s.state = st }
