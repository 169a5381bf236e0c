package query

import (
	"context"
	"fmt"
	"maps"
	"math"
	"slices"
	"sync"
	"weak"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// TextTerm is the value of a text: term as the archive's index looks it
// up: folded words (Fold), separated by spaces, to be found in a page one
// after another, the last as the beginning of a word.
type TextTerm struct {
	Text string
}

// TextHit is a page a text: term is found in: how well it matches (more
// is better, above 0; bm25 in the archive's index).
type TextHit struct {
	Score int
}

// ArchiveState is what the archive holds of a URI's page, for archive:
// terms (Query.WithArchive).
type ArchiveState uint8

// The states of a page in the archive: ArchiveNo, the zero value, is
// nothing kept; ArchiveFailed a try that kept no text (an error, a PDF).
const (
	ArchiveNo ArchiveState = iota
	ArchiveYes
	ArchiveFailed
)

// HasText reports whether the search has a text: term, and so needs the
// archive's index (WithText): a caller opens it only then.
func (q *Query) HasText() bool { return q.texts }

// HasArchive reports whether the search has an archive: term, and so
// needs the archive's state of each URI (WithArchive).
func (q *Query) HasArchive() bool { return q.arch }

// TextTerms returns the values of the search's text: terms, excluded or
// in a disjunction as well, each once, in the order typed.
func (q *Query) TextTerms() []TextTerm {
	var out []TextTerm
	seen := map[string]bool{}
	q.eachTerm(func(t *term) {
		if t.qual != nil && t.qual.text && !seen[t.text] {
			seen[t.text] = true
			out = append(out, TextTerm{Text: t.text})
		}
	})
	return out
}

// WithText returns q with its text: terms answered by lookup, which
// returns the pages a term is found in (the archive's index answers it;
// the catalogue cannot know what a page said, so the caller brings it, as
// WithLinks brings the link checks). lookup is called once for each of
// TextTerms, before WithText returns. Without it a text: term finds no
// record.
func (q *Query) WithText(lookup func(TextTerm) (TextAnswer, error)) (*Query, error) {
	answers := map[string]*textHits{}
	for _, tt := range q.TextTerms() {
		a, err := lookup(tt)
		if err == nil {
			err = a.check()
		}
		if err != nil {
			return nil, fmt.Errorf("text:%s: %w", tt.Text, err)
		}
		answers[tt.Text] = newTextHits(a)
	}
	return q.withTerms(func(t *term) {
		if t.qual != nil && t.qual.text {
			t.hits = answers[t.text]
			if t.hits == nil {
				t.hits = newTextHits(TextAnswer{})
			}
		}
	}), nil
}

// WithArchive returns q reading the archive's state of a URI's page from
// state, for its archive: terms; without it no page is archived. state is
// called from several goroutines at once.
func (q *Query) WithArchive(state func(uri string) ArchiveState) *Query {
	return q.withTerms(func(t *term) {
		if t.qual != nil && t.qual.archive {
			t.archive = state
		}
	})
}

// TextHit returns the best of the hits r's page is for q's text: terms
// that are not excluded (the one with the highest score), for showing its
// snippet; false if there is none.
func (q *Query) TextHit(r *ssd3.Record) (TextHit, bool) {
	var best TextHit
	found := false
	for i := range q.terms {
		t := &q.terms[i]
		if t.neg {
			continue
		}
		for _, a := range append([]term{*t}, t.alts...) {
			if a.qual == nil || !a.qual.text || a.neg {
				continue
			}
			if h, ok := a.textHit(r); ok && (!found || h.Score > best.Score) {
				best, found = h, true
			}
		}
	}
	return best, found
}

// textHit is r's page's hit for t, a text: term, looked up by the URI
// key of r's URI.
func (t *term) textHit(r *ssd3.Record) (TextHit, bool) {
	h, uri := t.hits, r.URI()
	if h == nil || len(h.ans.Rows) == 0 || uri == "" {
		return TextHit{}, false // a record without a URI has no page
	}
	ords := h.ans.Pages.ords()
	o, ok := ords[uri] // most URIs are their own key (URIKey(key) is key)
	if !ok {
		key := ssd3.URIKey(uri)
		if len(key) == len(uri) && key == uri {
			return TextHit{}, false // looked up already: no second lookup of a miss
		}
		if o, ok = ords[key]; !ok {
			return TextHit{}, false
		}
	}
	return h.byOrd().get(o)
}

// docHit is textHit of d's record: by its position when t's pages are
// known as positions of the records of d's index (Query.atIndex).
func (t *term) docHit(d *doc) (TextHit, bool) {
	if t.at != nil && d.atPos {
		return t.at.get(d.pos)
	}
	return t.textHit(d.rec)
}

// eachTerm calls f with each term of q, and each alternative of a
// disjunction.
func (q *Query) eachTerm(f func(*term)) {
	for i := range q.terms {
		f(&q.terms[i])
		for j := range q.terms[i].alts {
			f(&q.terms[i].alts[j])
		}
	}
}

// withTerms returns a copy of q whose terms (and alternatives) f has
// changed, q's own left as they were.
func (q *Query) withTerms(f func(*term)) *Query {
	c := *q
	c.terms = make([]term, len(q.terms))
	for i, t := range q.terms {
		if t.alts != nil {
			t.alts = append([]term(nil), t.alts...)
		}
		c.terms[i] = t
	}
	c.eachTerm(f)
	return &c
}

// TextAnswer is the archive's index's answer to a text: term (the lookup
// of WithText): the rows of the pages the term is found in, as Pages
// numbers them, and, for an answer the index ranked, each page's score.
// Rows rather than URI keys: a search of an Index turns each row into
// the positions of its records through a table Pages keeps for the
// next answers (see Pages), so that a key typed costs a bit a page found
// rather than a lookup by URI key a record.
type TextAnswer struct {
	Pages *Pages
	// Rows are the rows of the pages found, each once.
	Rows []int64
	// Scores, unless nil, are how well each of Rows' pages matches
	// (more is better, above 0); nil: each scores 1 (unranked).
	Scores []int32
}

// TextAnswerOf returns the answer that finds the pages of hits, keyed
// by the URI key of their URIs, with their scores: for a caller that
// knows pages by key rather than by an index's rows.
func TextAnswerOf(hits map[string]TextHit) TextAnswer {
	keys := slices.Sorted(maps.Keys(hits))
	a := TextAnswer{Rows: make([]int64, len(keys)), Scores: make([]int32, len(keys))}
	for i, k := range keys {
		a.Rows[i] = int64(i + 1)
		a.Scores[i] = int32(min(max(hits[k].Score, 1), math.MaxInt32))
	}
	a.Pages = NewPages(a.Rows, keys)
	return a
}

// Hits returns the pages a finds by their URI keys, with their scores.
func (a TextAnswer) Hits() map[string]TextHit {
	hits := make(map[string]TextHit, len(a.Rows))
	for i, row := range a.Rows {
		o, ok := a.Pages.rows.ord(row)
		if !ok {
			continue
		}
		h := TextHit{Score: 1}
		if a.Scores != nil {
			h.Score = int(a.Scores[i])
		}
		hits[a.Pages.keys[o]] = h
	}
	return hits
}

// check reports what makes a unusable: scores that are not one a row,
// rows without Pages to name them.
func (a TextAnswer) check() error {
	if a.Scores != nil && len(a.Scores) != len(a.Rows) {
		return fmt.Errorf("the index scored %d pages of %d found", len(a.Scores), len(a.Rows))
	}
	if a.Pages == nil && len(a.Rows) > 0 {
		return fmt.Errorf("the index found %d pages it does not name", len(a.Rows))
	}
	return nil
}

// Pages is the URI key (ssd3.URIKey of its URI) of each page of an
// archive's index by the page's row, as of one state of the index; it
// does not change. The index hands the same Pages with its answers for
// as long as it does not change itself, and Pages keeps where each page's
// records are in the last Index searched (see positions), so that the
// answers of the keys typed one after another find their records without
// looking up a single URI.
type Pages struct {
	rows rowOrds
	keys []string // by ordinal: the order NewPages was given them in
	// ords is where each key is in keys, made on first use (by a search
	// without an index, or before its index is folded).
	ords func() map[string]int32

	mu     sync.Mutex
	table  *posTable // the records of the last Index searched; nil: none
	tables int       // how many tables were worked out, for tests
}

// NewPages returns the Pages of the pages of rows, whose URI keys are
// keys, one a row.
func NewPages(rows []int64, keys []string) *Pages {
	p := &Pages{rows: newRowOrds(rows[:min(len(rows), len(keys))]), keys: keys}
	p.ords = sync.OnceValue(func() map[string]int32 {
		m := make(map[string]int32, len(p.keys))
		for i, k := range p.keys {
			m[k] = int32(i)
		}
		return m
	})
	return p
}

// Len returns how many pages p names.
func (p *Pages) Len() int { return len(p.keys) }

// rowOrds is where each row is in the order of a Pages' rows: from a
// slice when the rows are dense, as SQLite numbers them, else from a map.
type rowOrds struct {
	base   int64
	dense  []int32 // 1 + the ordinal of row base+i; 0: no such row
	sparse map[int64]int32
}

// newRowOrds returns the rowOrds of rows.
func newRowOrds(rows []int64) rowOrds {
	if len(rows) == 0 {
		return rowOrds{}
	}
	lo, hi := slices.Min(rows), slices.Max(rows)
	// A few times more slots than rows (rows left by pages fetched
	// again) costs less than a map of them.
	if span := uint64(hi) - uint64(lo); span < uint64(4*len(rows)+1024) {
		dense := make([]int32, span+1)
		for i, r := range rows {
			dense[r-lo] = int32(i + 1)
		}
		return rowOrds{base: lo, dense: dense}
	}
	sparse := make(map[int64]int32, len(rows))
	for i, r := range rows {
		sparse[r] = int32(i + 1)
	}
	return rowOrds{sparse: sparse}
}

// ord returns where row is in the rows' order; false for no such row.
func (o *rowOrds) ord(row int64) (int32, bool) {
	if o.sparse != nil {
		v, ok := o.sparse[row]
		return v - 1, ok
	}
	if i := uint64(row) - uint64(o.base); i < uint64(len(o.dense)) && o.dense[i] != 0 {
		return o.dense[i] - 1, true
	}
	return 0, false
}

// posTable is where the records of each page of a Pages are in an
// Index's records: the records whose URIs have the page's URI key.
type posTable struct {
	ix   weak.Pointer[Index] // not to keep an old snapshot alive
	done chan struct{}       // closed once first and more are set
	// first is by ordinal: 1 + the first record's position; 0: none.
	first []int32
	more  map[int32][]int32 // by ordinal: the positions of the others, if any
}

// Prepare works out where the records of p's pages are in ix now, as the
// first search of ix with an answer of p's would (see positions), so that
// a caller can have it done before a key needs it. It waits for ix to be
// folded (Index.Build, sharing the work); it does nothing once ctx is
// done.
func (p *Pages) Prepare(ctx context.Context, ix *Index) {
	if p == nil || ctx.Err() != nil {
		return
	}
	ix.Build()
	if ctx.Err() == nil {
		p.positions(ix)
	}
}

// Prepared reports whether where the records of p's pages are in ix is
// worked out (Prepare, or a search of ix with an answer of p's): the
// next search of ix with p's answers reads it rather than working it out.
func (p *Pages) Prepared(ix *Index) bool {
	p.mu.Lock()
	t := p.table
	p.mu.Unlock()
	if t == nil || t.ix != weak.Make(ix) {
		return false
	}
	select {
	case <-t.done:
		return true
	default:
		return false
	}
}

// positions returns where the records of p's pages are in ix, worked out
// once for the last ix asked; nil while ix is not folded (Ready), whose
// records' URI keys are not known yet. A search of ix that comes while
// it is being worked out (by Prepare, or another search) waits for it
// rather than working it out again; one of another Index does not wait.
func (p *Pages) positions(ix *Index) *posTable {
	if !ix.Ready() {
		return nil
	}
	w := weak.Make(ix)
	p.mu.Lock()
	if t := p.table; t != nil && t.ix == w {
		p.mu.Unlock()
		<-t.done
		return t
	}
	t := &posTable{ix: w, done: make(chan struct{})}
	p.table = t
	p.tables++
	p.mu.Unlock()
	defer close(t.done)
	t.fill(p, ix)
	return t
}

// fill works out t, the table of p's pages in ix.
func (t *posTable) fill(p *Pages, ix *Index) {
	ords := p.ords()
	t.first = make([]int32, len(p.keys))
	for k := range ix.chunks {
		c := ix.chunks[k].Load()
		base := k << chunkBits
		for i, r := range ix.recs[base : base+c.len()] {
			key := r.URI()
			if len(c.uriKeys) > 0 {
				if uk, ok := c.uriKeys[i]; ok {
					key = uk
				}
			}
			o, ok := ords[key]
			if !ok || key == "" { // a record without a URI has no page
				continue
			}
			if t.first[o] == 0 {
				t.first[o] = int32(base + i + 1)
				continue
			}
			if t.more == nil {
				t.more = map[int32][]int32{}
			}
			t.more[o] = append(t.more[o], int32(base+i))
		}
	}
}

// hitSet is the pages, or the records, a text: term is found in, a bit
// each, with their scores when the index ranked them.
type hitSet struct {
	set    PosSet
	scores map[int32]int32 // nil: each scores 1
}

// get returns the hit of page or record i; false if it is not one.
func (h *hitSet) get(i int32) (TextHit, bool) {
	if int(i>>6) >= len(h.set) || !h.set.Has(int(i)) {
		return TextHit{}, false
	}
	if h.scores == nil {
		return TextHit{Score: 1}, true
	}
	return TextHit{Score: int(h.scores[i])}, true
}

// add puts i in h, with its score if h has scores.
func (h *hitSet) add(i int32, score []int32, k int) {
	h.set.Add(i)
	if h.scores != nil {
		h.scores[i] = score[k]
	}
}

// newHitSet returns an empty hitSet of n pages or records, with room for
// the scores of a ranked answer of found pages.
func newHitSet(n int, ranked bool, found int) *hitSet {
	h := &hitSet{set: NewPosSet(n)}
	if ranked {
		h.scores = make(map[int32]int32, found)
	}
	return h
}

// textHits is a text: term's answer, shared by the terms of one text.
type textHits struct {
	ans TextAnswer
	// byOrd is the answer by the ordinals of its Pages, made on first
	// use: how a record's page is looked up by its URI's key.
	byOrd func() *hitSet
}

// newTextHits returns the textHits of a.
func newTextHits(a TextAnswer) *textHits {
	h := &textHits{ans: a}
	h.byOrd = sync.OnceValue(func() *hitSet {
		s := newHitSet(a.Pages.Len(), a.Scores != nil, len(a.Rows))
		for i, row := range a.Rows {
			if o, ok := a.Pages.rows.ord(row); ok {
				s.add(o, a.Scores, i)
			}
		}
		return s
	})
	return h
}

// at returns the records of ix whose pages h finds, by position; nil if
// ix cannot tell them yet (Pages.positions).
func (h *textHits) at(ix *Index) *hitSet {
	a := h.ans
	if a.Pages == nil || len(a.Rows) == 0 {
		return newHitSet(0, false, 0)
	}
	t := a.Pages.positions(ix)
	if t == nil {
		return nil
	}
	s := newHitSet(len(ix.recs), a.Scores != nil, len(a.Rows))
	for i, row := range a.Rows {
		o, ok := a.Pages.rows.ord(row)
		if !ok || t.first[o] == 0 {
			continue
		}
		s.add(t.first[o]-1, a.Scores, i)
		if t.more != nil {
			for _, pos := range t.more[o] {
				s.add(pos, a.Scores, i)
			}
		}
	}
	return s
}

// atIndex returns q for a search of ix: its text: terms with their pages
// as positions of ix's records, each tested by a bit (docHit). It is q
// when q has no text: term answered.
func (q *Query) atIndex(ix *Index) *Query {
	if !q.texts {
		return q
	}
	found := map[*textHits]*hitSet{}
	return q.withTerms(func(t *term) {
		if t.hits == nil {
			return
		}
		s, ok := found[t.hits]
		if !ok {
			s = t.hits.at(ix)
			found[t.hits] = s
		}
		t.at = s
	})
}
