package tui

import (
	"context"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/uricat/uricat/catalogue"
)

// This file is the search pipeline: it turns the search box's text, the
// sort key and the group key into the rows the list shows. It runs on a
// background goroutine (a tea.Cmd), never in Update, so a keystroke never
// waits for a pass over 100,000 records. Each pass is labelled with a
// sequence number and the text it answers; Update keeps only the answer to
// the newest pass and cancels the one before, so a slow stale pass can
// never overwrite a newer one (the race of bubbles' list, issue 4).
//
// Everything a pass reads is immutable: the snapshot of record pointers
// (Catalogue.Records is copy-on-write and records never change once made)
// and the index built from it. A pass never touches the Catalogue itself.

// index is a snapshot of the catalogue's records prepared for search: the
// lower-cased text of each record's NAME, CATEGORY and DESCRIPTION, made
// once per record and reused across snapshots. The text and the position
// map are built on first use (sync.Once), so the first frame, which
// searches nothing, does not wait for them; passes share them safely.
type index struct {
	recs    []*catalogue.Record
	invalid int // records with errors (!Valid)

	prev     atomic.Pointer[index] // whose text this one reuses; dropped once built
	textOnce sync.Once
	textDone atomic.Bool
	entries  []entry

	posOnce sync.Once
	byRec   map[*catalogue.Record]int // position in recs
}

// entry is one record's search text.
type entry struct {
	rec                   *catalogue.Record
	name, category, descr string // lower-cased
	mask                  uint64 // the letters and digits in them (charMask)
}

// charMask is a set of the ASCII letters and digits of s, plus one bit for
// anything else: a word can only match text whose mask holds its own, so
// most records are rejected without looking at their text.
func charMask(s string) uint64 {
	var m uint64
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'a' <= c && c <= 'z':
			m |= 1 << (c - 'a')
		case '0' <= c && c <= '9':
			m |= 1 << (26 + c - '0')
		default:
			m |= 1 << 63
		}
	}
	return m
}

// mayMatch reports whether every word's characters occur in e at all.
func (e *entry) mayMatch(masks []uint64) bool {
	for _, m := range masks {
		if e.mask&m != m {
			return false
		}
	}
	return true
}

// newIndex indexes recs; prev, if any, is the index of an earlier
// snapshot whose text is reused for the records both hold.
func newIndex(recs []*catalogue.Record, prev *index) *index {
	ix := &index{recs: recs}
	// Reuse the newest index whose text is built: an index whose text
	// never was (no search since) lends its own predecessor, so the chain
	// is one long at most and old snapshots are not kept alive.
	for prev != nil && !prev.textDone.Load() {
		prev = prev.prev.Load()
	}
	ix.prev.Store(prev)
	for _, r := range recs {
		if !r.Valid() {
			ix.invalid++
		}
	}
	return ix
}

// text returns the search text of every record, building it once.
func (ix *index) text() []entry {
	ix.textOnce.Do(func() {
		var reuse []entry
		var pos map[*catalogue.Record]int
		if p := ix.prev.Load(); p != nil && p.textDone.Load() {
			reuse, pos = p.entries, p.positions()
		}
		ix.entries = make([]entry, len(ix.recs))
		for i, r := range ix.recs {
			if j, ok := pos[r]; ok {
				ix.entries[i] = reuse[j]
				continue
			}
			e := entry{rec: r, name: lower(r.Name), category: lower(r.Category), descr: lower(r.Description)}
			e.mask = charMask(e.name) | charMask(e.category) | charMask(e.descr)
			ix.entries[i] = e
		}
		ix.prev.Store(nil)
		ix.textDone.Store(true)
	})
	return ix.entries
}

// positions maps each record to its position, building the map once.
func (ix *index) positions() map[*catalogue.Record]int {
	ix.posOnce.Do(func() {
		ix.byRec = make(map[*catalogue.Record]int, len(ix.recs))
		for i, r := range ix.recs {
			ix.byRec[r] = i
		}
	})
	return ix.byRec
}

// lower lower-cases s, without allocating when it is already lower-case ASCII.
func lower(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || ('A' <= c && c <= 'Z') {
			return strings.ToLower(s)
		}
	}
	return s
}

// search is a parsed search box: fuzzy words plus the catalogue's query
// language for everything else.
type search struct {
	text  string
	words []string         // plain words, lower-cased: fuzzy over NAME and CATEGORY, substring in DESCRIPTION
	query *catalogue.Query // qualified, negated and quoted terms; nil if none
	err   error            // the query language's complaint, if any (its terms are then ignored)
}

