package query

import (
	"context"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/gen"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// partialQueries returns random searches over recs: words and parts of
// words taken from their text, first keys, and the query language.
func partialQueries(rng *rand.Rand, recs []*ssd3.Record, n int) []string {
	fixed := []string{"g", "k", "z", "1", ".", "se", "ser", "git", "kernel rust", "-git", "rating:>=4 cat:music",
		"uri:example.org", "koln", "tag:hiking", "dup:yes", "dup:no g", "\"search engine\"", "a OR b", "date:<2010"}
	out := slices.Clone(fixed)
	for len(out) < n {
		r := recs[rng.IntN(len(recs))]
		words := strings.Fields(r.Name() + " " + r.Description())
		if len(words) == 0 {
			continue
		}
		w := words[rng.IntN(len(words))]
		if cut := rng.IntN(len(w) + 1); cut > 0 {
			w = w[:cut] // a word as it is typed
		}
		if strings.ContainsAny(w, `"|:()-`) {
			continue
		}
		switch rng.IntN(4) {
		case 0:
			w += " " + string(rune('a'+rng.IntN(26)))
		case 1:
			w = "-" + w
		}
		out = append(out, w)
	}
	return out
}

// TestPartialIndex: a search through an index whose chunks are folded in
// part (as while it is built in the background) finds the same records,
// with the same scores, in the same order, as through the index built
// and as a search without one, over every record and over candidates.
func TestPartialIndex(t *testing.T) {
	t.Parallel()
	c, err := catalogue.Read(strings.NewReader(gen.Catalogue(3*chunkSize + 100)))
	if err != nil {
		t.Fatal(err)
	}
	recs := c.Records()
	full := NewIndex(recs, 1)
	// Chunks 0 and 2 folded, 1 and 3 not; and none folded.
	partial, bare := (*Index)(nil).Prepare(recs, 1), (*Index)(nil).Prepare(recs, 1)
	for _, k := range []int{0, 2} {
		ch := newChunk(recs[k*chunkSize:(k+1)*chunkSize], nil)
		partial.chunks[k].Store(ch)
	}
	if partial.Ready() || bare.Ready() || !full.Ready() {
		t.Fatalf("Ready: partial %v, bare %v, full %v", partial.Ready(), bare.Ready(), full.Ready())
	}
	dups := DupSet(recs)
	rng := rand.New(rand.NewPCG(1, 2))
	var odd, sparse []int32 // every other record, and a few, as candidates
	for pos := 1; pos < len(recs); pos += 2 {
		odd = append(odd, int32(pos))
		if pos%97 == 0 {
			sparse = append(sparse, int32(pos))
		}
	}
	for _, text := range partialQueries(rng, recs, 150) {
		q, err := Parse(text)
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		for _, candidates := range [][]int32{nil, odd, sparse} {
			want, _ := full.Search(context.Background(), q, candidates)
			var plain []Hit
			for i := range len(recs) {
				pos := int32(i)
				if candidates != nil {
					if i >= len(candidates) {
						break
					}
					pos = candidates[i]
				}
				if sc, ok := q.eval(&doc{rec: recs[pos], dups: dups}); ok {
					plain = append(plain, Hit{pos, int32(min(sc, math.MaxInt32))})
				}
			}
			if !slices.Equal(plain, want) {
				t.Fatalf("%q (candidates %v): the index finds %d hits, a search without it %d", text, candidates != nil, len(want), len(plain))
			}
			for name, ix := range map[string]*Index{"partial": partial, "bare": bare} {
				got, err := ix.Search(context.Background(), q, candidates)
				if err != nil || !slices.Equal(got, want) {
					t.Fatalf("%q (candidates %v): the %s index finds %d hits (%v), the built one %d", text, candidates != nil, name, len(got), err, len(want))
				}
			}
			// The same candidates as a set.
			if candidates == nil {
				continue
			}
			among := NewPosSet(len(recs))
			for _, pos := range candidates {
				among.Add(pos)
			}
			for name, ix := range map[string]*Index{"built": full, "partial": partial, "bare": bare} {
				got, err := ix.SearchAmongInto(context.Background(), q, among, nil)
				if err != nil || !slices.Equal(got, want) {
					t.Fatalf("%q: the %s index finds %d hits among a set (%v), %d among the same positions", text, name, len(got), err, len(want))
				}
			}
		}
	}
	// Built at last, by two callers at once, the bare index is the full one.
	done := make(chan struct{})
	go func() { bare.Build(); close(done) }()
	bare.Build()
	<-done
	if !bare.Ready() {
		t.Fatal("not Ready after Build")
	}
	for k := range bare.chunks {
		if got, want := bare.chunks[k].Load(), full.chunks[k].Load(); got.text != want.text || !reflect.DeepEqual(got.keys, want.keys) {
			t.Fatalf("chunk %d folded otherwise than by NewIndex", k)
		}
	}
}

// TestFolded: Folded counts the records of the chunks folded from the
// first on, up to the first not folded.
func TestFolded(t *testing.T) {
	t.Parallel()
	recs := make([]*ssd3.Record, 2*chunkSize+10)
	for i := range recs {
		recs[i] = ssd3.NewRecord(ssd3.Values{Name: "r"})
	}
	ix := (*Index)(nil).Prepare(recs, 1)
	if got := ix.Folded(); got != 0 {
		t.Errorf("none folded: Folded = %d", got)
	}
	ch := newChunk(recs[chunkSize:2*chunkSize], nil)
	ix.chunks[1].Store(ch)
	if got := ix.Folded(); got != 0 {
		t.Errorf("the second chunk folded: Folded = %d, want 0", got)
	}
	ch = newChunk(recs[:chunkSize], nil)
	ix.chunks[0].Store(ch)
	if got := ix.Folded(); got != 2*chunkSize {
		t.Errorf("two chunks folded: Folded = %d, want %d", got, 2*chunkSize)
	}
	ix.Build()
	if got := ix.Folded(); got != len(recs) {
		t.Errorf("built: Folded = %d, want %d", got, len(recs))
	}
}
