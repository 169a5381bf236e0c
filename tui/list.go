package tui

import (
	"context"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/internal/gcpause"
	"github.com/uricat/uricat/internal/linkcheck"
)

// recordList is the list of records: the search pipeline that answers the
// search, sort and group (filter.go), its memory, and the rows it shows
// with their cursor. It keeps the selected record selected across passes
// and edits, and holds the records marked for an action on many (marked).
// The root holds one; it asks the root for the search text and the body's
// height, which the status bar's messages change at any time.
type recordList struct {
	// The pipeline: recs is the newest snapshot, res the newest answer.
	recs []*catalogue.Record
	seq  int
	// deferred holds browse keys typed while a pass was running, in order;
	// they run when its answer is applied.
	deferred []tea.KeyMsg
	cancel   context.CancelFunc
	flight   *flight // the newest pass, under way or done
	res      *result
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

	// rows are the list's rows when grouped; ungrouped (flat), the rows
	// are res's records shown, one each, and rows is empty: a million
	// rows are not copied on every keystroke (rowCount, rowAt).
	rows     []row
	flat     bool
	cursor   int
	offset   int
	selected catalogue.Ref // the cursor's record, kept selected across passes and edits
	toTop    bool          // the next answer selects its first row
	marked   selection     // the records chosen for an action on many

	// A range being selected (v, as lazygit's): the row it started on and
	// its record, and the marks from before it, to which the rows between
	// anchor and cursor are added as the cursor moves. anchor is -1 when
	// no range is being selected.
	anchor    int
	anchorRef catalogue.Ref
	base      selection
	// counted caches markCounts for an answer and a version of the marks.
	markGen int
	counted struct {
		res           *result
		gen           int
		shown, hidden int
	}

	keys   *keyMap       // the root's: the list's keys are among them
	search func() string // the search box's text

	// height is the body's height, which the status bar's messages
	// change: the root's layout says.
	height func() int
}

// newList returns an empty list, with nothing to show until its first
// answer; height tells the body's height and search the search text.
func newList(keys *keyMap, height func() int, search func() string) *recordList {
	return &recordList{folded: map[string]bool{}, height: height, keys: keys, search: search, anchor: -1}
}

