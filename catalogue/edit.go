package catalogue

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/uricat/uricat/catalogue/dupset"
	"github.com/uricat/uricat/catalogue/internal/record"

	"github.com/uricat/uricat/catalogue/internal/syntax"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// Edit is a change to a catalogue: Add, Set, Delete, a Batch of these, or
// the inverse that Apply returns. Edits are values: applying one never
// changes it, and the same inverse can be kept for undo.
type Edit interface {
	applyTo(c *Catalogue) (inverse Edit, err error)
}

// Add appends records, after the last, as new records: only what follows
// the last record in the file changes. A record without a DATE gets now.
// Every record must be valid (Record.Validate); otherwise nothing is added
// and the error says which record and why (*ValidationError). What
// happens to a record whose URI the catalogue holds already (compared
// with ssd3.URIKey), or that comes twice in Records, is OnDuplicate's; to one
// whose ID another record has (3.9), OnTakenID's. By default either
// refuses the whole Add (*DuplicateError, *ValidationError).
type Add struct {
	Records []*ssd3.Record
	// OnDuplicate is what a record whose URI is taken does: DupFail,
	// DupSkip or DupAllow.
	OnDuplicate DupPolicy
	// OnTakenID is what a record whose ID is taken does: IDFail or IDDrop.
	OnTakenID IDPolicy
	// AllowDuplicates is OnDuplicate: DupAllow, for callers written
	// before OnDuplicate.
	AllowDuplicates bool
	// Report, if not nil, is set to what applying the Add did with each
	// record: the one place an import learns what it added, skipped and
	// changed. When Apply fails it is left zero.
	Report *AddReport
}

// DupPolicy is what an Add does with a record whose URI is taken: by a
// record of the catalogue, or by one before it in the same Add.
type DupPolicy int

const (
	// DupFail refuses the whole Add with a *DuplicateError: a record
	// added by hand.
	DupFail DupPolicy = iota
	// DupSkip leaves the record out and goes on (AddReport.Duplicates):
	// an import.
	DupSkip
	// DupAllow adds it all the same; when a save merges another program's
	// version of the file, such a record is kept even if that version has
	// its URI.
	DupAllow
)

// IDPolicy is what an Add does with a record whose ID is taken.
type IDPolicy int

const (
	// IDFail refuses the whole Add with a *ValidationError.
	IDFail IDPolicy = iota
	// IDDrop adds the record without its ID (AddReport.IDsDropped): IDs
	// must be unique (3.9), and an imported file's IDs are another
	// catalogue's.
	IDDrop
)

// AddReport is what applying an Add did with each of its records, by
// their index in Add.Records.
type AddReport struct {
	// Refs holds the Ref of the record added for each of Add.Records, 0
	// for one left out.
	Refs []Ref
	// Duplicates are the records left out because their URI was taken
	// (DupSkip), in order; after Merged, also those a save's merge left
	// out.
	Duplicates []int
	// IDsDropped are the records added without their ID (IDDrop), in
	// order.
	IDsDropped []int
	// LookAlikes are the records added whose URI has the loose key of
	// a record already there, or of one added before them: most likely
	// the same page spelt another way, which a person may want to merge.
	// They are added all the same; in order.
	LookAlikes []dupset.LookAlike
}

// Added counts the records added.
func (r *AddReport) Added() int {
	n := 0
	for _, ref := range r.Refs {
		if ref != 0 {
			n++
		}
	}
	return n
}

