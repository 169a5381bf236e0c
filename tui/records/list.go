package records

import (
	"context"
	"maps"
	"time"

	"github.com/charmbracelet/bubbles/key"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/gcpause"
	"github.com/uricat/uricat/internal/linkcheck"
)

// List is the list of records: the search pipeline that answers the
// search, sort and group (pass.go), its memory, and the rows it shows
// with their cursor. It keeps the selected record selected across passes
// and edits, and holds the records marked for an action on many (Marked).
// The root holds one and tells it the body's height (SetHeight), which
// the status bar's messages change; a pass's answer comes back to it as
// a FilteredMsg naming the request it answers.
type List struct {
	// The pipeline: recs is the newest snapshot, text the search it was
	// asked for, res the newest answer.
	recs []*ssd3.Record
	text string
	seq  int
	// deferred holds browse keys typed while a pass was running, in order;
	// they run when its answer is applied.
	deferred []tea.KeyMsg
	cancel   context.CancelFunc
	flight   *flight // the newest pass, under way or done
	res      *Answer
	pool     memPool // memory for passes, from answers no longer shown
	busy     bool    // a pass is running
	busyAt   time.Time
	sortKey  query.SortKey
	group    query.GroupKey
	folded   map[string]bool
	// links tells the link: terms the links' statuses; linksGen counts
	// the link states, so that an answer found with older ones is not
	// narrowed (see pass).
	links    func(uri string) linkcheck.Status
	linksGen int
	// archive answers text: and archive: terms (SetArchive); prepare
	// warms the archive's answers for a search index (WarmArchive);
	// warmed is the index last warmed, and warmStop stops its warming.
	archive  func(context.Context, *query.Query) *query.Query
	prepare  func(context.Context, *query.Index)
	warmed   *index
	warmStop context.CancelFunc
	// saved looks up the saved searches of @NAME (SetSaved).
	saved func(name string) (string, bool)

	// rows are the list's rows when grouped; ungrouped (flat), the rows
	// are res's records shown, one each, and rows is empty: a million
	// rows are not copied on every keystroke (RowCount, RowAt).
	rows     []Row
	flat     bool
	cursor   int
	offset   int
	selected catalogue.Ref // the cursor's record, kept selected across passes and edits
	toTop    bool          // the next answer selects its first row
	marked   Selection     // the records chosen for an action on many

	// A range being selected (v, as lazygit's): the row it started on and
	// its record, and the marks from before it, to which the rows between
	// anchor and cursor are added as the cursor moves. anchor is -1 when
	// no range is being selected.
	anchor    int
	anchorRef catalogue.Ref
	base      Selection
	// counted caches MarkCounts for an answer and a version of the marks.
	markGen int
	counted struct {
		res           *Answer
		gen           int
		shown, hidden int
	}

	keys   Keys
	height int // the body's height, as the root's layout last said
}

// Keys are the list's own keys, bound by the root's key map.
type Keys struct {
	Up, Down, PageUp, PageDown, Home, End key.Binding
	Sort, ReverseSort, Group, GroupBack   key.Binding
	Fold, FoldAll                         key.Binding
	Mark, MarkRange, MarkAll, ClearMarks  key.Binding
}

// New returns an empty list, with nothing to show until its first
// answer (Load).
func New(keys Keys) *List {
	return &List{folded: map[string]bool{}, keys: keys, anchor: -1, height: 1}
}

// SetHeight tells the list the body's height, in lines, which its
// scrolling keeps the cursor's row within.
func (li *List) SetHeight(h int) { li.height = h }

