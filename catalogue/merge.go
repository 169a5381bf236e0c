package catalogue

import (
	"fmt"
	"slices"

	"github.com/uricat/uricat/catalogue/internal/record"

	"github.com/uricat/uricat/catalogue/internal/syntax"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
)

// A three-way merge of catalogues, record by record and field by field.
// mergeVersions is pure: it reads three versions and returns a fourth, and the
// conflicts and what it left out as values. A save that finds the file
// changed (Rebase), a live reload, a git merge driver and the merging of
// duplicates all go through it.

// Conflict is a record that the two sides changed in ways that cannot be
// combined: the same field set to different values, or one side deleting
// a record the other edited.
type Conflict struct {
	// Ours is our version of the record; nil when our side deleted it.
	Ours *ssd3.Record
	// Base and Theirs are the record's other versions; Theirs is nil
	// when their side deleted it.
	Base, Theirs *ssd3.Record
	// Field is the field both sides set differently ("" when one side
	// deleted the record).
	Field string
	// OursValue and TheirsValue are the two values of Field.
	OursValue, TheirsValue string
}

// Deleted reports whether the conflict is an edit on one side of a record
// the other side Deleted.
func (c Conflict) Deleted() bool { return c.Ours == nil || c.Theirs == nil }

// Name returns the record's NAME, or its URI when it has none, to Name it
// in a message.
func (c Conflict) Name() string {
	r := c.Base
	for _, v := range []*ssd3.Record{c.Ours, c.Theirs} {
		if v != nil {
			r = v
			break
		}
	}
	if n := r.Name(); n != "" {
		return n
	}
	return r.URI()
}

// mergeResult is what merge made of three versions.
type mergeResult struct {
	// Merged is the merged catalogue: ours, with theirs' changes applied
	// and theirs' additions after ours' records. A record that neither
	// side changed keeps its text byte for byte. A conflicting record is
	// there as ours has it (with theirs' other changes), or as the side
	// that edited it has it when the other deleted it.
	Merged *Snapshot
	// Conflicts are every conflict, in the order of Merged.
	Conflicts []Conflict
	// Duplicates are the records theirs added that Merged leaves out
	// because ours has their URI (compared with ssd3.URIKey) and they were not
	// added with AllowDuplicates: another uricat imported the same file,
	// say.
	Duplicates []*ssd3.Record

	// src says, for each record of Merged, the versions it came from;
	// oursBase, for each record of ours, the record of base it pairs
	// with (nil for one ours added).
	src      []mergeSource
	oursBase []*ssd3.Record
}

// mergeSource is the versions one merged record came from; nil where a
// version has no such record.
type mergeSource struct{ base, ours, theirs *ssd3.Record }

// mergeVersions merges two versions of a catalogue, ours and theirs, that both
// came from base:
//   - records are paired base to ours and base to theirs apart, by what
//     the two versions say together (pairRecords): identical text, else
//     an ID unique on both sides that did not change hands, else the URI
//     (ssd3.URIKey), the most alike first among records that share it;
//   - a record changed on one side only takes that side's version; one
//     changed on both takes each side's changed fields, and a field both
//     set differently is a Conflict (a DATE both stamped takes the later);
//   - a record deleted on one side is deleted, unless the other side
//     edited it: then it is kept, and a Conflict;
//   - records each side added are kept, ours in their place and theirs
//     after ours' last record, in their order, unless ours added the same
//     text or has the URI already and theirs did not add it beside
//     another of its URI on purpose (Duplicates).
//
// So every record of each side ends in Merged, in a Conflict, or in
// Duplicates, or is a deletion the other side did not edit.
//
// Merging with a side that did not change gives the other side back,
// byte for byte. mergeVersions does not change its arguments. It is the one
// merge: Rebase (saving over another program's version), MergeFile (the
// git merge driver and conflict copies) and live reload all call it.
func mergeVersions(base, ours, theirs *Snapshot) *mergeResult {
	return merge(base, ours, theirs, false)
}