// Merged counts into r what the save that wrote the Add's records did
// with them: those another program's version of the file had already
// (MergeReport.Duplicates) were not added after all, and are duplicates
// like those the Add left out. It returns how many there were, so that a
// summary printed after the save needs no correction of its own.
func (r *AddReport) Merged(rep *MergeReport) int {
	if rep == nil || len(rep.Duplicates) == 0 {
		return 0
	}
	gone := make(map[Ref]bool, len(rep.Duplicates))
	for _, d := range rep.Duplicates {
		gone[d.Ref()] = true
	}
	n := 0
	for i, ref := range r.Refs {
		if ref != 0 && gone[ref] {
			r.Refs[i] = 0
			r.Duplicates = append(r.Duplicates, i)
			r.IDsDropped = slices.DeleteFunc(r.IDsDropped, func(j int) bool { return j == i })
			n++
		}
	}
	slices.Sort(r.Duplicates)
	return n
}

// Set changes fields of the record Ref: each Field's Value is the field's
// text as a user types it (see FieldSpec), "" clears it. DATE becomes now,
// as 3.3 asks of an amended record, unless DATE is among the Fields. The
// first time DATE moves, the DATE the record had is kept as X-ADDED
// (FieldAdded), unless X-ADDED is among the Fields. A Set that would change
// no field's value is no edit: Apply returns ErrUnchanged, and DATE stays.
// Lines of the record that uricat could not use are kept where they were.
type Set struct {
	Ref    Ref
	Fields []ssd3.Field
}

// Delete removes the records Refs.
type Delete struct {
	Refs []Ref
}

// Batch applies its Edits in order, as one: if one fails, those before it
// are taken back and the catalogue is as it was. It counts as one Version
// and undoes as one step.
type Batch struct {
	Edits []Edit
}

// ErrUnchanged is what Apply returns for a Set that would change no
// field's value (the rating a record has, a name typed again): nothing is
// stamped, and there is nothing to undo or to save.
var ErrUnchanged = errors.New("no field's value would change")

// errNoRecord is what an edit's error wraps when a record it names is not
// in the catalogue (another program deleted it, say).
var errNoRecord = errors.New("the record is not in the catalogue")

// DuplicateError says that an Add would add a URI the catalogue holds.
type DuplicateError struct {
	URI      string
	Existing *ssd3.Record // the record already there; nil if the duplicate is within the Add
}

func (e *DuplicateError) Error() string {
	if e.Existing == nil {
		return fmt.Sprintf("%s is twice among the records added", e.URI)
	}
	where := ""
	if e.Existing.Line() > 0 {
		where = fmt.Sprintf(", line %d", e.Existing.Line())
	}
	return fmt.Sprintf("already there: %s%s", e.Existing.Name(), where)
}

// Version counts the edits applied to the catalogue since it was read: a
// value that names one state of its records, for caches and for messages
// that answer a request made from that state.
func (c *Catalogue) Version() uint64 { return c.version }

// Apply applies e and returns its inverse: applying the inverse gives back
// exactly the records (and bytes) there were before. On error nothing has
// changed. Records() snapshots taken before stay as they were.
func (c *Catalogue) Apply(e Edit) (Edit, error) {
	if e == nil {
		return nil, errors.New("apply: no edit")
	}
	if c.keep {
		return nil, lookOnly(c.path, "edited")
	}
	before := c.records
	c.records = slices.Clone(c.records)
	inv, err := e.applyTo(c)
	if err != nil {
		c.records = before
		return nil, err
	}
	if noop(inv) {
		// Nothing changed (an import whose every record was a
		// duplicate): the same records are the same version, and the
		// file has nothing new to save.
		c.records = before
		return inv, nil
	}
	c.version++
	return inv, nil
}

// DryRun applies e as Apply would and takes it back: for what e would do
// (an Add's Report), the catalogue, its Version included, left as it was.
func (c *Catalogue) DryRun(e Edit) error {
	v := c.version
	inv, err := c.Apply(e)
	if err != nil {
		return err
	}
	if _, err := c.Apply(inv); err != nil {
		return fmt.Errorf("taking the dry run back: %w", err)
	}
	c.version = v // the same records as before: the same version
	return nil
}