// Update handles the list's own keys: moving, sorting, grouping, folding;
// ok is false for other keys. A key that starts a pass returns the
// command that brings its answer.
func (li *List) Update(msg tea.KeyMsg) (cmd tea.Cmd, ok bool) {
	k := li.keys
	switch {
	case key.Matches(msg, k.Up):
		li.Move(-1)
	case key.Matches(msg, k.Down):
		li.Move(1)
	case key.Matches(msg, k.PageUp):
		li.Move(-li.pageRows())
	case key.Matches(msg, k.PageDown):
		li.Move(li.pageRows())
	case key.Matches(msg, k.Home):
		li.Move(-li.RowCount())
	case key.Matches(msg, k.End):
		li.Move(li.RowCount())
	case key.Matches(msg, k.Sort, k.ReverseSort, k.Group, k.GroupBack):
		return li.order(msg), true
	case key.Matches(msg, k.Fold):
		li.ToggleFold()
	case key.Matches(msg, k.FoldAll):
		li.toggleFoldAll()
	case key.Matches(msg, k.Mark):
		li.markCurrent()
	case key.Matches(msg, k.MarkRange):
		li.markRange()
	case key.Matches(msg, k.MarkAll):
		li.markAll()
	case key.Matches(msg, k.ClearMarks) && (len(li.marked) > 0 || li.anchor >= 0):
		// esc clears the selection first, then (pressed again) the search.
		li.clearMarks()
	default:
		return nil, false
	}
	return nil, true
}

// order handles a key that sorts or groups: the search runs again in the
// new order.
func (li *List) order(msg tea.KeyMsg) tea.Cmd {
	k := li.keys
	switch {
	case key.Matches(msg, k.Sort):
		li.sortKey = nextSort(li.sortKey)
	case key.Matches(msg, k.ReverseSort):
		if li.sortKey.IsZero() {
			li.sortKey = query.SortByName
		}
		li.sortKey = li.sortKey.Reverse()
	default:
		step := 1
		if key.Matches(msg, k.GroupBack) {
			step = -1
		}
		li.group = nextGroup(li.group, step)
		li.folded = map[string]bool{}
	}
	return li.Refilter(li.recs, li.text)
}

// Line is a row to draw and whether the cursor is on it.
type Line struct {
	Row
	Cursor bool
}

// Visible returns the rows a body of h lines shows, from the top: the
// heading of the group the first row is in when it scrolled away, then
// the rows from the first shown while they fit. The root draws them.
func (li *List) Visible(h int) []Line {
	lines := make([]Line, 0, h)
	used := 0
	if i := li.stickyHead(); i >= 0 {
		lines = append(lines, Line{Row: li.RowAt(i)})
		used++
	}
	for i := li.offset; i < li.RowCount() && used < h; i++ {
		r := li.RowAt(i)
		lines = append(lines, Line{Row: r, Cursor: i == li.cursor})
		used += r.Height()
	}
	return lines
}

// RowAtLine returns the row drawn on line y of the body (as Visible
// draws it), or -1 for none; sticky is true for the heading kept on top
// of the group whose own heading scrolled away.
func (li *List) RowAtLine(y int) (i int, sticky bool) {
	if i := li.stickyHead(); i >= 0 {
		if y == 0 {
			return i, true
		}
		y--
	}
	for i := li.offset; i < li.RowCount(); i++ {
		h := li.RowAt(i).Height()
		if y < h {
			return i, false
		}
		y -= h
	}
	return -1, false
}

// Selection is a set of records, by Ref: the records marked for an action
// on many. Refs name records of the catalogue as it is, so an answer that
// no longer holds one drops it (Keep).
type Selection map[catalogue.Ref]struct{}

// Toggle marks ref, or unmarks it if it was.
func (s *Selection) Toggle(ref catalogue.Ref) {
	if *s == nil {
		*s = Selection{}
	}
	if _, ok := (*s)[ref]; ok {
		delete(*s, ref)
		return
	}
	(*s)[ref] = struct{}{}
}

// Has reports whether ref is marked.
func (s Selection) Has(ref catalogue.Ref) bool {
	_, ok := s[ref]
	return ok
}

// Refs returns the marked records of recs, in recs' order.
func (s Selection) Refs(recs []*ssd3.Record) []catalogue.Ref {
	var out []catalogue.Ref
	for _, r := range recs {
		if s.Has(r.Ref()) {
			out = append(out, r.Ref())
		}
	}
	return out
}

// Records returns the marked records of recs, in recs' order: one pass,
// not a Lookup each (which walks the catalogue when it has no index of
// positions, as after every edit).
func (s Selection) Records(recs []*ssd3.Record) []*ssd3.Record {
	var out []*ssd3.Record
	if len(s) == 0 {
		return nil
	}
	for _, r := range recs {
		if s.Has(r.Ref()) {
			out = append(out, r)
		}
	}
	return out
}

