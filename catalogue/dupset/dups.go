package dupset

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
)

// Duplicates returns the groups of valid records of recs (a snapshot)
// that share a loose key (LooseKey): each group in file order, the groups in the
// order of their first records. A record is in one group at most; a
// record alone with its key, or without a URI, is in none.
func Duplicates(recs []*ssd3.Record) [][]*ssd3.Record {
	first := make(map[string]int32, len(recs)) // key → its first record's index, then -(group+1)
	var groups [][]*ssd3.Record
	for i, r := range recs {
		if !r.Valid() || r.URI() == "" {
			continue
		}
		k := LooseKey(r.URI())
		at, ok := first[k]
		switch {
		case !ok:
			first[k] = int32(i)
		case at >= 0:
			first[k] = -int32(len(groups) + 1)
			groups = append(groups, []*ssd3.Record{recs[at], r})
		default:
			g := int(-at - 1)
			groups[g] = append(groups[g], r)
		}
	}
	return groups
}

// MergeRecords returns the record that the records of one group of
// duplicates (as Duplicates gives them, the first to keep) make when
// merged, and notes that say, for people, what could not be kept as it
// was (the others' NAMEs among them). The first record's URI, NAME and
// place are kept; it gets
//   - the highest RATING of the group;
//   - the first CATEGORY, LANGUAGE, TYPE and ID that one of them has (an
//     ID of another is noted: a record has one);
//   - every DESCRIPTION, each once, in order, one per line;
//   - the tags of all of them (X-TAGS), each once, in order;
//   - every other X- field any of them has; one that two of them have
//     with different values keeps the first, and each other value goes
//     to the end of the DESCRIPTION as a line "X-NAME: value" (2.2 allows
//     a name once in a record), noted;
//   - X-ADDED, the earliest time one of them was added (Record.Added).
//
// DATE is left as the first had it: the edit that applies the merge
// (MergeEdit) stamps it. recs are not changed; the TUI's preview of a
// merge calls this as the merge does.
func MergeRecords(recs []*ssd3.Record) (merged *ssd3.Record, notes []string) {
	if len(recs) == 0 {
		return nil, nil
	}
	keep := recs[0]
	m := keep.Clone()
	var descs, tags []string
	var ext []ssd3.Field
	var added time.Time
	seenTag := map[string]bool{}
	for _, r := range recs {
		if r.Rating() > m.Rating() {
			m.SetRating(r.Rating())
		}
		if m.Category() == "" {
			m.SetCategory(r.Category())
		}
		if m.Language() == "" {
			m.SetLanguage(r.Language())
		}
		if m.Type() == "" {
			m.SetType(r.Type())
		}
		switch id := r.ID(); {
		case id == "" || id == m.ID():
		case m.ID() == "":
			m.SetID(id)
		default:
			notes = append(notes, fmt.Sprintf("ID %s of line %d dropped: the merged record keeps ID %s", id, r.Line(), m.ID()))
		}
		if r != keep && r.Name() != keep.Name() {
			notes = append(notes, fmt.Sprintf("NAME %q of line %d not kept", display.Text(r.Name()), r.Line()))
		}
		if d := r.Description(); d != "" && !slices.Contains(descs, d) {
			descs = append(descs, d)
		}
		if a := r.Added(); !a.IsZero() && (added.IsZero() || a.Before(added)) {
			added = a
		}
		for _, f := range r.Extensions() {
			switch f.Name {
			case ssd3.FieldTags:
				for _, t := range ssd3.SplitTags(f.Value) {
					if k := strings.ToLower(t); !seenTag[k] {
						seenTag[k] = true
						tags = append(tags, t)
					}
				}
				continue
			case ssd3.FieldAdded:
				continue
			}
			j := slices.IndexFunc(ext, func(g ssd3.Field) bool { return g.Name == f.Name })
			switch {
			case j < 0:
				ext = append(ext, f)
			case ext[j].Value != f.Value:
				line := f.Name + ": " + f.Value
				if !slices.Contains(descs, line) {
					descs = append(descs, line)
				}
				notes = append(notes, fmt.Sprintf("%s of line %d differs from the one kept; its value goes to the description", f.Name, r.Line()))
			}
		}
	}
	m.SetDescription(strings.Join(descs, "\n"))
	if len(tags) > 0 {
		ext = append(ext, ssd3.Field{Name: ssd3.FieldTags, Value: ssd3.JoinTags(tags)})
	}
	if !added.IsZero() {
		ext = append(ext, ssd3.Field{Name: ssd3.FieldAdded, Value: ssd3.FormatDate(added)})
	}
	m.SetExtensions(keepOrder(keep.Extensions(), ext))
	return m, notes
}