// merge is mergeVersions; theirsByRef pairs base and theirs by Ref alone, for a
// catalogue whose edits since base kept the identity of every record
// (Rebase): a record deleted and another added with its URI are then a
// deletion and an addition, not an edit.
func merge(base, ours, theirs *Snapshot, theirsByRef bool) *mergeResult {
	bo := pairRecords(base.records, ours.records, false)
	bt := pairRecords(base.records, theirs.records, theirsByRef)
	if sameText(base, ours) {
		// Ours changed nothing: theirs as it is, records it moved in
		// their new places.
		return unchangedOurs(base, ours, theirs, bo, bt)
	}
	m := newMerger(base, ours, theirs, bo, bt)
	m.mergeOurs()
	tail := m.addTheirs(theirsByRef)
	m.res.Merged = &Snapshot{Version: ours.Version, path: ours.path, records: m.out, head: ours.head, tail: tail, disk: ours.disk}
	return m.res
}

// merger is one merge under way: the three versions, how their records
// pair, and the records merged so far.
type merger struct {
	base, ours, theirs *Snapshot
	// bo and bt are pairRecords' pairings of base with ours and with
	// theirs; oursBase is bo the other way: ours' index to base's, or -1.
	bo, bt, oursBase []int
	res              *mergeResult
	out              []*ssd3.Record
}

func newMerger(base, ours, theirs *Snapshot, bo, bt []int) *merger {
	m := &merger{
		base: base, ours: ours, theirs: theirs, bo: bo, bt: bt,
		oursBase: make([]int, len(ours.records)),
		res:      &mergeResult{oursBase: make([]*ssd3.Record, len(ours.records))},
		out:      make([]*ssd3.Record, 0, len(ours.records)),
	}
	for i := range m.oursBase {
		m.oursBase[i] = -1
	}
	for b, o := range bo {
		if o >= 0 {
			m.oursBase[o] = b
		}
	}
	for i, b := range m.oursBase {
		if b >= 0 {
			m.res.oursBase[i] = base.records[b]
		}
	}
	return m
}

// add appends r, made from the versions s, to the merged records.
func (m *merger) add(r *ssd3.Record, s mergeSource) {
	m.out = append(m.out, r)
	m.res.src = append(m.res.src, s)
}

// mergeOurs merges ours' records in their order: those ours added as
// they are, the others with what theirs did to them.
func (m *merger) mergeOurs() {
	for i, o := range m.ours.records {
		bi := m.oursBase[i]
		if bi < 0 {
			m.add(o, mergeSource{ours: o}) // added by ours
			continue
		}
		m.mergePaired(bi, o)
	}
}

// mergePaired merges o, ours' version of base's record bi, with theirs'
// version of it.
func (m *merger) mergePaired(bi int, o *ssd3.Record) {
	b := m.base.records[bi]
	var t *ssd3.Record
	if ti := m.bt[bi]; ti >= 0 {
		t = m.theirs.records[ti]
	}
	src := mergeSource{base: b, ours: o, theirs: t}
	oChanged := changed(b, o)
	switch {
	case t == nil && oChanged:
		m.res.Conflicts = append(m.res.Conflicts, Conflict{Base: b, Ours: o})
		m.add(o, src)
	case t == nil: // deleted by theirs
	case !changed(b, t) || record.Packed(o) == record.Packed(t):
		m.add(o, src)
	case !oChanged:
		nr := t.Clone()
		record.SetSep(nr, record.Sep(o), 0)
		m.add(nr, src)
	default:
		r, conflicts := mergeFields(b, o, t)
		m.res.Conflicts = append(m.res.Conflicts, conflicts...)
		m.add(r, src)
	}
}

// addTheirs adds, after ours' last record, what theirs adds: the records
// it added, and those it edited that ours deleted (conflicts), in
// theirs' order. It returns the merged file's tail.
func (m *merger) addTheirs(theirsByRef bool) string {
	base, theirs := m.base.records, m.theirs.records
	theirsPaired := make([]bool, len(theirs))
	for _, t := range m.bt {
		if t >= 0 {
			theirsPaired[t] = true
		}
	}
	deletedByOurs := make(map[int]int) // theirs' index to base's
	for b, o := range m.bo {
		if t := m.bt[b]; o < 0 && t >= 0 {
			deletedByOurs[t] = b
		}
	}
	dup := newDupCheck(m.out, base, m.ours.records, m.oursBase, theirs, theirsByRef)
	head, tail := m.ours.head, m.ours.tail
	for i, t := range theirs {
		src := mergeSource{theirs: t}
		if b, ok := deletedByOurs[i]; ok {
			if !changed(base[b], t) {
				continue // deleted by ours
			}
			src.base = base[b]
			m.res.Conflicts = append(m.res.Conflicts, Conflict{Base: src.base, Theirs: t})
		} else if theirsPaired[i] {
			continue // merged above
		} else if dup.isDuplicate(t) {
			m.res.Duplicates = append(m.res.Duplicates, t)
			continue
		}
		prev, hasPrev := head, false
		if n := len(m.out); n > 0 {
			prev, hasPrev = m.out[n-1].Raw(), true
		}
		nr := t.Clone()
		record.SetSep(nr, separator(prev, hasPrev, tail), len(tail))
		tail = ""
		m.add(nr, src)
	}
	return tail
}

