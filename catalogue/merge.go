package catalogue

import (
	"fmt"
	"slices"
)

// MergeReport says what a save found in another program's version of the
// file and did with this process's edits.
type MergeReport struct {
	// Theirs counts the records of the other version.
	Theirs int
	// Duplicates are the records added here that were not added after all,
	// because the other version has their URI already (another uricat
	// imported the same file, say).
	Duplicates []*Record
	// Merged counts the records edited both here and there, in different
	// fields, whose edits were combined.
	Merged int
}

// Rebase re-applies this catalogue's edits since it last read or saved the
// file onto the version another program wrote meanwhile, which tx read:
//   - a record edited here replaces its version there; if the other program
//     edited it too, the fields each changed are combined, and a field both
//     changed differently is a conflict (a DATE both stamped takes the later);
//   - a record deleted here is deleted there, unless the other program
//     edited it (a conflict) or deleted it too;
//   - a record added here is appended, unless the other version has its URI
//     (compared with URIKey) and it was not added with AllowDuplicates: then
//     it is left out and listed in the report;
//   - records the other program added, edited or deleted, and that were not
//     touched here, stay as it left them.
//
// On a *ConflictError the catalogue is unchanged. After Rebase the
// catalogue holds the other version with these edits, every record that
// was here keeps its Ref (so undo still finds it), and the save goes on
// with Commit.
func (c *Catalogue) Rebase(tx *SaveTx) (*MergeReport, error) {
	if tx.gone {
		if c.saved.disk.exists {
			return nil, &ConflictError{Path: c.path, Deleted: true}
		}
		return &MergeReport{}, nil
	}
	if tx.theirs == nil {
		return &MergeReport{}, nil
	}
	theirs := tx.theirs.records
	base := c.saved.records
	rep := &MergeReport{Theirs: len(theirs)}

	// Pair each record of the file as it was with its version there:
	// identical text first (identical records pair off in order), then,
	// for those the other program edited, the same URI.
	match := make(map[Ref]int, len(base))
	used := make([]bool, len(theirs))
	byText := make(map[string][]int, len(theirs))
	for i, t := range theirs {
		byText[t.raw] = append(byText[t.raw], i)
	}
	var unmatched []*Record
	for _, b := range base {
		if l := byText[b.raw]; len(l) > 0 {
			byText[b.raw] = l[1:]
			match[b.ref], used[l[0]] = l[0], true
			continue
		}
		unmatched = append(unmatched, b)
	}
	if len(unmatched) > 0 {
		byURI := map[string][]int{}
		for i, t := range theirs {
			if !used[i] && t.URI() != "" {
				k := URIKey(t.URI())
				byURI[k] = append(byURI[k], i)
			}
		}
		for _, b := range unmatched {
			if b.URI() == "" {
				continue
			}
			k := URIKey(b.URI())
			if l := byURI[k]; len(l) > 0 {
				byURI[k] = l[1:]
				match[b.ref], used[l[0]] = l[0], true
			}
		}
	}
	// Their records take the Refs of the records they pair with; the ones
	// the other program added get new ones. They are not shared yet.
	fresh := newRefs(len(theirs))
	for i, t := range theirs {
		t.ref = fresh + Ref(i)
	}
	baseOf := make(map[Ref]*Record, len(base))
	for _, b := range base {
		baseOf[b.ref] = b
		if i, ok := match[b.ref]; ok {
			theirs[i].ref = b.ref
		}
	}

	out := slices.Clone(theirs)
	here := make(map[Ref]bool, len(c.records))
	var added []*Record
	for _, o := range c.records {
		here[o.ref] = true
		b, ok := baseOf[o.ref]
		switch {
		case !ok:
			added = append(added, o)
			continue
		case o == b:
			continue // not edited here
		}
		i, ok := match[o.ref]
		if !ok {
			return nil, c.conflict(o, "was edited here and deleted by another program")
		}
		t := theirs[i]
		if t.raw == b.raw {
			nr := o.Clone()
			nr.setSep(t.sep(), 0)
			out[i] = nr
			continue
		}
		m, err := c.merge3(b, o, t)
		if err != nil {
			return nil, err
		}
		out[i] = m
		rep.Merged++
	}
	drop := make([]bool, len(theirs))
	for _, b := range base {
		if here[b.ref] {
			continue
		}
		i, ok := match[b.ref]
		if !ok {
			continue // deleted there too
		}
		if theirs[i].raw != b.raw {
			return nil, c.conflict(b, "was deleted here and edited by another program")
		}
		drop[i] = true
	}
	records := out[:0:0]
	for i, r := range out {
		if !drop[i] {
			records = append(records, r)
		}
	}

	// Records added here go after theirs, as Add would append them.
	uris := map[string]bool{}
	for _, r := range records {
		if !r.invalid {
			uris[URIKey(r.URI())] = true
		}
	}
	head, tail := tx.theirs.head, tx.theirs.tail
	for _, a := range added {
		k := URIKey(a.URI())
		if !a.allowDup && !a.invalid && uris[k] {
			rep.Duplicates = append(rep.Duplicates, a)
			continue
		}
		uris[k] = true
		prev, hasPrev := head, false
		if n := len(records); n > 0 {
			prev, hasPrev = records[n-1].Raw(), true
		}
		nr := a.Clone()
		nr.setSep(separator(prev, hasPrev, tail), len(tail))
		tail = ""
		records = append(records, nr)
	}

	c.records, c.head, c.tail, c.probs = records, head, tail, tx.theirs.probs
	c.saved = saved{version: c.saved.version, records: theirs, head: tx.theirs.head, tail: tx.theirs.tail, disk: tx.theirs.saved.disk}
	c.keys, c.pos = nil, nil
	c.version++
	if c.saved.version == c.version {
		c.saved.version-- // the file does not hold this version yet
	}
	return rep, nil
}

