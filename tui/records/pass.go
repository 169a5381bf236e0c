package records

import (
	"context"
	"errors"
	mathbits "math/bits"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/linkcheck"
	"github.com/uricat/uricat/internal/parallel"
)

// This file is the search pipeline: it turns the search box's text, the
// sort key and the group key into the rows the list shows. It runs on a
// goroutine of its own, never in Update, so a keystroke never waits for a
// pass over every record. Each pass is labelled with a sequence number
// and the text it answers; Update keeps only the answer to the newest
// pass and cancels the one before, so a slow stale pass can never
// overwrite a newer one (the race of bubbles' list).
//
// Everything a pass reads is immutable: the snapshot of record pointers
// (Catalogue.Records is copy-on-write and records never change once made)
// and the query.Index built from it. A pass never touches the Catalogue.
// Searching, ranking, sorting and grouping are catalogue/query's, the
// same as the command line's; this file only decides what to reuse.

// index is a snapshot of the catalogue's records and its search index,
// prepared on first use, so that the first frame, which searches nothing,
// does not wait for it, and folded in the background (Warm, or the first
// search); passes share it safely and search it meanwhile, reading the
// records of the chunks not folded yet as a search without an index does.
type index struct {
	recs    []*ssd3.Record
	version uint64 // counts the snapshots this model has seen
	invalid int    // records with errors (!Valid)

	prev  atomic.Pointer[index] // whose search index this one reuses; dropped once prepared
	once  sync.Once
	ix    atomic.Pointer[query.Index] // set by prepare
	build sync.Once                   // starts the folding in the background
}

// newIndex wraps recs; prev, if any, is the index of an earlier snapshot
// whose search index is reused for the chunks of records both hold.
func newIndex(recs []*ssd3.Record, version uint64, prev *index) *index {
	x := &index{recs: recs, version: version}
	// Reuse the newest index prepared: one never searched lends its own
	// predecessor, so the chain is one long at most and old snapshots
	// are not kept alive.
	for prev != nil && prev.ix.Load() == nil {
		prev = prev.prev.Load()
	}
	x.prev.Store(prev)
	x.invalid = countInvalid(recs)
	return x
}

// invalidShare is how many records a goroutine of countInvalid counts at
// a time.
const invalidShare = 1 << 16

// countInvalid returns how many of recs have errors, on every CPU: it is
// a read of each record, which a large catalogue's first frame waits for
// (the status bar shows the count).
func countInvalid(recs []*ssd3.Record) int {
	var n atomic.Int64
	parallel.Each((len(recs)+invalidShare-1)/invalidShare, func(int) func(int) {
		return func(i int) {
			k := 0
			for _, r := range recs[i*invalidShare : min((i+1)*invalidShare, len(recs))] {
				if !r.Valid() {
					k++
				}
			}
			n.Add(int64(k))
		}
	})
	return int(n.Load())
}

// prepare returns the snapshot's search index, made once, with the
// chunks of prev's that it reuses and the others not folded yet.
func (x *index) prepare() *query.Index {
	x.once.Do(func() {
		var prev *query.Index
		if p := x.prev.Load(); p != nil {
			prev = p.ix.Load()
		}
		x.ix.Store(prev.Prepare(x.recs, x.version))
		x.prev.Store(nil)
	})
	return x.ix.Load()
}

// search returns the snapshot's search index, folding what it lacks in
// the background unless that has begun: a pass does not wait for it.
func (x *index) search() *query.Index {
	ix := x.prepare()
	if !ix.Ready() {
		x.build.Do(func() { go ix.Build() })
	}
	return ix
}

// ready reports whether the snapshot's search index is folded whole.
func (x *index) ready() bool {
	ix := x.ix.Load()
	return ix != nil && ix.Ready()
}

// Search is the search box's text as a pass applies it.
type Search struct {
	text string // as typed
	// query is the query applied: text's or, while text is not a valid
	// search, the terms before the bad one (typed before it, as a rule),
	// so the list does not flicker while a term is being typed; nil when
	// there are none, for an invalid search never shows every record.
	query *query.Query
	err   *query.Error // why text is not a valid search; nil if it is
}

