package records

import (
	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// Row is a line of the list: a group heading or a record.
type Row struct {
	Header bool         // a group heading
	Label  string       // the heading's group
	Count  int          // the heading's number of records
	Rec    *ssd3.Record // the record; nil for a heading
	head   int          // grouped: the row of the heading of the record's group
}

// Height of a row in lines: a record shows its URI beneath its name.
func (r Row) Height() int {
	if r.Header {
		return 1
	}
	return 2
}

// Ref returns the row's record's Ref, 0 for a heading.
func (r Row) Ref() catalogue.Ref { return refOf(r.Rec) }

// refOf returns rec's Ref, 0 for no record (a group heading).
func refOf(rec *ssd3.Record) catalogue.Ref {
	if rec == nil {
		return 0
	}
	return rec.Ref()
}

// nextSort cycles file order → name → date → rating → file order.
func nextSort(k query.SortKey) query.SortKey {
	switch k.Field() {
	case "":
		return query.SortByName
	case query.SortByName.Field():
		return query.SortByDate.Desc()
	case query.SortByDate.Field():
		return query.SortByRating.Desc()
	}
	return query.SortKey{}
}

// nextGroup cycles none → each of query.GroupKeys → none, by step (1
// forward, -1 back).
func nextGroup(k query.GroupKey, step int) query.GroupKey {
	keys := append([]query.GroupKey{{}}, query.GroupKeys...)
	at := 0
	for i, g := range keys {
		if g == k {
			at = i
		}
	}
	return keys[((at+step)%len(keys)+len(keys))%len(keys)]
}
