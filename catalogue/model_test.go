package catalogue

import (
	"errors"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// The model-based test of the edit path: random sequences of adds, edits,
// ratings, deletes, batch imports, category subtrees renamed, moved and
// merged, fields and tags set on many records at once, tags renamed,
// merged and removed, undo, redo, saves, failed saves, reloads
// and another process adding, editing and deleting in the file, run against
// a Catalogue and a plain reference model side by side. After every step
// the catalogue's records equal the model's, and the file's records equal
// what the model says the file holds, and every record, here and in the
// file, was added when it was first made (its X-ADDED, or its DATE while it
// has none): no edit loses the time a bookmark was added.

// entry is one record of the model: its fields as text (standard and X-),
// keyed by name. "X-N" is a serial number no edit touches, so that no two
// records are ever identical (identical records cannot be told apart in a
// file, by anyone).
type entry map[string]string

func (e entry) clone() entry {
	c := make(entry, len(e))
	for k, v := range e {
		c[k] = v
	}
	return c
}

func (e entry) equal(o entry) bool {
	if len(e) != len(o) {
		return false
	}
	for k, v := range e {
		if o[k] != v {
			return false
		}
	}
	return true
}

// item is a record of the model with its identity (the serial number).
type item struct {
	id int
	e  entry
}

// state is a list of records in file order.
type state []item

func (s state) find(id int) int {
	for i, it := range s {
		if it.id == id {
			return i
		}
	}
	return -1
}

func (s state) clone() state {
	c := make(state, len(s))
	for i, it := range s {
		c[i] = item{it.id, it.e.clone()}
	}
	return c
}

// step is an undo or redo step of the model.
type mstep struct {
	kind string // "set": put back e for id; "remove": remove ids; "insert": put back items at positions
	id   int
	e    entry
	ids  []int
	at   []int
	its  []item
	// put is, for "set", the entry the step left (nil: no check); puts,
	// for "remove", the entries the step added, by id. Undo compares the
	// records with them: another process may have changed them since.
	put  entry
	puts map[int]entry
}

// model is the reference: what this process holds, what the file holds,
// and what the file held when this process last read or wrote it.
type model struct {
	ours, disk, base state
	undo, redo       [][]mstep // a step is a list of inverse operations, applied in order
	allowDup         map[int]bool
}

// mkept is what an undo or redo of the model kept as another process
// left it: "fields #3 RATING", "edited #4", "deleted" (the record is gone:
// no number).
type mkept []string

// apply applies inverse operations to the records as they are now and
// returns the operations that undo what it did, and what it kept: a
// record another process deleted stays deleted, one the step added that
// it edited stays, and a record it edited takes back only the fields it
// did not change (undoFields).
func (m *model) apply(ops []mstep) (inv []mstep, kept mkept) {
	for _, op := range ops {
		switch op.kind {
		case "set":
			i := m.ours.find(op.id)
			if i < 0 {
				kept = append(kept, "deleted")
				continue
			}
			cur, e := m.ours[i].e, op.e
			if op.put != nil && !cur.equal(op.put) {
				var fields []string
				e, fields = undoFields(op.put, cur, op.e)
				for _, f := range fields {
					kept = append(kept, fmt.Sprintf("fields #%d %s", op.id, f))
				}
			}
			if e.equal(cur) {
				continue
			}
			inv = append(inv, mstep{kind: "set", id: op.id, e: cur, put: e})
			m.ours[i].e = e
		case "remove":
			drop := map[int]bool{}
			for _, id := range op.ids {
				i := m.ours.find(id)
				switch {
				case i < 0: // gone already
				case op.puts[id] != nil && !m.ours[i].e.equal(op.puts[id]):
					kept = append(kept, fmt.Sprintf("edited #%d", id))
				default:
					drop[id] = true
				}
			}
			if len(drop) == 0 {
				continue
			}
			back := mstep{kind: "insert"}
			var left state
			for i, it := range m.ours {
				if drop[it.id] {
					back.its = append(back.its, it)
					back.at = append(back.at, i)
					continue
				}
				left = append(left, it)
			}
			m.ours = left
			inv = append(inv, back)
		case "insert":
			rm := mstep{kind: "remove", puts: map[int]entry{}}
			for j, it := range op.its {
				at := min(op.at[j], len(m.ours))
				m.ours = slices.Insert(m.ours, at, it)
				rm.ids = append(rm.ids, it.id)
				rm.puts[it.id] = it.e
			}
			inv = append(inv, rm)
		}
	}
	slices.Reverse(inv)
	return inv, kept
}

// undoFields is what undo makes of the entry cur, which another process
// changed since the step left put, to take the step back to old: a field
// the other process did not change takes old's value; one it changed
// keeps its own, and is named in kept when the step changed it too (to
// another value than the other's). DATE takes the later of cur's and
// old's when both moved from put's, and X-ADDED, with DATE, the time the
// record was added. This is the catalogue's mergeFields, written again
// on entries.
func undoFields(put, cur, old entry) (e entry, kept []string) {
	e = cur.clone()
	names := map[string]bool{}
	for _, x := range []entry{put, cur, old} {
		for k := range x {
			names[k] = true
		}
	}
	delete(names, ssd3.FieldAdded)
	for _, name := range slices.Sorted(maps.Keys(names)) {
		bv, ov, tv := put[name], cur[name], old[name]
		if tv == bv || tv == ov {
			continue
		}
		if ov != bv {
			if name != ssd3.FieldDate {
				kept = append(kept, name)
				continue
			}
			od, _ := ssd3.ParseDate(ov)
			td, _ := ssd3.ParseDate(tv)
			if !td.After(od) {
				continue
			}
		}
		if tv == "" {
			delete(e, name)
		} else {
			e[name] = tv
		}
	}
	b, o, t := added(put), added(cur), added(old)
	a := o
	if t != b && t != o {
		if o != b {
			kept = append(kept, ssd3.FieldAdded)
		} else {
			a = t
		}
	}
	delete(e, ssd3.FieldAdded)
	if a != e[ssd3.FieldDate] {
		e[ssd3.FieldAdded] = a
	}
	return e, kept
}

// merge is what a save computes when the file changed: ours onto disk,
// with base as the common ancestor. ok is false on a conflict.
func (m *model) merge() (merged state, dups []int, ok bool) {
	baseOf := map[int]entry{}
	for _, it := range m.base {
		baseOf[it.id] = it.e
	}
	oursOf := map[int]entry{}
	for _, it := range m.ours {
		oursOf[it.id] = it.e
	}
	diskOf := map[int]entry{}
	for _, it := range m.disk {
		diskOf[it.id] = it.e
	}
	// Edited here and deleted there, or deleted here and edited there.
	for _, it := range m.ours {
		b, inBase := baseOf[it.id]
		if inBase && !b.equal(it.e) && diskOf[it.id] == nil {
			return nil, nil, false
		}
	}
	for _, it := range m.base {
		if oursOf[it.id] == nil && diskOf[it.id] != nil && !diskOf[it.id].equal(it.e) {
			return nil, nil, false
		}
	}
	for _, t := range m.disk {
		b, o := baseOf[t.id], oursOf[t.id]
		switch {
		case b == nil: // added there
			merged = append(merged, t)
		case o == nil: // deleted here
		case b.equal(o):
			merged = append(merged, t)
		default:
			e, ok := merge3(b, o, t.e)
			if !ok {
				return nil, nil, false
			}
			merged = append(merged, item{t.id, e})
		}
	}
	uris, baseURIs := map[string]bool{}, map[string]bool{}
	for _, it := range merged {
		uris[ssd3.URIKey(it.e[ssd3.FieldURI])] = true
	}
	for _, it := range m.base {
		baseURIs[ssd3.URIKey(it.e[ssd3.FieldURI])] = true
	}
	for _, it := range m.ours {
		if baseOf[it.id] != nil {
			continue
		}
		// A URI the file had when last read is no duplicate: both sides
		// did not add it, and the record added here is one of its own.
		k := ssd3.URIKey(it.e[ssd3.FieldURI])
		if uris[k] && !m.allowDup[it.id] && !baseURIs[k] {
			dups = append(dups, it.id)
			continue
		}
		uris[k] = true
		merged = append(merged, it)
	}
	return merged, dups, true
}

func merge3(b, o, t entry) (entry, bool) {
	m := t.clone()
	names := map[string]bool{}
	for _, e := range []entry{b, o, t} {
		for k := range e {
			names[k] = true
		}
	}
	delete(names, ssd3.FieldAdded) // merged with DATE, below
	defer func() {
		a := added(t)
		if added(o) != added(b) && added(o) != added(t) {
			a = added(o) // a conflict only if t changed it too, which no step does
		}
		delete(m, ssd3.FieldAdded)
		if a != m[ssd3.FieldDate] {
			m[ssd3.FieldAdded] = a
		}
	}()
	for name := range names {
		bv, ov, tv := b[name], o[name], t[name]
		if ov == bv || ov == tv {
			continue
		}
		if tv != bv {
			if name != ssd3.FieldDate {
				return nil, false
			}
			od, _ := ssd3.ParseDate(ov)
			td, _ := ssd3.ParseDate(tv)
			if !od.After(td) {
				continue
			}
		}
		if ov == "" {
			delete(m, name)
		} else {
			m[name] = ov
		}
	}
	return m, true
}

// stamp is what a Set of fields does to the model's entry old at the time
// now: the fields' values, DATE now unless given, and X-ADDED the old DATE
// the first time DATE moves. changed is false for a Set that changes no
// value: it is no edit, and old stays as it is.
func stamp(old entry, fields []ssd3.Field, now time.Time) (e entry, changed bool) {
	e = old.clone()
	dated := false
	for _, f := range fields {
		dated = dated || f.Name == ssd3.FieldDate
		if f.Value == "" {
			delete(e, f.Name)
		} else {
			e[f.Name] = f.Value
		}
	}
	if e.equal(old) {
		return old, false
	}
	if !dated {
		e[ssd3.FieldDate] = ssd3.FormatDate(now)
	}
	if e[ssd3.FieldDate] != old[ssd3.FieldDate] && old[ssd3.FieldAdded] == "" {
		e[ssd3.FieldAdded] = old[ssd3.FieldDate]
	}
	return e, true
}

// added is when the record e says it was added.
func added(e entry) string {
	if a := e[ssd3.FieldAdded]; a != "" {
		return a
	}
	return e[ssd3.FieldDate]
}

// entryOf reads a record into the model's form.
func entryOf(r *ssd3.Record) entry {
	e := entry{}
	for _, name := range ssd3.FieldNames(r) {
		e[name] = ssd3.GetField(r, name)
	}
	return e
}

func serial(e entry) int {
	var n int
	fmt.Sscan(e["X-N"], &n)
	return n
}

// sequence runs one random sequence of n steps; it fails t with the steps
// so far on the first difference.
type sequence struct {
	t       testing.TB
	rng     *rand.Rand
	dir     string
	path    string
	c       *Catalogue
	h       History
	m       model
	clock   *time.Time
	serials int
	log     []string

	lastFile string // the file at the last check
	lastDisk state  // the model's idea of it then

	added map[int]string // when each record was added, by serial number
}

func (s *sequence) now() time.Time {
	*s.clock = s.clock.Add(time.Second)
	return *s.clock
}

func (s *sequence) fail(format string, a ...any) {
	s.t.Helper()
	s.t.Fatalf("%s\nsteps:\n  %s", fmt.Sprintf(format, a...), strings.Join(s.log, "\n  "))
}

func (s *sequence) newEntry(uri string) entry {
	s.serials++
	e := entry{ssd3.FieldURI: uri, ssd3.FieldName: fmt.Sprintf("Name %d", s.rng.IntN(50)),
		ssd3.FieldDate: ssd3.FormatDate(s.now()), "X-N": fmt.Sprint(s.serials)}
	s.added[s.serials] = e[ssd3.FieldDate]
	if s.rng.IntN(2) == 0 {
		e[ssd3.FieldCategory] = modelCategories[s.rng.IntN(len(modelCategories))]
	}
	if s.rng.IntN(3) == 0 {
		e[ssd3.FieldTags] = []string{"a", "a, b", "hiking", "b,hiking"}[s.rng.IntN(4)]
	}
	if s.rng.IntN(3) == 0 {
		e[ssd3.FieldRating] = fmt.Sprint(1 + s.rng.IntN(5))
	}
	return e
}

// modelCategories are the categories records are made with: a tree,
// with a name that holds a "/" (News\/World is one name, not under News).
var modelCategories = []string{"Go", "Go/Tools", "Go/Tools/Lint", "Music", "Köln", "News", "News/World", `News\/World`}

// modelTags are the tags the bulk edits add, remove and rename.
var modelTags = []string{"a", "b", "hiking", "new"}

func (s *sequence) uri() string {
	return fmt.Sprintf("http://site%d.example/p%d", s.rng.IntN(4), s.rng.IntN(40))
}

func recordOf(e entry) *ssd3.Record {
	r := &ssd3.Record{}
	for name, v := range e {
		if err := ssd3.SetField(r, name, v); err != nil {
			panic(err)
		}
	}
	return r
}

// check compares the catalogue with the model, and the file with the
// model's idea of it.
func (s *sequence) check() {
	s.t.Helper()
	s.compare("catalogue", s.c.Records(), s.m.ours)
	data, err := os.ReadFile(s.path)
	if err != nil {
		s.fail("reading the file: %v", err)
	}
	// The same bytes as at the last check need no new parse, but the model
	// must not have changed its idea of the file either.
	if string(data) != s.lastFile || !statesEqual(s.m.disk, s.lastDisk) {
		onDisk, err := Read(strings.NewReader(string(data)))
		if err != nil {
			s.fail("%v", err)
		}
		s.compare("file", onDisk.Records(), s.m.disk)
		s.lastFile, s.lastDisk = string(data), s.m.disk.clone()
	}
	// What the catalogue would write reads back as the same records.
	var b strings.Builder
	if _, err := s.c.WriteTo(&b); err != nil {
		s.fail("%v", err)
	}
	again, _ := Read(strings.NewReader(b.String()))
	s.compare("catalogue written and read back", again.Records(), s.m.ours)
	// The model's records were checked against the catalogue's and the
	// file's: the time each was added must be the one it was made with.
	for _, st := range []state{s.m.ours, s.m.disk} {
		for _, it := range st {
			if got, want := added(it.e), s.added[it.id]; got != want {
				s.fail("record #%d says it was added at %q, want %q, when it was made", it.id, got, want)
			}
		}
	}
}

func (s *sequence) compare(what string, recs []*ssd3.Record, want state) {
	s.t.Helper()
	var got []string
	for _, r := range recs {
		if !r.Valid() {
			continue
		}
		got = append(got, describeEntry(entryOf(r)))
	}
	var exp []string
	for _, it := range want {
		exp = append(exp, describeEntry(it.e))
	}
	if strings.Join(got, "\n") != strings.Join(exp, "\n") {
		s.fail("%s differs from the model:\n got:\n    %s\nwant:\n    %s", what, strings.Join(got, "\n    "), strings.Join(exp, "\n    "))
	}
	invalid := 0
	for _, r := range recs {
		if !r.Valid() {
			invalid++
		}
	}
	if invalid != 1 {
		s.fail("%s: %d invalid records, want the 1 the file started with", what, invalid)
	}
}

func describeEntry(e entry) string {
	keys := make([]string, 0, len(e))
	for k := range e {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, "%s=%s ", k, e[k])
	}
	return b.String()
}