// parseSearch parses the search box's text, with the saved searches.
func parseSearch(text string, saved func(string) (string, bool)) Search {
	q, err := query.Parse(text, query.WithSaved(saved))
	if err == nil {
		return Search{text: text, query: q}
	}
	s := Search{text: text}
	if !errors.As(err, &s.err) {
		s.err = &query.Error{Term: text, Column: 1, Reason: err.Error()}
	}
	// The terms before the bad one parsed: they parse again.
	if before, err := query.Parse(text[:s.err.Offset], query.WithSaved(saved)); err == nil && !before.Empty() {
		s.query = before
	}
	return s
}

// Highlight reports which runes of text, the value of field, the applied
// search matched.
func (s *Search) Highlight(field, text string) []bool {
	return s.query.Highlight(field, text)
}

// ordering is an index's records in one sort order, as positions in
// index.recs. It is made once per (index, key) and reused while typing.
// File order (the zero key) has no positions (order is nil): spelt out,
// they would hold memory of a catalogue's size for what their place says.
type ordering struct {
	ix    *index
	key   query.SortKey
	order []int32 // nil: file order
}

func newOrdering(ctx context.Context, x *index, key query.SortKey) *ordering {
	o := &ordering{ix: x, key: key}
	switch {
	case key.IsZero():
	case ctx.Err() != nil:
		return nil
	case x.ready():
		o.order = x.search().Order(key) // names already folded
	default:
		o.order = query.Order(x.recs, key)
	}
	return o
}

// pass is one run of the pipeline: what it answers and what it reads.
type pass struct {
	seq   int // labels the answer; Update drops answers whose seq is not the newest
	text  string
	recs  []*ssd3.Record // the snapshot to show
	sort  query.SortKey
	group query.GroupKey
	prev  *Answer  // the last answer, whose index, ordering and matches may be reused
	mem   *passMem // memory to answer in, lent by Update (nil: new memory)
	// links gives link: terms the links' statuses (nil: all unchecked);
	// linksGen counts the link states the model has had.
	links    func(uri string) linkcheck.Status
	linksGen int
	// early, if not nil, is given a first answer for the records from
	// the first (firstRecords and those the index has folded) when the
	// search index is not built yet, before the whole answer is found.
	early func(*Answer)
	// archive answers text: and archive: terms (List.SetArchive).
	archive func(context.Context, *query.Query) *query.Query
	saved   func(name string) (string, bool) // @NAME's (List.SetSaved)
}

// firstRecords is how many records, from the first, a first answer
// searches beyond those the index has folded: records read without the
// index cost many times what folded ones do, and a screenful of matches
// is found in far fewer.
const firstRecords = 2 * 4096

// passMem is the memory a pass answers in: its hits, then the positions
// it shows (matched, or ranked: a pass keeps the positions of one order
// only, see Answer.matchedSet). Update lends a pass the memory of
// answers no longer shown (memPool), so that typing makes no garbage of
// a catalogue's size and the collector, with little to collect, keeps
// the heap tight (gcpause.Hold). Each slice is the only one on its
// array.
type passMem struct {
	hits []query.Hit
	pos  []int32
}

// memPool is the memory of answers no longer shown, kept to be lent
// again; only Update touches it. It keeps what one pass needs: more
// would only keep garbage alive.
type memPool struct {
	hits []query.Hit
	pos  []int32
}

// take returns memory for a pass.
func (p *memPool) take() *passMem {
	m := &passMem{hits: p.hits, pos: p.pos}
	p.hits, p.pos = nil, nil
	return m
}

// putHits keeps a pass's hits, which no answer holds, once it is done.
func (p *memPool) putHits(h []query.Hit) {
	if cap(h) > cap(p.hits) {
		p.hits = h[:0]
	}
}

// put keeps the positions of an answer no longer shown nor read by a pass.
func (p *memPool) put(m *passMem) {
	if cap(m.pos) > cap(p.pos) {
		p.pos = m.pos[:0]
	}
	*m = passMem{}
}