// dupCheck tells which records theirs added are Duplicates of ours'.
type dupCheck struct {
	// uris counts the merged records (so far), base's and theirs' records
	// by URI.
	uris, baseURIs, theirsURIs map[string]int
	// oursAdded counts the text of the records ours added.
	oursAdded map[string]int
	byRef     bool
}

func newDupCheck(out, base, ours []*ssd3.Record, oursBase []int, theirs []*ssd3.Record, byRef bool) *dupCheck {
	count := func(rs []*ssd3.Record) map[string]int {
		n := make(map[string]int, len(rs))
		for _, r := range rs {
			if r.Valid() {
				n[ssd3.URIKey(r.URI())]++
			}
		}
		return n
	}
	d := &dupCheck{uris: count(out), baseURIs: count(base), theirsURIs: count(theirs), oursAdded: map[string]int{}, byRef: byRef}
	for i, b := range oursBase {
		if b < 0 {
			d.oursAdded[record.Packed(ours[i])]++
		}
	}
	return d
}

// isDuplicate reports whether t, a record theirs added, is left out as a
// duplicate of ours': ours added the same text, or both added its URI,
// new to base, and t was not made a duplicate on purpose. In memory
// (byRef) t's allowDup says so; in a file, which does not keep it, a URI
// that theirs or ours holds more than once says so. A record added
// beside others with its URI is kept, not folded into one of them.
func (d *dupCheck) isDuplicate(t *ssd3.Record) bool {
	if n := d.oursAdded[record.Packed(t)]; n > 0 {
		d.oursAdded[record.Packed(t)] = n - 1 // both added it: one is enough
		return true
	}
	if !t.Valid() {
		return false
	}
	k := ssd3.URIKey(t.URI())
	deliberate := record.AllowDup(t) || d.baseURIs[k] > 0 || !d.byRef && (d.theirsURIs[k] > 1 || d.uris[k] > 1)
	if d.uris[k] > 0 && !deliberate {
		return true
	}
	d.uris[k]++
	return false
}

// unchangedOurs is merge's result when ours is base, byte for byte:
// theirs, whole.
func unchangedOurs(base, ours, theirs *Snapshot, bo, bt []int) *mergeResult {
	res := &mergeResult{oursBase: make([]*ssd3.Record, len(ours.records)), src: make([]mergeSource, len(theirs.records))}
	for b, o := range bo {
		if o >= 0 {
			res.oursBase[o] = base.records[b]
		}
	}
	for i, t := range theirs.records {
		res.src[i].theirs = t
	}
	for b, t := range bt {
		if t >= 0 {
			res.src[t].base = base.records[b]
			if o := bo[b]; o >= 0 {
				res.src[t].ours = ours.records[o]
			}
		}
	}
	res.Merged = &Snapshot{Version: ours.Version, path: ours.path, records: theirs.records, head: theirs.head, tail: theirs.tail, disk: ours.disk}
	return res
}

// sameText reports whether a and b write the same bytes.
func sameText(a, b *Snapshot) bool {
	if a.head != b.head || a.tail != b.tail || len(a.records) != len(b.records) {
		return false
	}
	for i, r := range a.records {
		o := b.records[i]
		if r != o && (record.Packed(r) != record.Packed(o) || record.Sep(r) != record.Sep(o) || record.SepTail(r) != record.SepTail(o)) {
			return false
		}
	}
	return true
}

// changed reports whether r is another version of b than b itself.
func changed(b, r *ssd3.Record) bool { return r != b && record.Packed(r) != record.Packed(b) }

