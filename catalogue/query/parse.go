package query

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/uricat/uricat/internal/linkcheck"
)

// Query is a parsed search. A record matches when it matches every term;
// a term may be a disjunction (kindOr) of terms joined by OR or "|". The
// zero Query, like the empty search, matches every record.
type Query struct {
	text  string
	terms []term
	need  uint32 // the bytes every match's folded text holds (charMask)
	dup   bool   // a term is dup: (see DupSet)
	link  bool   // a term is link: (see WithLinks)
	texts bool   // a term is text: (see WithText)
	arch  bool   // a term is archive: (see WithArchive)

	// links tells link: terms each URI's link status; nil: every link
	// is unchecked.
	links func(uri string) linkcheck.Status
}

// kind is what a term looks at and how: a word, a phrase, a qualified
// term (its qualifier, one of qualifierTable, says what) or a disjunction.
type kind uint8

const (
	kindWord      kind = iota + 1 // free word: fuzzy in NAME, CATEGORY, tags; within DESCRIPTION
	kindPhrase                    // "quoted words", or an excluded word: within any of those
	kindQualified                 // name:, rating:, ...: see qual
	kindOr                        // a OR b, a | b: any of alts
)

// term is one term of a query, its value parsed (by its qualifier's
// parse, for a qualified term).
type term struct {
	kind  kind
	neg   bool
	qual  *qualifier // kindQualified: which
	text  string     // folded value; lower-case for lang: and type:
	field string     // x-NAME: the field's name, upper-case ("X-FEED-URL")
	mask  uint32     // charMask of text
	op    string     // rating:, date: "=", "<", "<=", ">" or ">="
	num   int        // rating:, dup:
	from  time.Time
	to    time.Time // date: the span [from, to) the date names
	alts  []term    // kindOr: two or more terms, none of them an OR

	// The facts about the world that text: and archive: terms read, as
	// WithText and WithArchive bring them.
	hits    *textHits // text: the pages that hold it
	at      *hitSet   // text: the records of the Index searched, if known
	archive func(uri string) ArchiveState
}

// TagsField is the extension field that holds a record's tags, separated
// by commas; free words and tag: search it.
const TagsField = "X-TAGS"

// Error is a search that cannot be parsed: it names the term, where it
// starts and what is wrong with it.
type Error struct {
	Term   string // the term as typed
	Offset int    // where the term starts in the search, in bytes
	Column int    // where the term starts in the search, in runes from 1
	Reason string
}

func (e *Error) Error() string {
	term := e.Term
	if strings.ContainsFunc(term, func(r rune) bool { return !unicode.IsGraphic(r) }) {
		term = strconv.Quote(term)
	}
	return fmt.Sprintf("search term %s (column %d): %s", term, e.Column, e.Reason)
}

// Parse parses a search (the language Help describes). Terms are
// separated by spaces outside double quotes; a quote left open runs to the
// end of the search, so that a phrase being typed is already searched for.
//
// OR (in capitals, a word of its own) or "|" (anywhere outside quotes)
// joins the terms on either side into one that matches when any of them
// does, binding tighter than the spaces between terms, as in Gmail's and
// Google's searches: "jazz blues OR soul" is jazz AND (blues OR soul),
// so that an OR typed after a search only widens its last term. An OR with
// no term on one side (typed at the start, or not yet followed by one) is
// left out, as an unfinished "-" is.
//
// @NAME stands for the saved search NAME, as WithSaved looks it up.
func Parse(s string, opts ...Option) (*Query, error) {
	var p parser
	for _, o := range opts {
		o(&p)
	}
	return p.parse(s)
}

