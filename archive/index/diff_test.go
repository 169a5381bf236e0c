package index

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/uricat/uricat/archive"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// The plain scan the index is held to: a page holds a search when the
// search's words, folded (query.Fold) and written with one space between
// them, are in the page's words written the same way, starting at a word's
// start, or anywhere in a run of Chinese or Japanese when the search
// starts with one, and ending anywhere if the search ends with a word of
// three characters or more or with such a run (a beginning), else at the
// end of a word.
// A run of those characters is a word of its own beside letters.

// scanClass is what a rune is to the plain scan: 0 between words, 1 in a
// word, 2 Chinese or Japanese.
func scanClass(r rune) int {
	switch {
	case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) || r == 'ー':
		return 2
	case r != unicode.ReplacementChar && unicode.In(r, unicode.L, unicode.N, unicode.M):
		return 1
	}
	return 0
}

// scanWords is s folded, its words (and runs) one space apart.
func scanWords(s string) string {
	var b strings.Builder
	prev := 0
	for _, r := range query.Fold(s) {
		c := scanClass(r)
		if c != 0 && prev != 0 && c != prev || c != 0 && prev == 0 && b.Len() > 0 {
			b.WriteByte(' ')
		}
		if c != 0 {
			b.WriteRune(r)
		}
		prev = c
	}
	return b.String()
}

func scanHolds(page, search string) bool {
	text, q := " "+scanWords(page)+" ", scanWords(search)
	if q == "" {
		return false
	}
	runes := []rune(q)
	first, last := runes[0], runes[len(runes)-1]
	lastWord := []rune(q[strings.LastIndexByte(q, ' ')+1:])
	whole := scanClass(last) == 1 && len(lastWord) < 3
	for at := 0; ; at++ {
		i := strings.Index(text[at:], q)
		if i < 0 {
			return false
		}
		at += i
		prev := []rune(text[:at])
		p := prev[len(prev)-1]
		ends := !whole || text[at+len(q)] == ' '
		if (p == ' ' || scanClass(first) == 2 && scanClass(p) == 2) && ends {
			return true
		}
	}
}

// fragments are what random pages and searches are made of: folding's
// hard cases, CJK, separators.
var fragments = []string{"a", "b", "ab", "ba", "A", "é", "E", "ß", "ss", "ﬁ", "İ", "Ö", "o", "1",
	"東", "京", "都", "の", "カ", "ガ", "ー", "学", " ", " ", " ", ",", "\n", "-", "\u00a0", "'", "\x1b", "हि", "्"}

func randomText(r *rand.Rand, n int) string {
	var b strings.Builder
	for range r.IntN(n + 1) {
		b.WriteString(fragments[r.IntN(len(fragments))])
	}
	return b.String()
}

// diffCorpus is an archive of random pages and its index, twice: ix
// ranks what it finds, flat ranks nothing, not even when it finds no page
// (as when a search finds more pages than rankLimit), and so answers a
// word's first letters from the heads alone.
type diffCorpus struct {
	texts    map[string]string // by URI key
	ix, flat *Index
}

func newDiffCorpus(t testing.TB, seed uint64, pages int) *diffCorpus {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 1))
	texts := map[string]string{}
	for i := range pages {
		texts[fmt.Sprintf("https://p%d.example/", i)] = randomText(r, 30)
	}
	s, err := archive.Open(filepath.Join(t.TempDir(), "archive"))
	if err != nil {
		t.Fatal(err)
	}
	c := &diffCorpus{texts: map[string]string{}}
	for uri, text := range texts {
		p := putPage(t, s, uri, text)
		// What the index holds is what the archive keeps of the page.
		kept, err := s.Get(p.URI)
		if err != nil {
			t.Fatal(err)
		}
		if kept.Failed == "" {
			c.texts[ssd3.URIKey(uri)] = kept.Title + "\n" + kept.Text
		}
	}
	c.ix, c.flat = openIndex(t, s), openIndex(t, s)
	c.flat.rankLimit = -1
	return c
}

// check fails unless the index finds for search exactly the pages the
// plain scan does.
func (c *diffCorpus) check(t *testing.T, search string) {
	t.Helper()
	var want []string
	for key, text := range c.texts {
		if scanHolds(text, search) {
			want = append(want, key)
		}
	}
	slices.Sort(want)
	for _, ix := range []*Index{c.ix, c.flat} {
		if got := lookup(t, ix, search); !slices.Equal(got, want) {
			t.Fatalf("text:%q: the index (ranking up to %d) finds %d pages, a plain scan %d\nindex %q\nscan %q\nexpression %s",
				search, ix.rankLimit, len(got), len(want), got, want, match(query.Fold(search)))
		}
	}
}

// TestIndexAgreesWithScan: on random pages, for random searches, the
// index finds exactly what a plain scan of the pages finds.
func TestIndexAgreesWithScan(t *testing.T) {
	t.Parallel()
	for seed := range uint64(3) {
		c := newDiffCorpus(t, seed, 150)
		r := rand.New(rand.NewPCG(seed, 2))
		for range 400 {
			c.check(t, randomText(r, 4))
		}
		// Every beginning of the pages' own words, which random searches
		// seldom make longer than the heads: the heads, the OR of the
		// heads and the OR of the words must each find what the scan does.
		for i, key := range slices.Sorted(maps.Keys(c.texts)) {
			if i%4 != 0 {
				continue
			}
			for w := range strings.FieldsSeq(scanWords(c.texts[key])) {
				for end := range w {
					c.check(t, w[:end])
				}
				c.check(t, w)
			}
		}
	}
}

// FuzzIndex: for any search, the index of a fixed set of random pages
// finds exactly what a plain scan finds.
func FuzzIndex(f *testing.F) {
	for _, s := range []string{"a", "ab b", "東京", "京", "京 a", "a 東", "ss", "ß", "ﬁ", "İ", "ガー", "हि", "", "-"} {
		f.Add(s)
	}
	c := newDiffCorpus(f, 7, 300)
	f.Fuzz(func(t *testing.T, search string) {
		c.check(t, search)
	})
}