// pairRecords pairs each record of base with one of side: the index in
// side for each of base's, or -1 for a record side does not have. byRef
// pairs by Ref alone. Otherwise a record's identity is what base and side
// say of it together, in three rounds, each over the records the rounds
// before left unpaired:
//   - identical text, in file order;
//   - the same ID, when that ID is unique on both sides and either the
//     URI is the same or neither record's URI is another's of the other
//     version: an ID that moved from one record to another (B's cleared,
//     given to A) follows neither, and the records pair by URI; among
//     records sharing a URI, the two must also be alike;
//   - the same URI (ssd3.URIKey), when the two records are alike (likeness);
//     among several records sharing a URI, the pairs with the most
//     fields in common first, then the fewest different, then in file
//     order.
//
// A record of side paired with none is an addition, and one of base a
// deletion: a record added with a URI that another already has (an add
// --allow-duplicate) is an addition, not an edit of the one before.
func pairRecords(base, side []*ssd3.Record, byRef bool) []int {
	pair := make([]int, len(base))
	for i := range pair {
		pair[i] = -1
	}
	if byRef {
		at := make(map[Ref]int, len(side))
		for i, r := range side {
			at[r.Ref()] = i
		}
		for i, b := range base {
			if j, ok := at[b.Ref()]; ok && b.Ref() != 0 {
				pair[i] = j
			}
		}
		return pair
	}
	used := make([]bool, len(side))
	byText := make(map[string][]int, len(side))
	for i, r := range side {
		byText[record.Packed(r)] = append(byText[record.Packed(r)], i)
	}
	left := 0
	for i, b := range base {
		if l := byText[record.Packed(b)]; len(l) > 0 {
			byText[record.Packed(b)] = l[1:]
			pair[i], used[l[0]] = l[0], true
			continue
		}
		left++
	}
	if left == 0 {
		return pair
	}
	pairByID(base, side, pair, used)
	pairByURI(base, side, pair, used)
	return pair
}

// recordID is r's ID in canonical form, or "".
func recordID(r *ssd3.Record) string {
	if id := r.ID(); id != "" {
		return syntax.CanonicalID(id)
	}
	return ""
}

// recordURIKey is r's ssd3.URIKey, or "" for a record without a URI.
func recordURIKey(r *ssd3.Record) string {
	if u := r.URI(); u != "" {
		return ssd3.URIKey(u)
	}
	return ""
}

// pairByID is pairRecords' second round: records left unpaired that hold
// one ID, unique in both versions, whose URIs do not say otherwise.
func pairByID(base, side []*ssd3.Record, pair []int, used []bool) {
	count := func(rs []*ssd3.Record, key func(*ssd3.Record) string) map[string]int {
		n := make(map[string]int, len(rs))
		for _, r := range rs {
			if k := key(r); k != "" {
				n[k]++
			}
		}
		return n
	}
	baseIDs, sideIDs := count(base, recordID), count(side, recordID)
	baseURIs, sideURIs := count(base, recordURIKey), count(side, recordURIKey)
	at := make(map[string]int, len(side))
	for i, r := range side {
		if k := recordID(r); !used[i] && k != "" && sideIDs[k] == 1 {
			at[k] = i
		}
	}
	for i, b := range base {
		k := recordID(b)
		j, ok := at[k]
		if pair[i] >= 0 || k == "" || !ok || baseIDs[k] != 1 {
			continue
		}
		bu, su := recordURIKey(b), recordURIKey(side[j])
		// A record's URI held by another record of the other version
		// says the ID changed hands; among records sharing a URI, one
		// unlike the record before does.
		if bu != su && (baseURIs[su] > 0 || sideURIs[bu] > 0) ||
			bu == su && (baseURIs[bu] > 1 || sideURIs[su] > 1) && !alike(b, side[j]) {
			continue
		}
		pair[i], used[j] = j, true
	}
}

// pairByURI is pairRecords' last round: records left unpaired that share
// a URI, the most alike first.
func pairByURI(base, side []*ssd3.Record, pair []int, used []bool) {
	sideAt := map[string][]int{}
	sideHas, baseHas := map[string]int{}, map[string]int{} // records of each URI, paired or not
	for i, r := range side {
		k := recordURIKey(r)
		sideHas[k]++
		if k != "" && !used[i] {
			sideAt[k] = append(sideAt[k], i)
		}
	}
	baseAt := map[string][]int{}
	var keys []string // in base's order, so that the result does not depend on a map's
	for i, b := range base {
		k := recordURIKey(b)
		baseHas[k]++
		if pair[i] < 0 && k != "" && len(sideAt[k]) > 0 {
			if len(baseAt[k]) == 0 {
				keys = append(keys, k)
			}
			baseAt[k] = append(baseAt[k], i)
		}
	}
	for _, k := range keys {
		bs, ss := baseAt[k], sideAt[k]
		if baseHas[k] == 1 && sideHas[k] == 1 {
			// The one record of its URI in both: the same record.
			pair[bs[0]], used[ss[0]] = ss[0], true
			continue
		}
		type cand struct{ b, s, common, differ int }
		cands := make([]cand, 0, len(bs)*len(ss))
		for _, b := range bs {
			for _, s := range ss {
				if alike(base[b], side[s]) {
					c, d := likeness(base[b], side[s])
					cands = append(cands, cand{b, s, c, d})
				}
			}
		}
		// Stable: equally alike pairs stay in file order.
		slices.SortStableFunc(cands, func(x, y cand) int {
			if x.common != y.common {
				return y.common - x.common
			}
			return x.differ - y.differ
		})
		for _, c := range cands {
			if pair[c.b] < 0 && !used[c.s] {
				pair[c.b], used[c.s] = c.s, true
			}
		}
	}
}