// parseSearch splits the search box into fuzzy words and query-language
// terms. A term is the query language's when it names a field (name:,
// cat:, rating:>=4...), is negated (-word) or is quoted ("two words").
func parseSearch(text string) search {
	s := search{text: text}
	var terms []string
	for _, tok := range splitTerms(text) {
		if strings.ContainsAny(tok, `:"`) || strings.HasPrefix(tok, "-") {
			terms = append(terms, tok)
			continue
		}
		s.words = append(s.words, strings.ToLower(tok))
	}
	if len(terms) > 0 {
		q, err := catalogue.ParseQuery(strings.Join(terms, " "))
		if err != nil {
			s.err = err
		} else if !q.Empty() {
			s.query = q
		}
	}
	return s
}

// splitTerms splits on spaces outside double quotes.
func splitTerms(s string) []string {
	var out []string
	var b strings.Builder
	quoted := false
	for _, r := range s {
		switch {
		case r == '"':
			quoted = !quoted
			b.WriteRune(r)
		case unicode.IsSpace(r) && !quoted:
			if b.Len() > 0 {
				out = append(out, b.String())
				b.Reset()
			}
		default:
			b.WriteRune(r)
		}
	}
	if b.Len() > 0 {
		out = append(out, b.String())
	}
	return out
}

// masks returns the charMask of each fuzzy word.
func (s *search) masks() []uint64 {
	out := make([]uint64, len(s.words))
	for i, w := range s.words {
		out[i] = charMask(w)
	}
	return out
}

// Empty reports whether the search filters nothing.
func (s search) Empty() bool { return len(s.words) == 0 && s.query == nil }

// narrows reports whether every record matching s also matches prev, so a
// pass for s may look only at prev's matches: s only extends prev's fuzzy
// words (typing on). Query-language terms are not monotonic (rating:>4 then
// rating:>45), so a search with any is never narrowed.
func (s search) narrows(prev search) bool {
	if s.query != nil || prev.query != nil || s.err != nil || prev.err != nil || len(s.words) < len(prev.words) {
		return false
	}
	for i, w := range prev.words {
		if i == len(prev.words)-1 {
			return strings.HasPrefix(s.words[i], w)
		}
		if s.words[i] != w {
			return false
		}
	}
	return true
}

// Field weights of a fuzzy match: a hit in the name counts most.
const (
	weightName     = 3
	weightCategory = 2
	weightDescr    = 1
)

// score tells whether e matches every fuzzy word, and how well: higher is
// better. Words match NAME and CATEGORY as subsequences (fuzzy) and
// DESCRIPTION as substrings only, since almost any short word is a
// subsequence of a long description.
func (s *search) score(e *entry) (int, bool) {
	total := 0
	for _, w := range s.words {
		best := 0
		if sc := fieldScore(e.name, w); sc > 0 {
			best = sc * weightName
		}
		if sc := fieldScore(e.category, w); sc*weightCategory > best {
			best = sc * weightCategory
		}
		if best < 200*weightDescr {
			if i := strings.Index(e.descr, w); i >= 0 {
				if sc := substringScore(e.descr, i); sc*weightDescr > best {
					best = sc * weightDescr
				}
			}
		}
		if best == 0 {
			return 0, false
		}
		total += best
	}
	return total, true
}

// fieldScore scores word in field (both lower-case): 0 if it is not a
// subsequence; more for a substring, at a word start, near the start.
func fieldScore(field, word string) int {
	if i := strings.Index(field, word); i >= 0 {
		return substringScore(field, i)
	}
	first, pos := -1, 0
	for _, r := range word {
		j := strings.IndexRune(field[pos:], r)
		if j < 0 {
			return 0
		}
		if first < 0 {
			first = pos + j
		}
		pos += j + utf8.RuneLen(r)
	}
	gaps := (pos - first) - len(word)
	sc := 100 - min(gaps*4, 90)
	if wordStart(field, first) {
		sc += 30
	}
	return sc
}

func substringScore(field string, i int) int {
	sc := 200 - min(i, 50)
	if wordStart(field, i) {
		sc += 100
	}
	return sc
}

