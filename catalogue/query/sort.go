package query

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// ForbiddenKeyError is the refusal to sort or group by a field that SSD3
// does not allow as a key. It quotes the section that forbids it.
type ForbiddenKeyError struct {
	Field   string // URI or DESCRIPTION
	Action  string // "sort" or "group"
	Section string
	Quote   string
}

func (e *ForbiddenKeyError) Error() string {
	return fmt.Sprintf("cannot %s by %s: SSD3 %s says %q", e.Action, e.Field, e.Section, e.Quote)
}

func forbidden(field, action string) error {
	switch strings.ToUpper(field) {
	case ssd3.FieldURI:
		return &ForbiddenKeyError{ssd3.FieldURI, action, "3.1", "Implementations MUST NOT group or order records by this field"}
	case ssd3.FieldDescription, "DESC":
		return &ForbiddenKeyError{ssd3.FieldDescription, action, "3.5", "Implementations MUST NOT group or order records by the DESCRIPTION field"}
	}
	return nil
}

type sortField int

const (
	sortName sortField = iota + 1
	sortDate
	sortRating
)

// SortKey is a way to order records. Only NAME, DATE and RATING can be keys
// (SSD3 3.2, 3.3, 3.6): the type has no value for any other field.
type SortKey struct {
	field sortField
	desc  bool
}

// The sort keys SSD3 allows, ascending; Desc reverses them.
var (
	SortByName   = SortKey{field: sortName}
	SortByDate   = SortKey{field: sortDate}
	SortByRating = SortKey{field: sortRating}
)

// Desc returns the key in descending order.
func (k SortKey) Desc() SortKey { k.desc = true; return k }

// Reverse returns the key in the other order.
func (k SortKey) Reverse() SortKey { k.desc = !k.desc; return k }

// Descending reports whether the key sorts from high to low.
func (k SortKey) Descending() bool { return k.desc }

// IsZero reports whether k is no key at all (file order).
func (k SortKey) IsZero() bool { return k.field == 0 }

// Field returns the field the key sorts by ("" for file order).
func (k SortKey) Field() string {
	return [...]string{"", ssd3.FieldName, ssd3.FieldDate, ssd3.FieldRating}[k.field]
}

func (k SortKey) String() string {
	if k.field == 0 {
		return "file order"
	}
	s := strings.ToLower(k.Field())
	if k.desc {
		s += ":desc"
	}
	return s
}

// ParseSortKey parses "name", "date" or "rating", optionally followed by
// ":asc" or ":desc". Any other field is refused, quoting the spec where it
// forbids ordering by it.
func ParseSortKey(s string) (SortKey, error) {
	field, dir, _ := strings.Cut(strings.TrimSpace(s), ":")
	if err := forbidden(field, "sort"); err != nil {
		return SortKey{}, err
	}
	var k SortKey
	switch strings.ToLower(field) {
	case "name":
		k = SortByName
	case "date":
		k = SortByDate
	case "rating":
		k = SortByRating
	default:
		return SortKey{}, fmt.Errorf("cannot sort by %q: the keys are name, date and rating", field)
	}
	switch strings.ToLower(dir) {
	case "", "asc":
	case "desc":
		k.desc = true
	default:
		return SortKey{}, fmt.Errorf("sort order %q: use asc or desc", dir)
	}
	return k, nil
}

// Sort orders recs in place by k. Ties keep their order; records without a
// rating come last whichever the direction. Names compare folded, as
// searches compare them: "émile" sorts with "Emile".
func Sort(recs []*ssd3.Record, k SortKey) {
	if k.field == 0 {
		return
	}
	order := Order(recs, k)
	sorted := make([]*ssd3.Record, len(recs))
	for i, j := range order {
		sorted[i] = recs[j]
	}
	copy(recs, sorted)
}

// Order returns the positions of recs in the order Sort puts them, leaving
// recs as it is: for callers that keep their own parallel arrays.
func Order(recs []*ssd3.Record, k SortKey) []int32 {
	return order(recs, k, func(i int) string { return Fold(recs[i].Name()) })
}

// Order is Order over the index's records, with the names it has folded.
func (ix *Index) Order(k SortKey) []int32 {
	ix.Build() // the names are read from the chunks
	return order(ix.recs, k, ix.name)
}

// order sorts the positions of recs by k, with name giving the folded
// NAME of the record at a position.
func order(recs []*ssd3.Record, k SortKey, name func(int) string) []int32 {
	// Each entry carries its position, which breaks ties: a stable result
	// from pdqsort's O(n log n), where a stable sort would cost O(n log² n).
	type keyed struct {
		str string
		num int64
		pos int32
	}
	ks := make([]keyed, len(recs))
	for i, r := range recs {
		ks[i].pos = int32(i)
		switch k.field {
		case sortName:
			ks[i].str = name(i)
		case sortDate:
			ks[i].num = r.Date().Unix()
		case sortRating:
			ks[i].num = int64(r.Rating())
		}
	}
	dir := 1
	if k.desc {
		dir = -1
	}
	slices.SortFunc(ks, func(a, b keyed) int {
		var c int
		switch {
		case k.field == sortName:
			c = dir * strings.Compare(a.str, b.str)
		case k.field == sortRating && (a.num == 0 || b.num == 0):
			c = cmp.Compare(b.num, a.num) // unrated last either way
		default:
			c = dir * cmp.Compare(a.num, b.num)
		}
		if c == 0 {
			c = cmp.Compare(a.pos, b.pos)
		}
		return c
	})
	out := make([]int32, len(ks))
	for i := range ks {
		out[i] = ks[i].pos
	}
	return out
}