const modelSeed = "URI: http://seed.example/\r\nNAME: Seed\r\nDATE: 01/01/2001 00:00:00\r\nX-N: 0\r\n\r\n" +
	"NAME: No URI, kept but not used\r\nDATE: 01/01/2001 00:00:00\r\n\r\n" +
	"URI: http://seed.example/two\r\nNAME: Two\r\nDATE: 02/01/2001 00:00:00\r\nRATING: 3\r\nX-N: -1\r\n \r\n"

func newSequence(t testing.TB, seed uint64) *sequence {
	dir := t.TempDir()
	path := filepath.Join(dir, "model.uricat")
	if err := os.WriteFile(path, []byte(modelSeed), 0o644); err != nil {
		t.Fatal(err)
	}
	clock := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	s := &sequence{t: t, rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)), dir: dir, path: path, clock: &clock}
	c, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	c.Now = s.now
	s.c = c
	s.added = map[int]string{}
	for _, r := range c.Records() {
		if r.Valid() {
			e := entryOf(r)
			s.m.ours = append(s.m.ours, item{serial(e), e})
			s.added[serial(e)] = e[ssd3.FieldDate]
		}
	}
	s.m.disk, s.m.base = s.m.ours.clone(), s.m.ours.clone()
	s.m.allowDup = map[int]bool{}
	return s
}

