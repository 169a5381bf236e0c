package query

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// Option is a way Parse reads a search: what it is given of the world
// outside the text, as WithSaved gives the saved searches.
type Option func(*parser)

// parser is what Parse's options tell it.
type parser struct {
	// saved looks up a saved search's text by name; nil: there are none.
	saved func(name string) (string, bool)
	// within are the saved searches being expanded, outermost first, so
	// that one that refers to itself is found.
	within []string
}

// WithSaved returns the option that reads @NAME as the saved search
// NAME, whose text lookup returns (false: there is none). The saved
// searches are kept outside the catalogue (the config file), so the
// caller brings them, as WithLinks brings the link checks.
func WithSaved(lookup func(name string) (string, bool)) Option {
	return func(p *parser) { p.saved = lookup }
}

// ValidSavedName reports whether name can be a saved search's: letters,
// digits, "-" and "_", so that @name is one term of a search and the
// name a bare key of the config file.
func ValidSavedName(name string) bool {
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// SavedRefs returns the names of the saved searches s refers to (@NAME),
// each once, in the order typed: for telling what a saved search
// depends on.
func SavedRefs(s string) []string {
	var out []string
	for _, tok := range tokenize(s) {
		if name, _, ok := savedRef(tok.text); ok && !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

// savedRef reports whether tok is @NAME or -@NAME, and which.
func savedRef(tok string) (name string, neg, ok bool) {
	if strings.HasPrefix(tok, "-@") {
		tok, neg = tok[1:], true
	}
	if len(tok) < 2 || tok[0] != '@' {
		return "", false, false
	}
	return tok[1:], neg, true
}

// addSaved adds the terms of the saved search name to terms: joined to
// the last by OR when or, excluded when neg. several is where the last
// saved search of several terms starts in terms (-1: none); the new
// several is returned.
func (p *parser) addSaved(terms []term, name string, neg, or bool, several int) ([]term, int, error) {
	ts, err := p.expand(name)
	if err == nil && neg {
		ts, err = negate(ts)
	}
	if err == nil && len(ts) == 0 {
		err = fmt.Errorf("the saved search @%s is empty", name)
	}
	if err != nil {
		return nil, -1, err
	}
	n := len(terms)
	if !or || n == 0 {
		if len(ts) > 1 {
			return append(terms, ts...), n, nil
		}
		return append(terms, ts...), -1, nil
	}
	if several >= 0 || len(ts) > 1 {
		return nil, -1, errors.New("a saved search of several terms cannot be one side of OR")
	}
	// An OR's alternatives are never ORs themselves: a saved a|b joins
	// as a and b.
	alts := []term{ts[0]}
	if ts[0].kind == kindOr {
		alts = ts[0].alts
	}
	for _, a := range alts {
		terms[n-1] = either(terms[n-1], a)
	}
	return terms, -1, nil
}

// expand parses the saved search name, with the saved searches it
// refers to, into its terms.
func (p *parser) expand(name string) ([]term, error) {
	if !ValidSavedName(name) {
		// Quoted: a name that is not one may hold anything, control
		// characters too, which must not reach a terminal.
		return nil, fmt.Errorf("%q is not a saved search's name (letters, digits, - and _)", "@"+name)
	}
	if i := slices.Index(p.within, name); i >= 0 {
		if i == len(p.within)-1 {
			return nil, fmt.Errorf("the saved search @%s refers to itself", name)
		}
		return nil, fmt.Errorf("the saved search @%s refers to itself (through @%s)", name, strings.Join(p.within[i+1:], ", @"))
	}
	text, ok := "", false
	if p.saved != nil {
		text, ok = p.saved(name)
	}
	if !ok {
		return nil, fmt.Errorf("there is no saved search @%s (uricat search list)", name)
	}
	inner := parser{saved: p.saved, within: append(slices.Clip(p.within), name)}
	q, err := inner.parse(text)
	if err != nil {
		var e *Error
		if errors.As(err, &e) && strings.Contains(e.Reason, "refers to itself") {
			return nil, errors.New(e.Reason) // a loop: said once, from where it starts
		}
		return nil, fmt.Errorf("in the saved search @%s: %w", name, err)
	}
	return q.terms, nil
}

// negate returns the terms that match what ts together do not: an
// exclusion of one term, of each of an OR's alternatives, or an OR of
// the exclusions of several terms.
func negate(ts []term) ([]term, error) {
	switch {
	case len(ts) == 1 && ts[0].kind == kindOr:
		out := slices.Clone(ts[0].alts)
		for i := range out {
			out[i] = flip(out[i])
		}
		return out, nil
	case len(ts) == 1:
		return []term{flip(ts[0])}, nil
	}
	alts := make([]term, len(ts))
	for i, t := range ts {
		if t.kind == kindOr {
			return nil, errors.New("a saved search of several terms, one of them an OR, cannot be excluded")
		}
		alts[i] = flip(t)
	}
	return []term{{kind: kindOr, alts: alts}}, nil
}

// flip is t excluded, or t included if it was excluded. A word excluded
// is a phrase, as Parse makes "-word".
func flip(t term) term {
	t.neg = !t.neg
	if t.neg && t.kind == kindWord {
		t.kind = kindPhrase
	}
	return t
}
