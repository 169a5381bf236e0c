package query

import (
	"context"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/parallel"
)

// Index is one snapshot of a catalogue's records prepared for searching
// as one types: the folded text of each record's NAME, CATEGORY, tags and
// DESCRIPTION, kept end to end, a mask of the bytes each holds, and each
// one's answer to a search of one letter or digit (a search's first key,
// see firstkey.go). It is
// immutable, safe for concurrent use, and owns all it holds: nothing is
// written into the records.
//
// The text is kept in chunks of a few thousand records, so that the index
// of the next version shares the chunks whose records did not change.
//
// An index made by Prepare is searchable at once, before its chunks are
// folded (Build): a search reads a chunk already folded through the
// index and the records of the others as Matcher does, and finds the
// same, so that a search typed while the index is being built is
// answered without waiting for it.
type Index struct {
	recs    []*ssd3.Record
	version uint64
	// chunks are set once each, by Build, and read by searches meanwhile.
	chunks []atomic.Pointer[chunk]
	dups   func() map[*ssd3.Record]bool // DupSet(recs), on first use
	build  *building                    // the chunks to fold; nil: none
}

// building is the work of folding an index's missing chunks, shared by
// every Build call: each takes the next chunk not taken yet, in file
// order, so that the records shown first are the first searched through
// the index.
type building struct {
	todo []int         // the chunks to fold, in file order
	next atomic.Int64  // the next of todo to take
	left atomic.Int64  // chunks of todo not folded yet
	done chan struct{} // closed once left is 0
}

// chunkBits sets the records per chunk: small enough that an edit
// re-folds little, large enough that the chunks' overhead is nothing.
const (
	chunkBits = 12
	chunkSize = 1 << chunkBits
)

// chunk is the search text of chunkSize consecutive records (fewer in the
// last chunk): each record's parts, each but the last ended by NUL, which
// folded text never holds; where each record's text starts and how long
// its parts are; each record's masks; and its key codes.
type chunk struct {
	text  string
	spans []uint64  // per record a span, and the end of the text
	masks []uint32  // 3 per record: textMasks of its text (all, fields, starts)
	keys  chunkKeys // the records' key codes (see firstkey.go)
	// uriKeys are the catalogue.URIKey of the records whose URI is not
	// its own key, by position in the chunk (most URIs are): the table of
	// where each archived page's records are (posTable) finds them by
	// key, and working each out again for every table would cost more
	// than keeping the few.
	uriKeys map[int]string
}

// A span is where a record's text starts in its chunk's text (the low 32
// bits) and, a byte each above, how far from that start the NULs that
// end NAME, CATEGORY and the tags are (DESCRIPTION ends where the next
// record's text starts), or nulFar for one that far or farther, to be
// looked for: all a doc needs to cut its parts, in 8 bytes a record
// rather than the 20 of an offset for each part.
const (
	nulFar   = 255
	nulShift = 32
)

// NewIndex indexes recs, a snapshot of a catalogue's records, as of the
// catalogue's version (which Version gives back, so that the holder can
// tell whether the index is current). recs must not change afterwards; the
// records themselves never do.
func NewIndex(recs []*ssd3.Record, version uint64) *Index {
	return (*Index)(nil).Next(recs, version)
}

// Next indexes recs as of version, reusing the text of ix (which may be
// nil) for every chunk whose records are the very same records as in ix,
// at the same places: after an edit only the edited record's chunk is
// folded again, and after an append only the last.
func (ix *Index) Next(recs []*ssd3.Record, version uint64) *Index {
	next := ix.Prepare(recs, version)
	next.Build()
	return next
}

// Prepare is Next without the folding: the index it returns reuses ix's
// chunks as Next does and folds the others when Build is called, and can
// be searched meanwhile (more slowly where a chunk is not folded yet).
func (ix *Index) Prepare(recs []*ssd3.Record, version uint64) *Index {
	n := (len(recs) + chunkSize - 1) / chunkSize
	next := &Index{recs: recs, version: version, chunks: make([]atomic.Pointer[chunk], n)}
	next.dups = sync.OnceValue(func() map[*ssd3.Record]bool { return DupSet(recs) })
	var todo []int
	for k := range n {
		lo, hi := k*chunkSize, min((k+1)*chunkSize, len(recs))
		if ix != nil && k < len(ix.chunks) {
			if c := ix.chunks[k].Load(); c != nil && c.len() == hi-lo && slices.Equal(recs[lo:hi], ix.recs[lo:hi]) {
				next.chunks[k].Store(c)
				continue
			}
		}
		todo = append(todo, k)
	}
	if len(todo) > 0 {
		next.build = &building{todo: todo, done: make(chan struct{})}
		next.build.left.Store(int64(len(todo)))
	}
	return next
}