// do runs one step chosen by op.
func (s *sequence) do(op int) {
	s.t.Helper()
	switch op % 15 {
	case 0, 1: // add one record; a URI already there is refused, or skipped
		e := s.newEntry(s.uri())
		policy := []DupPolicy{DupFail, DupFail, DupSkip, DupAllow}[s.rng.IntN(4)]
		allow := policy == DupAllow
		s.log = append(s.log, fmt.Sprintf("add %s onDuplicate=%v", describeEntry(e), policy))
		dup := false
		for _, it := range s.m.ours {
			dup = dup || ssd3.URIKey(it.e[ssd3.FieldURI]) == ssd3.URIKey(e[ssd3.FieldURI])
		}
		var rep AddReport
		undo, _ := s.h.Len()
		err := s.h.apply(s.c, Add{Records: []*ssd3.Record{recordOf(e)}, OnDuplicate: policy, Report: &rep}, "add")
		var de *DuplicateError
		switch {
		case dup && policy == DupFail:
			if !errors.As(err, &de) {
				s.fail("adding a URI already there: %v, want a DuplicateError", err)
			}
			return
		case dup && policy == DupSkip:
			// Left out, reported, and nothing changed: no undo step.
			if n, _ := s.h.Len(); err != nil || rep.Added() != 0 || !slices.Equal(rep.Duplicates, []int{0}) || n != undo {
				s.fail("skipping a URI already there: %v, report %+v, undo steps %d, want %d", err, rep, n, undo)
			}
			return
		case err != nil:
			s.fail("add: %v", err)
		}
		if rep.Added() != 1 || len(rep.Duplicates) != 0 {
			s.fail("add: report %+v, want one record added", rep)
		}
		id := serial(e)
		s.m.ours = append(s.m.ours, item{id, e})
		s.m.allowDup[id] = allow
		s.m.push([]mstep{{kind: "remove", ids: []int{id}, puts: map[int]entry{id: e}}})
	case 2, 3: // edit fields of a record, or rate it
		if len(s.m.ours) == 0 {
			return
		}
		it := s.m.ours[s.rng.IntN(len(s.m.ours))]
		var fields []ssd3.Field
		switch s.rng.IntN(6) {
		case 0:
			fields = []ssd3.Field{{Name: ssd3.FieldRating, Value: fmt.Sprint(s.rng.IntN(6))}}
			if fields[0].Value == "0" {
				fields[0].Value = ""
			}
		case 1:
			fields = []ssd3.Field{{Name: ssd3.FieldName, Value: fmt.Sprintf("Name %d", s.rng.IntN(50))}, {Name: ssd3.FieldCategory, Value: []string{"", "Go", "Café"}[s.rng.IntN(3)]}}
		case 2:
			fields = []ssd3.Field{{Name: ssd3.FieldDescription, Value: []string{"", "line one\nline two", "plain"}[s.rng.IntN(3)]}, {Name: "X-TAGS", Value: []string{"", "a,b", "hiking"}[s.rng.IntN(3)]}}
		case 3:
			fields = []ssd3.Field{{Name: ssd3.FieldRating, Value: "9"}} // invalid: refused, nothing changes
		case 4: // a DATE typed, sometimes the one the record has
			fields = []ssd3.Field{{Name: ssd3.FieldDate, Value: it.e[ssd3.FieldDate]}}
			if s.rng.IntN(2) == 0 {
				fields[0].Value = ssd3.FormatDate(time.Date(2010, 1, 1+s.rng.IntN(3), 0, 0, 0, 0, time.UTC))
			}
		case 5: // the values it has: no edit
			fields = []ssd3.Field{{Name: ssd3.FieldName, Value: it.e[ssd3.FieldName]}, {Name: ssd3.FieldCategory, Value: it.e[ssd3.FieldCategory]}}
		}
		s.log = append(s.log, fmt.Sprintf("set #%d %v", it.id, fields))
		undo, _ := s.h.Len()
		err := s.h.apply(s.c, Set{Ref: s.refOf(it.id), Fields: fields}, "set")
		if fields[0].Value == "9" {
			var ve *ValidationError
			if !errors.As(err, &ve) {
				s.fail("RATING 9: %v, want a ValidationError", err)
			}
			return
		}
		i := s.m.ours.find(it.id)
		old := s.m.ours[i].e
		e, changed := stamp(old, fields, *s.clock)
		if !changed {
			if !errors.Is(err, ErrUnchanged) {
				s.fail("a set that changes no value: %v, want ErrUnchanged", err)
			}
			if n, _ := s.h.Len(); n != undo {
				s.fail("a set that changes no value left a step to undo")
			}
			return
		}
		if err != nil {
			s.fail("set: %v", err)
		}
		s.m.ours[i].e = e
		s.m.push([]mstep{{kind: "set", id: it.id, e: old, put: e}})
	case 4: // delete one or two records
		if len(s.m.ours) == 0 {
			return
		}
		ids := []int{s.m.ours[s.rng.IntN(len(s.m.ours))].id}
		if len(s.m.ours) > 2 && s.rng.IntN(2) == 0 {
			if other := s.m.ours[s.rng.IntN(len(s.m.ours))].id; other != ids[0] {
				ids = append(ids, other)
			}
		}
		s.log = append(s.log, fmt.Sprintf("delete %v", ids))
		var refs []Ref
		for _, id := range ids {
			refs = append(refs, s.refOf(id))
		}
		if err := s.h.apply(s.c, Delete{Refs: refs}, "delete"); err != nil {
			s.fail("delete: %v", err)
		}
		inv, _ := s.m.apply([]mstep{{kind: "remove", ids: ids}})
		s.m.push(inv)
	case 5: // a batch import of new URIs
		n := 1 + s.rng.IntN(5)
		var recs []*ssd3.Record
		var ids []int
		var es []entry
		for j := 0; j < n; j++ {
			e := s.newEntry(fmt.Sprintf("http://import.example/%d", s.serials+1))
			recs, es = append(recs, recordOf(e)), append(es, e)
			ids = append(ids, serial(e))
		}
		s.log = append(s.log, fmt.Sprintf("import %v", ids))
		if err := s.h.apply(s.c, Add{Records: recs}, "import"); err != nil {
			s.fail("import: %v", err)
		}
		puts := map[int]entry{}
		for j, e := range es {
			s.m.ours = append(s.m.ours, item{ids[j], e})
			puts[ids[j]] = e
		}
		s.m.push([]mstep{{kind: "remove", ids: ids, puts: puts}})
	case 6: // undo
		s.log = append(s.log, "undo")
		s.undoRedo(true)
	case 7: // redo
		s.log = append(s.log, "redo")
		s.undoRedo(false)
	case 8, 9: // save
		s.log = append(s.log, "save")
		s.save()
	case 10: // another process changes the file
		s.other()
	case 11:
		switch s.rng.IntN(3) {
		case 0: // reload: unsaved changes are dropped
			s.log = append(s.log, "reload")
			if err := s.c.Reload(); err != nil {
				s.fail("reload: %v", err)
			}
			s.h.Clear()
			s.m.ours, s.m.base = s.m.disk.clone(), s.m.disk.clone()
			s.m.undo, s.m.redo = nil, nil
		default: // a save that fails: the file is read-only for a moment
			s.log = append(s.log, "save to a read-only file")
			os.Chmod(s.path, 0o444)
			err := s.c.Save()
			os.Chmod(s.path, 0o644)
			if !errors.Is(err, ErrReadOnly) {
				s.fail("saving a read-only file: %v, want ErrReadOnly", err)
			}
		}
	case 12: // rename, move or merge a category subtree
		s.recategorise()
	case 13: // set fields, add or remove tags on several records; rename a tag
		s.bulk()
	case 14: // another process changes what undo takes back
		s.otherThenUndo()
	}
}

