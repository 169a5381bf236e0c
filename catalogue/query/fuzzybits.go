package query

import (
	"math/bits"

	"github.com/uricat/uricat/internal/printable"
)

// fuzzySpanBits is the length of the tightest match fuzzyMatch finds of
// word in field (-1 if none), for a field of up to 64 bytes and a word of
// 2 to 16 bytes, all ASCII (ok false: they are not). Most NAMEs are such
// fields, and most words typed such words.
//
// The field becomes bit masks, bit j for byte j, eight bytes at a time:
// the bytes that are a word's, and those equal to each byte of word. Then,
// from each place where word's first byte starts a word of field, the
// places each next byte can take are found at once, all of them, as a
// mask: a word's start after the earliest place of the byte before, or a
// place within the same word as one of those places. The earliest place
// of the last byte ends the tightest match from that start. A match as
// tight as least is the tightest there can be: the search stops there.
func fuzzySpanBits(field, word string, least int) (span int, ok bool) {
	n := len(field)
	if n > 64 || len(word) < 2 || len(word) > 16 {
		return 0, false
	}
	for k := 0; k < len(word); k++ {
		if word[k] >= 0x80 {
			return 0, false
		}
	}
	// The bytes that are a word's, and word's first byte, first: most
	// fields have no word that starts with it, and need no more.
	var at [16]uint64 // the places of each byte of word
	var inWord uint64 // the bytes that are a word's
	for i := 0; i < n; i += 8 {
		w := loadPadded(field, i)
		if !printable.ASCII(w) {
			return 0, false
		}
		inWord |= gatherHighs(wordBytes(w)) << i
		at[0] |= gatherHighs(equalBytes(w, word[0])) << i
	}
	valid := ^uint64(0) >> (64 - n) // a shift by 64, for n = 0, gives 0
	starts := ^(inWord << 1) & valid
	if at[0]&starts == 0 {
		return -1, true
	}
	for i := 0; i < n; i += 8 {
		w := loadPadded(field, i)
		for k := 1; k < len(word); k++ {
			at[k] |= gatherHighs(equalBytes(w, word[k])) << i
		}
	}
	span = -1
	for first := at[0] & starts; first != 0; first &= first - 1 {
		s := bits.TrailingZeros64(first)
		places := uint64(1) << s
		for k := 1; k < len(word) && places != 0; k++ {
			earliest := places & -places
			places = at[k] & valid & (starts&^(earliest<<1-1) | sameWordAfter(places&inWord, inWord))
		}
		if places == 0 {
			continue
		}
		if m := bits.TrailingZeros64(places) + 1 - s; span < 0 || m < span {
			span = m
			if span <= least {
				break
			}
		}
	}
	return span, true
}

// sameWordAfter returns the places after one of from with only a word's
// bytes (inWord) between: one step at a time, a place of the mask moves
// on to the next byte if its own is a word's; in six rounds of doubling
// steps, every place as far as 63 bytes on.
func sameWordAfter(from, inWord uint64) uint64 {
	reach := from << 1
	through := inWord // where k steps can be taken in a row from
	for k := 1; k < 64; k <<= 1 {
		reach |= (reach & through) << k
		through &= through >> k
	}
	return reach
}