// noop reports whether an inverse that Apply returned undoes nothing:
// the edit changed nothing.
func noop(inv Edit) bool {
	switch e := inv.(type) {
	case patch:
		return len(e.remove) == 0 && len(e.replace) == 0 && len(e.insert) == 0 && e.head == nil && e.tail == nil
	case Batch:
		for _, x := range e.Edits {
			if !noop(x) {
				return false
			}
		}
		return true
	}
	return false
}

// Lookup returns the record ref, or nil if the catalogue does not hold it.
func (c *Catalogue) Lookup(ref Ref) *ssd3.Record {
	if i := c.indexOf(ref); i >= 0 {
		return c.records[i]
	}
	return nil
}

// indexOf returns the position of ref, or -1.
func (c *Catalogue) indexOf(ref Ref) int {
	if c.pos != nil {
		if i, ok := c.pos[ref]; ok {
			return i
		}
		return -1
	}
	for i, r := range c.records {
		if r.Ref() == ref {
			return i
		}
	}
	return -1
}

// patch is the one way records change: remove some, replace some by new
// versions with the same Ref, insert some at their final positions, and set
// the blank lines before the first record and after the last. Every edit
// becomes a patch, and applying a patch returns the patch that undoes it,
// in time proportional to the catalogue's length in pointer moves and to
// the patch's size in real work.
type patch struct {
	remove  map[Ref]bool
	replace map[Ref]*ssd3.Record
	insert  []*ssd3.Record // ascending final positions in at
	at      []int
	head    *string
	tail    *string
	// put, in an inverse patch, is the versions the edit it undoes put
	// in place of the records it removes and replaces: what undo
	// compares the records with (History's reconcile).
	put []*ssd3.Record
}

func (p patch) applyTo(c *Catalogue) (Edit, error) {
	// Every record the patch names must be here.
	if n := len(p.remove) + len(p.replace); n > 0 {
		found := 0
		c.eachNamed(p, func(*ssd3.Record) { found++ })
		if found != n {
			return nil, fmt.Errorf("%w (another program deleted it?)", errNoRecord)
		}
	}
	return c.applyPatch(p), nil
}

// eachNamed calls f with each record of the catalogue that p removes or
// replaces, in no particular order: by position when the catalogue keeps
// them (a Batch undone: one pass over the catalogue for each of its
// thousands of patches would take minutes) or the patch is small, else
// in one pass, whatever the patch's size.
func (c *Catalogue) eachNamed(p patch, f func(*ssd3.Record)) {
	if n := len(p.remove) + len(p.replace); n <= 8 || c.pos != nil && n <= len(c.records)/8 {
		for ref := range p.remove {
			if i := c.indexOf(ref); i >= 0 {
				f(c.records[i])
			}
		}
		for ref := range p.replace {
			if i := c.indexOf(ref); i >= 0 {
				f(c.records[i])
			}
		}
		return
	}
	for _, r := range c.records {
		if p.remove[r.Ref()] {
			f(r)
		} else if _, ok := p.replace[r.Ref()]; ok {
			f(r)
		}
	}
}

// applyPatch applies p to c.records, which the caller owns (Apply cloned
// it), and returns the inverse patch.
func (c *Catalogue) applyPatch(p patch) patch {
	var inv patch
	k := c.keys
	if size := len(p.remove) + len(p.replace) + len(p.insert); k != nil && size > 1024 && size > len(c.records)/16 {
		// Keeping the keys up to date would cost a ssd3.URIKey per record of a
		// large patch (an undone import): build them again when needed.
		c.keys, k = nil, nil
	}
	if p.head != nil {
		old := c.head
		inv.head, c.head = &old, *p.head
	}
	if p.tail != nil {
		old := c.tail
		inv.tail, c.tail = &old, *p.tail
	}
	if len(p.replace) > 0 {
		inv.replace = make(map[Ref]*ssd3.Record, len(p.replace))
	}
	switch {
	case len(p.remove) == 0 && len(p.replace) > 0 && len(p.replace) <= 8:
		c.replaceInPlace(p, &inv, k)
	case len(p.remove) > 0 || len(p.replace) > 0:
		c.removeAndReplace(p, &inv, k)
	}
	if len(p.insert) > 0 {
		c.insertRecords(p, &inv, k)
	}
	if len(p.remove) > 0 || len(p.insert) > 0 {
		c.pos = nil // replacing keeps positions; nothing else does
	}
	return inv
}