// Build folds the chunks the index lacks, on every CPU, and returns once
// all are folded: by this call or by others made meanwhile, which share
// the work.
func (ix *Index) Build() {
	b := ix.build
	if b == nil {
		return
	}
	// The chunks are independent: fold them on every CPU.
	parallel.Each(len(b.todo), func(int) func(int) {
		var s scratch
		return func(int) {
			i := int(b.next.Add(1) - 1)
			if i >= len(b.todo) {
				return // taken by another Build
			}
			k := b.todo[i]
			ix.chunks[k].Store(newChunk(ix.recs[k*chunkSize:min((k+1)*chunkSize, len(ix.recs))], &s))
			if b.left.Add(-1) == 0 {
				close(b.done)
			}
		}
	})
	<-b.done
}

// Ready reports whether every chunk of the index is folded.
func (ix *Index) Ready() bool {
	return ix.build == nil || ix.build.left.Load() == 0
}

// Folded returns how many records from the first are in chunks folded
// already: those a search reads through the index.
func (ix *Index) Folded() int {
	for k := range ix.chunks {
		if ix.chunks[k].Load() == nil {
			return k * chunkSize
		}
	}
	return len(ix.recs)
}

// len returns the number of records in c.
func (c *chunk) len() int { return len(c.masks) / 3 }

// scratch is the memory newChunk works in, reused from one chunk to the
// next: made for each, it would be garbage of about the index's size
// while the collector is paused for the build.
type scratch struct {
	text  []byte
	codes []uint8 // every record's key codes, key by key, before packKeys
}

// newChunk folds recs into a chunk, in s's memory (nil: new memory).
func newChunk(recs []*ssd3.Record, s *scratch) *chunk {
	if s == nil {
		s = new(scratch)
	}
	c := &chunk{spans: make([]uint64, len(recs)+1), masks: make([]uint32, 3*len(recs))}
	buf := s.text[:0]
	codes := slices.Grow(s.codes[:0], len(firstKeys)*len(recs))[:len(firstKeys)*len(recs)]
	clear(codes) // keyAbsent, which noteKeyCodes leaves
	for i, r := range recs {
		start, fieldsEnd := len(buf), 0
		span := uint64(uint32(start))
		var nuls [partDescription]int
		for p := range numParts {
			switch p {
			case partName:
				buf = appendFold(buf, r.Name())
			case partCategory:
				buf = appendFold(buf, r.Category())
			case partTags:
				buf = appendTags(buf, r)
			case partDescription:
				fieldsEnd = len(buf)
				buf = appendFold(buf, r.Description())
			}
			if p < partDescription {
				nuls[p] = len(buf) - start
				span |= uint64(min(nuls[p], nulFar)) << (nulShift + 8*p)
				buf = append(buf, 0)
			}
		}
		c.spans[i] = span
		c.masks[3*i], c.masks[3*i+1], c.masks[3*i+2] = textMasks(buf[start:], fieldsEnd-start)
		text := unsafe.String(&buf[start], len(buf)-start) // read only while buf holds it
		noteKeyCodes(codes[i:], len(recs), text, nuls[partName], nuls[partCategory], nuls[partTags], c.masks[3*i])
		if uri := r.URI(); uri != "" {
			if k := ssd3.URIKey(uri); k != uri {
				if c.uriKeys == nil {
					c.uriKeys = map[int]string{}
				}
				c.uriKeys[i] = k
			}
		}
	}
	c.spans[len(recs)] = uint64(len(buf))
	c.text = string(buf)
	c.keys = packKeys(codes, len(recs))
	s.text, s.codes = buf, codes
	return c
}

// dupSet returns DupSet of the index's records, computed once.
func (ix *Index) dupSet() map[*ssd3.Record]bool {
	if ix.dups == nil { // an Index not made by Next
		return DupSet(ix.recs)
	}
	return ix.dups()
}