// Keep drops the marks of records recs no longer holds (deleted, or
// renumbered by a save).
func (s Selection) Keep(recs []*ssd3.Record) {
	if len(s) == 0 {
		return
	}
	// Most answers hold every marked record: count them first, and build
	// no set of them all when none is to go.
	n := 0
	for _, r := range recs {
		if s.Has(r.Ref()) {
			n++
		}
	}
	if n == len(s) {
		return
	}
	in := make(map[catalogue.Ref]bool, n)
	for _, r := range recs {
		if s.Has(r.Ref()) {
			in[r.Ref()] = true
		}
	}
	for ref := range s {
		if !in[ref] {
			delete(s, ref)
		}
	}
}

// markCurrent marks the record under the cursor, or unmarks it, and
// moves down, as a file manager's space does; on a group heading it folds
// the group, as space did before records could be marked.
func (li *List) markCurrent() {
	r := li.CurrentRow()
	switch {
	case r == nil:
		return
	case r.Header:
		li.ToggleFold()
		return
	}
	li.endRange()
	li.marked.Toggle(r.Rec.Ref())
	li.markGen++
	li.Move(1)
}

// markRange starts a range at the cursor's record, or ends the one being
// selected, keeping its marks (lazygit's v): while it lasts, the rows
// between where it started and the cursor are marked.
func (li *List) markRange() {
	if li.anchor >= 0 {
		li.endRange()
		return
	}
	r := li.CurrentRow()
	if r == nil {
		return
	}
	li.anchor, li.anchorRef = li.cursor, refOf(r.Rec)
	li.base = maps.Clone(li.marked)
	if li.base == nil {
		li.base = Selection{}
	}
	li.extendRange()
}

// endRange ends the range being selected, keeping its marks.
func (li *List) endRange() {
	li.anchor, li.anchorRef, li.base = -1, 0, nil
}

// extendRange marks the rows between the range's start and the cursor,
// over the marks from before it.
func (li *List) extendRange() {
	if li.anchor < 0 {
		return
	}
	lo, hi := min(li.anchor, li.cursor), max(li.anchor, li.cursor)
	li.marked = maps.Clone(li.base)
	for i := lo; i <= hi && i < li.RowCount(); i++ {
		if r := li.RowAt(i); r.Rec != nil {
			li.marked[r.Rec.Ref()] = struct{}{}
		}
	}
	li.markGen++
}

// markAll marks every record the search shows, folded groups' too; the
// marks of records it hides stay.
func (li *List) markAll() {
	if li.res == nil {
		return
	}
	li.endRange()
	if li.marked == nil {
		li.marked = Selection{}
	}
	for i := range li.res.Len() {
		li.marked[li.res.rec(i).Ref()] = struct{}{}
	}
	li.markGen++
}

// clearMarks unmarks every record.
func (li *List) clearMarks() {
	li.endRange()
	li.marked = nil
	li.markGen++
}

// MarkCounts returns how many marked records the search shows and how
// many it hides: a search does not unmark what it hides, so the status
// line says "12 selected, 3 hidden". Counted once per answer and marks.
func (li *List) MarkCounts() (shown, hidden int) {
	if len(li.marked) == 0 || li.res == nil {
		return 0, 0
	}
	c := &li.counted
	if c.res != li.res || c.gen != li.markGen {
		c.res, c.gen, c.shown = li.res, li.markGen, 0
		for i := range li.res.Len() {
			if li.marked.Has(li.res.rec(i).Ref()) {
				c.shown++
			}
		}
		c.hidden = len(li.marked) - c.shown
	}
	return c.shown, c.hidden
}

// Filtered takes a pass's answer; ok is false for a stale or cancelled
// one. keys are the keys that waited for it, to handle now, in order.
func (li *List) Filtered(msg FilteredMsg) (keys []tea.KeyMsg, ok bool) {
	li.passDone(msg)
	if msg.Seq != li.seq || msg.res == nil {
		return nil, false // stale or cancelled: a newer pass answers
	}
	if msg.res.partial {
		// The whole answer places the cursor as if this one had not been
		// shown; the keys wait for it.
		toTop, sel := li.toTop, li.selected
		li.apply(msg.res)
		li.toTop, li.selected = toTop, sel
		return nil, true
	}
	li.busy = false
	li.apply(msg.res)
	keys = li.deferred
	li.deferred = nil
	return keys, true
}