// replaceInPlace applies p's few replacements, and no removal, record by
// record, adding their inverse to inv.
func (c *Catalogue) replaceInPlace(p patch, inv *patch, k *keys) {
	for ref, nr := range p.replace {
		i := c.indexOf(ref)
		old := c.records[i]
		k.remove(old)
		k.add(nr)
		inv.replace[ref], c.records[i] = old, nr
		inv.put = append(inv.put, nr)
	}
}

// removeAndReplace applies p's removals and replacements in one pass over
// the records, adding their inverse to inv.
func (c *Catalogue) removeAndReplace(p patch, inv *patch, k *keys) {
	out := c.records[:0]
	for i, r := range c.records {
		if p.remove[r.Ref()] {
			k.remove(r)
			inv.insert = append(inv.insert, r)
			inv.at = append(inv.at, i)
			continue
		}
		if nr, ok := p.replace[r.Ref()]; ok {
			k.remove(r)
			k.add(nr)
			inv.replace[r.Ref()], r = r, nr
			inv.put = append(inv.put, nr)
		}
		out = append(out, r)
	}
	clear(c.records[len(out):])
	c.records = out
}

// insertRecords applies p's insertions, each at its index, adding their
// inverse to inv.
func (c *Catalogue) insertRecords(p patch, inv *patch, k *keys) {
	n := len(c.records) + len(p.insert)
	out := make([]*ssd3.Record, 0, n)
	j, old := 0, 0
	for len(out) < n {
		if j < len(p.insert) && (p.at[j] <= len(out) || old >= len(c.records)) {
			out = append(out, p.insert[j])
			k.add(p.insert[j])
			j++
			continue
		}
		out = append(out, c.records[old])
		old++
	}
	c.records = out
	inv.remove = make(map[Ref]bool, len(p.insert))
	for _, r := range p.insert {
		inv.remove[r.Ref()] = true
	}
	if inv.put == nil {
		inv.put = p.insert // never changed: shared, not copied
	} else {
		inv.put = append(inv.put, p.insert...)
	}
}

func (e Add) applyTo(c *Catalogue) (Edit, error) {
	var rep AddReport
	if e.Report != nil {
		*e.Report = AddReport{}
	}
	if len(e.Records) == 0 {
		return patch{}, nil
	}
	a := adding{e: e, c: c, onDup: e.OnDuplicate, k: c.keyIndex(), now: c.now(), rep: &rep}
	if e.AllowDuplicates {
		a.onDup = DupAllow
	}
	p := patch{at: make([]int, 0, len(e.Records)), insert: make([]*ssd3.Record, 0, len(e.Records))}
	rep.Refs = make([]Ref, len(e.Records))
	first := record.NewRefs(len(e.Records))
	for i, rec := range e.Records {
		nr, err := a.record(i, rec)
		if err != nil {
			return nil, err
		}
		if nr == nil {
			continue
		}
		record.SetRef(nr, first+Ref(i))
		record.SetAllowDup(nr, a.onDup == DupAllow)
		record.SetSep(nr, "\r\n", 0)
		rep.Refs[i] = nr.Ref()
		p.insert = append(p.insert, nr)
		p.at = append(p.at, len(c.records)+len(p.insert)-1)
	}
	if e.Report != nil {
		defer func() { *e.Report = rep }()
	}
	if len(p.insert) == 0 {
		return patch{}, nil // every record left out: nothing changes
	}
	if e.Report != nil {
		rep.LookAlikes = lookAlikes(c.records, p.insert, rep.Refs)
	}
	c.takeTail(&p)
	return c.applyPatch(p), nil
}

