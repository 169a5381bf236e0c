// Package printable tells printable ASCII (0x20 to 0x7e) from the rest
// eight bytes at a time: the catalogue's reader tests every byte of a file
// with it, cleaning text for a terminal every byte it shows, and folding
// for search every byte of the text it folds.
package printable

import (
	"encoding/binary"
	"math/bits"
)

const ones, highs = 0x0101010101010101, 0x8080808080808080

// Word reports whether each of the eight bytes of w is printable ASCII:
// no control character, DEL, nor byte of 0x80 or above.
func Word(w uint64) bool { return Mask(w) == 0 }

// Mask returns w with the high bit set in each byte that is not printable
// ASCII, and perhaps in bytes above such a byte (a borrow's false alarm,
// which only a byte below it can cause): its lowest set bit is exact, so
// bits.TrailingZeros64(Mask(w))/8 is the index of the first such byte, in
// w's lowest byte first (Load's order). A scan that stops there need not
// look at the word again a byte at a time.
func Mask(w uint64) uint64 {
	lt20 := (w - ones*0x20) &^ w & highs // a byte below 0x20 (or a false alarm above one)
	x7f := w ^ (ones * 0x7f)
	is7f := (x7f - ones) &^ x7f & highs // a byte equal to 0x7f (likewise)
	return lt20 | is7f | w&highs
}

// ASCII reports whether each of the eight bytes of w is ASCII (below
// 0x80).
func ASCII(w uint64) bool { return w&highs == 0 }

// ASCIIString reports whether every byte of s is ASCII (below 0x80),
// testing eight at a time: search asks it of a field before it folds the
// field byte by byte.
func ASCIIString(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if !ASCII(Load(s, i)) {
			return false
		}
	}
	for ; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// Load returns the eight bytes of s from i on as a word for Word, the
// first in its lowest byte. s must hold them.
func Load(s string, i int) uint64 {
	return binary.LittleEndian.Uint64([]byte(s[i : i+8]))
}

// First returns the index of the first byte of s that is not printable
// ASCII (a control character, DEL, or any byte of 0x80 or above), or -1.
// It tests eight bytes at a time, and finds the byte in the word that
// holds one by its bit (Mask): the catalogue's reader runs it over every
// line of a file, and stops in most at their line break.
func First(s string) int {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if m := Mask(Load(s, i)); m != 0 {
			return i + bits.TrailingZeros64(m)/8
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return i
		}
	}
	return -1
}