// Version returns the catalogue version the index was built from.
func (ix *Index) Version() uint64 { return ix.version }

// Records returns the snapshot the index was built from, in file order.
func (ix *Index) Records() []*ssd3.Record { return ix.recs }

// Len returns the number of records indexed.
func (ix *Index) Len() int { return len(ix.recs) }

// setDoc makes d the record at pos as searches see it, from the index,
// if its text holds every byte of need (its charMask holds need's), and
// reports whether it does: most records a search passes over are passed
// over here. c is the record's chunk. It reuses d: a search sets one doc
// per record, and clearing the whole of it each time costs more than the
// fields it sets (the parts it cuts are read only once have says they
// are there).
func (ix *Index) setDoc(d *doc, c *chunk, pos int, need uint32) bool {
	i := pos & (chunkSize - 1)
	m := c.masks[3*i : 3*i+3]
	if m[0]&need != need {
		return false
	}
	span := c.spans[i]
	d.rec, d.have = ix.recs[pos], 0
	d.all, d.nuls = c.text[uint32(span):uint32(c.spans[i+1])], uint32(span>>nulShift)
	d.fields, d.starts = m[1], m[2]
	d.pos, d.atPos = int32(pos), true
	return true
}

// name returns the folded NAME of the record at pos.
func (ix *Index) name(pos int) string {
	c := ix.chunks[pos>>chunkBits].Load()
	i := pos & (chunkSize - 1)
	d := doc{all: c.text[uint32(c.spans[i]):uint32(c.spans[i+1])], nuls: uint32(c.spans[i] >> nulShift)}
	return d.part(partName)
}

// Hit is a record a search matched: its position in the index's records
// and how well it matched (see Rank).
type Hit struct {
	Pos   int32
	Score int32
}

// Search returns the records among candidates (positions in Records; nil
// means all, in file order) that q matches, in the order of candidates,
// with their scores. It matches exactly what Filter matches. A large
// search runs on every CPU; it stops early with ctx's error when ctx is
// cancelled.
func (ix *Index) Search(ctx context.Context, q *Query, candidates []int32) ([]Hit, error) {
	hits, err := ix.SearchInto(ctx, q, candidates, nil)
	if len(hits) < cap(hits)/4 {
		return slices.Clone(hits), err // not to keep the rest alive
	}
	return hits, err
}

// SearchInto is Search, with the hits in buf's memory when it has room
// for one per candidate (else in new memory, which the hits returned
// hold): a holder that passes the hits of its last search back in makes
// no garbage of a catalogue's size per search, so that the collector,
// with little to collect, can keep the heap tight.
func (ix *Index) SearchInto(ctx context.Context, q *Query, candidates []int32, buf []Hit) ([]Hit, error) {
	return ix.searchInto(ctx, q, candidates, nil, buf)
}

// PosSet is a set of positions in an index's records, a bit each (bit
// pos%64 of word pos/64): the matches of a search kept for the next one
// to narrow, in an eighth of the memory of their positions.
type PosSet []uint64

// NewPosSet returns an empty set for positions below n.
func NewPosSet(n int) PosSet { return make(PosSet, (n+63)/64) }

// Add puts pos in s.
func (s PosSet) Add(pos int32) { s[pos>>6] |= 1 << (pos & 63) }

// Has reports whether pos is in s.
func (s PosSet) Has(pos int) bool { return s[pos>>6]&(1<<(pos&63)) != 0 }

// SearchAmongInto is SearchInto with the candidates the positions in
// among, in file order.
func (ix *Index) SearchAmongInto(ctx context.Context, q *Query, among PosSet, buf []Hit) ([]Hit, error) {
	return ix.searchInto(ctx, q, nil, among, buf)
}