// parse is Parse with p's options.
func (p *parser) parse(s string) (*Query, error) {
	q := &Query{text: s}
	or := false   // an OR since the last term: the next term joins it
	several := -1 // the last terms came from a saved search of several, from this one on
	for _, tok := range tokenize(s) {
		if tok.text == "OR" || tok.text == "|" {
			or = true
			continue
		}
		if name, neg, ok := savedRef(tok.text); ok {
			var err error
			if q.terms, several, err = p.addSaved(q.terms, name, neg, or, several); err != nil {
				return nil, &Error{Term: tok.text, Offset: tok.start, Column: utf8.RuneCountInString(s[:tok.start]) + 1, Reason: err.Error()}
			}
			or = false
			continue
		}
		if or && several >= 0 {
			return nil, &Error{Term: tok.text, Offset: tok.start, Column: utf8.RuneCountInString(s[:tok.start]) + 1,
				Reason: "a saved search of several terms cannot be one side of OR"}
		}
		several = -1
		t, err := parseTerm(tok.text)
		if err != nil {
			return nil, &Error{Term: tok.text, Offset: tok.start, Column: utf8.RuneCountInString(s[:tok.start]) + 1, Reason: err.Error()}
		}
		if t.kind == 0 {
			continue // nothing to search for yet: "-", `""`
		}
		t.mask = charMask(t.text)
		if n := len(q.terms); or && n > 0 {
			q.terms[n-1] = either(q.terms[n-1], t)
		} else {
			q.terms = append(q.terms, t)
		}
		or = false
	}
	for i := range q.terms {
		q.need |= q.terms[i].need()
		q.dup = q.dup || q.terms[i].has(func(k *qualifier) bool { return k.dups })
		q.link = q.link || q.terms[i].has(func(k *qualifier) bool { return k.links })
		q.texts = q.texts || q.terms[i].has(func(k *qualifier) bool { return k.text })
		q.arch = q.arch || q.terms[i].has(func(k *qualifier) bool { return k.archive })
	}
	return q, nil
}

// either is the term that matches when a or b does.
func either(a, b term) term {
	if a.kind == kindOr {
		a.alts = append(a.alts, b)
		return a
	}
	return term{kind: kindOr, alts: []term{a, b}}
}

// need returns the bytes every record t matches holds in its folded
// text (see charMask): for a disjunction, those every alternative needs.
func (t *term) need() uint32 {
	if t.kind == kindOr {
		need := ^uint32(0)
		for i := range t.alts {
			need &= t.alts[i].need()
		}
		return need
	}
	if !t.neg && (t.kind == kindWord || t.kind == kindPhrase || t.qual != nil && t.qual.indexed) {
		return t.mask
	}
	return 0
}

// has reports whether t is, or has among its alternatives, a qualified
// term whose qualifier is.
func (t *term) has(is func(*qualifier) bool) bool {
	for i := range t.alts {
		if t.alts[i].has(is) {
			return true
		}
	}
	return t.qual != nil && is(t.qual)
}

// within reports whether t's text is looked for within a text, so that a
// longer text is found in fewer records: words, phrases and the
// qualifiers that say so.
func (t *term) within() bool {
	return t.kind == kindWord || t.kind == kindPhrase || t.qual != nil && t.qual.within
}

// HasLink reports whether the search has a link: term, and so needs the
// link checks' results (WithLinks): a caller loads them only then.
func (q *Query) HasLink() bool { return q.link }

// WithLinks returns q reading the link status of a URI from status (the
// results of `uricat links`, kept outside the catalogue), for its link:
// terms; without it every link is unchecked. The link status is a fact
// about the world, not the catalogue, so the caller brings it, as Filter
// and an Index bring dup: the whole catalogue. status is called from
// several goroutines at once.
func (q *Query) WithLinks(status func(uri string) linkcheck.Status) *Query {
	c := *q
	c.links = status
	return &c
}

// String returns the search as typed.
func (q *Query) String() string { return q.text }

// Empty reports whether the query matches every record.
func (q *Query) Empty() bool { return len(q.terms) == 0 }

// OnlyNegations reports whether the query has terms and none of them
// selects by something a record has: each is an exclusion ("-zzz"), or an
// OR with one among its alternatives. Such a query matches nearly every
// record, so a command that changes the records a search selects asks
// for more than that.
func (q *Query) OnlyNegations() bool {
	return len(q.terms) > 0 && !slices.ContainsFunc(q.terms, func(t term) bool { return t.positive() })
}

