package query

import (
	"strings"
	"unicode/utf8"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// Highlight reports, for each rune of text, the value of field in a record
// q matched, whether it is part of a match: for drawing. The match is
// found in the folded text and traced back to the runes it came from, so
// that "koln" lights up "Köln" whole. Words light up where they occur, or
// else, in NAME, CATEGORY and X-TAGS, their letters where fuzzy matching
// finds them; exclusions light up nothing. field is a standard field's
// name or an extension's.
func (q *Query) Highlight(field, text string) []bool {
	if q == nil || len(q.terms) == 0 || text == "" {
		return nil
	}
	var folded string
	var from []int32
	var marks []bool
	mark := func(i, j int) { // folded bytes [i, j)
		if marks == nil {
			marks = make([]bool, utf8.RuneCountInString(text))
		}
		for ; i < j; i++ {
			marks[from[i]] = true
		}
	}
	fuzzy := field == ssd3.FieldName || field == ssd3.FieldCategory || field == TagsField
	// The terms, a disjunction's alternatives each: any may be what the
	// record matched.
	terms := make([]*term, 0, len(q.terms))
	for i := range q.terms {
		if t := &q.terms[i]; t.kind == kindOr {
			for j := range t.alts {
				terms = append(terms, &t.alts[j])
			}
		} else {
			terms = append(terms, t)
		}
	}
	for _, t := range terms {
		if t.neg || t.text == "" || !t.lights(field) {
			continue
		}
		if from == nil {
			folded, from = foldMap(text)
		}
		found := false
		for at := 0; at < len(folded); {
			j := strings.Index(folded[at:], t.text)
			if j < 0 {
				break
			}
			found = true
			mark(at+j, at+j+len(t.text))
			at += j + len(t.text)
		}
		if found || t.kind != kindWord || !fuzzy {
			continue
		}
		// The letters, where fuzzy matching finds them.
		var at []int
		if start, _ := fuzzyMatch(folded, t.text, &at); start < 0 {
			continue
		}
		for _, i := range at {
			_, n := utf8.DecodeRuneInString(folded[i:])
			mark(i, i+n)
		}
	}
	if marks == nil {
		return nil
	}
	// A rune that folds to nothing (a combining accent) goes with the
	// rune before it.
	covered := make([]bool, len(marks))
	for _, r := range from {
		covered[r] = true
	}
	for i := 1; i < len(marks); i++ {
		if !covered[i] {
			marks[i] = marks[i-1]
		}
	}
	return marks
}

// lights reports whether t is about field's text.
func (t *term) lights(field string) bool {
	switch t.kind {
	case kindWord, kindPhrase:
		return field == ssd3.FieldName || field == ssd3.FieldCategory || field == ssd3.FieldDescription || field == TagsField
	case kindQualified:
		return t.qual.lights(t, field)
	}
	return false
}