// Answer is a pass's answer.
type Answer struct {
	seq     int
	search  Search
	ix      *index
	order   *ordering
	matched []int32 // positions in ix.recs that match, in order's order
	// matchedSet holds the matches instead of matched when they are
	// ranked (shown), in file order: a search to narrow reads them in
	// file order anyway, and as a set they take an eighth of the memory
	// of their positions.
	matchedSet query.PosSet
	nMatched   int // how many match
	// shown are the positions in ix.recs of the records the list shows,
	// in the order it shows them: positions, not pointers, so that a
	// keystroke that matches a million records writes no pointer the
	// collector must follow (matched itself when no ranking reorders it).
	// all: every record in file order, and shown and matched are nil.
	shown  []int32
	all    bool
	groups []query.Group // nil unless grouping
	group  query.GroupKey
	took   time.Duration
	// linksGen is the pass's: an answer found with other link statuses
	// is not narrowed.
	linksGen int
	// partial is true for a first answer (pass.early): it holds the
	// matches among the first records only, and the whole answer follows.
	partial bool
	// answered is the search as the archive answered its text: terms
	// (Answered); nil when it has none.
	answered *query.Query

	// Update's bookkeeping of the memory the answer holds (mem), which
	// goes back to the pool once the answer is no longer the one shown
	// and no pass reads it as its prev (users).
	mem   *passMem
	users int
}

// FilteredMsg carries a pass's Answer to the List (Filtered); nil res
// means cancelled. prev and mem are the pass's, for the List to account
// for the memory.
type FilteredMsg struct {
	// Seq names the request answered: the Refilter that started the
	// pass. Only the newest request's answer is shown.
	Seq  int
	res  *Answer
	prev *Answer
	mem  *passMem
	rest tea.Cmd // brings the whole answer after a first one; nil if none follows
}

// Rest returns the command that brings the whole answer after a first
// one (a first screenful, found before the search index is built); nil
// when none follows. The root runs it whether or not the first was shown.
func (m FilteredMsg) Rest() tea.Cmd { return m.rest }

// run runs the pass; it returns nil if ctx was cancelled first.
func (p pass) run(ctx context.Context) *Answer {
	start := time.Now()
	mem := p.mem
	if mem == nil {
		mem = new(passMem)
	}
	res := &Answer{seq: p.seq, search: parseSearch(p.text, p.saved), group: p.group, mem: mem, linksGen: p.linksGen}
	res.ix = p.snapshot()
	if p.prev != nil && p.prev.order != nil && p.prev.order.ix == res.ix && p.prev.order.key == p.sort {
		res.order = p.prev.order
	} else if res.order = newOrdering(ctx, res.ix, p.sort); res.order == nil {
		return nil
	}
	q := res.search.query
	if q != nil && q.HasLink() {
		q = q.WithLinks(p.links)
	}
	if q != nil && p.archive != nil && (q.HasText() || q.HasArchive()) {
		q = p.archive(ctx, q) // the index's lookups, here off the UI goroutine
		if q.HasText() {
			res.answered = q
		}
	}
	switch {
	case q == nil:
		res.matched = []int32{}
	case q.Empty():
		res.matched = res.order.order
		res.all = res.matched == nil
		res.nMatched = len(res.ix.recs)
	default:
		if !p.match(ctx, q, res) {
			return nil
		}
	}
	if res.shown == nil {
		res.shown = res.matched
	}
	if !p.group.IsZero() {
		if ctx.Err() != nil {
			return nil
		}
		res.groups = query.GroupRecords(res.Records(), p.group)
	}
	res.took = time.Since(start)
	return res
}

// snapshot returns the index of the pass's records: prev's if they are
// the same slice, else a new one that reuses what prev's built.
func (p pass) snapshot() *index {
	if p.prev == nil {
		return newIndex(p.recs, 1, nil)
	}
	if prevIx := p.prev.ix; sameSlice(prevIx.recs, p.recs) {
		return prevIx
	}
	return newIndex(p.recs, p.prev.ix.version+1, p.prev.ix)
}