// adding is one Add under way: what it checks the records against, and
// the URIs and IDs of those it took so far.
type adding struct {
	e       Add
	c       *Catalogue
	onDup   DupPolicy
	k       *keys
	now     time.Time
	seenURI map[string]bool
	seenID  map[string]bool
	rep     *AddReport
}

// record returns e.Records[i], rec, as it is added, or nil when it is left
// out as a duplicate, or why it cannot be added.
func (a *adding) record(i int, rec *ssd3.Record) (*ssd3.Record, error) {
	// A duplicate an import skips is left out before anything else:
	// its ID, say, does not count as taken.
	var u string
	var dup *DuplicateError
	if a.onDup != DupAllow {
		u = ssd3.URIKey(rec.URI())
		if existing := a.k.uris.first(u); existing != nil {
			dup = &DuplicateError{URI: rec.URI(), Existing: existing}
		} else if a.seenURI[u] {
			dup = &DuplicateError{URI: rec.URI()}
		}
		if dup != nil && a.onDup == DupSkip {
			a.rep.Duplicates = append(a.rep.Duplicates, i)
			return nil, nil
		}
	}
	in := rec.Clone()
	record.Forget(in)
	if in.Date().IsZero() {
		in.SetDate(a.now)
	}
	ps := in.Validate()
	ps = append(ps, a.takeID(i, in)...)
	if len(ps) > 0 {
		return nil, &ValidationError{Record: recordLabel(in, i, len(a.e.Records)), Problems: ps}
	}
	if dup != nil {
		return nil, dup
	}
	if a.onDup != DupAllow {
		if a.seenURI == nil {
			a.seenURI = map[string]bool{}
		}
		a.seenURI[u] = true
	}
	return record.Reparse(record.Render(in), 0), nil
}

// takeID marks in's ID as taken, dropping it (OnTakenID: IDDrop) or
// returning the problem when a record has it already.
func (a *adding) takeID(i int, in *ssd3.Record) []ssd3.Diagnostic {
	if in.ID() == "" || ssd3.ValidateID(in.ID()) != nil {
		return nil
	}
	var ps []ssd3.Diagnostic
	id := syntax.CanonicalID(in.ID())
	if other, ok := a.k.ids[id]; ok || a.seenID[id] {
		if a.e.OnTakenID == IDDrop {
			in.SetID("")
			a.rep.IDsDropped = append(a.rep.IDsDropped, i)
		} else {
			name := "another record added with it"
			if r := a.c.Lookup(other); ok && r != nil {
				name = fmt.Sprintf("%q", r.Name())
			}
			ps = append(ps, ssd3.Diagnostic{Offset: -1, Field: ssd3.FieldID, Msg: fmt.Sprintf("ID %s is already that of %s; IDs must be unique (3.9)", in.ID(), name)})
		}
	}
	if a.seenID == nil {
		a.seenID = map[string]bool{}
	}
	a.seenID[id] = true
	return ps
}

// takeTail gives the first record p adds at the end of c the blank lines
// that ended the file as its separator, so every byte already there
// stays; Delete gives them back as the file's end.
func (c *Catalogue) takeTail(p *patch) {
	nr := p.insert[0]
	prev, hasPrev := c.head, false
	if n := len(c.records); n > 0 {
		prev, hasPrev = c.records[n-1].Raw(), true
	}
	record.SetSep(nr, separator(prev, hasPrev, c.tail), len(c.tail))
	if c.tail != "" {
		empty := ""
		p.tail = &empty
	}
}

