package catalogue

import (
	"github.com/uricat/uricat/catalogue/dupset"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// MergeEdit returns the edit that merges each group of duplicates into
// its first record (dupset.MergeRecords) and removes the others, as one edit
// (one Version, one undo), and the notes of each group's merge. The kept
// record's DATE is stamped now, as an amended record's is (3.3).
func MergeEdit(groups [][]*ssd3.Record) (Edit, [][]string) {
	var sets []Edit
	var gone []Ref
	notes := make([][]string, len(groups))
	for g, recs := range groups {
		if len(recs) < 2 {
			continue
		}
		m, n := dupset.MergeRecords(recs)
		notes[g] = n
		sets = append(sets, Set{Ref: recs[0].Ref(), Fields: ssd3.Diff(recs[0], m)})
		for _, r := range recs[1:] {
			gone = append(gone, r.Ref())
		}
	}
	if len(gone) == 0 {
		return Batch{}, notes
	}
	// The others go first: the kept record may take one's ID.
	return Batch{Edits: append([]Edit{Delete{Refs: gone}}, sets...)}, notes
}
