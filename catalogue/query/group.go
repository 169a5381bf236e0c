package query

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/uricat/uricat/catalogue/ssd3"
)

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
	Records []*ssd3.Record
}

// NoValue labels the group of records that lack the grouped field.
const NoValue = "(none)"

// GroupRecords splits recs into groups by k, keeping the order of recs
// within each group. Groups come in a natural order: names and categories
// alphabetically, dates and ratings from the newest and highest; records
// without the field come last.
func GroupRecords(recs []*ssd3.Record, k GroupKey) []Group {
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
		return naturalLess(Fold(a), Fold(b))
	})
	return groups
}

// naturalLess orders a before b with runs of digits compared as numbers:
// "folder 4" before "folder 38".
func naturalLess(a, b string) bool {
	for a != "" && b != "" {
		if isDigit(a[0]) && isDigit(b[0]) {
			na, ra := digitRun(a)
			nb, rb := digitRun(b)
			// Numbers compare by length without their leading zeros, then
			// digit by digit; equal ones by their zeros ("04" after "4").
			ta, tb := strings.TrimLeft(na, "0"), strings.TrimLeft(nb, "0")
			if len(ta) != len(tb) {
				return len(ta) < len(tb)
			}
			if ta != tb {
				return ta < tb
			}
			if len(na) != len(nb) {
				return len(na) < len(nb)
			}
			a, b = ra, rb
			continue
		}
		if a[0] != b[0] {
			return a[0] < b[0]
		}
		a, b = a[1:], b[1:]
	}
	return len(a) < len(b)
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// digitRun splits s after its leading digits.
func digitRun(s string) (digits, rest string) {
	i := 0
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	return s[:i], s[i:]
}

func (k GroupKey) label(r *ssd3.Record) string {
	switch k.field {
	case groupName:
		// The initial as searches see it: "Émile" goes under E.
		c, _ := utf8.DecodeRuneInString(strings.TrimSpace(r.Name()))
		c, _ = utf8.DecodeRuneInString(foldRune(c))
		if unicode.IsLetter(c) {
			return string(unicode.ToUpper(c))
		}
		return "#"
	case groupYear:
		return r.Date().Format("2006")
	case groupMonth:
		return r.Date().Format("2006-01")
	case groupDay:
		return r.Date().Format("2006-01-02")
	case groupCategory:
		return orNone(r.Category())
	case groupRating:
		if r.Rating() == 0 {
			return NoValue
		}
		return strings.Repeat("★", r.Rating())
	case groupLanguage:
		return orNone(strings.ToLower(r.Language()))
	case groupType:
		t, _, _ := strings.Cut(r.Type(), ";")
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