func (c *Catalogue) conflict(r *Record, what string) error {
	name := r.Name()
	if name == "" {
		name = r.URI()
	}
	return &ConflictError{Path: c.path, Name: name, What: what}
}

// merge3 combines the edits made here (base to ours) and there (base to
// theirs) of one record, field by field, into a new version of theirs.
// X-ADDED goes with DATE: the time the record was added (X-ADDED, else
// DATE) is merged as one value, then written beside the merged DATE.
// Merged apart, an edit undone here (DATE back, X-ADDED gone) against an
// edit there (DATE moved, X-ADDED written) would lose it.
func (c *Catalogue) merge3(base, ours, theirs *Record) (*Record, error) {
	m := theirs.Clone()
	names := FieldNames(base)
	names = append(names, FieldNames(ours)...)
	names = append(names, FieldNames(theirs)...)
	done := map[string]bool{FieldAdded: true}
	for _, name := range names {
		if done[name] {
			continue
		}
		done[name] = true
		b, o, t := GetField(base, name), GetField(ours, name), GetField(theirs, name)
		if o == b || o == t {
			continue // changed only there, or the same way
		}
		if t != b {
			if name != FieldDate {
				return nil, c.conflict(ours, fmt.Sprintf("has %s %q here but %q in the other program's version", name, clipValue(o), clipValue(t)))
			}
			if !ours.Date().After(theirs.Date()) {
				continue // both stamped DATE: the later stays
			}
		}
		if err := SetField(m, name, o); err != nil {
			return nil, c.conflict(ours, fmt.Sprintf("cannot take %s %q into the other program's version: %v", name, clipValue(o), err))
		}
	}
	b, o, t := addedText(base), addedText(ours), addedText(theirs)
	added := t
	if o != b && o != t {
		if t != b {
			return nil, c.conflict(ours, fmt.Sprintf("was added at %s here but at %s in the other program's version", clipValue(o), clipValue(t)))
		}
		added = o
	}
	if added == GetField(m, FieldDate) {
		added = ""
	}
	m.SetExtension(FieldAdded, added)
	nr := reparse(render(m), theirs.Line())
	nr.ref, nr.allowDup = ours.ref, ours.allowDup
	nr.setSep(theirs.sep(), 0)
	return nr, nil
}

// addedText is when r was added, as its text holds it: its X-ADDED, else
// its DATE.
func addedText(r *Record) string {
	if v := r.Extension(FieldAdded); v != "" {
		return v
	}
	return GetField(r, FieldDate)
}

func clipValue(v string) string {
	if v == "" {
		return "(none)"
	}
	return clip(DisplayText(v))
}