// recategorise renames a category subtree: onto a new name, onto one that
// records have (a merge), under another node, or to the top.
func (s *sequence) recategorise() {
	s.t.Helper()
	from := []string{"Go", "Go/Tools", "News", `News\/World`, "Music", "Nothing"}[s.rng.IntN(6)]
	to := []string{"Code", "Go", "Music", "News/World", "Archive/Old", ""}[s.rng.IntN(6)]
	if to == from {
		to = "Other"
	}
	s.log = append(s.log, fmt.Sprintf("recategorise %q to %q", from, to))
	undo, _ := s.h.Len()
	n, perr := s.c.Preview(Recategorise{From: from, To: to})
	err := s.h.apply(s.c, Recategorise{From: from, To: to}, "recategorise")
	s.applyBulk(undo, err, n, perr, func(e entry) []ssd3.Field {
		cat := e[ssd3.FieldCategory]
		if cat != from && !strings.HasPrefix(cat, from+"/") {
			return nil
		}
		rest := cat[len(from):]
		if to == "" {
			rest = strings.TrimPrefix(rest, "/")
		}
		return []ssd3.Field{{Name: ssd3.FieldCategory, Value: to + rest}}
	}, errNoCategory)
}

// bulk sets fields on a few records, adds and removes tags on them, or
// renames a tag everywhere.
func (s *sequence) bulk() {
	s.t.Helper()
	var ids []int
	var refs []Ref
	for _, it := range s.m.ours {
		if s.rng.IntN(3) == 0 {
			ids, refs = append(ids, it.id), append(refs, s.refOf(it.id))
		}
	}
	chosen := func(id int) bool { return slices.Contains(ids, id) }
	tag := func() string { return modelTags[s.rng.IntN(len(modelTags))] }
	undo, _ := s.h.Len()
	switch s.rng.IntN(4) {
	case 0:
		fields := [][]ssd3.Field{{{Name: ssd3.FieldRating, Value: "4"}}, {{Name: ssd3.FieldCategory, Value: "Go/Tools"}, {Name: ssd3.FieldRating, Value: ""}}, {{Name: ssd3.FieldRating, Value: "9"}}}[s.rng.IntN(3)]
		s.log = append(s.log, fmt.Sprintf("set many %v %v", ids, fields))
		e := SetMany{Refs: refs, Fields: fields}
		n, perr := s.c.Preview(e)
		err := s.h.apply(s.c, e, "set many")
		if fields[0].Value == "9" && len(ids) > 0 {
			var ve *ValidationError
			if !errors.As(err, &ve) || perr == nil {
				s.fail("set many RATING 9: %v (preview %v), want a ValidationError", err, perr)
			}
			return
		}
		s.applyBulk(undo, err, n, perr, func(e entry) []ssd3.Field {
			if !chosen(serial(e)) {
				return nil
			}
			return fields
		}, nil)
	case 1:
		add, remove := []string{tag()}, []string{tag()}
		if add[0] == remove[0] {
			add = nil
		}
		s.log = append(s.log, fmt.Sprintf("retag %v +%v -%v", ids, add, remove))
		e := Retag{Refs: refs, Add: add, Remove: remove}
		n, perr := s.c.Preview(e)
		err := s.h.apply(s.c, e, "retag")
		s.applyBulk(undo, err, n, perr, func(e entry) []ssd3.Field {
			if !chosen(serial(e)) {
				return nil
			}
			tags := slices.DeleteFunc(ssd3.SplitTags(e[ssd3.FieldTags]), func(t string) bool { return slices.Contains(remove, t) })
			for _, t := range add {
				if !slices.Contains(tags, t) {
					tags = append(tags, t)
				}
			}
			if slices.Equal(tags, ssd3.SplitTags(e[ssd3.FieldTags])) {
				return nil
			}
			return []ssd3.Field{{Name: ssd3.FieldTags, Value: ssd3.JoinTags(tags)}}
		}, nil)
	case 2:
		from, to := tag(), []string{"a", "b", "new", ""}[s.rng.IntN(4)]
		if from == to {
			to = "other"
		}
		s.log = append(s.log, fmt.Sprintf("rename tag %q to %q", from, to))
		e := RenameTag{From: from, To: to}
		n, perr := s.c.Preview(e)
		err := s.h.apply(s.c, e, "rename tag")
		s.applyBulk(undo, err, n, perr, func(e entry) []ssd3.Field {
			tags := ssd3.SplitTags(e[ssd3.FieldTags])
			i := slices.Index(tags, from)
			if i < 0 {
				return nil
			}
			if to == "" || slices.Contains(tags, to) {
				tags = slices.Delete(tags, i, i+1)
			} else {
				tags[i] = to
			}
			return []ssd3.Field{{Name: ssd3.FieldTags, Value: ssd3.JoinTags(tags)}}
		}, errNoTag)
	case 3:
		s.mergeTags(undo, tag)
	}
}

