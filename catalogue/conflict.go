package catalogue

import (
	"fmt"
	"slices"
	"strings"

	"github.com/uricat/uricat/catalogue/internal/record"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// A merge that writes a file (a git merge driver, a Syncthing conflict
// copy merged back) cannot stop at its conflicts: it writes every version
// a conflict has, in valid SSD3, and marks the versions it could not
// settle, so that nothing either side had is lost and check, the TUI and
// the next merge can find them.

// MergeFile merges two versions of a catalogue, ours and theirs, that
// both came from base, record by record and field by field (merge.go
// says how), for a merge whose result is a file that must keep
// everything (a merge driver): the merged snapshot, with
// every conflict's unsettled version beside the version kept, marked
// with FieldConflict, and the conflicts. base may be nil, for two
// versions without a common one (a sync conflict copy): records are then
// paired by ID, else URI, and merged field by field as a union.
//
// Records both sides added with the same URI (merge's Duplicates) are
// merged into one field by field: a field one of them lacks is taken from
// the other, DATE is the later, the added date the earlier; a field they
// set differently is a conflict, and theirs is kept beside ours, marked.
func MergeFile(base, ours, theirs *Snapshot) (*Snapshot, []Conflict) {
	if base == nil {
		base = &Snapshot{}
	}
	res := mergeVersions(base, ours, theirs)
	recs := slices.Clone(res.Merged.records)
	src := slices.Clone(res.src)
	conflicts := slices.Clone(res.Conflicts)

	// Theirs' additions ours has the URI of: merged into ours' record.
	after := map[*ssd3.Record][]*ssd3.Record{} // merged record to the marked versions after it
	dupConflicts := foldDuplicates(recs, res.Duplicates, after)

	// Each conflict's other version, after the version kept.
	byPair := map[mergeSource][]Conflict{}
	for _, c := range conflicts {
		k := mergeSource{base: c.Base, ours: c.Ours, theirs: c.Theirs}
		byPair[k] = append(byPair[k], c)
	}
	for i, r := range recs {
		if i >= len(src) {
			break
		}
		s := src[i]
		cs := byPair[s]
		if len(cs) == 0 {
			continue
		}
		switch {
		case s.ours != nil && s.theirs != nil:
			after[r] = append(after[r], marked(s.theirs, ssd3.SideTheirs, conflictWhy(cs)))
		case s.ours != nil: // theirs deleted what ours edited: ours' version, kept
			recs[i] = marked(r, ssd3.SideOurs, "theirs deleted this record, ours edited it")
		default: // ours deleted what theirs edited
			recs[i] = marked(r, ssd3.SideTheirs, "ours deleted this record, theirs edited it")
		}
		if nr := recs[i]; nr != r {
			record.SetSep(nr, record.Sep(r), record.SepTail(r))
			// The versions marked beside r stay beside what replaces it.
			if a, ok := after[r]; ok {
				after[nr] = a
				delete(after, r)
			}
		}
	}
	if len(after) > 0 {
		out := make([]*ssd3.Record, 0, len(recs)+len(after))
		for _, r := range recs {
			out = append(out, r)
			for _, m := range after[r] {
				record.SetSep(m, separator(r.Raw(), true, ""), 0)
				out = append(out, m)
			}
		}
		recs = out
	}
	m := *res.Merged
	m.records = recs
	m.oneLineEnd(base, ours, theirs)
	return &m, append(conflicts, dupConflicts...)
}

// foldDuplicates merges each of dups (records theirs added that ours
// has the URI of) into the first record of recs with its URI, in place,
// unless recs holds it as it is; a field set differently keeps ours'
// value, and theirs' version goes in after, beside that record. It
// returns the conflicts.
func foldDuplicates(recs, dups []*ssd3.Record, after map[*ssd3.Record][]*ssd3.Record) []Conflict {
	if len(dups) == 0 {
		return nil
	}
	var conflicts []Conflict
	byKey := make(map[string]int, len(recs))
	texts := make(map[string]bool, len(recs))
	for i, r := range recs {
		texts[record.Packed(r)] = true
		if r.Valid() {
			if _, ok := byKey[ssd3.URIKey(r.URI())]; !ok {
				byKey[ssd3.URIKey(r.URI())] = i
			}
		}
	}
	for _, t := range dups {
		i, ok := byKey[ssd3.URIKey(t.URI())]
		if !ok || texts[record.Packed(t)] {
			continue // ours has it as it is
		}
		o := recs[i]
		m, cs := unionFields(o, t)
		recs[i] = m
		// The versions marked beside o stay beside what replaces it.
		if a, ok := after[o]; ok {
			after[m] = a
			delete(after, o)
		}
		if len(cs) > 0 {
			conflicts = append(conflicts, cs...)
			after[m] = append(after[m], marked(t, ssd3.SideTheirs, conflictWhy(cs)))
		}
	}
	return conflicts
}

// oneLineEnd makes the merged snapshot m end every line one way
// (mergedLF's).
func (m *Snapshot) oneLineEnd(base, ours, theirs *Snapshot) {
	m.lf = mergedLF(base, ours, theirs)
	if m.lf || !ours.lf && !theirs.lf || sameText(base, ours) || sameText(base, theirs) {
		// LF: the writer ends every line so. Else no side has lines
		// in LF alone to convert, or a side that did not change gives
		// the other back as it is.
		return
	}
	m.head, m.tail = toCRLF(m.head), toCRLF(m.tail)
	m.records = slices.Clone(m.records)
	for i, r := range m.records {
		if bareLF(r.Raw()) || bareLF(record.Sep(r)) {
			m.records[i] = withCRLF(r)
		}
	}
}

// bareLF reports whether s holds a line break that is an LF alone.
func bareLF(s string) bool { return strings.Count(s, "\n") != strings.Count(s, "\r\n") }

// toCRLF ends every line of s in CRLF.
func toCRLF(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\n", "\r\n")
}

// mergedLF reports whether a merged file ends its lines in LF alone
// rather than CRLF, so that it holds one kind (see Snapshot.WriteTo):
// ours' kind, unless theirs converted its lines from base's kind, a
// change of theirs like any other. With no base (a conflict copy), ours'.
func mergedLF(base, ours, theirs *Snapshot) bool {
	if len(base.records) > 0 && theirs.lf != base.lf && ours.lf == base.lf {
		return theirs.lf
	}
	return ours.lf
}

// withCRLF returns r with its lines, and the blank lines before it,
// ended in CRLF.
func withCRLF(r *ssd3.Record) *ssd3.Record {
	nr := r
	if bareLF(r.Raw()) {
		nr = record.Reparse(toCRLF(r.Raw()), r.Line())
		record.SetIdentity(nr, r)
	} else {
		nr = r.Clone()
	}
	sep, tail := record.Sep(r), record.SepTail(r)
	head, rest := sep[:len(sep)-tail], sep[len(sep)-tail:]
	record.SetSep(nr, toCRLF(head)+toCRLF(rest), len(toCRLF(rest)))
	return nr
}

// marked returns a copy of r with an X-CONFLICT of side and why.
func marked(r *ssd3.Record, side, why string) *ssd3.Record {
	c := r.Clone()
	c.SetExtension(ssd3.FieldConflict, side+": "+why)
	nr := record.Reparse(record.Render(c), r.Line())
	record.SetAllowDup(nr, true) // a version beside another: the same URI by design
	return nr
}

// conflictWhy says what a record's conflicts are, for X-CONFLICT.
func conflictWhy(cs []Conflict) string {
	var fields []string
	for _, c := range cs {
		if c.Field != "" && !slices.Contains(fields, c.Field) {
			fields = append(fields, c.Field)
		}
	}
	if len(fields) == 0 {
		return "differs from the record before"
	}
	verb := "differs"
	if len(fields) > 1 {
		verb = "differ"
	}
	return fmt.Sprintf("%s %s from the record before", strings.Join(fields, ", "), verb)
}

// unionFields merges two versions of a record that have no common one:
// what one lacks comes from the other, DATE is the later, the added date
// (X-ADDED, else DATE) the earlier; a field set differently keeps ours'
// value and is a Conflict.
func unionFields(ours, theirs *ssd3.Record) (*ssd3.Record, []Conflict) {
	m := ours.Clone()
	names := append(ssd3.FieldNames(ours), ssd3.FieldNames(theirs)...)
	done := map[string]bool{ssd3.FieldAdded: true, ssd3.FieldConflict: true}
	var conflicts []Conflict
	for _, name := range names {
		if done[name] {
			continue
		}
		done[name] = true
		o, t := ssd3.GetField(ours, name), ssd3.GetField(theirs, name)
		switch {
		case t == "" || t == o:
		case name == ssd3.FieldDate:
			if theirs.Date().After(ours.Date()) {
				_ = ssd3.SetField(m, name, t)
			}
		case o == "":
			if ssd3.SetField(m, name, t) == nil {
				break
			}
			fallthrough
		default:
			conflicts = append(conflicts, Conflict{Ours: ours, Theirs: theirs, Field: name, OursValue: o, TheirsValue: t})
		}
	}
	added := addedText(ours)
	if ta, oa := theirs.Added(), ours.Added(); !ta.IsZero() && (oa.IsZero() || ta.Before(oa)) {
		added = addedText(theirs)
	}
	if added == ssd3.GetField(m, ssd3.FieldDate) {
		added = ""
	}
	m.SetExtension(ssd3.FieldAdded, added)
	nr := record.Reparse(record.Render(m), ours.Line())
	record.SetIdentity(nr, ours)
	record.SetSep(nr, record.Sep(ours), record.SepTail(ours))
	return nr, conflicts
}

// Keep is how a conflict a merge left is settled.
type Keep int

// The ways to settle a conflict: keep the version before the marked one
// (ours), the marked version (theirs), or both as two records.
const (
	KeepOurs Keep = iota
	KeepTheirs
	KeepBoth
)

// Settle returns the one edit that settles the conflict of the marked
// record in recs: the version kept loses its X-CONFLICT, the other is
// deleted. A marked record alone (an edit against a deletion) is kept
// (KeepTheirs, KeepBoth: the field goes) or deleted (KeepOurs: the
// deletion wins).
func Settle(recs []*ssd3.Record, marked *ssd3.Record, keep Keep) Edit {
	unmark := Set{Ref: marked.Ref(), Fields: []ssd3.Field{{Name: ssd3.FieldConflict}}}
	pair := ssd3.ConflictPair(recs, marked)
	if pair == nil {
		if keep == KeepOurs && ssd3.ConflictSide(marked) == ssd3.SideTheirs || keep == KeepTheirs && ssd3.ConflictSide(marked) == ssd3.SideOurs {
			return Delete{Refs: []Ref{marked.Ref()}}
		}
		return unmark
	}
	switch keep {
	case KeepOurs:
		return Delete{Refs: []Ref{marked.Ref()}}
	case KeepTheirs:
		return Batch{Edits: []Edit{Delete{Refs: []Ref{pair.Ref()}}, unmark}}
	default:
		return unmark
	}
}
