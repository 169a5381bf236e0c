package stats

import (
	"slices"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// CountUnder counts the valid records of recs whose CATEGORY is path or
// lies under it: a node's records, for "rename 37 records" and to tell a
// rename from a merge.
func CountUnder(recs []*ssd3.Record, path string) int {
	n := 0
	for _, r := range recs {
		if r.Valid() {
			if _, ok := ssd3.CategoryUnder(r.Category(), path); ok {
				n++
			}
		}
	}
	return n
}

// CountTag counts the valid records of recs that have the tag t.
func CountTag(recs []*ssd3.Record, t string) int {
	n := 0
	for _, r := range recs {
		if r.Valid() && slices.Contains(ssd3.SplitTags(r.Extension(ssd3.FieldTags)), t) {
			n++
		}
	}
	return n
}
