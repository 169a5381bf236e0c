package ssd3

import (
	"strings"

	"github.com/uricat/uricat/catalogue/internal/record"
)

// FieldConflict is the X- field that marks a version of a record a merge
// could not settle (see record.FieldConflict).
const FieldConflict = record.FieldConflict

// Conflict sides, the first word of an X-CONFLICT value.
const (
	SideOurs   = "ours"
	SideTheirs = "theirs"
)

// ConflictSide returns the side an X-CONFLICT value names ("ours",
// "theirs"), or "" for a record without one.
func ConflictSide(r *Record) string {
	v := r.Extension(FieldConflict)
	side, _, _ := strings.Cut(v, ":")
	side = strings.TrimSpace(side)
	if v != "" && side != SideOurs && side != SideTheirs {
		return SideTheirs // written by hand: still a conflict to settle
	}
	return side
}

// MarkedConflicts returns how many of recs carry FieldConflict: the conflicts a
// merged file holds, as check and the problems view count them (a record
// with two fields in conflict is one).
func MarkedConflicts(recs []*Record) int {
	n := 0
	for _, r := range recs {
		if r.Extension(FieldConflict) != "" {
			n++
		}
	}
	return n
}

// ConflictPair returns the version a marked record (FieldConflict)
// stands beside: the record before it in the catalogue, when the merge
// put it there (same URI or same ID); nil when the marked record is alone
// (an edit against a deletion: the other version is no version).
func ConflictPair(recs []*Record, marked *Record) *Record {
	for i, r := range recs {
		if r != marked {
			continue
		}
		if i == 0 || ConflictSide(marked) == "" {
			return nil
		}
		prev := recs[i-1]
		if URIKey(prev.URI()) == URIKey(marked.URI()) || (prev.ID() != "" && prev.ID() == marked.ID()) {
			return prev
		}
		// The URI was the field in conflict: the merge still put the
		// version right after the one it stands beside.
		if strings.Contains(marked.Extension(FieldConflict), FieldURI) {
			return prev
		}
		return nil
	}
	return nil
}