// candidates returns the positions the query q need be tried on (nil:
// every record, in file order, or those of among if that is not nil) and
// whether its hits must then be put in the sort order (resort).
func (p pass) candidates(q *query.Query, res *Answer) (candidates []int32, among query.PosSet, resort bool) {
	candidates = res.order.order
	size := len(candidates)
	narrowing := p.prev != nil && !p.prev.partial && p.prev.order == res.order && p.prev.search.query != nil && q.Narrows(p.prev.search.query) &&
		(!q.HasLink() || p.prev.linksGen == p.linksGen)
	if narrowing {
		candidates, among, size = p.prev.matched, p.prev.matchedSet, p.prev.nMatched
	}
	// A pass over most records in a sort order would visit the records
	// all over memory: search them all in file order, then put the hits
	// in order. (When narrowing, the hits are candidates anyway.)
	resort = !p.sort.IsZero() && size*2 > len(res.ix.recs)
	if resort || p.sort.IsZero() && size*8 > len(res.ix.recs)*7 {
		// Most records, in file order: all of them, without looking each
		// up in candidates, do as well (those left out match nothing a
		// narrower search does).
		candidates, among = nil, nil
	}
	if among != nil && size == 0 {
		candidates, among = []int32{}, nil // nothing to look through
	}
	return candidates, among, resort
}

// match finds the records q matches into res (matched, and shown when
// ranked), in the pass's memory; false if ctx was cancelled first.
func (p pass) match(ctx context.Context, q *query.Query, res *Answer) bool {
	mem := res.mem
	candidates, among, resort := p.candidates(q, res)
	if p.early != nil && p.sort.IsZero() && !res.ix.ready() {
		if first := p.first(ctx, q, res, candidates, among); first != nil {
			p.early(first)
		}
	}
	// Memory that has to grow grows to the catalogue's size at once:
	// grown a pass at a time, it would leave garbage of that size behind
	// for the collector on every larger answer.
	n := len(res.ix.recs)
	mem.hits = room(mem.hits, n)
	var hits []query.Hit
	var err error
	if among != nil {
		hits, err = res.ix.search().SearchAmongInto(ctx, q, among, mem.hits)
	} else {
		hits, err = res.ix.search().SearchInto(ctx, q, candidates, mem.hits)
	}
	if err != nil {
		return false
	}
	mem.hits = hits[:0]
	res.nMatched = len(hits)
	if p.sort.IsZero() && q.Ranked() {
		// No sort key chosen: best matches first, file order on ties.
		res.shown = query.AppendRank(room(mem.pos, n), hits)
		mem.pos = res.shown
		res.matchedSet = query.NewPosSet(n)
		for _, h := range hits {
			res.matchedSet.Add(h.Pos)
		}
		return ctx.Err() == nil
	}
	if resort {
		hits = inOrder(hits, res.order.order, len(res.ix.recs))
	}
	res.matched = room(mem.pos, n)[:len(hits)]
	for i, h := range hits {
		res.matched[i] = h.Pos
	}
	mem.pos = res.matched
	return ctx.Err() == nil
}

// first returns a first answer for q, searching only the candidates (nil:
// all, in file order, or those of among if that is not nil) among the
// records from the first that the index has folded and firstRecords
// more; nil if that is every candidate, or if ctx was cancelled. The
// pass is in file order (no sort key), so the candidates are in file
// order too.
func (p pass) first(ctx context.Context, q *query.Query, res *Answer, candidates []int32, among query.PosSet) *Answer {
	ix := res.ix.search()
	end := min(ix.Folded()+firstRecords, len(res.ix.recs))
	if among != nil {
		if end == len(res.ix.recs) {
			return nil
		}
		candidates = below(among, end)
	} else if candidates != nil {
		n, _ := slices.BinarySearch(candidates, int32(end))
		if n == len(candidates) {
			return nil
		}
		candidates = candidates[:n]
	} else if end < len(res.ix.recs) {
		candidates = identity(end)
	} else {
		return nil
	}
	hits, err := ix.SearchInto(ctx, q, candidates, nil)
	if err != nil {
		return nil
	}
	first := &Answer{seq: res.seq, search: res.search, ix: res.ix, order: res.order, group: res.group,
		linksGen: res.linksGen, partial: true, matched: make([]int32, len(hits)), answered: res.answered}
	for i, h := range hits {
		first.matched[i] = h.Pos
	}
	first.shown = first.matched
	if q.Ranked() {
		first.shown = query.Rank(hits)
	}
	if !p.group.IsZero() {
		first.groups = query.GroupRecords(first.Records(), p.group)
	}
	return first
}

