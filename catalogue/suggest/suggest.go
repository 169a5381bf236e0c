// Package suggest ranks the categories and tags of a catalogue for a
// record that is being categorised: those of the records most like it, by
// the words of their NAME, the host of their URI and their tags. It is
// computed locally, from the user's own records: an inverted index (each
// word, host and tag to the records that have it) is built once per
// version of the catalogue, and a query reads only the lists of the
// record's own words, not every record.
//
// A word, host or tag that many records share says little: each counts
// by its inverse document frequency, as a search engine weighs its terms
// (TF-IDF); the records that score highest vote for their category and
// tags with their score.
package suggest

import (
	"cmp"
	"math"
	"net/url"
	"slices"
	"strings"
	"unicode"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// Neighbours is how many of the records most like the query vote: enough
// for a category that a few of them share to win over one that a single
// record has, few enough that the votes stay those of records alike.
const Neighbours = 25

// Index is the inverted index of the records that have a category or
// tags: what a suggestion can come from. It does not change; build
// another for another version of the catalogue.
type Index struct {
	refs  []catalogue.Ref
	cat   []int32   // each record's category, -1 for none
	tags  [][]int32 // each record's tags
	norm  []float32 // each record's weight of its features, for scores that do not favour long names
	cats  []string
	tagNs []string
	post  map[string][]int32 // a feature's records, ascending
	idf   map[string]float32
}

// Suggestion is a category or a tag, with its score (the sum of the
// scores of the records like the query that have it) and how many of
// those records have it.
type Suggestion struct {
	Name    string
	Score   float64
	Records int
}

// Build indexes the valid records of recs that have a category or tags.
func Build(recs []*ssd3.Record) *Index {
	ix := &Index{post: map[string][]int32{}}
	catID := map[string]int32{}
	tagID := map[string]int32{}
	var fs []string
	for _, r := range recs {
		if !r.Valid() {
			continue
		}
		cat := r.Category()
		tags := ssd3.SplitTags(r.Extension(ssd3.FieldTags))
		if cat == "" && len(tags) == 0 {
			continue
		}
		i := int32(len(ix.refs))
		ix.refs = append(ix.refs, r.Ref())
		c := int32(-1)
		if cat != "" {
			id, ok := catID[cat]
			if !ok {
				id = int32(len(ix.cats))
				catID[cat] = id
				ix.cats = append(ix.cats, cat)
			}
			c = id
		}
		ix.cat = append(ix.cat, c)
		var ts []int32
		for _, t := range tags {
			id, ok := tagID[t]
			if !ok {
				id = int32(len(ix.tagNs))
				tagID[t] = id
				ix.tagNs = append(ix.tagNs, t)
			}
			ts = append(ts, id)
		}
		ix.tags = append(ix.tags, ts)
		fs = features(fs[:0], r)
		for _, f := range fs {
			ix.post[f] = append(ix.post[f], i)
		}
	}
	n := float64(len(ix.refs))
	ix.idf = make(map[string]float32, len(ix.post))
	for f, p := range ix.post {
		ix.idf[f] = float32(math.Log(1 + n/float64(len(p))))
	}
	// A record's norm is over its features' weights, which are known only
	// now: one more pass over the lists.
	sq := make([]float32, len(ix.refs))
	for f, p := range ix.post {
		w := ix.idf[f]
		for _, i := range p {
			sq[i] += w * w
		}
	}
	ix.norm = make([]float32, len(sq))
	for i, s := range sq {
		ix.norm[i] = float32(math.Sqrt(float64(max(s, 1))))
	}
	return ix
}

// Len returns the number of records indexed.
func (ix *Index) Len() int { return len(ix.refs) }

// Suggest returns the categories and the tags of the records most like
// recs (the records being categorised, which are not among those that
// vote), best first, at most n of each. Categories and tags recs have
// already are not left out: the caller knows what it shows.
func (ix *Index) Suggest(recs []*ssd3.Record, n int) (cats, tags []Suggestion) {
	if len(ix.refs) == 0 || len(recs) == 0 {
		return nil, nil
	}
	self := map[catalogue.Ref]bool{}
	weights := map[string]float32{}
	ix.query(recs, self, weights)
	score, touched := ix.score(weights)
	best := ix.nearest(score, touched, self)
	return ix.vote(best, score, n)
}

// query puts the Refs of recs in self and the weights of their features
// in weights.
func (ix *Index) query(recs []*ssd3.Record, self map[catalogue.Ref]bool, weights map[string]float32) {
	var fs []string
	for _, r := range recs {
		self[r.Ref()] = true
		fs = features(fs[:0], r)
		for _, f := range fs {
			if w, ok := ix.idf[f]; ok {
				weights[f] += w // a feature several of recs share weighs more
			}
		}
	}
}

// score returns each record's score against the query weights, not yet
// divided by its norm, and the records that scored, in the order they
// first did.
func (ix *Index) score(weights map[string]float32) (score []float32, touched []int32) {
	score = make([]float32, len(ix.refs))
	common := float32(math.Log(3)) // the idf of a feature half the records have
	for f, q := range weights {
		idf := ix.idf[f]
		if idf < common {
			// Half the records or more have it: it tells them apart
			// little, and its list would cost the most to read.
			continue
		}
		w := q * idf
		for _, i := range ix.post[f] {
			if score[i] == 0 {
				touched = append(touched, i)
			}
			score[i] += w
		}
	}
	return score, touched
}

// nearest divides the scores of touched by their norms and returns the
// Neighbours best records that are not self's, kept in a small heap
// whose root is the worst of them: no sort of every record touched.
func (ix *Index) nearest(score []float32, touched []int32, self map[catalogue.Ref]bool) []int32 {
	h := neighbours{score: score, best: make([]int32, 0, Neighbours)}
	for _, i := range touched {
		if self[ix.refs[i]] {
			continue
		}
		score[i] /= ix.norm[i]
		switch {
		case len(h.best) < Neighbours:
			h.push(i)
		case h.better(i, h.best[0]):
			h.replaceRoot(i)
		}
	}
	return h.best
}

// neighbours is a heap of records, the worst by score at its root.
type neighbours struct {
	score []float32
	best  []int32
}

// better reports whether record a scores above b (or ties and comes
// first, so that the order is the same every time).
func (h *neighbours) better(a, b int32) bool {
	return h.score[a] > h.score[b] || h.score[a] == h.score[b] && a < b
}

// push adds i to the heap.
func (h *neighbours) push(i int32) {
	best := append(h.best, i)
	for k := len(best) - 1; k > 0 && h.better(best[(k-1)/2], best[k]); k = (k - 1) / 2 {
		best[k], best[(k-1)/2] = best[(k-1)/2], best[k]
	}
	h.best = best
}

// replaceRoot puts i in place of the worst record.
func (h *neighbours) replaceRoot(i int32) {
	best := h.best
	best[0] = i
	for k := 0; ; {
		w, l, r := k, 2*k+1, 2*k+2
		if l < len(best) && h.better(best[w], best[l]) {
			w = l
		}
		if r < len(best) && h.better(best[w], best[r]) {
			w = r
		}
		if w == k {
			break
		}
		best[k], best[w] = best[w], best[k]
		k = w
	}
}

// vote returns the categories and the tags the records best have, each
// record voting with its score, at most n of each.
func (ix *Index) vote(best []int32, score []float32, n int) (cats, tags []Suggestion) {
	catVotes := map[int32]*Suggestion{}
	tagVotes := map[int32]*Suggestion{}
	vote := func(m map[int32]*Suggestion, id int32, name string, s float32) {
		v := m[id]
		if v == nil {
			v = &Suggestion{Name: name}
			m[id] = v
		}
		v.Score += float64(s)
		v.Records++
	}
	for _, i := range best {
		if c := ix.cat[i]; c >= 0 {
			vote(catVotes, c, ix.cats[c], score[i])
		}
		for _, t := range ix.tags[i] {
			vote(tagVotes, t, ix.tagNs[t], score[i])
		}
	}
	return ranked(catVotes, n), ranked(tagVotes, n)
}

// ranked returns the n best of votes: by score, then by records, then by
// name, so that the order is the same every time.
func ranked(votes map[int32]*Suggestion, n int) []Suggestion {
	out := make([]Suggestion, 0, len(votes))
	for _, v := range votes {
		out = append(out, *v)
	}
	slices.SortFunc(out, func(a, b Suggestion) int {
		if c := cmp.Compare(b.Score, a.Score); c != 0 {
			return c
		}
		if c := cmp.Compare(b.Records, a.Records); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	return out[:min(len(out), n)]
}

// features appends what r is known by: the words of its NAME ("w:"),
// the host of its URI and the domain above it ("h:"), and its tags
// ("t:"), each once.
func features(fs []string, r *ssd3.Record) []string {
	start := len(fs)
	add := func(f string) {
		if !slices.Contains(fs[start:], f) {
			fs = append(fs, f)
		}
	}
	for _, w := range words(r.Name()) {
		add("w:" + w)
	}
	if host := hostOf(r.URI()); host != "" {
		add("h:" + host)
		// The domain a host belongs to (docs.python.org: python.org), a
		// guess without the public suffix list that is right for most.
		if i := strings.LastIndexByte(host, '.'); i > 0 {
			if j := strings.LastIndexByte(host[:i], '.'); j >= 0 {
				add("h:" + host[j+1:])
			}
		}
	}
	for _, t := range ssd3.SplitTags(r.Extension(ssd3.FieldTags)) {
		add("t:" + strings.ToLower(t))
	}
	return fs
}

// hostOf returns the host of uri in lower case, without "www.", or "".
func hostOf(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Host == "" {
		return ""
	}
	return strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
}

// words returns the words of a name in lower case: runs of letters and
// digits, without those too short or too common to tell records apart
// and without numbers alone (a page's number says nothing of its topic).
func words(name string) []string {
	var out []string
	for w := range strings.FieldsFuncSeq(strings.ToLower(name), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}) {
		if len(w) < 2 || stop[w] || strings.Trim(w, "0123456789") == "" {
			continue
		}
		out = append(out, w)
	}
	return out
}

// stop are words too common in page titles to say what a page is about.
var stop = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a an and are as at be by de der die das et for from how in is it la le
		les of on or the this to und with your you what why new home page welcome`) {
		m[w] = true
	}
	return m
}()