// Refilter starts a pass over recs with the search text and the current
// sort and group, cancelling the running one.
func (li *List) Refilter(recs []*ssd3.Record, text string) tea.Cmd {
	if li.cancel != nil {
		li.cancel()
	}
	li.recs, li.text = recs, text
	li.seq++
	ctx, cancel := context.WithCancel(context.Background())
	li.cancel = cancel
	p := pass{seq: li.seq, text: text, recs: recs, sort: li.sortKey, group: li.group, prev: li.res, mem: li.pool.take(),
		links: li.links, linksGen: li.linksGen, archive: li.archive, saved: li.saved}
	if li.res != nil {
		li.res.users++ // until the pass is done (passDone)
	}
	if !li.busy {
		li.busy, li.busyAt = true, time.Now()
	}
	// The pass starts now, on its own goroutine, and its command only
	// waits for its answer: a command returned by Update runs only once
	// bubbletea has passed it through the nested batches of Update's
	// callers, goroutine to goroutine, which under load is a good part
	// of what a keystroke has at a million records.
	f := &flight{done: make(chan struct{}), early: make(chan *Answer, 1)}
	li.flight = f
	p.early = func(first *Answer) { f.early <- first }
	go func() {
		defer close(f.done)
		f.res = p.run(ctx)
	}()
	whole := func() tea.Msg {
		<-f.done
		return FilteredMsg{Seq: p.seq, res: f.res, prev: p.prev, mem: p.mem}
	}
	return func() tea.Msg {
		select {
		case first := <-f.early:
			return FilteredMsg{Seq: p.seq, res: first, rest: whole}
		case <-f.done:
			return whole()
		}
	}
}

// flight is a pass under way: done is closed once res, its answer (nil if
// cancelled), is there; early brings a first answer, if the pass gives one.
type flight struct {
	done  chan struct{}
	res   *Answer
	early chan *Answer
}

// WarmedMsg carries memory for passes, made and touched off Update
// (Warm), to the pool.
type WarmedMsg struct{ mem *passMem }

// Warm builds the search index of res's snapshot, the loaded catalogue's,
// off Update, so that the first key of a search does not wait for it; and
// the memory a pass over all of its records answers in, every page of it
// touched. Lent by the pool, it is what the first search answers in: made
// on that key, its page faults and a collection would be the key's to
// wait for.
//
// The collector is off meanwhile (gcpause, as the catalogue at path is
// read): what the index holds all stays, and the collections that would
// run while it is made, to free next to nothing, would only slow it.
func Warm(res *Answer, path string) tea.Cmd {
	return warm(res.ix, path)
}

// warm is Warm for the index x.
func warm(x *index, path string) tea.Cmd {
	return func() tea.Msg {
		defer gcpause.Pause(path)()
		ix := x.prepare()
		x.build.Do(func() {}) // folded here, not by a search's goroutine
		ix.Build()
		n := len(x.recs)
		return WarmedMsg{&passMem{hits: touched[query.Hit](n), pos: touched[int32](n)}}
	}
}

// touched returns an empty slice with room for n elements, every page of
// which has been written.
func touched[T any](n int) []T {
	s := make([]T, n)
	var zero T
	for i := range s {
		s[i] = zero
	}
	return s[:0]
}

// Warmed puts the memory warm made in the pool.
func (li *List) Warmed(msg WarmedMsg) {
	li.pool.putHits(msg.mem.hits)
	li.pool.put(msg.mem)
}