// mergeTags merges two or three tags into one of them or into a new one,
// as the tags view merges a group of similar tags.
func (s *sequence) mergeTags(undo int, tag func() string) {
	s.t.Helper()
	from := []string{tag(), tag()}
	if s.rng.IntN(2) == 0 {
		from = append(from, tag())
	}
	to := []string{from[0], "merged"}[s.rng.IntN(2)]
	s.log = append(s.log, fmt.Sprintf("merge tags %q into %q", from, to))
	e := MergeTags{From: from, To: to}
	n, perr := s.c.Preview(e)
	err := s.h.apply(s.c, e, "merge tags")
	others := slices.DeleteFunc(slices.Clone(from), func(t string) bool { return t == to })
	if len(others) == 0 {
		if !errors.Is(err, ErrUnchanged) {
			s.fail("merging %q into itself: %v, want ErrUnchanged", from, err)
		}
		return
	}
	s.applyBulk(undo, err, n, perr, func(e entry) []ssd3.Field {
		tags := ssd3.SplitTags(e[ssd3.FieldTags])
		i := slices.IndexFunc(tags, func(t string) bool { return slices.Contains(others, t) })
		if i < 0 {
			return nil
		}
		has := slices.Contains(tags, to)
		var out []string
		for j, t := range tags {
			switch {
			case !slices.Contains(others, t):
				out = append(out, t)
			case j == i && !has:
				out = append(out, to)
			}
		}
		return []ssd3.Field{{Name: ssd3.FieldTags, Value: ssd3.JoinTags(out)}}
	}, errNoTag)
}

