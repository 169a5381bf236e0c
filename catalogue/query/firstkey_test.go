package query

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// keyRecords are records whose one-key searches take every way a key
// code answers: a key in NAME, CATEGORY or a tag, early or late, at a
// word's start or within one, a whole word or not; only in DESCRIPTION
// (where a digit's charMask, shared with other digits, does not tell);
// late in a CATEGORY or a tag and nowhere before, a score no code holds
// (keyLook); after a rune of several bytes; in parts as long as the
// index notes or longer (nulFar).
func keyRecords(t testing.TB) []*ssd3.Record {
	recs := fuzzRecords(t)
	late := strings.Repeat("x", 45)
	return append(recs,
		ssd3.NewRecord(ssd3.Values{Name: "Plain", Category: late + "q", Extensions: tags("a, " + late + "j9")}),
		ssd3.NewRecord(ssd3.Values{Name: "Plain", Category: "c", Extensions: tags(late + "w, " + strings.Repeat("y", 20) + "w")}),
		ssd3.NewRecord(ssd3.Values{Name: "Digits", Description: "only here: 7 and 3"}),
		ssd3.NewRecord(ssd3.Values{Name: "Überk k", Category: "éb", Extensions: tags("ßs, k")}),
		ssd3.NewRecord(ssd3.Values{Name: strings.Repeat("é", 200) + "z", Category: "z" + strings.Repeat("ö", 200), Description: "z5"}),
		ssd3.NewRecord(ssd3.Values{Name: "", Category: "", Description: ""}),
	)
}

// TestFirstKeys: the search of one letter or digit, answered from the
// index's key codes, finds and scores exactly what a search without an
// index does, over every record and over candidates.
func TestFirstKeys(t *testing.T) {
	recs := keyRecords(t)
	ix := NewIndex(recs, 1)
	odd := make([]int32, 0, len(recs)/2) // every other record, as candidates
	for pos := 1; pos < len(recs); pos += 2 {
		odd = append(odd, int32(pos))
	}
	looked := 0
	for _, key := range firstKeys + "GKZ" {
		q, err := Parse(string(key))
		if err != nil {
			t.Fatal(err)
		}
		if q.firstKey() < 0 {
			t.Fatalf("%q is not searched by its key codes", key)
		}
		for _, candidates := range [][]int32{nil, odd} {
			hits, err := ix.Search(context.Background(), q, candidates)
			if err != nil {
				t.Fatal(err)
			}
			var want []Hit
			for i := range max(len(candidates), len(recs)*boolInt(candidates == nil)) {
				pos := int32(i)
				if candidates != nil {
					pos = candidates[i]
				}
				if sc, ok := q.eval(&doc{rec: recs[pos]}); ok {
					want = append(want, Hit{pos, int32(sc)})
				}
			}
			if !slices.Equal(hits, want) {
				t.Fatalf("search %q (candidates %v): %d hits %v, want %d %v", key, candidates != nil, len(hits), hits, len(want), want)
			}
		}
		for pos := range recs {
			c := ix.chunks[pos>>chunkBits].Load()
			if c.keys.code(q.firstKey(), pos&(chunkSize-1)) == keyLook {
				looked++
			}
		}
	}
	if looked == 0 {
		t.Error("no record's score was looked up in its text (keyLook): the test misses that way")
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestFirstKeyReadsNoText: a search's first key is answered without the
// records' text, which at a million records took longer than a keystroke
// may: with the text of the index spoilt, it finds the same.
func TestFirstKeyReadsNoText(t *testing.T) {
	recs := fuzzRecords(t)
	ix := NewIndex(recs, 1)
	q, _ := Parse("g")
	want, _ := ix.Search(context.Background(), q, nil)
	if len(want) == 0 {
		t.Fatal("nothing holds g")
	}
	for k := range ix.chunks {
		c := ix.chunks[k].Load()
		c.text = strings.Repeat(" ", len(c.text)) // no g anywhere
	}
	got, _ := ix.Search(context.Background(), q, nil)
	if !slices.Equal(got, want) {
		t.Errorf("with the text spoilt, g finds %d records, want %d: the search read the text", len(got), len(want))
	}
}

// TestKeyCodesKeepOnlyScores: a chunk keeps a code byte only for the
// records that hold a key in NAME, CATEGORY or a tag, and two bits for
// the others, and gives back every record's code as noted, one by one
// and a stretch at a time, among a set or not.
func TestKeyCodesKeepOnlyScores(t *testing.T) {
	t.Parallel()
	recs := keyRecords(t)
	for len(recs) < 300 { // several words of bits, a last one not full
		recs = append(recs, recs[:min(len(recs), 300-len(recs))]...)
	}
	n := len(recs)
	var s scratch
	c := newChunk(recs, &s)
	full := s.codes // every record's codes, key by key, as noted
	scored := 0
	for _, code := range full {
		if code > keyUnscored {
			scored++
		}
	}
	if len(c.keys.codes) != scored {
		t.Errorf("%d codes kept, want the %d scored", len(c.keys.codes), scored)
	}
	if kept, all := len(c.keys.codes)+8*(len(c.keys.held)+len(c.keys.scored))+2*len(c.keys.ranks), len(full); kept*10 > all*9 {
		t.Errorf("the codes take %d bytes, a byte a record and key would take %d", kept, all)
	}
	among := NewPosSet(n)
	for pos := 0; pos < n; pos += 3 {
		among.Add(int32(pos))
	}
	spans := []struct{ lo, hi int }{{0, n}, {1, n - 1}, {63, 65}, {64, 128}, {70, 70}, {n - 5, n}}
	for k := range len(firstKeys) {
		for i := range n {
			if got, want := c.keys.code(k, i), full[k*n+i]; got != want {
				t.Fatalf("key %q, record %d: code %d, want %d", firstKeys[k], i, got, want)
			}
		}
		for _, sp := range spans {
			for _, set := range []PosSet{nil, among} {
				// A record looked up scores its position, to tell.
				out := make([]Hit, n)
				got := out[:keyHits(c, k, 0, sp.lo, sp.hi, set, out, 0, func(pos int) (Hit, bool) { return Hit{int32(pos), int32(-pos)}, pos%2 == 0 })]
				var want []Hit
				for i := sp.lo; i < sp.hi; i++ {
					switch code := full[k*n+i]; {
					case code == keyAbsent || set != nil && !set.Has(i):
					case code == keyLook:
						if i%2 == 0 {
							want = append(want, Hit{int32(i), int32(-i)})
						}
					default:
						want = append(want, Hit{int32(i), keyScores[code]})
					}
				}
				if !slices.Equal(got, want) {
					t.Fatalf("key %q, records %d to %d (among a set: %v): %v, want %v", firstKeys[k], sp.lo, sp.hi, set != nil, got, want)
				}
			}
		}
	}
}
