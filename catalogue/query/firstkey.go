package query

import (
	"math/bits"
	"slices"
	"strings"
	"unicode/utf8"
)

// The first key of a search is a pass over every record that matches
// most of them (a common letter is in most records): reading each
// record's text to score it costs, in a large catalogue, more than a
// keystroke may take from key to screen (BenchmarkFirstKey). So an index
// notes, when it folds a chunk, each record's answer to every search of
// one ASCII letter or digit, a byte each (a key code): a search of one
// such key reads a byte a record and no text.

// firstKeys are the keys whose answers an index notes: the one-byte
// words a search's first key folds to, but for punctuation.
const firstKeys = "abcdefghijklmnopqrstuvwxyz0123456789"

// keyIndex is the index of a byte in firstKeys, or -1.
var keyIndex = func() (t [256]int8) {
	for i := range t {
		t[i] = int8(strings.IndexByte(firstKeys, byte(i)))
	}
	return t
}()

// A key code is a record's answer to the search of one key: keyAbsent,
// keyUnscored (a match scoring 0: the key is only in DESCRIPTION), a
// score (keyScores[code]), or keyLook: a score keyScores lacks, for the
// search to work out from the text as for any word. A score of one byte
// is substringScore's at the first place of the key in NAME, CATEGORY or
// a tag, weighted: 287 scores, a few more than a byte tells; the 34
// lowest, a key found late in a CATEGORY or a tag and nowhere before, are
// rare enough to look up.
const (
	keyAbsent   = 0
	keyUnscored = 1
	keyLook     = 255
)

// keyScores are the scores of the key codes from 2 to 254, best first;
// keyCodes gives the code of a score (keyLook for one not there, and
// keyUnscored for 0).
var keyScores, keyCodes = func() (scores [256]int32, codes [maxKeyScore + 1]uint8) {
	var all []int32
	for i := range 51 {
		for _, bonus := range []int{0, 100, 150} {
			x := 200 - i + bonus // substringScore's, for a one-byte word
			all = append(all, int32(x*weightName), int32(x*weightCategory), int32(x*weightTag))
		}
	}
	slices.Sort(all)
	all = slices.Compact(all)
	slices.Reverse(all)
	for i := range codes {
		codes[i] = keyLook
	}
	codes[0] = keyUnscored
	for c := 2; c < keyLook && c-2 < len(all); c++ {
		scores[c] = all[c-2]
		codes[all[c-2]] = uint8(c)
	}
	return scores, codes
}()

// maxKeyScore is the best score of a one-byte word: a whole word at the
// start of NAME.
const maxKeyScore = (200 + 100 + 50) * weightName

// noteKeyCodes notes the key codes of one record, whose folded text is
// text, with NAME, CATEGORY and the tags ended by the NULs at n0, n1 and
// n2, and whose charMask is chars: in codes[k*stride] for the k-th of
// firstKeys, which are keyAbsent (0, as made) until then. It scores each
// key as wordScore does a word of one byte, at its first place in NAME,
// in CATEGORY and in each tag. (At a million records it costs about 300
// ms of CPU, in the background, with the rest of the index.)
func noteKeyCodes(codes []uint8, stride int, text string, n0, n1, n2 int, chars uint32) {
	var best [len(firstKeys)]int32
	in := scoreKeys(&best, text[:n0], weightName) | scoreKeys(&best, text[n0+1:n1], weightCategory)
	for tags := text[n1+1 : n2]; ; {
		i := strings.IndexByte(tags, tagSep)
		if i < 0 {
			in |= scoreKeys(&best, tags, weightTag)
			break
		}
		in |= scoreKeys(&best, tags[:i], weightTag)
		tags = tags[i+1:]
	}
	// A letter's bit of charMask is its own: chars tells the letters in
	// DESCRIPTION. Digits share theirs: they are looked for, if any is.
	in |= uint64(chars) & (1<<26 - 1)
	if chars&(byteBit['0']|byteBit['1']|byteBit['2']) != 0 {
		for j := n2; j < len(text); j++ {
			if c := text[j]; '0' <= c && c <= '9' {
				in |= 1 << keyIndex[c]
			}
		}
	}
	// The keys the text holds: the others' codes are keyAbsent already.
	for ; in != 0; in &= in - 1 {
		k := bits.TrailingZeros64(in)
		codes[k*stride] = keyCodes[best[k]]
	}
}

// scoreKeys raises best[k] to the weighted score of the k-th of firstKeys
// in field, for each key field holds, and returns those keys, a bit each.
func scoreKeys(best *[len(firstKeys)]int32, field string, weight int32) (seen uint64) {
	for j := 0; j < len(field); j++ {
		k := keyIndex[field[j]]
		if k < 0 || seen&(1<<k) != 0 {
			continue
		}
		seen |= 1 << k
		var x int
		if (j == 0 || field[j-1] < utf8.RuneSelf) && (j+1 == len(field) || field[j+1] < utf8.RuneSelf) {
			// substringScore(field, j, 1), between ASCII bytes.
			x = 200 - min(j, 50)
			if j == 0 || !asciiWord[field[j-1]] {
				x += 100
				if j+1 == len(field) || !asciiWord[field[j+1]] {
					x += 50
				}
			}
		} else {
			x = substringScore(field, j, 1)
		}
		best[k] = max(best[k], int32(x)*weight)
	}
	return seen
}

// firstKey returns the index in firstKeys of the key q searches, if q is
// one word of one such key, else -1.
func (q *Query) firstKey() int {
	if len(q.terms) != 1 {
		return -1
	}
	t := &q.terms[0]
	if t.kind != kindWord || t.neg || len(t.text) != 1 {
		return -1
	}
	return int(keyIndex[t.text[0]])
}