// lookAlikes returns which of the records added (in the order of
// Add.Records, refs their Refs, 0 for one left out) have the loose key of
// a valid record of recs or of one added before them. It costs a
// dupset.LooseKey per record, only for an Add that asks for a Report.
func lookAlikes(recs, added []*ssd3.Record, refs []Ref) []dupset.LookAlike {
	seen := make(map[string]*ssd3.Record, len(recs)+len(added))
	for _, r := range recs {
		if r.Valid() {
			k := dupset.LooseKey(r.URI())
			if _, ok := seen[k]; !ok {
				seen[k] = r
			}
		}
	}
	var out []dupset.LookAlike
	j := 0
	for i, ref := range refs {
		if ref == 0 {
			continue
		}
		r := added[j]
		j++
		k := dupset.LooseKey(r.URI())
		if like, ok := seen[k]; ok {
			out = append(out, dupset.LookAlike{Index: i, Like: like})
		} else {
			seen[k] = r
		}
	}
	return out
}

// separator returns what goes between prev (the last record's text, or the
// blank lines before the first record when hasPrev is false), followed by
// tail (the blank lines the file ended with), and a new record: tail, a line
// break if tail (or prev) does not end in one, and a blank line if a record
// comes before.
func separator(prev string, hasPrev bool, tail string) string {
	sep := tail
	last := prev + tail
	if last != "" && last[len(last)-1] != '\n' {
		sep += "\r\n"
	}
	if hasPrev {
		need := 1
		if prev == "" || prev[len(prev)-1] != '\n' {
			need = 2
		}
		for have := countLF(sep); have < need; have++ {
			sep += "\r\n"
		}
	}
	return sep
}

func countLF(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			n++
		}
	}
	return n
}

// recordLabel names a record of an Add in an error.
func recordLabel(r *ssd3.Record, i, n int) string {
	what := r.URI()
	if what == "" {
		what = r.Name()
	}
	if n == 1 {
		return what
	}
	return fmt.Sprintf("record %d (%s)", i+1, what)
}

func (e Set) applyTo(c *Catalogue) (Edit, error) {
	i := c.indexOf(e.Ref)
	if i < 0 {
		return nil, fmt.Errorf("set: %w", errNoRecord)
	}
	old := c.records[i]
	nr, err := c.amend(old, e.Fields, c.now)
	if err != nil {
		return nil, err
	}
	return c.applyPatch(patch{replace: map[Ref]*ssd3.Record{old.Ref(): nr}}), nil
}

// amend returns old with fields set as Set sets them, DATE stamped with
// now() (called only if the record changes), or ErrUnchanged, or a
// *ValidationError: the one way a record's fields change, for Set and
// the edits of many records.
func (c *Catalogue) amend(old *ssd3.Record, fields []ssd3.Field, now func() time.Time) (*ssd3.Record, error) {
	in := old.Clone()
	var ps []ssd3.Diagnostic
	dated, added := false, false
	for _, f := range fields {
		switch f.Name {
		case ssd3.FieldDate:
			dated = true
		case ssd3.FieldAdded:
			added = true
		}
		if err := ssd3.SetField(in, f.Name, f.Value); err != nil {
			ps = append(ps, ssd3.Diagnostic{Offset: -1, Field: f.Name, Msg: err.Error()})
		}
	}
	hadDate := record.GetField(old, ssd3.FieldDate) != ""
	if len(ps) == 0 && hadDate && record.SameValues(old, in) {
		// Stamping DATE would be the only change: 3.3's "amended" has not
		// happened. (A record without a valid DATE gets one: it needs it.)
		return nil, ErrUnchanged
	}
	if !dated {
		in.SetDate(now())
	}
	// The first time DATE moves, the time the record was added would be
	// lost: keep it.
	if !added && hadDate && !in.Date().Equal(old.Date()) && old.Extension(ssd3.FieldAdded) == "" {
		in.SetExtension(ssd3.FieldAdded, ssd3.FormatDate(old.Date()))
	}
	if len(ps) == 0 {
		ps = in.Validate()
		// Only a new ID can clash: an unchanged one needs no index (which
		// costs a ssd3.URIKey per record to build).
		if in.ID() != "" && in.ID() != old.ID() && ssd3.ValidateID(in.ID()) == nil {
			if other, ok := c.keyIndex().ids[syntax.CanonicalID(in.ID())]; ok && other != old.Ref() {
				name := ""
				if r := c.Lookup(other); r != nil {
					name = r.Name()
				}
				ps = append(ps, ssd3.Diagnostic{Offset: -1, Field: ssd3.FieldID, Msg: fmt.Sprintf("ID %s is already that of %q; IDs must be unique (3.9)", in.ID(), name)})
			}
		}
	}
	if len(ps) > 0 {
		return nil, &ValidationError{Record: old.Name(), Problems: ps}
	}
	nr := record.Reparse(record.Render(in), old.Line())
	record.SetIdentity(nr, old)
	record.SetSep(nr, record.Sep(old), record.SepTail(old))
	return nr, nil
}