// alike reports whether two records with one URI may be versions of one
// record (see likeness).
func alike(a, b *ssd3.Record) bool {
	c, d := likeness(a, b)
	return d <= 1 || c >= d
}

// likeness counts the fields two records with one URI hold with the same
// value and with different ones (one lacking it counts as different),
// leaving out the URI and the dates every edit stamps (DATE, X-ADDED).
// Two records that differ in more fields than they share, and in more
// than one, are taken for two records rather than one edited: pairing
// them would hand one record's changes to the other, where keeping both
// loses nothing.
func likeness(a, b *ssd3.Record) (common, differ int) {
	seen := map[string]bool{ssd3.FieldURI: true, ssd3.FieldDate: true, ssd3.FieldAdded: true}
	for _, r := range []*ssd3.Record{a, b} {
		for _, name := range ssd3.FieldNames(r) {
			if seen[name] {
				continue
			}
			seen[name] = true
			if ssd3.GetField(a, name) == ssd3.GetField(b, name) {
				common++
			} else {
				differ++
			}
		}
	}
	return common, differ
}

// mergeFields combines the edits of one record on both sides (base to ours and
// base to theirs), field by field, into a new version of ours. A field
// both set differently keeps ours' value and is a Conflict.
//
// X-ADDED goes with DATE: the time the record was added (X-ADDED, else
// DATE) is merged as one value, then written beside the merged DATE.
// Merged apart, an edit undone on one side (DATE back, X-ADDED gone)
// against an edit on the other (DATE moved, X-ADDED written) would lose it.
func mergeFields(base, ours, theirs *ssd3.Record) (*ssd3.Record, []Conflict) {
	m := ours.Clone()
	names := ssd3.FieldNames(base)
	names = append(names, ssd3.FieldNames(ours)...)
	names = append(names, ssd3.FieldNames(theirs)...)
	done := map[string]bool{ssd3.FieldAdded: true}
	var conflicts []Conflict
	for _, name := range names {
		if done[name] {
			continue
		}
		done[name] = true
		b, o, t := ssd3.GetField(base, name), ssd3.GetField(ours, name), ssd3.GetField(theirs, name)
		if t == b || t == o {
			continue // changed only by ours, or the same way
		}
		if o != b {
			if name != ssd3.FieldDate {
				conflicts = append(conflicts, Conflict{Base: base, Ours: ours, Theirs: theirs, Field: name, OursValue: o, TheirsValue: t})
				continue
			}
			if !theirs.Date().After(ours.Date()) {
				continue // both stamped DATE: the later stays
			}
		}
		if err := ssd3.SetField(m, name, t); err != nil {
			// A value valid in theirs is valid here: SetField checks
			// only the value. Kept as a conflict all the same.
			conflicts = append(conflicts, Conflict{Base: base, Ours: ours, Theirs: theirs, Field: name, OursValue: o, TheirsValue: t})
		}
	}
	b, o, t := addedText(base), addedText(ours), addedText(theirs)
	added := o
	if t != b && t != o {
		if o != b {
			conflicts = append(conflicts, Conflict{Base: base, Ours: ours, Theirs: theirs, Field: ssd3.FieldAdded, OursValue: o, TheirsValue: t})
		} else {
			added = t
		}
	}
	if added == ssd3.GetField(m, ssd3.FieldDate) {
		added = ""
	}
	m.SetExtension(ssd3.FieldAdded, added)
	nr := record.Reparse(record.Render(m), ours.Line())
	record.SetIdentity(nr, ours)
	record.SetSep(nr, record.Sep(ours), 0)
	return nr, conflicts
}

