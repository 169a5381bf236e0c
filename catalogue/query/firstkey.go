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
// one ASCII letter or digit (a key code, a byte where the key scores and
// two bits where it does not, see chunkKeys): a search of one such key
// reads a few bits a record and no text.

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

// chunkKeys are the key codes of a chunk's records, key by key: a bit a
// record for whether it holds the key (its code is not keyAbsent), one
// for whether its code is a score (nor keyUnscored), and only the codes
// of those scored, in record order. Most records hold a key nowhere, or
// only in DESCRIPTION: a byte for every record and key was a quarter of
// an index's memory, and half its bytes were those two codes.
type chunkKeys struct {
	words  int      // bit words a key has: one per 64 records
	held   []uint64 // key k's bits at [k*words:(k+1)*words], record i's bit i%64 of word i/64
	scored []uint64 // as held
	// ranks are, for each key's word of scored, how many of the key's
	// records before the word are scored: where its codes start.
	ranks []uint16
	at    [len(firstKeys) + 1]uint32 // where each key's codes start in codes
	codes []uint8
}

// packKeys returns the chunkKeys of n records whose codes are full, key
// by key (record i's code of the k-th key at k*n+i).
func packKeys(full []uint8, n int) chunkKeys {
	words := (n + 63) / 64
	ck := chunkKeys{words: words, held: make([]uint64, len(firstKeys)*words), scored: make([]uint64, len(firstKeys)*words), ranks: make([]uint16, len(firstKeys)*words)}
	m := 0
	for _, code := range full {
		if code > keyUnscored {
			m++
		}
	}
	ck.codes = make([]uint8, 0, m)
	for k := range len(firstKeys) {
		ck.at[k] = uint32(len(ck.codes))
		for i, code := range full[k*n : (k+1)*n] {
			w := k*words + i>>6
			if i&63 == 0 {
				ck.ranks[w] = uint16(len(ck.codes) - int(ck.at[k]))
			}
			if code == keyAbsent {
				continue
			}
			ck.held[w] |= 1 << (i & 63)
			if code != keyUnscored {
				ck.scored[w] |= 1 << (i & 63)
				ck.codes = append(ck.codes, code)
			}
		}
	}
	ck.at[len(firstKeys)] = uint32(len(ck.codes))
	return ck
}

// code returns the code of the k-th of firstKeys of record i.
func (ck *chunkKeys) code(k, i int) uint8 {
	w, b := k*ck.words+i>>6, uint(i&63)
	if ck.held[w]>>b&1 == 0 {
		return keyAbsent
	}
	s := ck.scored[w]
	if s>>b&1 == 0 {
		return keyUnscored
	}
	return ck.codes[int(ck.at[k])+int(ck.ranks[w])+bits.OnesCount64(s&(1<<b-1))]
}

// word returns the k-th key's held and scored bits of the records 64j
// to 64j+63, and the codes of its scored records from the first of those
// on: the code of record 64j+b, if scored, is codes[n] for the n scored
// bits below b.
func (ck *chunkKeys) word(k, j int) (held, scored uint64, codes []uint8) {
	at := k*ck.words + j
	return ck.held[at], ck.scored[at], ck.codes[int(ck.at[k])+int(ck.ranks[at]) : ck.at[k+1]]
}

// keyHits puts in out, from w on, the hits of the records of c (whose
// first record is at base) from lo to hi (not hi) for the search of the
// k-th key, among those in among if it is not nil, and returns where
// they end; look gives the hit of a record whose code is keyLook. A
// word of 64 records none of which holds the key is passed over whole.
func keyHits(c *chunk, k, base, lo, hi int, among PosSet, out []Hit, w int, look func(pos int) (Hit, bool)) int {
	for j := (lo - base) >> 6; base+j<<6 < hi; j++ {
		held, scored, codes := c.keys.word(k, j)
		first := base + j<<6
		if first < lo {
			held &= ^uint64(0) << (lo - first)
		}
		if n := hi - first; n < 64 {
			held &= 1<<n - 1
		}
		if among != nil {
			held &= among[base>>6+j]
		}
		for ; held != 0; held &= held - 1 {
			b := bits.TrailingZeros64(held)
			pos, bit := first+b, uint64(1)<<b
			h := Hit{Pos: int32(pos)} // keyUnscored: score 0
			if scored&bit != 0 {
				code := codes[bits.OnesCount64(scored&(bit-1))]
				if code == keyLook {
					var ok bool
					if h, ok = look(pos); !ok {
						continue
					}
				} else {
					h.Score = keyScores[code]
				}
			}
			out[w] = h
			w++
		}
	}
	return w
}