// keepOrder returns fs with the fields that first has in first's order,
// then the others in fs's order: a merge does not move the kept record's
// fields about.
func keepOrder(first, fs []ssd3.Field) []ssd3.Field {
	out := make([]ssd3.Field, 0, len(fs))
	for _, f := range first {
		if j := slices.IndexFunc(fs, func(g ssd3.Field) bool { return g.Name == f.Name }); j >= 0 {
			out = append(out, fs[j])
		}
	}
	for _, f := range fs {
		if !slices.ContainsFunc(out, func(g ssd3.Field) bool { return g.Name == f.Name }) {
			out = append(out, f)
		}
	}
	return out
}

// CleanestFirst puts first in each group of duplicates the record whose
// URI is the cleanest spelling of the page (Cleanest), the others staying
// in file order: the record a merge keeps, URI, NAME and place, unless the
// user picks another (KeepFirst).
func CleanestFirst(groups [][]*ssd3.Record) {
	for g, recs := range groups {
		groups[g] = KeepFirst(recs, Cleanest(recs))
	}
}

// KeepFirst returns recs with recs[i] first and the others in their order: the
// group merged into recs[i] (MergeEdit keeps the first).
func KeepFirst(recs []*ssd3.Record, i int) []*ssd3.Record {
	if i <= 0 || i >= len(recs) {
		return recs
	}
	out := make([]*ssd3.Record, 0, len(recs))
	out = append(out, recs[i])
	out = append(out, recs[:i]...)
	return append(out, recs[i+1:]...)
}

// Cleanest returns the index of the record of recs whose URI is the
// cleanest spelling of a page they share: fewest tracking parameters
// (utm_*, fbclid: where a link was found, not what it names), then https
// over http, then no fragment, then fewest query parameters, then the
// shortest; the first in file order of equals.
func Cleanest(recs []*ssd3.Record) int {
	best, bestScore := 0, [5]int{}
	for i, r := range recs {
		s := messiness(r.URI())
		if i == 0 || slices.Compare(s[:], bestScore[:]) < 0 {
			best, bestScore = i, s
		}
	}
	return best
}

// messiness scores a URI for Cleanest: lower is cleaner, compared in order.
func messiness(uri string) [5]int {
	var s [5]int
	rest, frag, hasFrag := strings.Cut(uri, "#")
	if hasFrag || frag != "" {
		s[2] = 1
	}
	if !strings.HasPrefix(strings.ToLower(rest), "https:") {
		s[1] = 1
	}
	if _, query, ok := strings.Cut(rest, "?"); ok {
		for _, p := range strings.Split(query, "&") {
			switch {
			case p == "":
			case trackingParam(p):
				s[0]++
			default:
				s[3]++
			}
		}
	}
	s[4] = len(uri)
	return s
}

// LookAlike is a record a catalogue.Add added that looks like another: Index is
// its index in catalogue.Add.Records, Like the record it looks like, the first of
// the catalogue with its loose key (its Line says where), else the one
// added before it (whose Line is 0 until a save).
type LookAlike struct {
	Index int
	Like  *ssd3.Record
}

// FindURIIn returns the valid records of recs (a snapshot) whose URI is
// uri, compared with ssd3.URIKey. It reads every record (a third of a second
// at a million): for a large snapshot, call it on a goroutine of its own.
func FindURIIn(recs []*ssd3.Record, uri string) []*ssd3.Record {
	k := ssd3.URIKey(uri)
	var out []*ssd3.Record
	for _, r := range recs {
		if r.Valid() && ssd3.URIKey(r.URI()) == k {
			out = append(out, r)
		}
	}
	return out
}
