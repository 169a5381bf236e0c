package query

import "testing"

// TestSWAR: eight bytes at a time, each ASCII byte in each place is told
// a word's as asciiWord tells it and equal to just its own value, whatever
// its neighbours, and the high bits land at the bytes' places.
func TestSWAR(t *testing.T) {
	for c := range 0x80 {
		// Neighbours of every kind: letters, a space, a digit, DEL, NUL,
		// and the bytes next to the letters.
		for place, fill := range placesAndFills() {
			var b [8]byte
			for i := range b {
				b[i] = fill
			}
			b[place] = byte(c)
			s := string(b[:])
			w := loadPadded(s, 0)
			for i := range 8 {
				if got, want := gatherHighs(wordBytes(w))>>i&1 == 1, asciiWord[b[i]]; got != want {
					t.Fatalf("wordBytes(%q): byte %d a word's: %v, want %v", s, i, got, want)
				}
				for _, x := range []byte{byte(c), 'a', '0', 0} {
					if got, want := gatherHighs(equalBytes(w, x))>>i&1 == 1, b[i] == x; got != want {
						t.Fatalf("equalBytes(%q, %q): byte %d equal: %v, want %v", s, x, i, got, want)
					}
				}
			}
			if short := loadPadded(s[:place], 0); short != w&(1<<(8*place)-1) {
				t.Fatalf("loadPadded(%q) = %#x, want the low %d bytes of %#x", s[:place], short, place, w)
			}
		}
	}
}

// placesAndFills yields each place in eight bytes with each neighbour.
func placesAndFills() func(func(int, byte) bool) {
	return func(yield func(int, byte) bool) {
		for place := range 8 {
			for _, fill := range []byte{'z', 'A', ' ', '9', 0x7f, 0, '@', '[', '`', '{'} {
				if !yield(place, fill) {
					return
				}
			}
		}
	}
}