// searchInto is SearchInto, with candidates and among not both given:
// with among, the candidates are its positions, in file order.
func (ix *Index) searchInto(ctx context.Context, q *Query, candidates []int32, among PosSet, buf []Hit) ([]Hit, error) {
	q = q.atIndex(ix)
	n := len(ix.recs)
	if candidates != nil {
		n = len(candidates)
	}
	// One slice for every share's hits, each in its own stretch, closed
	// up at the end: a search that matches most records would otherwise
	// spend more on growing slices than on matching.
	out := buf[:cap(buf)]
	if len(out) < n {
		out = make([]Hit, n)
	}
	var dups map[*ssd3.Record]bool
	if q.dup {
		dups = ix.dupSet()
	}
	// While the index is being folded, from its first chunk on, a search
	// reads from the last: the two meet midway, rather than the search
	// reading without the index the chunks about to be folded.
	ready := ix.Ready()
	ends := splitFrom(n, parallelFrom, !ready, func() func(lo, hi int) [2]int {
		d := doc{seen: new(seenScores), dups: dups, links: q.links}
		var s *scan // for the chunks not folded yet
		if !ready {
			s = newScan(q, dups)
		}
		return func(lo, hi int) [2]int {
			return ix.searchShare(ctx, q, candidates, among, &d, s, out, lo, hi)
		}
	})
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	m := 0
	for _, e := range ends {
		m += copy(out[m:], out[e[0]:e[1]])
	}
	return out[:m], nil
}

// searchShare searches candidates[lo:hi] (positions lo to hi if
// candidates is nil, those in among if that is not nil) with d, and with
// s the records of chunks not folded (s is nil if all are), putting the
// hits in out from lo on, and returns where they are in out.
func (ix *Index) searchShare(ctx context.Context, q *Query, candidates []int32, among PosSet, d *doc, s *scan, out []Hit, lo, hi int) [2]int {
	if key := q.firstKey(); key >= 0 {
		return ix.searchKey(ctx, key, q, candidates, among, d, s, out, lo, hi)
	}
	w := lo
	// One word, as most searches typed are: straight to it.
	var word *term
	if len(q.terms) == 1 && q.terms[0].kind == kindWord && !q.terms[0].neg {
		word = &q.terms[0]
	}
	for k := lo; k < hi; k++ {
		if k&1023 == 0 && ctx.Err() != nil {
			return [2]int{lo, lo}
		}
		pos := k
		if candidates != nil {
			pos = int(candidates[k])
		} else if among != nil && !among.Has(pos) {
			continue
		}
		var sc int
		var ok bool
		switch c := ix.chunks[pos>>chunkBits].Load(); {
		case c == nil:
			sc, ok = s.eval(q, ix.recs[pos])
		case !ix.setDoc(d, c, pos, q.need):
			continue
		case word != nil:
			sc, ok = word.word(d)
		default:
			sc, ok = q.eval(d)
		}
		if ok {
			out[w] = Hit{int32(pos), int32(min(sc, math.MaxInt32))}
			w++
		}
	}
	return [2]int{lo, w}
}

// scan is how a search reads the records of the chunks not folded yet:
// as Matcher does, folding each record's text as far as q needs.
type scan struct {
	d       doc
	scratch []byte
	words   []string // plainWords, for mayHoldAll
}

// newScan returns a scan for q, dups being the index's DupSet if q needs it.
func newScan(q *Query, dups map[*ssd3.Record]bool) *scan {
	s := &scan{scratch: make([]byte, 0, 1024), words: q.plainWords()}
	s.d = doc{scratch: &s.scratch, dups: dups, links: q.links}
	return s
}

// eval is q.eval of r, as an index's doc of r would give it.
func (s *scan) eval(q *Query, r *ssd3.Record) (int, bool) {
	if len(s.words) > 0 && !mayHoldAll(r, s.words) {
		return 0, false
	}
	s.scratch = s.scratch[:0]
	return q.eval(s.d.reuse(r))
}

