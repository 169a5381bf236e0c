package catalogue

import (
	"cmp"
	"fmt"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"
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
	case FieldURI:
		return &ForbiddenKeyError{FieldURI, action, "3.1", "Implementations MUST NOT group or order records by this field"}
	case FieldDescription, "DESC":
		return &ForbiddenKeyError{FieldDescription, action, "3.5", "Implementations MUST NOT group or order records by the DESCRIPTION field"}
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
	return [...]string{"", FieldName, FieldDate, FieldRating}[k.field]
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
// rating come last whichever the direction. Names compare without case.
func Sort(recs []*Record, k SortKey) {
	if k.field == 0 {
		return
	}
	order := Order(recs, k)
	sorted := make([]*Record, len(recs))
	for i, j := range order {
		sorted[i] = recs[j]
	}
	copy(recs, sorted)
}

// Order returns the positions of recs in the order Sort puts them, leaving
// recs as it is: for callers that keep their own parallel arrays.
func Order(recs []*Record, k SortKey) []int32 {
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
			ks[i].str = r.nameKey()
		case sortDate:
			ks[i].num = r.Date.Unix()
		case sortRating:
			ks[i].num = int64(r.Rating)
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

// nameKey is the lower-cased NAME, taken from the search index when the
// record has one.
func (r *Record) nameKey() string {
	if i := strings.IndexByte(r.fold, 0); i >= 0 {
		return r.fold[:i]
	}
	return strings.ToLower(r.Name)
}

type groupField int

const (
	groupName groupField = iota + 1
	groupYear
	groupMonth
	groupDay
	groupCategory
	groupRating
	groupLanguage
	groupType
)

// GroupKey is a way to group records. SSD3 allows NAME, DATE, CATEGORY,
// RATING, LANGUAGE and TYPE; the type has no value for URI or DESCRIPTION.
type GroupKey struct{ field groupField }

// The group keys SSD3 allows.
var (
	GroupByInitial  = GroupKey{groupName}     // NAME, by its first letter
	GroupByYear     = GroupKey{groupYear}     // DATE
	GroupByMonth    = GroupKey{groupMonth}    // DATE
	GroupByDay      = GroupKey{groupDay}      // DATE
	GroupByCategory = GroupKey{groupCategory} // CATEGORY
	GroupByRating   = GroupKey{groupRating}   // RATING
	GroupByLanguage = GroupKey{groupLanguage} // LANGUAGE, ignoring case
	GroupByType     = GroupKey{groupType}     // TYPE, as type/subtype
)

// GroupKeys lists every group key, in the order a menu shows them.
var GroupKeys = []GroupKey{GroupByCategory, GroupByRating, GroupByLanguage, GroupByType, GroupByYear, GroupByMonth, GroupByInitial}

// IsZero reports whether k is no grouping.
func (k GroupKey) IsZero() bool { return k.field == 0 }

func (k GroupKey) String() string {
	return [...]string{"none", "name", "date:year", "date:month", "date:day", "category", "rating", "language", "type"}[k.field]
}

// ParseGroupKey parses name, date (by year), date:year, date:month,
// date:day, category, rating, language or type. URI and DESCRIPTION are
// refused, quoting the spec.
func ParseGroupKey(s string) (GroupKey, error) {
	field, unit, _ := strings.Cut(strings.ToLower(strings.TrimSpace(s)), ":")
	if err := forbidden(field, "group"); err != nil {
		return GroupKey{}, err
	}
	switch field {
	case "name":
		return GroupByInitial, nil
	case "date":
		switch unit {
		case "", "year":
			return GroupByYear, nil
		case "month":
			return GroupByMonth, nil
		case "day":
			return GroupByDay, nil
		}
		return GroupKey{}, fmt.Errorf("cannot group dates by %q: use date:year, date:month or date:day", unit)
	case "year", "month", "day":
		return ParseGroupKey("date:" + field)
	case "category", "cat":
		return GroupByCategory, nil
	case "rating":
		return GroupByRating, nil
	case "language", "lang":
		return GroupByLanguage, nil
	case "type":
		return GroupByType, nil
	}
	return GroupKey{}, fmt.Errorf("cannot group by %q: the keys are name, date[:year|month|day], category, rating, language and type", s)
}

// Group is a run of records that share a group label.
type Group struct {
	Label   string
	Records []*Record
}

// NoValue labels the group of records that lack the grouped field.
const NoValue = "(none)"

// GroupRecords splits recs into groups by k, keeping the order of recs
// within each group. Groups come in a natural order: names and categories
// alphabetically, dates and ratings from the newest and highest; records
// without the field come last.
func GroupRecords(recs []*Record, k GroupKey) []Group {
	idx := map[string]int{}
	var groups []Group
	for _, r := range recs {
		label := k.label(r)
		i, ok := idx[label]
		if !ok {
			i = len(groups)
			idx[label] = i
			groups = append(groups, Group{Label: label})
		}
		groups[i].Records = append(groups[i].Records, r)
	}
	desc := k.field == groupYear || k.field == groupMonth || k.field == groupDay || k.field == groupRating
	sort.SliceStable(groups, func(i, j int) bool {
		a, b := groups[i].Label, groups[j].Label
		if a == NoValue || b == NoValue {
			return b == NoValue && a != NoValue
		}
		if desc {
			return a > b
		}
		return strings.ToLower(a) < strings.ToLower(b)
	})
	return groups
}

func (k GroupKey) label(r *Record) string {
	switch k.field {
	case groupName:
		c, _ := utf8.DecodeRuneInString(strings.TrimSpace(r.Name))
		if unicode.IsLetter(c) {
			return string(unicode.ToUpper(c))
		}
		return "#"
	case groupYear:
		return r.Date.Format("2006")
	case groupMonth:
		return r.Date.Format("2006-01")
	case groupDay:
		return r.Date.Format("2006-01-02")
	case groupCategory:
		return orNone(r.Category)
	case groupRating:
		if r.Rating == 0 {
			return NoValue
		}
		return strings.Repeat("★", r.Rating)
	case groupLanguage:
		return orNone(strings.ToLower(r.Language))
	case groupType:
		t, _, _ := strings.Cut(r.Type, ";")
		return orNone(strings.ToLower(strings.TrimSpace(t)))
	}
	return ""
}

func orNone(s string) string {
	if s == "" {
		return NoValue
	}
	return s
}

// Query is a parsed search. A record matches when it matches every term.
//
// Free words match NAME, DESCRIPTION or CATEGORY, ignoring case; "quoted
// words" match as one phrase; a leading "-" negates a term. Qualified terms
// look at one field: name:, cat:, desc:, lang: (a language and its
// subtags), type: (type or type/subtype), rating: (4, >=4, <3...), date:
// (2007, 2007-10, 2007-10-31, with >, >=, <, <=), and uri:, the only way
// to search URIs, which SSD3 3.1 does not recommend searching.
type Query struct {
	terms []term
	text  string
}

type term struct {
	field string // "" for free text
	neg   bool
	text  string // lower-cased
	op    string
	num   int
	from  time.Time // date terms: [from, to)
	to    time.Time
}

// QueryError says what is wrong with a search.
type QueryError struct {
	Term string
	Msg  string
}

func (e *QueryError) Error() string { return fmt.Sprintf("search term %q: %s", e.Term, e.Msg) }

var qualifiers = map[string]string{
	"name": FieldName, "cat": FieldCategory, "category": FieldCategory,
	"desc": FieldDescription, "description": FieldDescription,
	"lang": FieldLanguage, "language": FieldLanguage, "type": FieldType,
	"rating": FieldRating, "date": FieldDate, "uri": FieldURI, "url": FieldURI,
}

// ParseQuery parses a search. An empty search matches every record.
func ParseQuery(s string) (*Query, error) {
	q := &Query{text: s}
	for _, tok := range splitQuery(s) {
		t := term{}
		if strings.HasPrefix(tok, "-") && len(tok) > 1 {
			t.neg, tok = true, tok[1:]
		}
		if name, val, ok := strings.Cut(tok, ":"); ok {
			if f, known := qualifiers[strings.ToLower(name)]; known {
				t.field = f
				if err := t.parseValue(unquote(val)); err != nil {
					return nil, &QueryError{Term: tok, Msg: err.Error()}
				}
				q.terms = append(q.terms, t)
				continue
			}
		}
		t.text = strings.ToLower(unquote(tok))
		if t.text != "" {
			q.terms = append(q.terms, t)
		}
	}
	return q, nil
}

// String returns the search as typed.
func (q *Query) String() string { return q.text }

// Empty reports whether the query matches everything.
func (q *Query) Empty() bool { return len(q.terms) == 0 }

// FreeText returns the free (unqualified, not negated) words of the query,
// lower-cased, for highlighting.
func (q *Query) FreeText() []string {
	var out []string
	for _, t := range q.terms {
		if t.field == "" && !t.neg {
			out = append(out, t.text)
		}
	}
	return out
}

func splitQuery(s string) []string {
	var toks []string
	var b strings.Builder
	quoted := false
	for _, c := range s {
		switch {
		case c == '"':
			quoted = !quoted
			b.WriteRune(c)
		case unicode.IsSpace(c) && !quoted:
			if b.Len() > 0 {
				toks = append(toks, b.String())
				b.Reset()
			}
		default:
			b.WriteRune(c)
		}
	}
	if b.Len() > 0 {
		toks = append(toks, b.String())
	}
	return toks
}

func unquote(s string) string { return strings.ReplaceAll(s, `"`, "") }

func (t *term) parseValue(v string) error {
	switch t.field {
	case FieldRating:
		t.op, v = cutOp(v)
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 5 {
			return fmt.Errorf("a rating is 1 to 5, optionally after <, <=, >, >= or =")
		}
		t.num = n
	case FieldDate:
		t.op, v = cutOp(v)
		from, to, err := parseDateSpan(v)
		if err != nil {
			return err
		}
		t.from, t.to = from, to
	default:
		t.text = strings.ToLower(v)
		if t.text == "" {
			return fmt.Errorf("nothing to search for after the colon")
		}
	}
	return nil
}

func cutOp(v string) (string, string) {
	for _, op := range []string{">=", "<=", ">", "<", "="} {
		if strings.HasPrefix(v, op) {
			return op, v[len(op):]
		}
	}
	return "=", v
}

// parseDateSpan parses YYYY, YYYY-MM or YYYY-MM-DD into the span it covers.
func parseDateSpan(v string) (time.Time, time.Time, error) {
	for _, f := range []struct {
		layout string
		next   func(time.Time) time.Time
	}{
		{"2006-01-02", func(t time.Time) time.Time { return t.AddDate(0, 0, 1) }},
		{"2006-01", func(t time.Time) time.Time { return t.AddDate(0, 1, 0) }},
		{"2006", func(t time.Time) time.Time { return t.AddDate(1, 0, 0) }},
	} {
		if len(v) == len(f.layout) {
			if t, err := time.Parse(f.layout, v); err == nil {
				return t, f.next(t), nil
			}
		}
	}
	return time.Time{}, time.Time{}, fmt.Errorf("a date is YYYY, YYYY-MM or YYYY-MM-DD, optionally after <, <=, >, >= or =")
}

// Match reports whether r matches every term of q.
func (q *Query) Match(r *Record) bool {
	var fold string
	for i := range q.terms {
		t := &q.terms[i]
		var ok bool
		switch t.field {
		case "":
			if fold == "" {
				fold = r.folded()
			}
			ok = strings.Contains(fold, t.text)
		case FieldName:
			ok = containsFold(r.Name, t.text)
		case FieldCategory:
			ok = containsFold(r.Category, t.text)
		case FieldDescription:
			ok = containsFold(r.Description, t.text)
		case FieldURI:
			ok = containsFold(r.URI, t.text)
		case FieldLanguage:
			l := strings.ToLower(r.Language)
			ok = l == t.text || strings.HasPrefix(l, t.text+"-")
		case FieldType:
			ty, _, _ := strings.Cut(strings.ToLower(r.Type), ";")
			ty = strings.TrimSpace(ty)
			ok = ty == t.text || strings.HasPrefix(ty, t.text+"/")
		case FieldRating:
			ok = r.Rating != 0 && compare(r.Rating-t.num, t.op)
		case FieldDate:
			switch t.op {
			case "=":
				ok = !r.Date.Before(t.from) && r.Date.Before(t.to)
			case ">":
				ok = !r.Date.Before(t.to)
			case ">=":
				ok = !r.Date.Before(t.from)
			case "<":
				ok = r.Date.Before(t.from)
			case "<=":
				ok = r.Date.Before(t.to)
			}
		}
		if ok == t.neg {
			return false
		}
	}
	return true
}

func compare(d int, op string) bool {
	switch op {
	case ">":
		return d > 0
	case ">=":
		return d >= 0
	case "<":
		return d < 0
	case "<=":
		return d <= 0
	}
	return d == 0
}

func containsFold(s, lowerNeedle string) bool {
	return strings.Contains(strings.ToLower(s), lowerNeedle)
}

// folded returns the lower-cased text that free words search: NAME,
// CATEGORY and DESCRIPTION, separated so that no match spans two fields.
func (r *Record) folded() string {
	if r.fold != "" {
		return r.fold
	}
	return foldText(r)
}

func foldText(r *Record) string {
	return strings.ToLower(r.Name + "\x00" + r.Category + "\x00" + r.Description)
}

// Index prepares every record for fast search. Search works without it,
// but then lower-cases every record's text on every search. Records added
// or edited later carry their own search text; Search sweeps the index only
// while the records are the ones it was built for, and otherwise visits
// records one by one, with the same results.
func (c *Catalogue) Index() {
	folds := make([]string, len(c.records))
	size, uris := 0, 0
	for i, r := range c.records {
		folds[i] = r.fold
		if folds[i] == "" {
			folds[i] = foldText(r)
		}
		size += len(folds[i]) + 1
		uris += len(r.URI) + 1
	}
	ix := &searchIndex{recs: c.records}
	text := ix.fold.build(folds, size)
	for i, r := range c.records {
		if r.fold == "" {
			// The record's own text is its stretch of the index: no copy.
			r.fold = text[ix.fold.starts[i] : ix.fold.starts[i]+len(folds[i])]
		}
		folds[i] = strings.ToLower(r.URI)
	}
	ix.uri.build(folds, uris)
	c.search = ix
}

// searchIndex holds, for one snapshot of the records, their search text and
// their URIs each end to end, so that a word is found by one sweep of
// strings.Index over all of them rather than by one call per record.
type searchIndex struct {
	recs      []*Record
	fold, uri sweep
}

// sweep is the texts of a snapshot's records joined by "\x01", and where
// each starts.
type sweep struct {
	text   string
	starts []int
}

func (sw *sweep) build(texts []string, size int) string {
	var b strings.Builder
	b.Grow(size)
	sw.starts = make([]int, len(texts))
	for i, t := range texts {
		sw.starts[i] = b.Len()
		b.WriteString(t)
		b.WriteByte(1)
	}
	sw.text = b.String()
	return sw.text
}

// find calls hit with the position of each record in [lo, hi) whose text
// holds word, in order.
func (sw *sweep) find(word string, lo, hi int, hit func(int)) {
	end := len(sw.text)
	if hi < len(sw.starts) {
		end = sw.starts[hi]
	}
	for from, k := sw.starts[lo], lo; from < end; {
		i := strings.Index(sw.text[from:end], word)
		if i < 0 {
			return
		}
		i += from
		for k+1 < hi && sw.starts[k+1] <= i {
			k++ // hits only move forward: the walk costs O(records) in all
		}
		hit(k)
		k++
		if k >= hi {
			return
		}
		from = sw.starts[k]
	}
}

// anchor returns a term that every match must hold, for a sweep: the
// longest plain word, or else the longest uri: term.
func (q *Query) anchor() (word string, uri bool) {
	var plain, inURI string
	for _, t := range q.terms {
		if t.neg || strings.ContainsAny(t.text, "\x00\x01") {
			continue
		}
		switch {
		case t.field == "" && len(t.text) > len(plain):
			plain = t.text
		case t.field == FieldURI && len(t.text) > len(inURI):
			inURI = t.text
		}
	}
	if plain != "" {
		return plain, false
	}
	return inURI, inURI != ""
}

// parallelSearchFrom is the number of records from which Search splits
// the work over the CPUs.
const parallelSearchFrom = 20000

// Search returns the valid records q matches, in file order. A large
// catalogue is searched on every CPU, each taking a contiguous share.
func (c *Catalogue) Search(q *Query) []*Record {
	recs := c.records
	var sw *sweep
	var word string
	if ix := c.search; ix != nil && sameRecords(ix.recs, recs) {
		var uri bool
		if word, uri = q.anchor(); word != "" {
			sw = &ix.fold
			if uri {
				sw = &ix.uri
			}
		}
	}
	part := func(lo, hi int) []*Record {
		out := make([]*Record, 0, 64)
		if sw != nil {
			sw.find(word, lo, hi, func(k int) {
				if r := recs[k]; !r.invalid && q.Match(r) {
					out = append(out, r)
				}
			})
			return out
		}
		for _, r := range recs[lo:hi] {
			if !r.invalid && q.Match(r) {
				out = append(out, r)
			}
		}
		return out
	}
	workers := runtime.GOMAXPROCS(0)
	if len(recs) < parallelSearchFrom || workers < 2 {
		return part(0, len(recs))
	}
	parts := make([][]*Record, workers)
	size := (len(recs) + workers - 1) / workers
	var wg sync.WaitGroup
	for w := range workers {
		lo, hi := min(w*size, len(recs)), min((w+1)*size, len(recs))
		wg.Add(1)
		go func() {
			defer wg.Done()
			if lo < hi {
				parts[w] = part(lo, hi)
			}
		}()
	}
	wg.Wait()
	return slices.Concat(parts...)
}

// sameRecords reports whether a and b are the same snapshot of records.
func sameRecords(a, b []*Record) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}