// applyBulk checks a bulk edit that History.Apply applied (err) and
// Preview counted (n, perr) against the model, and applies it to the
// model: fields gives the fields each record gets (nil: not touched),
// and every record they change is stamped with one DATE. When notFound
// is not nil, an edit that fields touches no record with is that error.
// undo is the number of undo steps before the edit.
func (s *sequence) applyBulk(undo int, err error, n int, perr error, fields func(entry) []ssd3.Field, notFound error) {
	s.t.Helper()
	touched := false
	var inv []mstep
	next := s.m.ours.clone()
	for i, it := range next {
		fs := fields(it.e)
		if fs == nil {
			continue
		}
		touched = true
		if e, changed := stamp(it.e, fs, *s.clock); changed {
			inv = append(inv, mstep{kind: "set", id: it.id, e: it.e, put: e})
			next[i].e = e
		}
	}
	switch {
	case !touched && notFound != nil:
		if !errors.Is(err, notFound) || !errors.Is(perr, notFound) {
			s.fail("a bulk edit of nothing: %v (preview %v), want %v", err, perr, notFound)
		}
		return
	case len(inv) == 0:
		if !errors.Is(err, ErrUnchanged) || perr != nil || n != 0 {
			s.fail("a bulk edit that changes nothing: %v (preview %d, %v), want ErrUnchanged", err, n, perr)
		}
		if u, _ := s.h.Len(); u != undo {
			s.fail("a bulk edit that changes nothing left a step to undo")
		}
		return
	case err != nil || perr != nil:
		s.fail("bulk edit: %v (preview %v)", err, perr)
	case n != len(inv):
		s.fail("preview said %d records, the edit changed %d", n, len(inv))
	}
	s.m.ours = next
	s.m.push(inv)
}

func (m *model) push(inv []mstep) {
	m.undo = append(m.undo, inv)
	m.redo = nil
}

func (s *sequence) refOf(id int) Ref {
	for _, r := range s.c.Records() {
		if r.Valid() && serial(entryOf(r)) == id {
			return r.Ref()
		}
	}
	s.fail("record #%d is not in the catalogue", id)
	return 0
}

func (s *sequence) undoRedo(undo bool) {
	from, to := &s.m.undo, &s.m.redo
	do := s.h.Undo
	if !undo {
		from, to, do = &s.m.redo, &s.m.undo, s.h.Redo
	}
	st, err := do(s.c)
	if len(*from) == 0 {
		if !errors.Is(err, ErrNothing) {
			s.fail("nothing to undo/redo, but: %v", err)
		}
		return
	}
	ops := (*from)[len(*from)-1]
	*from = (*from)[:len(*from)-1]
	inv, want := s.m.apply(ops)
	if err != nil {
		s.fail("undo/redo: %v", err)
	}
	if st.Did() != (len(inv) > 0) {
		s.fail("undo/redo says it did %v; the model changed %d records", st.Did(), len(inv))
	}
	if len(inv) > 0 {
		*to = append(*to, inv)
	}
	if len(want) > 0 {
		s.log = append(s.log, fmt.Sprintf("  (kept %v)", want))
	}
	if got := s.keptOf(st); !slices.Equal(got, slices.Sorted(slices.Values(want))) {
		s.fail("undo/redo kept %v (%q), the model %v", got, st.Note(), want)
	}
}