// Update handles the list's own keys: moving, sorting, grouping, folding;
// ok is false for other keys.
func (li *recordList) Update(msg tea.KeyMsg) (cmd tea.Cmd, ok bool) {
	k := li.keys
	switch {
	case key.Matches(msg, k.Up):
		li.move(-1)
	case key.Matches(msg, k.Down):
		li.move(1)
	case key.Matches(msg, k.PageUp):
		li.move(-li.pageRows())
	case key.Matches(msg, k.PageDown):
		li.move(li.pageRows())
	case key.Matches(msg, k.Home):
		li.move(-li.rowCount())
	case key.Matches(msg, k.End):
		li.move(li.rowCount())
	case key.Matches(msg, k.Sort):
		li.sortKey = nextSort(li.sortKey)
		return li.refilter(li.recs, li.search()), true
	case key.Matches(msg, k.ReverseSort):
		if li.sortKey.IsZero() {
			li.sortKey = query.SortByName
		}
		li.sortKey = li.sortKey.Reverse()
		return li.refilter(li.recs, li.search()), true
	case key.Matches(msg, k.Group, k.GroupBack):
		step := 1
		if key.Matches(msg, k.GroupBack) {
			step = -1
		}
		li.group = nextGroup(li.group, step)
		li.folded = map[string]bool{}
		return li.refilter(li.recs, li.search()), true
	case key.Matches(msg, k.Fold):
		li.toggleFold()
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

// View draws the rows shown in w×h, each by draw (the root's, which knows
// the theme and the search's matches); empty is what a list without rows
// says, drawn by the root as well.
func (li *recordList) View(w, h int, draw func(r row, cursor bool, w int) []string, empty func() string) string {
	if li.rowCount() == 0 {
		return empty()
	}
	lines := make([]string, 0, h)
	if i := li.stickyHead(); i >= 0 {
		// The heading of the group the first row shown is in.
		lines = append(lines, draw(li.rowAt(i), false, w)...)
	}
	for i := li.offset; i < li.rowCount() && len(lines) < h; i++ {
		lines = append(lines, draw(li.rowAt(i), i == li.cursor, w)...)
	}
	return block(strings.Join(lines, "\n"), w, h)
}

// selection is a set of records, by Ref: the records marked for an action
// on many. Refs name records of the catalogue as it is, so an answer that
// no longer holds one drops it (keep).
type selection map[catalogue.Ref]struct{}

// toggle marks ref, or unmarks it if it was.
func (s *selection) toggle(ref catalogue.Ref) {
	if *s == nil {
		*s = selection{}
	}
	if _, ok := (*s)[ref]; ok {
		delete(*s, ref)
		return
	}
	(*s)[ref] = struct{}{}
}

// has reports whether ref is marked.
func (s selection) has(ref catalogue.Ref) bool {
	_, ok := s[ref]
	return ok
}

// refs returns the marked records of recs, in recs' order.
func (s selection) refs(recs []*catalogue.Record) []catalogue.Ref {
	var out []catalogue.Ref
	for _, r := range recs {
		if s.has(r.Ref()) {
			out = append(out, r.Ref())
		}
	}
	return out
}

// records returns the marked records of recs, in recs' order: one pass,
// not a Lookup each (which walks the catalogue when it has no index of
// positions, as after every edit).
func (s selection) records(recs []*catalogue.Record) []*catalogue.Record {
	var out []*catalogue.Record
	if len(s) == 0 {
		return nil
	}
	for _, r := range recs {
		if s.has(r.Ref()) {
			out = append(out, r)
		}
	}
	return out
}

// keep drops the marks of records recs no longer holds (deleted, or
// renumbered by a save).
func (s selection) keep(recs []*catalogue.Record) {
	if len(s) == 0 {
		return
	}
	// Most answers hold every marked record: count them first, and build
	// no set of 100,000 when none is to go.
	n := 0
	for _, r := range recs {
		if s.has(r.Ref()) {
			n++
		}
	}
	if n == len(s) {
		return
	}
	in := make(map[catalogue.Ref]bool, n)
	for _, r := range recs {
		if s.has(r.Ref()) {
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
func (li *recordList) markCurrent() {
	r := li.currentRow()
	switch {
	case r == nil:
		return
	case r.header:
		li.toggleFold()
		return
	}
	li.endRange()
	li.marked.toggle(r.rec.Ref())
	li.markGen++
	li.move(1)
}

// markRange starts a range at the cursor's record, or ends the one being
// selected, keeping its marks (lazygit's v): while it lasts, the rows
// between where it started and the cursor are marked.
func (li *recordList) markRange() {
	if li.anchor >= 0 {
		li.endRange()
		return
	}
	r := li.currentRow()
	if r == nil {
		return
	}
	li.anchor, li.anchorRef = li.cursor, refOf(r.rec)
	li.base = maps.Clone(li.marked)
	if li.base == nil {
		li.base = selection{}
	}
	li.extendRange()
}

// endRange ends the range being selected, keeping its marks.
func (li *recordList) endRange() {
	li.anchor, li.anchorRef, li.base = -1, 0, nil
}

// extendRange marks the rows between the range's start and the cursor,
// over the marks from before it.
func (li *recordList) extendRange() {
	if li.anchor < 0 {
		return
	}
	lo, hi := min(li.anchor, li.cursor), max(li.anchor, li.cursor)
	li.marked = maps.Clone(li.base)
	for i := lo; i <= hi && i < li.rowCount(); i++ {
		if r := li.rowAt(i); r.rec != nil {
			li.marked[r.rec.Ref()] = struct{}{}
		}
	}
	li.markGen++
}

// markAll marks every record the search shows, folded groups' too; the
// marks of records it hides stay.
func (li *recordList) markAll() {
	if li.res == nil {
		return
	}
	li.endRange()
	if li.marked == nil {
		li.marked = selection{}
	}
	for _, pos := range li.res.shown {
		li.marked[li.res.ix.recs[pos].Ref()] = struct{}{}
	}
	li.markGen++
}

// clearMarks unmarks every record.
func (li *recordList) clearMarks() {
	li.endRange()
	li.marked = nil
	li.markGen++
}

// markCounts returns how many marked records the search shows and how
// many it hides: a search does not unmark what it hides, so the status
// line says "12 selected, 3 hidden". Counted once per answer and marks.
func (li *recordList) markCounts() (shown, hidden int) {
	if len(li.marked) == 0 || li.res == nil {
		return 0, 0
	}
	c := &li.counted
	if c.res != li.res || c.gen != li.markGen {
		c.res, c.gen, c.shown = li.res, li.markGen, 0
		for _, pos := range li.res.shown {
			if li.marked.has(li.res.ix.recs[pos].Ref()) {
				c.shown++
			}
		}
		c.hidden = len(li.marked) - c.shown
	}
	return c.shown, c.hidden
}

// filtered takes a pass's answer; ok is false for a stale or cancelled
// one. keys are the keys that waited for it, to handle now, in order.
func (li *recordList) filtered(msg filteredMsg) (keys []tea.KeyMsg, ok bool) {
	li.passDone(msg)
	if msg.seq != li.seq || msg.res == nil {
		return nil, false // stale or cancelled: a newer pass answers
	}
	li.busy = false
	li.apply(msg.res)
	keys = li.deferred
	li.deferred = nil
	return keys, true
}

// refilter starts a pass over recs with the search text and the current
// sort and group, cancelling the running one.
func (li *recordList) refilter(recs []*catalogue.Record, text string) tea.Cmd {
	if li.cancel != nil {
		li.cancel()
	}
	li.recs = recs
	li.seq++
	ctx, cancel := context.WithCancel(context.Background())
	li.cancel = cancel
	p := pass{seq: li.seq, text: text, recs: recs, sort: li.sortKey, group: li.group, prev: li.res, mem: li.pool.take(),
		links: li.links, linksGen: li.linksGen}
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
	f := &flight{done: make(chan struct{})}
	li.flight = f
	go func() {
		defer close(f.done)
		f.res = p.run(ctx)
	}()
	return tea.Batch(func() tea.Msg {
		<-f.done
		return filteredMsg{seq: p.seq, res: f.res, prev: p.prev, mem: p.mem}
	}, afterTick(110*time.Millisecond, func(time.Time) tea.Msg { return slowCheckMsg{} }))
}

// flight is a pass under way: done is closed once res, its answer (nil if
// cancelled), is there.
type flight struct {
	done chan struct{}
	res  *result
}

// warmedMsg carries memory for passes, made and touched off Update
// (warm), to the pool.
type warmedMsg struct{ mem *passMem }

// warm builds the search index of x, the loaded catalogue's, off Update,
// so that the first key of a search does not wait for it; and the memory
// a pass over all of x's records answers in, every page of it touched.
// Lent by the pool, it is what the first search answers in: made then,
// at a million records its 16 MB cost that key 4,000 page faults of 15
// µs each on a virtual machine, and a collection.
//
// The collector is off meanwhile (gcpause, as the catalogue at path is
// read): what the index holds all stays, and at a million records the
// eleven collections that ran while it was made, to free next to
// nothing, doubled the time to make it.
func warm(x *index, path string) tea.Cmd {
	return func() tea.Msg {
		defer gcpause.Pause(path)()
		x.search()
		n := len(x.recs)
		return warmedMsg{&passMem{hits: touched[query.Hit](n), matched: touched[int32](n), shown: touched[int32](n)}}
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

// warmed puts the memory warm made in the pool.
func (li *recordList) warmed(msg warmedMsg) {
	li.pool.putHits(msg.mem.hits)
	li.pool.put(msg.mem)
}

// apply shows a pass's answer, keeping the selected record selected.
func (li *recordList) apply(res *result) {
	// Where the selected record is in the snapshot, if the old rows tell:
	// then the new rows are searched for a position, not a record.
	at := int32(-1)
	if li.toTop {
		li.toTop = false
		li.selected, li.cursor, li.offset = 0, 0, 0
	} else {
		if sel := li.current(); sel != nil && li.selected == 0 {
			li.selected = sel.Ref()
		}
		if li.flat && li.cursor < len(li.res.shown) && sameSlice(li.res.ix.recs, res.ix.recs) {
			if pos := li.res.shown[li.cursor]; res.ix.recs[pos].Ref() == li.selected {
				at = pos
			}
		}
	}
	if old := li.res; old != nil && old != res {
		defer li.release(old) // once nothing below reads it
	}
	li.marked.keep(res.ix.recs)
	li.markGen++
	li.res = res
	li.buildRows()
	if li.anchor >= 0 {
		// The range goes on from its record, wherever the new rows put it.
		if li.anchor = li.rowOf(li.anchorRef); li.anchor < 0 {
			li.endRange()
		}
	}
	if li.selected != 0 {
		i := -1
		if at >= 0 && li.flat {
			i = slices.Index(res.shown, at) // a snapshot holds a record once
		} else {
			i = li.rowOf(li.selected)
		}
		if i >= 0 {
			li.cursor = i
			li.scrollToCursor()
			return
		}
	}
	li.cursor = max(0, min(li.cursor, li.rowCount()-1))
	li.selected = 0
	if r := li.currentRow(); r != nil && r.rec != nil {
		li.selected = r.rec.Ref()
	}
	li.scrollToCursor()
}

// passDone accounts for the memory of a pass that is done: its hits go
// back to the pool, and so does the memory of its answer if that is not
// to be shown, and of its prev if that is no longer shown and no other
// pass reads it.
func (li *recordList) passDone(msg filteredMsg) {
	if msg.prev != nil {
		msg.prev.users--
		li.release(msg.prev)
	}
	if msg.mem == nil {
		return
	}
	li.pool.putHits(msg.mem.hits)
	msg.mem.hits = nil
	if msg.seq != li.seq || msg.res == nil {
		li.pool.put(msg.mem) // never shown
	}
}

// release gives the memory of an answer back to the pool once it is not
// the one shown (an answer, once replaced, is never shown again) and no
// pass reads it.
func (li *recordList) release(r *result) {
	if r != li.res && r.users == 0 && r.mem != nil {
		li.pool.put(r.mem)
		r.mem = nil
	}
}

// buildRows flattens the answer's groups into rows, leaving out the
// records of folded groups; ungrouped, the rows are the records shown.
func (li *recordList) buildRows() {
	li.rows = li.rows[:0]
	li.flat = li.res != nil && li.res.groups == nil
	if li.res == nil || li.flat {
		return
	}
	for _, g := range li.res.groups {
		head := len(li.rows)
		li.rows = append(li.rows, row{header: true, label: g.Label, count: len(g.Records)})
		if li.folded[g.Label] {
			continue
		}
		for _, r := range g.Records {
			li.rows = append(li.rows, row{rec: r, head: head})
		}
	}
}

// rowCount returns the number of rows the list has.
func (li *recordList) rowCount() int {
	if li.flat {
		return len(li.res.shown)
	}
	return len(li.rows)
}

// rowAt returns row i, 0 <= i < rowCount().
func (li *recordList) rowAt(i int) row {
	if li.flat {
		return row{rec: li.res.rec(i)}
	}
	return li.rows[i]
}

// rowOf returns the row that shows the record ref, or -1.
func (li *recordList) rowOf(ref catalogue.Ref) int {
	for i := range li.rowCount() {
		if r := li.rowAt(i); r.rec != nil && r.rec.Ref() == ref {
			return i
		}
	}
	return -1
}

// current returns the selected record, or nil (none, or a heading).
func (li *recordList) current() *catalogue.Record {
	if r := li.currentRow(); r != nil {
		return r.rec
	}
	return nil
}

func (li *recordList) currentRow() *row {
	if li.cursor < 0 || li.cursor >= li.rowCount() {
		return nil
	}
	r := li.rowAt(li.cursor)
	return &r
}

// move moves the cursor by n rows.
func (li *recordList) move(n int) {
	if li.rowCount() == 0 {
		return
	}
	li.cursor = max(0, min(li.cursor+n, li.rowCount()-1))
	li.selected = refOf(li.rowAt(li.cursor).rec)
	li.scrollToCursor()
	li.extendRange()
}

// toggleFold folds or unfolds the group the cursor is in.
func (li *recordList) toggleFold() {
	if li.group.IsZero() {
		return
	}
	i := li.cursor
	for i >= 0 && i < li.rowCount() && !li.rowAt(i).header {
		i--
	}
	if i < 0 || i >= li.rowCount() {
		return
	}
	label := li.rowAt(i).label
	li.folded[label] = !li.folded[label]
	li.buildRows()
	li.cursor = i
	li.selected = 0
	li.scrollToCursor()
}

// toggleFoldAll folds every group, or unfolds all if all are folded.
func (li *recordList) toggleFoldAll() {
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
	if r := li.currentRow(); r != nil {
		for i := li.cursor; i >= 0; i-- {
			if li.rowAt(i).header {
				label = li.rowAt(i).label
				break
			}
		}
	}
	for _, g := range li.res.groups {
		li.folded[g.Label] = !all
	}
	li.buildRows()
	li.selected = 0
	for i := range li.rowCount() {
		r := li.rowAt(i)
		if r.header && r.label == label {
			li.cursor = i
		}
	}
	li.cursor = max(0, min(li.cursor, li.rowCount()-1))
	li.scrollToCursor()
}

// stickyHead returns the row of the heading drawn above the first row
// shown, when that row is a record of a group whose heading scrolled
// away; -1 when none is.
func (li *recordList) stickyHead() int {
	if li.flat || li.offset <= 0 || li.offset >= li.rowCount() {
		return -1
	}
	if r := li.rowAt(li.offset); !r.header {
		return r.head
	}
	return -1
}

// scrollToCursor moves the view so the cursor's row is on screen, moving
// it as little as possible. Grouped, a line is kept for the heading of
// the first group shown (stickyHead).
func (li *recordList) scrollToCursor() {
	h := li.height()
	if !li.flat {
		h--
	}
	if li.cursor < li.offset {
		li.offset = li.cursor
	}
	// The lowest offset that still shows the cursor's row whole: walk up
	// from the cursor while the rows fit (never more than a screenful).
	lowest, used := li.cursor, 0
	for lowest >= 0 && lowest < li.rowCount() {
		used += li.rowAt(lowest).height()
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
	first, used := li.rowCount()-1, 0
	for first >= 0 {
		used += li.rowAt(first).height()
		if used > h {
			break
		}
		first--
	}
	li.offset = min(li.offset, first+1)
	li.offset = max(0, min(li.offset, li.rowCount()-1))
}

// pageRows is how many rows a page key moves.
func (li *recordList) pageRows() int { return max(1, li.height()/2) }