func (e Delete) applyTo(c *Catalogue) (Edit, error) {
	if len(e.Refs) == 0 {
		return patch{}, nil
	}
	p := patch{remove: make(map[Ref]bool, len(e.Refs))}
	for _, ref := range e.Refs {
		p.remove[ref] = true
	}
	// The blank lines a removed record took from the file's end when it was
	// added go back to the end: add then delete gives back every byte.
	found, tail := 0, ""
	for _, r := range c.records {
		if p.remove[r.Ref()] {
			found++
			if n := record.SepTail(r); n > 0 {
				tail += record.Sep(r)[:n]
			}
		}
	}
	if found != len(p.remove) {
		return nil, fmt.Errorf("delete: %w", errNoRecord)
	}
	if tail != "" {
		tail += c.tail
		p.tail = &tail
	}
	return c.applyPatch(p), nil
}

func (b Batch) applyTo(c *Catalogue) (Edit, error) {
	// Many edits of single records look their records up by position.
	if len(b.Edits) > 16 && c.pos == nil {
		c.pos = make(map[Ref]int, len(c.records))
		for i, r := range c.records {
			c.pos[r.Ref()] = i
		}
	}
	invs := make([]Edit, 0, len(b.Edits))
	unchanged := 0
	for _, e := range b.Edits {
		inv, err := e.applyTo(c)
		if errors.Is(err, ErrUnchanged) {
			unchanged++ // no edit, not a failure
			continue
		}
		if err != nil {
			for i := len(invs) - 1; i >= 0; i-- {
				if _, rerr := invs[i].applyTo(c); rerr != nil {
					return nil, errors.Join(err, fmt.Errorf("taking the batch back: %w", rerr))
				}
			}
			return nil, err
		}
		invs = append(invs, inv)
	}
	if unchanged > 0 && unchanged == len(b.Edits) {
		return nil, ErrUnchanged
	}
	slices.Reverse(invs)
	return Batch{Edits: invs}, nil
}

func (b Batch) String() string { return fmt.Sprintf("batch of %d edits", len(b.Edits)) }

// Refs returns the records an applied edit (an inverse that Apply
// returned, say) puts in place or changes, in no particular order: for
// selecting what an undo brought back.
func Refs(e Edit) []Ref {
	var out []Ref
	eachLeaf(e, func(e Edit) {
		switch e := e.(type) {
		case patch:
			for ref := range e.replace {
				out = append(out, ref)
			}
			for _, r := range e.insert {
				out = append(out, r.Ref())
			}
		case Set:
			out = append(out, e.Ref)
		}
	})
	return out
}

// eachLeaf calls fn with each edit of e that is not a Batch, in order:
// the one walk over an edit's parts that Refs and the history share.
func eachLeaf(e Edit, fn func(Edit)) {
	if b, ok := e.(Batch); ok {
		for _, x := range b.Edits {
			eachLeaf(x, fn)
		}
		return
	}
	fn(e)
}
