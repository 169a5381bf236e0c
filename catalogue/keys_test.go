package catalogue

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// TestURITableModel checks the key index's table of URIs against a plain
// count of keys, after every step of random adds and removes of records
// whose URIs name a few resources in several spellings (so that keys
// collide, clusters wrap round the table's end, and removals shift
// records back into gaps).
func TestURITableModel(t *testing.T) {
	spellings := func(i int) []string {
		return []string{
			fmt.Sprintf("http://h%d.example.org/p", i),
			fmt.Sprintf("HTTP://H%d.example.org:80/p", i),
			fmt.Sprintf("http://h%d.example.org/%%70", i),
		}
	}
	for seed := range uint64(40) {
		rng := rand.New(rand.NewPCG(seed, 1))
		tab := newURITable(0)
		var in []*ssd3.Record     // the records in the table
		count := map[string]int{} // ssd3.URIKey → how many of in have it
		for step := range 400 {
			if len(in) > 0 && rng.IntN(3) == 0 {
				j := rng.IntN(len(in))
				r := in[j]
				in[j] = in[len(in)-1]
				in = in[:len(in)-1]
				tab.remove(r)
				count[ssd3.URIKey(r.URI())]--
			} else {
				s := spellings(rng.IntN(30))
				r := ssd3.NewRecord(ssd3.Values{URI: s[rng.IntN(len(s))], Name: "n"})
				in = append(in, r)
				tab.add(r)
				count[ssd3.URIKey(r.URI())]++
			}
			if tab.n != len(in) {
				t.Fatalf("seed %d step %d: table holds %d records, want %d", seed, step, tab.n, len(in))
			}
			for i := range 30 {
				for _, u := range spellings(i) {
					got := tab.first(ssd3.URIKey(u))
					if want := count[ssd3.URIKey(u)] > 0; (got != nil) != want {
						t.Fatalf("seed %d step %d: %s found %v, want %v", seed, step, u, got != nil, want)
					}
					if got != nil && ssd3.URIKey(got.URI()) != ssd3.URIKey(u) {
						t.Fatalf("seed %d step %d: %s found a record with %s", seed, step, u, got.URI())
					}
				}
			}
			// Every record is where a probe from its home finds it: a
			// removal that left a gap before it would lose it.
			for _, r := range in {
				if !tab.holds(r) {
					t.Fatalf("seed %d step %d: %s is no longer reachable", seed, step, r.URI())
				}
			}
		}
	}
}

// holds reports whether a probe for r's key reaches r itself.
func (t *uriTable) holds(r *ssd3.Record) bool {
	i, _ := t.home(ssd3.URIKey(r.URI()))
	for ; t.slots[i] != nil; i = t.next(i) {
		if t.slots[i] == r {
			return true
		}
	}
	return false
}

// TestRemoveLeavesOtherSpellings: removing a record leaves the others with
// its URI in another spelling, and a record not in the table is ignored.
func TestRemoveLeavesOtherSpellings(t *testing.T) {
	tab := newURITable(0)
	a := ssd3.NewRecord(ssd3.Values{URI: "http://example.org/a", Name: "a"})
	b := ssd3.NewRecord(ssd3.Values{URI: "HTTP://EXAMPLE.org:80/a", Name: "b"})
	stranger := ssd3.NewRecord(ssd3.Values{URI: "http://example.org/a", Name: "c"})
	tab.add(a)
	tab.add(b)
	tab.remove(stranger)
	tab.remove(a)
	if got := tab.first("http://example.org/a"); got != b {
		t.Fatalf("after removing a, found %v, want b", got)
	}
	tab.remove(b)
	if got := tab.first("http://example.org/a"); got != nil {
		t.Fatalf("after removing both, found %q", got.Name())
	}
}