// apply shows a pass's answer, keeping the selected record selected.
func (li *List) apply(res *Answer) {
	// Where the selected record is in the snapshot, if the old rows tell:
	// then the new rows are searched for a position, not a record.
	at := int32(-1)
	if li.toTop {
		li.toTop = false
		li.selected, li.cursor, li.offset = 0, 0, 0
	} else {
		if sel := li.Current(); sel != nil && li.selected == 0 {
			li.selected = sel.Ref()
		}
		if li.flat && li.cursor < li.res.Len() && sameSlice(li.res.ix.recs, res.ix.recs) {
			if pos := li.res.at(li.cursor); res.ix.recs[pos].Ref() == li.selected {
				at = pos
			}
		}
	}
	if old := li.res; old != nil && old != res {
		defer li.release(old) // once nothing below reads it
	}
	li.marked.Keep(res.ix.recs)
	li.markGen++
	li.res = res
	li.buildRows()
	if li.anchor >= 0 {
		// The range goes on from its record, wherever the new rows put it.
		if li.anchor = li.RowOf(li.anchorRef); li.anchor < 0 {
			li.endRange()
		}
	}
	if li.selected != 0 {
		i := -1
		if at >= 0 && li.flat {
			i = res.indexOf(at)
		} else {
			i = li.RowOf(li.selected)
		}
		if i >= 0 {
			li.cursor = i
			li.ScrollToCursor()
			return
		}
	}
	li.cursor = max(0, min(li.cursor, li.RowCount()-1))
	li.selected = 0
	if r := li.CurrentRow(); r != nil && r.Rec != nil {
		li.selected = r.Rec.Ref()
	}
	li.ScrollToCursor()
}

// passDone accounts for the memory of a pass that is done: its hits go
// back to the pool, and so does the memory of its answer if that is not
// to be shown, and of its prev if that is no longer shown and no other
// pass reads it.
func (li *List) passDone(msg FilteredMsg) {
	if msg.prev != nil {
		msg.prev.users--
		li.release(msg.prev)
	}
	if msg.mem == nil {
		return
	}
	li.pool.putHits(msg.mem.hits)
	msg.mem.hits = nil
	if msg.Seq != li.seq || msg.res == nil {
		li.pool.put(msg.mem) // never shown
	}
}

// release gives the memory of an answer back to the pool once it is not
// the one shown (an answer, once replaced, is never shown again) and no
// pass reads it.
func (li *List) release(r *Answer) {
	if r != li.res && r.users == 0 && r.mem != nil {
		li.pool.put(r.mem)
		r.mem = nil
	}
}

// buildRows flattens the answer's groups into rows, leaving out the
// records of folded groups; ungrouped, the rows are the records shown.
func (li *List) buildRows() {
	li.rows = li.rows[:0]
	li.flat = li.res != nil && li.res.groups == nil
	if li.res == nil || li.flat {
		return
	}
	for _, g := range li.res.groups {
		head := len(li.rows)
		li.rows = append(li.rows, Row{Header: true, Label: g.Label, Count: len(g.Records)})
		if li.folded[g.Label] {
			continue
		}
		for _, r := range g.Records {
			li.rows = append(li.rows, Row{Rec: r, head: head})
		}
	}
}

// RowCount returns the number of rows the list has.
func (li *List) RowCount() int {
	if li.flat {
		return li.res.Len()
	}
	return len(li.rows)
}

// RowAt returns row i, 0 <= i < rowCount().
func (li *List) RowAt(i int) Row {
	if li.flat {
		return Row{Rec: li.res.rec(i)}
	}
	return li.rows[i]
}

// RowOf returns the row that shows the record ref, or -1.
func (li *List) RowOf(ref catalogue.Ref) int {
	for i := range li.RowCount() {
		if r := li.RowAt(i); r.Rec != nil && r.Rec.Ref() == ref {
			return i
		}
	}
	return -1
}

// Current returns the selected record, or nil (none, or a heading).
func (li *List) Current() *ssd3.Record {
	if r := li.CurrentRow(); r != nil {
		return r.Rec
	}
	return nil
}

// CurrentRow returns the row the cursor is on, or nil when there is none.
func (li *List) CurrentRow() *Row {
	if li.cursor < 0 || li.cursor >= li.RowCount() {
		return nil
	}
	r := li.RowAt(li.cursor)
	return &r
}

// Move moves the cursor by n rows.
func (li *List) Move(n int) {
	if li.RowCount() == 0 {
		return
	}
	li.cursor = max(0, min(li.cursor+n, li.RowCount()-1))
	li.selected = refOf(li.RowAt(li.cursor).Rec)
	li.ScrollToCursor()
	li.extendRange()
}