// positive reports whether t selects by something a record has: it is
// not an exclusion, nor an OR with one among its alternatives.
func (t *term) positive() bool {
	if t.kind == kindOr {
		return !slices.ContainsFunc(t.alts, func(a term) bool { return !a.positive() })
	}
	return !t.neg
}

// Ranked reports whether the query has words, phrases or text: terms
// (ranked by how well the archived page matches) to rank matches by; a
// query of other qualified terms alone only filters.
func (q *Query) Ranked() bool { return anyRanked(q.terms) }

// anyRanked reports whether any of terms has a word or phrase that scores.
func anyRanked(terms []term) bool {
	for _, t := range terms {
		if t.kind == kindOr && anyRanked(t.alts) || !t.neg && (t.kind == kindWord || t.kind == kindPhrase || t.qual != nil && t.qual.text) {
			return true
		}
	}
	return false
}

// Narrows reports whether every record q matches also matches prev, so
// that a search for q may look only at prev's matches: q is prev with
// terms added, or with a word or a text term typed on. Exclusions, tags,
// ratings, dates, languages and types only narrow when they are unchanged.
func (q *Query) Narrows(prev *Query) bool {
	if prev == nil || len(q.terms) < len(prev.terms) {
		return false
	}
	for i := range prev.terms {
		if !q.terms[i].narrows(&prev.terms[i]) {
			return false
		}
	}
	return true
}

// narrows reports whether every record t matches also matches p, as far
// as typing on tells: t is p, or p typed on.
func (t *term) narrows(p *term) bool {
	if t.kind != p.kind || t.qual != p.qual || t.neg != p.neg || t.field != p.field {
		return false
	}
	switch {
	case t.kind == kindOr:
		// Each alternative narrows its own; one more widens.
		if len(t.alts) != len(p.alts) {
			return false
		}
		for i := range t.alts {
			if !t.alts[i].narrows(&p.alts[i]) {
				return false
			}
		}
		return true
	case t.text == p.text && t.mask == p.mask && t.op == p.op && t.num == p.num && t.from.Equal(p.from) && t.to.Equal(p.to):
		return true
	case !t.neg && t.within() && strings.HasPrefix(t.text, p.text):
		// Containing (or holding in order) a longer text means
		// containing its beginning.
		return true
	}
	return false
}

// token is a term as typed and where it starts, in bytes.
type token struct {
	text  string
	start int
}