// MergeReport says what a save found in another program's version of the
// file and did with this process's edits.
type MergeReport struct {
	// theirs counts the records of the other version.
	theirs int
	// Duplicates are the records added here that were not added after all,
	// because the other version has their URI already (another uricat
	// imported the same file, say).
	Duplicates []*ssd3.Record
}

// Rebase re-applies this catalogue's edits since it last read or saved the
// file onto the version another program wrote meanwhile, which tx read:
// a three-way merge (as MergeFile's), with that version as ours and this
// catalogue as theirs, so that the other program's records stay where it
// left them, and records added here go after them, as Add would append
// them. Any conflict fails the rebase, and the ConflictError lists them
// all.
//
// On a *ConflictError the catalogue is unchanged. After Rebase the
// catalogue holds the other version with these edits, every record that
// was here keeps its Ref (so undo still finds it), and the save goes on
// with Commit. A catalogue that had no unsaved edits holds just the other
// version, and is not Modified: that is a live reload (the TUI following
// the file), and the save can end without writing (SaveReport does).
func (c *Catalogue) Rebase(tx *SaveTx) (*MergeReport, error) {
	if tx.gone {
		if c.saved.disk.exists {
			return nil, &ConflictError{path: c.path, Deleted: true}
		}
		return &MergeReport{}, nil
	}
	if tx.theirs == nil {
		return &MergeReport{}, nil
	}
	disk := tx.theirs
	clean := !c.Modified() // no edits the file lacks: the result is the file
	base := &Snapshot{records: c.saved.records, head: c.saved.head, tail: c.saved.tail}
	res := merge(base, disk.Snapshot(), c.Snapshot(), true)
	if len(res.Conflicts) > 0 {
		return nil, c.conflictError(res.Conflicts)
	}
	// Every record keeps the identity it has here, so that undo finds it;
	// the other program's records take the identity of the ones they
	// pair with, and those it added new ones. The other version's records
	// are this rebase's own: they may take an identity in place.
	fresh := record.NewRefs(len(disk.records))
	for i, r := range disk.records {
		if b := res.oursBase[i]; b != nil {
			record.SetRef(r, b.Ref())
		} else {
			record.SetRef(r, fresh+Ref(i))
		}
	}
	for i, r := range res.Merged.records {
		if s := res.src[i]; s.theirs != nil && r != s.ours {
			record.SetIdentity(r, s.theirs)
		}
	}
	c.records, c.head, c.tail, c.probs = res.Merged.records, res.Merged.head, res.Merged.tail, disk.probs
	c.saved = saved{version: c.saved.version, records: disk.records, head: disk.head, tail: disk.tail, disk: disk.saved.disk}
	c.keys, c.pos = nil, nil
	c.version++
	c.rebased++ // undo compares what it takes back with these records
	switch {
	case clean:
		// Nothing of this catalogue's was unsaved: it now holds what the
		// file holds (a live reload), and nothing needs writing.
		c.saved.version = c.version
	case c.saved.version == c.version:
		c.saved.version-- // the file does not hold this version yet
	}
	return &MergeReport{theirs: len(disk.records), Duplicates: res.Duplicates}, nil
}

// conflictError describes the conflicts a rebase met, this catalogue being
// "here" and the file "the other program".
func (c *Catalogue) conflictError(cs []Conflict) *ConflictError {
	e := &ConflictError{path: c.path, conflicts: cs}
	first := cs[0]
	e.Name = first.Name()
	switch {
	case first.Ours == nil:
		e.What = "was edited here and deleted by another program"
	case first.Theirs == nil:
		e.What = "was deleted here and edited by another program"
	default:
		e.What = fmt.Sprintf("has %s %q here but %q in the other program's version", first.Field, clipValue(first.TheirsValue), clipValue(first.OursValue))
	}
	switch n := len(cs) - 1; {
	case n == 1:
		e.What += " (and 1 more conflict)"
	case n > 1:
		e.What += fmt.Sprintf(" (and %d more conflicts)", n)
	}
	return e
}

// addedText is when r was added, as its text holds it: its X-ADDED, else
// its DATE.
func addedText(r *ssd3.Record) string {
	if v := r.Extension(ssd3.FieldAdded); v != "" {
		return v
	}
	return ssd3.GetField(r, ssd3.FieldDate)
}

func clipValue(v string) string {
	if v == "" {
		return "(none)"
	}
	return syntax.Clip(display.Text(v))
}