// keptOf is a step's kept in the model's form, sorted; records put back
// beside another of their URI (keptTwice), which the model does not
// track, left out.
func (s *sequence) keptOf(st Step) []string {
	ids := map[Ref]int{}
	for _, r := range s.c.Records() {
		if r.Valid() {
			ids[r.Ref()] = serial(entryOf(r))
		}
	}
	var out []string
	for _, k := range st.kept {
		switch k.How {
		case keptFields:
			for _, f := range k.Fields {
				out = append(out, fmt.Sprintf("fields #%d %s", ids[k.Ref], f))
			}
		case keptEdited:
			out = append(out, fmt.Sprintf("edited #%d", ids[k.Ref]))
		case keptDeleted:
			out = append(out, "deleted")
		}
	}
	slices.Sort(out)
	return out
}

func (s *sequence) save() {
	changed := !statesEqual(s.m.disk, s.m.base)
	err := s.c.Save()
	if !changed {
		if err != nil {
			s.fail("save: %v", err)
		}
		s.m.disk, s.m.base = s.m.ours.clone(), s.m.ours.clone()
		return
	}
	merged, dups, ok := s.m.merge()
	var ce *ConflictError
	if !ok {
		if !errors.As(err, &ce) {
			s.fail("save with a conflict: %v, want a ConflictError", err)
		}
		return
	}
	if err != nil {
		s.fail("save with a merge: %v", err)
	}
	drop := map[int]bool{}
	for _, id := range dups {
		drop[id] = true
	}
	// Steps that added a record the merge dropped cannot be undone any more.
	s.m.ours, s.m.disk, s.m.base = merged, merged.clone(), merged.clone()
	s.log = append(s.log, fmt.Sprintf("  (merged; dropped as duplicates: %v)", dups))
}

func statesEqual(a, b state) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].id != b[i].id || !a[i].e.equal(b[i].e) {
			return false
		}
	}
	return true
}

// other opens the file as another process would, changes it and saves.
func (s *sequence) other() { s.otherChanges(s.rng.IntN(3), -1) }

// otherChanges is other: what (0 adds, 1 edits, 2 deletes) to the record
// whose serial number is target, or to one at random when it is -1.
func (s *sequence) otherChanges(what, target int) {
	o, err := Open(s.path)
	if err != nil {
		s.fail("other: %v", err)
	}
	o.Now = s.now
	pick := func() item {
		if i := s.m.disk.find(target); i >= 0 {
			return s.m.disk[i]
		}
		return s.m.disk[s.rng.IntN(len(s.m.disk))]
	}
	switch what {
	case 0:
		if !s.otherAdds(o) {
			return
		}
	case 1: // edits a record
		if len(s.m.disk) == 0 {
			return
		}
		it := pick()
		if s.rng.IntN(5) == 0 && s.otherMovesID(o, it) {
			return // saved
		}
		name := fmt.Sprintf("Name %d", s.rng.IntN(50))
		fields := [][]ssd3.Field{
			{{Name: ssd3.FieldRating, Value: fmt.Sprint(1 + s.rng.IntN(5))}},
			{{Name: ssd3.FieldName, Value: name}},
			{{Name: ssd3.FieldName, Value: name}, {Name: ssd3.FieldTags, Value: []string{"a, z", "z", ""}[s.rng.IntN(3)]}}, // uricat set --name --add-tags
			{{Name: ssd3.FieldCategory, Value: []string{"Go", "Press", ""}[s.rng.IntN(3)]}},
		}[s.rng.IntN(4)]
		s.log = append(s.log, fmt.Sprintf("other sets #%d %v", it.id, fields))
		var ref Ref
		for _, r := range o.Records() {
			if r.Valid() && serial(entryOf(r)) == it.id {
				ref = r.Ref()
			}
		}
		_, err := o.Apply(Set{Ref: ref, Fields: fields})
		i := s.m.disk.find(it.id)
		e, changed := stamp(s.m.disk[i].e, fields, *s.clock)
		if !changed {
			if !errors.Is(err, ErrUnchanged) {
				s.fail("other set that changes no value: %v, want ErrUnchanged", err)
			}
			return // and nothing to save
		}
		if err != nil {
			s.fail("other set: %v", err)
		}
		s.m.disk[i].e = e
	case 2: // deletes a record
		if len(s.m.disk) == 0 {
			return
		}
		it := pick()
		if s.m.unpairable(slices.DeleteFunc(slices.Clone(s.m.disk), func(x item) bool { return x.id == it.id })) {
			return
		}
		s.log = append(s.log, fmt.Sprintf("other deletes #%d", it.id))
		for _, r := range o.Records() {
			if r.Valid() && serial(entryOf(r)) == it.id {
				if _, err := o.Apply(Delete{Refs: []Ref{r.Ref()}}); err != nil {
					s.fail("other delete: %v", err)
				}
			}
		}
		s.m.disk = slices.Delete(s.m.disk, s.m.disk.find(it.id), s.m.disk.find(it.id)+1)
	}
	if err := o.Save(); err != nil {
		s.fail("other save: %v", err)
	}
}

// unpairable reports whether disk would hold, for a URI that one record
// held when this process last read the file, one record that is another:
// in text that is the record edited (see other), where the model says a
// record deleted and another added.
func (m *model) unpairable(disk state) bool {
	type seen struct{ n, id int }
	base, now := map[string]seen{}, map[string]seen{}
	for _, it := range m.base {
		k := ssd3.URIKey(it.e[ssd3.FieldURI])
		base[k] = seen{base[k].n + 1, it.id}
	}
	for _, it := range disk {
		k := ssd3.URIKey(it.e[ssd3.FieldURI])
		now[k] = seen{now[k].n + 1, it.id}
	}
	for k, b := range base {
		if d := now[k]; b.n == 1 && d.n == 1 && b.id != d.id {
			return true
		}
	}
	return false
}

