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
			if c.keys[q.firstKey()*c.len()+pos] == keyLook {
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