// Find returns the answer a pass from nothing gives for text over recs,
// in file order, ungrouped, every link unchecked: the first answer for a
// catalogue just opened (whose empty search needs no search index, so
// the first frame does not wait for one), and the reference a pass that
// reuses memory and earlier answers must agree with.
func Find(recs []*ssd3.Record, text string) *Answer {
	return (pass{text: text, recs: recs}).run(context.Background())
}

// Text returns the search text the answer is for, as typed.
func (r *Answer) Text() string { return r.search.text }

// Err returns why the answer's text is not a valid search; nil if it is.
func (r *Answer) Err() *query.Error { return r.search.err }

// Query returns the query the answer applied: the text's, or while it is
// not valid the terms before the bad one; nil when there are none.
func (r *Answer) Query() *query.Query { return r.search.query }

// Len returns how many records the answer shows.
func (r *Answer) Len() int {
	if r.all {
		return len(r.ix.recs)
	}
	return len(r.shown)
}

// at returns the position in the snapshot of the i-th record shown.
func (r *Answer) at(i int) int32 {
	if r.all {
		return int32(i)
	}
	return r.shown[i]
}

// indexOf returns where the record at pos in the snapshot is shown, or -1.
func (r *Answer) indexOf(pos int32) int {
	if r.all {
		return int(pos)
	}
	return slices.Index(r.shown, pos) // a snapshot holds a record once
}

// Invalid returns how many records of the answer's snapshot have errors.
func (r *Answer) Invalid() int { return r.ix.invalid }

// rec returns the i-th record shown.
func (r *Answer) rec(i int) *ssd3.Record { return r.ix.recs[r.at(i)] }

// Records returns the records shown, in order.
func (r *Answer) Records() []*ssd3.Record {
	if r.all {
		return slices.Clone(r.ix.recs)
	}
	out := make([]*ssd3.Record, len(r.shown))
	for i, pos := range r.shown {
		out[i] = r.ix.recs[pos]
	}
	return out
}

// room returns s emptied, or new memory if s has no room for n elements.
func room[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, 0, n)
	}
	return s[:0]
}

// below returns the positions in s below end, in order.
func below(s query.PosSet, end int) []int32 {
	out := []int32{} // not nil, which would be every record
	for w, bits := range s[:(end+63)/64] {
		for ; bits != 0; bits &= bits - 1 {
			if pos := w<<6 + mathbits.TrailingZeros64(bits); pos < end {
				out = append(out, int32(pos))
			}
		}
	}
	return out
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
func inOrder(hits []query.Hit, order []int32, n int) []query.Hit {
	hit := make([]bool, n)
	for _, h := range hits {
		hit[h.Pos] = true
	}
	out := make([]query.Hit, 0, len(hits))
	for _, pos := range order {
		if hit[pos] {
			out = append(out, query.Hit{Pos: pos})
		}
	}
	return out
}

func sameSlice(a, b []*ssd3.Record) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// Query returns the query the search applied; nil when there are none.
func (s *Search) Query() *query.Query { return s.query }

// Answered returns the search as the archive answered its text: terms,
// which tells which records' pages they were found in (query.TextHit),
// for showing a snippet of each; nil when the search has no text: term
// or no archive answered it.
func (r *Answer) Answered() *query.Query {
	if r == nil {
		return nil
	}
	return r.answered
}

// Answer returns the pass's answer; nil if it was cancelled.
func (m FilteredMsg) Answer() *Answer { return m.res }

// Prepare builds the search index of the answer's snapshot now, as Warm
// does in the background.
func (r *Answer) Prepare() { r.ix.prepare().Build() }