// wordStart reports whether byte i of s begins a word.
func wordStart(s string, i int) bool {
	if i == 0 {
		return true
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return !unicode.IsLetter(r) && !unicode.IsDigit(r)
}

// match reports whether e matches s and its score.
func (s *search) match(e *entry) (int, bool) {
	if s.query != nil && !s.query.Match(e.rec) {
		return 0, false
	}
	if len(s.words) == 0 {
		return 0, true
	}
	return s.score(e)
}

// scored is a matching record (its position) and its score.
type scored struct {
	pos   int32
	score int32
}

// parallelFrom is the number of candidates from which a pass splits its
// scan over the CPUs.
const parallelFrom = 16384

// scan returns the candidates (positions in entries) that match s, in
// order, with their scores; nil if ctx was cancelled. Large scans run on
// every CPU, each on a contiguous share, joined in order.
func scan(ctx context.Context, s *search, entries []entry, candidates []int32) []scored {
	masks := s.masks()
	scanPart := func(part []int32) []scored {
		out := make([]scored, 0, len(part)) // a short query matches most records: no regrowth
		for n, pos := range part {
			if n&1023 == 0 && ctx.Err() != nil {
				return nil
			}
			e := &entries[pos]
			if !e.mayMatch(masks) {
				continue
			}
			if sc, ok := s.match(e); ok {
				out = append(out, scored{pos, int32(min(sc, math.MaxInt32))})
			}
		}
		return out
	}
	workers := runtime.GOMAXPROCS(0)
	if len(candidates) < parallelFrom || workers < 2 {
		out := scanPart(candidates)
		if ctx.Err() != nil {
			return nil
		}
		return out
	}
	parts := make([][]scored, workers)
	var wg sync.WaitGroup
	size := (len(candidates) + workers - 1) / workers
	for w := range workers {
		lo, hi := min(w*size, len(candidates)), min((w+1)*size, len(candidates))
		wg.Add(1)
		go func() {
			defer wg.Done()
			parts[w] = scanPart(candidates[lo:hi])
		}()
	}
	wg.Wait()
	if ctx.Err() != nil {
		return nil
	}
	total := 0
	for _, p := range parts {
		total += len(p)
	}
	out := make([]scored, 0, total)
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// byScore orders hits best first, keeping their order on ties: a counting
// sort, since scores are small integers (a comparison sort of 100,000
// hits costs more than the scan).
func byScore(hits []scored) []scored {
	hi := int32(0)
	for _, h := range hits {
		hi = max(hi, h.score)
	}
	if hi > 1<<16 {
		slices.SortStableFunc(hits, func(a, b scored) int { return int(b.score - a.score) })
		return hits
	}
	count := make([]int, hi+2)
	for _, h := range hits {
		count[hi-h.score+1]++ // descending: the best score gets bucket 0
	}
	for i := 1; i < len(count); i++ {
		count[i] += count[i-1]
	}
	out := make([]scored, len(hits))
	for _, h := range hits {
		b := hi - h.score
		out[count[b]] = h
		count[b]++
	}
	return out
}

// ordering is an index's records in one sort order, as positions in
// index.entries. It is made once per (index, key) and reused while typing.
type ordering struct {
	ix    *index
	key   catalogue.SortKey
	order []int32
}

func newOrdering(ctx context.Context, ix *index, key catalogue.SortKey) *ordering {
	o := &ordering{ix: ix, key: key, order: make([]int32, len(ix.recs))}
	for i := range o.order {
		o.order[i] = int32(i)
	}
	if key.IsZero() {
		return o
	}
	if ctx.Err() != nil {
		return nil
	}
	o.order = catalogue.Order(ix.recs, key)
	return o
}

// pass is one run of the pipeline: what it answers and what it reads.
type pass struct {
	seq   int // labels the answer; Update drops answers whose seq is not the newest
	text  string
	recs  []*catalogue.Record // the snapshot to show
	sort  catalogue.SortKey
	group catalogue.GroupKey
	prev  *result // the last answer, whose index, ordering and matches may be reused
	// ready is closed once the catalogue's own search text is made: the
	// query language reads it. nil means ready.
	ready <-chan struct{}
}

// result is a pass's answer.
type result struct {
	seq     int
	search  search
	ix      *index
	order   *ordering
	matched []int32 // positions in ix.recs that match, in order's order
	shown   []*catalogue.Record
	groups  []catalogue.Group // nil unless grouping
	group   catalogue.GroupKey
	took    time.Duration
}

// filteredMsg carries a pass's result to Update; nil res means cancelled.
type filteredMsg struct {
	seq int
	res *result
}

// run runs the pass; it returns nil if ctx was cancelled first.
func (p pass) run(ctx context.Context) *result {
	start := time.Now()
	res := &result{seq: p.seq, search: parseSearch(p.text), group: p.group}
	var prevIx *index
	if p.prev != nil {
		prevIx = p.prev.ix
	}
	// Reuse the index if the snapshot is the same slice.
	if prevIx != nil && sameSlice(prevIx.recs, p.recs) {
		res.ix = prevIx
	} else {
		res.ix = newIndex(p.recs, prevIx)
	}
	if p.prev != nil && p.prev.order != nil && p.prev.order.ix == res.ix && p.prev.order.key == p.sort {
		res.order = p.prev.order
	} else if res.order = newOrdering(ctx, res.ix, p.sort); res.order == nil {
		return nil
	}

	if res.search.query != nil && p.ready != nil {
		select {
		case <-p.ready:
		case <-ctx.Done():
			return nil
		}
	}
	candidates := res.order.order
	narrowing := p.prev != nil && p.prev.order == res.order && res.search.narrows(p.prev.search)
	if narrowing {
		candidates = p.prev.matched
	}
	s := &res.search
	if s.Empty() {
		res.matched = candidates
	} else {
		// A pass over most records in a sort order would visit the entries
		// all over memory: scan them all in file order, then put the hits
		// in order. (When narrowing, the hits are candidates anyway.)
		resort := !p.sort.IsZero() && len(candidates)*2 > len(res.ix.recs)
		if resort {
			candidates = identity(len(res.ix.recs))
		}
		hits := scan(ctx, s, res.ix.text(), candidates)
		if hits == nil {
			return nil
		}
		if resort {
			hits = inOrder(hits, res.order.order, len(res.ix.recs))
		}
		res.matched = make([]int32, len(hits))
		for i, h := range hits {
			res.matched[i] = h.pos
		}
		if p.sort.IsZero() && len(s.words) > 0 {
			// No sort key chosen: best matches first, file order on ties.
			hits = byScore(hits)
		}
		if ctx.Err() != nil {
			return nil
		}
		res.shown = make([]*catalogue.Record, len(hits))
		for i, h := range hits {
			res.shown[i] = res.ix.recs[h.pos]
		}
	}
	if res.shown == nil {
		res.shown = make([]*catalogue.Record, len(res.matched))
		for i, pos := range res.matched {
			res.shown[i] = res.ix.recs[pos]
		}
	}
	if !p.group.IsZero() {
		if ctx.Err() != nil {
			return nil
		}
		res.groups = catalogue.GroupRecords(res.shown, p.group)
	}
	res.took = time.Since(start)
	return res
}

// identity returns the positions 0..n-1.
func identity(n int) []int32 {
	out := make([]int32, n)
	for i := range out {
		out[i] = int32(i)
	}
	return out
}

// inOrder returns hits (positions below n) in the order of order.
func inOrder(hits []scored, order []int32, n int) []scored {
	hit := make([]bool, n)
	for _, h := range hits {
		hit[h.pos] = true
	}
	out := make([]scored, 0, len(hits))
	for _, pos := range order {
		if hit[pos] {
			out = append(out, scored{pos: pos})
		}
	}
	return out
}

func sameSlice(a, b []*catalogue.Record) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// highlight returns the rune positions of text that the search's words
// match, for drawing: fuzzy words as the matcher found them, and the query
// language's free text (quoted phrases) as substrings.
func (s *search) highlight(text string, fuzzy bool) map[int]bool {
	if len(s.words) == 0 && s.query == nil {
		return nil
	}
	runes := []rune(strings.ToLower(text))
	if len(runes) != utf8.RuneCountInString(text) {
		// Lower-casing changed the rune count (rare); match rune by rune.
		runes = []rune(text)
		for i, r := range runes {
			runes[i] = unicode.ToLower(r)
		}
	}
	var hits map[int]bool
	mark := func(i int) {
		if hits == nil {
			hits = map[int]bool{}
		}
		hits[i] = true
	}
	phrases := append([]string(nil), s.words...)
	if s.query != nil {
		phrases = append(phrases, s.query.FreeText()...)
	}
	for n, w := range phrases {
		wr := []rune(w)
		if len(wr) == 0 {
			continue
		}
		if i := indexRunes(runes, wr); i >= 0 {
			for k := range wr {
				mark(i + k)
			}
			continue
		}
		if !fuzzy || n >= len(s.words) {
			continue
		}
		// Subsequence, as fieldScore found it.
		var at []int
		pos := 0
		for _, r := range wr {
			for pos < len(runes) && runes[pos] != r {
				pos++
			}
			if pos == len(runes) {
				at = nil
				break
			}
			at = append(at, pos)
			pos++
		}
		for _, i := range at {
			mark(i)
		}
	}
	return hits
}

func indexRunes(s, sub []rune) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		ok := true
		for k, r := range sub {
			if s[i+k] != r {
				ok = false
				break
			}
		}
		if ok {
			return i
		}
	}
	return -1
}