// ToggleFold folds or unfolds the group the cursor is in.
func (li *List) ToggleFold() {
	if li.group.IsZero() {
		return
	}
	i := li.cursor
	for i >= 0 && i < li.RowCount() && !li.RowAt(i).Header {
		i--
	}
	if i < 0 || i >= li.RowCount() {
		return
	}
	label := li.RowAt(i).Label
	li.folded[label] = !li.folded[label]
	li.buildRows()
	li.cursor = i
	li.selected = 0
	li.ScrollToCursor()
}

// toggleFoldAll folds every group, or unfolds all if all are folded.
func (li *List) toggleFoldAll() {
	if li.group.IsZero() || li.res == nil {
		return
	}
	all := true
	for _, g := range li.res.groups {
		if !li.folded[g.Label] {
			all = false
		}
	}
	label := ""
	if r := li.CurrentRow(); r != nil {
		for i := li.cursor; i >= 0; i-- {
			if li.RowAt(i).Header {
				label = li.RowAt(i).Label
				break
			}
		}
	}
	for _, g := range li.res.groups {
		li.folded[g.Label] = !all
	}
	li.buildRows()
	li.selected = 0
	for i := range li.RowCount() {
		r := li.RowAt(i)
		if r.Header && r.Label == label {
			li.cursor = i
		}
	}
	li.cursor = max(0, min(li.cursor, li.RowCount()-1))
	li.ScrollToCursor()
}

// stickyHead returns the row of the heading drawn above the first row
// shown, when that row is a record of a group whose heading scrolled
// away; -1 when none is.
func (li *List) stickyHead() int {
	if li.flat || li.offset <= 0 || li.offset >= li.RowCount() {
		return -1
	}
	if r := li.RowAt(li.offset); !r.Header {
		return r.head
	}
	return -1
}

// ScrollToCursor moves the view so the cursor's row is on screen, moving
// it as little as possible. Grouped, a line is kept for the heading of
// the first group shown (stickyHead).
func (li *List) ScrollToCursor() {
	h := li.height
	if !li.flat {
		h--
	}
	if li.cursor < li.offset {
		li.offset = li.cursor
	}
	// The lowest offset that still shows the cursor's row whole: walk up
	// from the cursor while the rows fit (never more than a screenful).
	lowest, used := li.cursor, 0
	for lowest >= 0 && lowest < li.RowCount() {
		used += li.RowAt(lowest).Height()
		if used > h {
			break
		}
		lowest--
	}
	lowest++
	if li.offset < lowest {
		li.offset = min(lowest, li.cursor)
	}
	// Nor a screen with room at its foot while rows are above it (after
	// Z folds every group, or the last records go): the last rows end
	// the screen.
	first, used := li.RowCount()-1, 0
	for first >= 0 {
		used += li.RowAt(first).Height()
		if used > h {
			break
		}
		first--
	}
	li.offset = min(li.offset, first+1)
	li.offset = max(0, min(li.offset, li.RowCount()-1))
}

// pageRows is how many rows a page key moves.
func (li *List) pageRows() int { return max(1, li.height/2) }

// Load shows res, the first answer for a catalogue just opened (Find),
// keeping the selected record selected.
func (li *List) Load(res *Answer) {
	li.recs = res.ix.recs
	li.apply(res)
}

// Records returns the newest snapshot of the catalogue's records, which
// the newest pass searches.
func (li *List) Records() []*ssd3.Record { return li.recs }

// Answer returns the answer shown, nil before the first.
func (li *List) Answer() *Answer { return li.res }

// Search returns the search the answer shown applied, whose matches are
// lit; nil before the first answer.
func (li *List) Search() *Search {
	if li.res == nil {
		return nil
	}
	return &li.res.search
}

// Shown returns the records the answer shown holds, in the order shown;
// none before the first answer.
func (li *List) Shown() []*ssd3.Record {
	if li.res == nil {
		return nil
	}
	return li.res.Records()
}

// Counting reports whether a pass over other records than the answer
// shown's (an import, a reload) is running: the rows shown are then the
// last pass's, not a count of the newest records; or whether the rows
// shown are a first answer, for the first records only.
func (li *List) Counting() bool {
	return li.res != nil && (li.res.partial || li.res.seq != li.seq && !sameSlice(li.res.ix.recs, li.recs))
}

