package records

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/gen"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// unfolded returns the answer for the empty search over recs, as the
// first frame shows it, with a search index that is never folded: every
// search reads the records as a search without an index does.
func unfolded(recs []*ssd3.Record) *Answer {
	res := Find(recs, "")
	res.ix.prepare()
	res.ix.build.Do(func() {})
	return res
}

// built returns the answer for the empty search over recs with its
// search index built, as once Warm is done.
func built(recs []*ssd3.Record) *Answer {
	res := Find(recs, "")
	res.Prepare()
	return res
}

// TestFirstAnswerBeforeIndex: a search typed before the search index is
// built gives, at once, a first answer from the first records (the
// records shown first), then the whole answer, the same as with the
// index built. Unranked, the first screenful of the first answer is
// already the whole answer's.
func TestFirstAnswerBeforeIndex(t *testing.T) {
	t.Parallel()
	c, err := catalogue.Read(strings.NewReader(gen.Catalogue(3 * firstRecords)))
	if err != nil {
		t.Fatal(err)
	}
	recs := c.Records()
	screen := 26
	for _, tc := range []struct {
		text   string
		ranked bool
	}{
		{"g", true}, {"git", true}, {"kernel rust", true}, {"zzzq", true},
		{"rating:>=4", false}, {"-git", false}, {"cat:music", false},
	} {
		t.Run(tc.text, func(t *testing.T) {
			t.Parallel()
			var first *Answer
			p := pass{seq: 1, text: tc.text, recs: recs, prev: unfolded(recs), early: func(a *Answer) { first = a }}
			whole := p.run(context.Background())
			want := (pass{seq: 1, text: tc.text, recs: recs, prev: built(recs)}).run(context.Background())
			if whole == nil || whole.partial || !slices.Equal(whole.Records(), want.Records()) {
				t.Fatalf("the whole answer differs from the one with the index built")
			}
			if first == nil || !first.partial {
				t.Fatalf("no first answer before the whole one")
			}
			// The first answer is the answer for the first records alone.
			head := Find(recs[:firstRecords], tc.text).Records()
			if got := first.Records(); !slices.Equal(got, head) {
				t.Fatalf("the first answer shows %d records, the search of the first %d records %d", len(got), firstRecords, len(head))
			}
			if !tc.ranked {
				n := min(screen, len(want.Records()))
				if got := first.Records(); len(got) < n || !slices.Equal(got[:n], want.Records()[:n]) {
					t.Errorf("the first screenful differs from the whole answer's")
				}
			}
		})
	}
}

// TestFirstAnswerInList: the list shows a first answer while the whole
// one is found, says it is counting, holds the keys that move (Pending)
// and, once the whole answer comes, shows it from its first row.
func TestFirstAnswerInList(t *testing.T) {
	t.Parallel()
	li, _ := loaded(t, gen.Catalogue(6*firstRecords))
	li.res.ix.prepare()
	li.res.ix.build.Do(func() {}) // never folded
	li.Move(5)
	li.SelectFirst()
	msg := li.Refilter(li.recs, "g")().(FilteredMsg)
	if _, ok := li.Filtered(msg); !ok {
		t.Fatal("the answer was not taken")
	}
	if msg.Rest() != nil {
		// A first answer (the whole one may have come first, on a
		// machine quick enough).
		if !msg.res.partial || !li.Pending() || !li.Counting() || li.Cursor() != 0 {
			t.Errorf("first answer: partial %v, pending %v, counting %v, cursor %d", msg.res.partial, li.Pending(), li.Counting(), li.Cursor())
		}
		msg = msg.Rest()().(FilteredMsg)
		if _, ok := li.Filtered(msg); !ok {
			t.Fatal("the whole answer was not taken")
		}
	}
	if msg.Rest() != nil || li.Pending() || li.Counting() || li.Cursor() != 0 {
		t.Errorf("whole answer: more to come %v, pending %v, counting %v, cursor %d", msg.Rest() != nil, li.Pending(), li.Counting(), li.Cursor())
	}
	want := (pass{seq: 1, text: "g", recs: li.recs, prev: built(li.recs)}).run(context.Background())
	if !slices.Equal(li.Shown(), want.Records()) {
		t.Error("the list shows otherwise than a pass with the index built")
	}
}

// TestTypingBeforeIndex is a differential test: random searches typed a
// key at a time, in file order and sorted, through a list whose search
// index is never folded and one whose index is folded in the background
// meanwhile, show after every key what a list with the index built shows.
func TestTypingBeforeIndex(t *testing.T) {
	t.Parallel()
	text := gen.Catalogue(3 * firstRecords)
	words := []string{"git", "kernel", "rust", "se", "koln", "rating:>=4", "-git", "cat:music", "hiking", "g", "zz"}
	for seed := range uint64(4) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(seed, 7))
			never, _ := loaded(t, text)
			never.res.ix.prepare()
			never.res.ix.build.Do(func() {})
			meanwhile, _ := loaded(t, text)
			ref, _ := loaded(t, text)
			ref.res.Prepare()
			if seed%2 == 1 {
				for _, li := range []*List{never, meanwhile, ref} {
					li.sortKey = query.SortByName
				}
			}
			search := strings.Join([]string{words[rng.IntN(len(words))], words[rng.IntN(len(words))]}, " ")
			for i := 1; i <= len(search); i++ {
				typed := search[:i]
				for _, li := range []*List{never, meanwhile, ref} {
					drain(t, li, typed)
				}
				// Positions, the lists' records being read each from its file.
				want := positions(ref.res)
				for name, li := range map[string]*List{"never folded": never, "folded meanwhile": meanwhile} {
					if got := positions(li.res); !slices.Equal(got, want) {
						t.Fatalf("%q: the list with its index %s shows %d records, with it built %d", typed, name, len(got), len(want))
					}
				}
			}
		})
	}
}

// drain has li search text and takes every answer, first and whole.
func drain(t *testing.T, li *List, text string) {
	t.Helper()
	msg := li.Refilter(li.recs, text)().(FilteredMsg)
	for {
		li.Filtered(msg)
		if msg.Rest() == nil {
			break
		}
		msg = msg.Rest()().(FilteredMsg)
	}
	if li.Pending() {
		t.Fatalf("%q: still pending after the whole answer", text)
	}
}

// TestCountInvalid: the records with errors are counted, every one, in
// catalogues smaller and larger than a share of the count.
func TestCountInvalid(t *testing.T) {
	t.Parallel()
	for _, n := range []int{0, 1, 7, invalidShare + 3} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			t.Parallel()
			// Every 97th record loses its URI, which SSD3 requires.
			var b strings.Builder
			for i, part := range strings.SplitAfter(gen.Catalogue(n), "URI: ") {
				if i%97 == 1 {
					part = strings.TrimSuffix(part, "URI: ") + "X-NO-URI: "
				}
				b.WriteString(part)
			}
			c, err := catalogue.Read(strings.NewReader(b.String()))
			if err != nil {
				t.Fatal(err)
			}
			want := 0
			for _, r := range c.Records() {
				if !r.Valid() {
					want++
				}
			}
			if n > 1 && want == 0 {
				t.Fatal("the test made no record invalid")
			}
			if got := countInvalid(c.Records()); got != want {
				t.Errorf("countInvalid = %d, want %d", got, want)
			}
		})
	}
}