// searchKey is searchShare for q, the search of one word of the key-th
// of firstKeys: the records' key codes answer it, without their text but
// for the rare score no code tells (keyLook).
func (ix *Index) searchKey(ctx context.Context, key int, q *Query, candidates []int32, among PosSet, d *doc, s *scan, out []Hit, lo, hi int) [2]int {
	w := lo
	t := &q.terms[0]
	// look is the hit of a record whose code is keyLook, from its text.
	look := func(c *chunk, pos int) (Hit, bool) {
		if !ix.setDoc(d, c, pos, q.need) {
			return Hit{}, false
		}
		sc, ok := t.word(d)
		return Hit{int32(pos), int32(min(sc, math.MaxInt32))}, ok
	}
	add := func(c *chunk, pos int, code uint8) {
		switch code {
		case keyAbsent:
			return
		case keyLook:
			h, ok := look(c, pos)
			if !ok {
				return
			}
			out[w] = h
		default:
			out[w] = Hit{int32(pos), keyScores[code]} // keyScores[keyUnscored] is 0
		}
		w++
	}
	scanned := func(pos int) {
		if sc, ok := s.eval(q, ix.recs[pos]); ok {
			out[w] = Hit{int32(pos), int32(min(sc, math.MaxInt32))}
			w++
		}
	}
	if candidates != nil {
		for k := lo; k < hi; k++ {
			if k&1023 == 0 && ctx.Err() != nil {
				return [2]int{lo, lo}
			}
			pos := int(candidates[k])
			if c := ix.chunks[pos>>chunkBits].Load(); c != nil {
				add(c, pos, c.keys.code(key, pos&(chunkSize-1)))
			} else {
				scanned(pos)
			}
		}
		return [2]int{lo, w}
	}
	// Every record from lo to hi: a chunk's codes for the key at a time.
	for pos := lo; pos < hi; {
		if ctx.Err() != nil {
			return [2]int{lo, lo}
		}
		base := pos &^ (chunkSize - 1)
		end := min(hi, base+chunkSize)
		c := ix.chunks[pos>>chunkBits].Load()
		if c == nil {
			for ; pos < end; pos++ {
				if among == nil || among.Has(pos) {
					scanned(pos)
				}
			}
			continue
		}
		w = keyHits(c, key, base, pos, end, among, out, w, func(pos int) (Hit, bool) { return look(c, pos) })
		pos = end
	}
	return [2]int{lo, w}
}

// Rank returns the positions of hits best first, keeping their order
// among equals: matches found only in DESCRIPTION (score 0) come last, in
// the order they came. It is a counting sort, since scores are small: a
// comparison sort of a million hits would cost more than the search. It
// gives positions rather than hits, half their size: what a list shows.
func Rank(hits []Hit) []int32 {
	return AppendRank(make([]int32, 0, len(hits)), hits)
}

// rankParallelFrom is how many hits Rank sorts on every CPU: it runs
// after the search, and on one CPU its passes over the hits of a large
// catalogue would add to a keystroke's time as much as a search's share.
const rankParallelFrom = 1 << 16

// AppendRank appends the positions of hits, best first, to dst, as Rank
// gives them: in dst's memory, if it has room.
func AppendRank(dst []int32, hits []Hit) []int32 {
	n := len(dst)
	dst = slices.Grow(dst, len(hits))[:n+len(hits)]
	out := dst[n:]
	// The hits in contiguous parts, one a CPU when there are many: each
	// part's hits of a score go after those of the parts before it, so
	// the order among equals is kept.
	parts := 1
	if len(hits) >= rankParallelFrom {
		parts = runtime.GOMAXPROCS(0)
	}
	part := func(p int) []Hit { return hits[p*len(hits)/parts : (p+1)*len(hits)/parts] }
	highs := make([]int32, parts)
	parallel.Each(parts, func(int) func(p int) {
		return func(p int) {
			for _, h := range part(p) {
				highs[p] = max(highs[p], h.Score)
			}
		}
	})
	hi := slices.Max(highs)
	if hi > 1<<16 {
		sorted := slices.Clone(hits)
		slices.SortStableFunc(sorted, func(a, b Hit) int { return int(b.Score - a.Score) })
		for i, h := range sorted {
			out[i] = h.Pos
		}
		return dst
	}
	// Bucket hi-score, so that the best score comes first: each part's
	// count of each, then where each part's hits of each go.
	at := make([][]int, parts)
	parallel.Each(parts, func(int) func(p int) {
		return func(p int) {
			at[p] = make([]int, hi+1)
			for _, h := range part(p) {
				at[p][hi-h.Score]++
			}
		}
	})
	next := 0
	for b := range hi + 1 {
		for p := range parts {
			at[p][b], next = next, next+at[p][b]
		}
	}
	parallel.Each(parts, func(int) func(p int) {
		return func(p int) {
			for _, h := range part(p) {
				b := hi - h.Score
				out[at[p][b]] = h.Pos
				at[p][b]++
			}
		}
	})
	return dst
}