// Pending reports whether a pass is running whose answer will replace
// the rows shown: a key that moves or acts on the selection waits for it
// (Defer).
func (li *List) Pending() bool { return li.res != nil && (li.res.seq != li.seq || li.res.partial) }

// Defer keeps msg to be handled once the running pass answers (Filtered
// returns it).
func (li *List) Defer(msg tea.KeyMsg) { li.deferred = append(li.deferred, msg) }

// Deferred returns how many keys wait for the running pass.
func (li *List) Deferred() int { return len(li.deferred) }

// Busy reports whether a pass is running and since when.
func (li *List) Busy() (bool, time.Time) { return li.busy, li.busyAt }

// SortKey returns the sort order chosen; zero for file order.
func (li *List) SortKey() query.SortKey { return li.sortKey }

// Group returns the grouping chosen; zero for none.
func (li *List) Group() query.GroupKey { return li.group }

// Folded reports whether the group label is folded.
func (li *List) Folded(label string) bool { return li.folded[label] }

// UnfoldAll unfolds every group, from the next answer on.
func (li *List) UnfoldAll() { li.folded = map[string]bool{} }

// Marked returns the records marked for an action on many.
func (li *List) Marked() Selection { return li.marked }

// Cursor returns the cursor's row.
func (li *List) Cursor() int { return li.cursor }

// SetCursor puts the cursor on row i and selects its record, without
// scrolling (ScrollToCursor).
func (li *List) SetCursor(i int) {
	li.cursor = i
	li.selected = refOf(li.RowAt(i).Rec)
}

// Select makes ref the record selected: the next answer puts the cursor
// on it (0: the row the cursor is on).
func (li *List) Select(ref catalogue.Ref) { li.selected = ref }

// SelectFirst makes the next answer select its first row, as a new
// search does.
func (li *List) SelectFirst() { li.toTop = true }

// SetLinks gives the link: terms of the passes from now on the links'
// statuses, the gen-th state of them.
func (li *List) SetLinks(status func(uri string) linkcheck.Status, gen int) {
	li.links, li.linksGen = status, gen
}

// SetArchive gives the text: and archive: terms of the passes from now on
// what the archive knows: answer returns a search with them answered (by
// the archive's index). A pass calls it, off the UI goroutine; nil: no
// page is archived. It stops early when its context is done (the pass
// is cancelled). prepare (nil: none) does ahead, for a search index,
// what the first pass with a text: term over it would (WarmArchive).
func (li *List) SetArchive(answer func(context.Context, *query.Query) *query.Query, prepare func(context.Context, *query.Index)) {
	li.archive, li.prepare = answer, prepare
}

// WarmArchive returns the command that warms the archive's answers
// (SetArchive's prepare) for the search index of the records shown, once
// it is folded, so that the first key of a text: search does not wait
// for what the archive works out for each search index: nil when there
// is no prepare, or it has warmed that index already, unless again (the
// archive's index changed). Warming an older index stops.
func (li *List) WarmArchive(again bool) tea.Cmd {
	if li.prepare == nil || li.res == nil || li.warmed == li.res.ix && !again {
		return nil
	}
	if li.warmStop != nil {
		li.warmStop()
	}
	x, prepare := li.res.ix, li.prepare
	ctx, stop := context.WithCancel(context.Background())
	li.warmed, li.warmStop = x, stop
	return func() tea.Msg {
		defer stop()
		prepare(ctx, x.prepare())
		return nil
	}
}

// SetSaved gives the passes from now on the saved searches that @NAME
// stands for (query.WithSaved); lookup is called off the UI goroutine,
// so it reads what does not change (a new lookup for new searches).
func (li *List) SetSaved(lookup func(name string) (string, bool)) { li.saved = lookup }

// SearchesLinks reports whether the answer shown is for a search with a
// link: term, which a change of the links' statuses changes.
func (li *List) SearchesLinks() bool {
	return li.res != nil && li.res.search.query != nil && li.res.search.query.HasLink()
}

// ToggleMark marks the record ref for an action on many, or unmarks it.
func (li *List) ToggleMark(ref catalogue.Ref) {
	li.marked.Toggle(ref)
	li.markGen++
}

// Offset returns the first row shown.
func (li *List) Offset() int { return li.offset }