// otherMovesID has the other process give rec an ID: a new one, or
// another record's, which that record loses first (two edits). It
// reports whether it changed and saved the file.
func (s *sequence) otherMovesID(o *Catalogue, rec item) bool {
	var from *item
	for i := range s.m.disk {
		if s.m.disk[i].id != rec.id && s.m.disk[i].e[ssd3.FieldID] != "" && s.rng.IntN(2) == 0 {
			from = &s.m.disk[i]
			break
		}
	}
	id := fmt.Sprint(1000 + s.serials + s.rng.IntN(1000))
	for _, it := range s.m.disk {
		if it.e[ssd3.FieldID] == id {
			return false
		}
	}
	set := func(serialN int, value string) {
		i := s.m.disk.find(serialN)
		for _, r := range o.Records() {
			if r.Valid() && serial(entryOf(r)) == serialN {
				fields := []ssd3.Field{{Name: ssd3.FieldID, Value: value}}
				if _, err := o.Apply(Set{Ref: r.Ref(), Fields: fields}); err != nil {
					s.fail("other sets ID %q on #%d: %v", value, serialN, err)
				}
				s.m.disk[i].e, _ = stamp(s.m.disk[i].e, fields, *s.clock)
				return
			}
		}
	}
	if from != nil {
		id = from.e[ssd3.FieldID]
		s.log = append(s.log, fmt.Sprintf("other moves ID %s from #%d to #%d", id, from.id, rec.id))
		set(from.id, "")
	} else {
		s.log = append(s.log, fmt.Sprintf("other gives #%d ID %s", rec.id, id))
	}
	set(rec.id, id)
	if err := o.Save(); err != nil {
		s.fail("other save: %v", err)
	}
	return true
}

// otherAdds adds a record to o as another process would, sometimes with
// a URI this process added too (refused, or added with --allow-duplicate);
// false when it would not (and o is not to be saved).
func (s *sequence) otherAdds(o *Catalogue) bool {
	uri := s.uri()
	e := s.newEntry(uri)
	s.log = append(s.log, fmt.Sprintf("other adds %s", describeEntry(e)))
	policy := DupFail
	for _, it := range s.m.disk {
		if ssd3.URIKey(it.e[ssd3.FieldURI]) == ssd3.URIKey(uri) {
			if s.rng.IntN(2) == 0 {
				return false // the other uricat refuses it
			}
			policy = DupAllow // add --allow-duplicate
		}
	}
	if s.m.unpairable(append(slices.Clone(s.m.disk), item{serial(e), e})) {
		return false
	}
	// Nor the URI of a record the file held when this process last
	// read it, which the other deleted: in text, a record deleted and
	// another added with its URI is that record edited (the merge
	// pairs records by URI, as a person reading the two files would),
	// which the model, pairing by serial, would call two records.
	for _, it := range s.m.base {
		if ssd3.URIKey(it.e[ssd3.FieldURI]) == ssd3.URIKey(uri) {
			return false
		}
	}
	if _, err := o.Apply(Add{Records: []*ssd3.Record{recordOf(e)}, OnDuplicate: policy}); err != nil {
		s.fail("other add: %v", err)
	}
	s.m.disk = append(s.m.disk, item{serial(e), e})
	return true
}

// otherThenUndo is what undo must get right: another process edits (or
// deletes) a record that the step on top of the undo (or redo) stack
// changed, this process follows the file (a save, as the TUI's follow
// is), and undoes (or redoes) the step.
func (s *sequence) otherThenUndo() {
	undo := s.rng.IntN(3) > 0
	stack := s.m.undo
	if !undo {
		stack = s.m.redo
	}
	if len(stack) > 0 {
		var ids []int
		for _, op := range stack[len(stack)-1] {
			switch op.kind {
			case "set":
				ids = append(ids, op.id)
			case "remove":
				ids = append(ids, op.ids...)
			}
		}
		ids = slices.DeleteFunc(ids, func(id int) bool { return s.m.disk.find(id) < 0 })
		if len(ids) > 0 {
			s.otherChanges(1+s.rng.IntN(4)/3, ids[s.rng.IntN(len(ids))])
		}
	}
	s.log = append(s.log, "save (follows the file)")
	s.save()
	s.log = append(s.log, map[bool]string{true: "undo", false: "redo"}[undo])
	s.undoRedo(undo)
}

// TestEditPathModel runs a fixed set of random sequences (2,000 of 40
// steps each; 200 with -short).
func TestEditPathModel(t *testing.T) {
	syncFiles = false
	t.Cleanup(func() { syncFiles = true })
	n := uint64(2000)
	if testing.Short() {
		n = 200
	}
	// In parallel parts, so that every core works; seeds stay fixed.
	const parts = 4
	t.Run("seeds", func(t *testing.T) {
		for p := range uint64(parts) {
			t.Run(fmt.Sprint(p), func(t *testing.T) {
				t.Parallel()
				for seed := p; seed < n; seed += parts {
					s := newSequence(t, seed)
					s.check()
					for range 40 {
						s.do(s.rng.IntN(15))
						s.check()
					}
				}
			})
		}
	})
}

// FuzzEditPathModel runs the sequence the fuzzer's bytes choose.
func FuzzEditPathModel(f *testing.F) {
	f.Add(uint64(1), []byte{0, 0, 8, 2, 6, 6, 7, 10, 4, 8, 6, 9})
	f.Add(uint64(7), []byte{5, 10, 10, 2, 8, 6, 6, 8, 7, 11, 3, 10, 9})
	// Another process edits what the last step changed, then undo, redo.
	f.Add(uint64(3), []byte{2, 8, 14, 13, 8, 14, 14, 5, 8, 14, 12, 8, 14, 14})
	f.Fuzz(func(t *testing.T, seed uint64, ops []byte) {
		syncFiles = false
		defer func() { syncFiles = true }()
		if len(ops) > 200 {
			ops = ops[:200]
		}
		s := newSequence(t, seed)
		for _, op := range ops {
			s.do(int(op))
			s.check()
		}
	})
}
