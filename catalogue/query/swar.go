package query

import "github.com/uricat/uricat/internal/printable"

// Eight bytes at a time (SWAR: SIMD within a register): folding and
// fuzzy matching look at ASCII text a machine word at a time.

// loadPadded returns the eight bytes of s from i on as printable.Load
// does, or as many as s has, the rest 0.
func loadPadded(s string, i int) uint64 {
	if i+8 <= len(s) {
		return printable.Load(s, i)
	}
	var w uint64
	for k := len(s) - 1; k >= i; k-- {
		w = w<<8 | uint64(s[k])
	}
	return w
}

// SWAR constants: a one, and the high bit, in each of eight bytes.
const (
	swarOnes  = 0x0101010101010101
	swarHighs = 0x8080808080808080
)

// atLeast gives each byte of w (all below 0x80) whose value is at least
// c (1 to 0x80) its high bit: adding 0x80-c to it carries into no other.
func atLeast(w uint64, c byte) uint64 {
	return (w + swarOnes*uint64(0x80-c)) & swarHighs
}

// wordBytes gives each byte of w (all ASCII) that is a letter or digit,
// as asciiWord tells them, its high bit. A byte with its 0x20 bit set is
// a lower case letter just when it was a letter of either case.
func wordBytes(w uint64) uint64 {
	lower := w | swarOnes*0x20
	return atLeast(w, '0')&^atLeast(w, '9'+1) | atLeast(lower, 'a')&^atLeast(lower, 'z'+1)
}

// equalBytes gives each byte of w (all ASCII) equal to c (ASCII) its
// high bit: their exclusive or is 0, the only byte adding 0x7f to which
// leaves the high bit clear.
func equalBytes(w uint64, c byte) uint64 {
	x := w ^ swarOnes*uint64(c)
	return ^(x + swarOnes*0x7f) & swarHighs
}

// gatherHighs packs the high bits of the eight bytes of m (its only bits)
// into its low eight bits, byte i's as bit i: each lands in the top byte
// of the product by a term of its own, and no two terms meet.
func gatherHighs(m uint64) uint64 {
	return (m >> 7) * 0x0102040810204080 >> 56
}