// tokenize splits s at spaces outside double quotes; a "|" outside
// them is a token of its own, with or without spaces around it.
func tokenize(s string) []token {
	var toks []token
	start, quoted := -1, false
	for i, c := range s {
		switch {
		case c == '"':
			quoted = !quoted
		case c == '|' && !quoted:
			if start >= 0 {
				toks = append(toks, token{s[start:i], start})
				start = -1
			}
			toks = append(toks, token{"|", i})
			continue
		case unicode.IsSpace(c) && !quoted:
			if start >= 0 {
				toks = append(toks, token{s[start:i], start})
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		toks = append(toks, token{s[start:], start})
	}
	return toks
}

func unquote(s string) string { return strings.ReplaceAll(s, `"`, "") }

// parseTerm parses one token. A zero kind means there is nothing to
// search for.
func parseTerm(tok string) (term, error) {
	var t term
	body := tok
	if len(body) > 1 && body[0] == '-' {
		t.neg, body = true, body[1:]
	} else if body == "-" {
		return term{}, nil // an exclusion not typed yet
	}
	if name, val, ok := strings.Cut(body, ":"); ok && !strings.Contains(name, `"`) {
		if qual, field, known := lookupQualifier(name); known {
			t.kind, t.qual, t.field = kindQualified, qual, field
			if err := qual.parse(&t, strings.ToLower(name), unquote(val)); err != nil {
				return term{}, err
			}
			return t, nil
		}
		if qualified(name, val) {
			return term{}, fmt.Errorf("unknown qualifier %s: (%s); quoted, %q is text", name, qualifierList, unquote(body))
		}
	}
	t.text = Fold(unquote(body))
	if strings.TrimSpace(t.text) == "" {
		return term{}, nil
	}
	// A word excluded is excluded where it occurs, not where its letters
	// occur in order: "-wiki" must not hide "Windows kit index".
	t.kind = kindWord
	if t.neg || strings.Contains(body, `"`) {
		t.kind = kindPhrase
	}
	return t, nil
}

// qualified reports whether a term name:val that names no qualifier was
// meant as one, and so is an error rather than text: name is letters
// alone and a value follows that does not start with "/". What has digits
// before the colon (12:30) or "/" after it (https://go.dev, c:/) is text.
func qualified(name, val string) bool {
	if name == "" || val == "" || val[0] == '/' {
		return false
	}
	for i := 0; i < len(name); i++ {
		if c := name[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

// The forms of ratings and dates, for the reasons of errors: short, since
// the terminal UI shows them in a narrow window.
const (
	ratingForm = "a rating is 1 to 5 (rating:4, rating:>=4)"
	dateForm   = "a date is YYYY, YYYY-MM or YYYY-MM-DD (date:2015, date:>=2015-10)"
)

// dmy matches a date written day first, as SSD3 files write them;
// compiled on first use, so that start-up does not pay for it.
var dmy = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(\d{1,2})[/.](\d{1,2})[/.](\d{4})$`)
})

func cutOp(v string) (string, string) {
	for _, op := range []string{">=", "<=", ">", "<", "="} {
		if strings.HasPrefix(v, op) {
			return op, v[len(op):]
		}
	}
	return "=", v
}

// parseDateSpan parses YYYY, YYYY-MM or YYYY-MM-DD into the span of time
// it covers, saying what is wrong with a date that does not exist.
func parseDateSpan(v string) (time.Time, time.Time, error) {
	parts := strings.Split(v, "-")
	var nums []int
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || len(parts) > 3 || p[0] == '+' || (i == 0 && len(p) != 4) || (i > 0 && (len(p) < 1 || len(p) > 2)) {
			return time.Time{}, time.Time{}, errors.New(dateForm)
		}
		nums = append(nums, n)
	}
	year, month, day := nums[0], 1, 1
	if len(nums) > 1 {
		month = nums[1]
		if month < 1 || month > 12 {
			return time.Time{}, time.Time{}, fmt.Errorf("there is no month %d", month)
		}
	}
	if len(nums) > 2 {
		day = nums[2]
		if last := time.Date(year, time.Month(month)+1, 0, 0, 0, 0, 0, time.UTC).Day(); day < 1 || day > last {
			return time.Time{}, time.Time{}, fmt.Errorf("%s %d has no day %d", time.Month(month), year, day)
		}
	}
	from := time.Date(year, time.Month(month), day, 0, 0, 0, 0, time.UTC)
	switch len(nums) {
	case 1:
		return from, from.AddDate(1, 0, 0), nil
	case 2:
		return from, from.AddDate(0, 1, 0), nil
	}
	return from, from.AddDate(0, 0, 1), nil
}

// Exact returns q with each free word matched as the word itself, within
// NAME, CATEGORY, a tag or DESCRIPTION, as a quoted word is, rather than
// by its letters in order: for the commands that change or remove what a
// search selects, which must not take "Chocolate Consumption, Cognitive
// Function" for comic. Ranking is as for quoted words.
func (q *Query) Exact() *Query {
	c := *q
	c.terms = exactTerms(q.terms)
	return &c
}

func exactTerms(ts []term) []term {
	out := slices.Clone(ts)
	for i := range out {
		switch out[i].kind {
		case kindWord:
			out[i].kind = kindPhrase
		case kindOr:
			out[i].alts = exactTerms(out[i].alts)
		}
	}
	return out
}
