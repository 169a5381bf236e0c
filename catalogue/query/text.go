package query

import (
	"fmt"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// TextTerm is the value of a text: term as the archive's index looks it
// up: folded words (Fold), separated by spaces, to be found in a page one
// after another, the last as the beginning of a word.
type TextTerm struct {
	Text string
}

// TextHit is a page a text: term is found in: how well it matches (more
// is better, above 0; bm25 in the archive's index) and, where the caller
// makes one, a short excerpt around the match.
type TextHit struct {
	Score   int
	Snippet string
}

// ArchiveState is what the archive holds of a URI's page, for archive:
// terms (Query.WithArchive).
type ArchiveState uint8

// The states of a page in the archive: ArchiveNo, the zero value, is
// nothing kept; ArchiveFailed a try that kept no text (an error, a PDF).
const (
	ArchiveNo ArchiveState = iota
	ArchiveYes
	ArchiveFailed
)

// HasText reports whether the search has a text: term, and so needs the
// archive's index (WithText): a caller opens it only then.
func (q *Query) HasText() bool { return q.texts }

// HasArchive reports whether the search has an archive: term, and so
// needs the archive's state of each URI (WithArchive).
func (q *Query) HasArchive() bool { return q.arch }

// TextTerms returns the values of the search's text: terms, excluded or
// in a disjunction as well, each once, in the order typed.
func (q *Query) TextTerms() []TextTerm {
	var out []TextTerm
	seen := map[string]bool{}
	q.eachTerm(func(t *term) {
		if t.qual != nil && t.qual.text && !seen[t.text] {
			seen[t.text] = true
			out = append(out, TextTerm{Text: t.text})
		}
	})
	return out
}

// WithText returns q with its text: terms answered by lookup, which
// returns the pages a term is found in keyed by catalogue.URIKey of their
// URI (the archive's index answers it; the catalogue cannot know what a
// page said, so the caller brings it, as WithLinks brings the link
// checks). lookup is called once for each of TextTerms, before WithText
// returns. Without it a text: term finds no record.
func (q *Query) WithText(lookup func(TextTerm) (map[string]TextHit, error)) (*Query, error) {
	hits := map[string]map[string]TextHit{}
	for _, tt := range q.TextTerms() {
		m, err := lookup(tt)
		if err != nil {
			return nil, fmt.Errorf("text:%s: %w", tt.Text, err)
		}
		hits[tt.Text] = m
	}
	return q.withTerms(func(t *term) {
		if t.qual != nil && t.qual.text {
			t.hits = hits[t.text]
			if t.hits == nil {
				t.hits = map[string]TextHit{}
			}
		}
	}), nil
}

// WithArchive returns q reading the archive's state of a URI's page from
// state, for its archive: terms; without it no page is archived. state is
// called from several goroutines at once.
func (q *Query) WithArchive(state func(uri string) ArchiveState) *Query {
	return q.withTerms(func(t *term) {
		if t.qual != nil && t.qual.archive {
			t.archive = state
		}
	})
}

// TextHit returns the best of the hits r's page is for q's text: terms
// that are not excluded (the one with the highest score), for showing its
// snippet; false if there is none.
func (q *Query) TextHit(r *ssd3.Record) (TextHit, bool) {
	var best TextHit
	found := false
	for i := range q.terms {
		t := &q.terms[i]
		if t.neg {
			continue
		}
		for _, a := range append([]term{*t}, t.alts...) {
			if a.qual == nil || !a.qual.text || a.neg {
				continue
			}
			if h, ok := a.textHit(r); ok && (!found || h.Score > best.Score) {
				best, found = h, true
			}
		}
	}
	return best, found
}

// textHit is r's page's hit for t, a text: term.
func (t *term) textHit(r *ssd3.Record) (TextHit, bool) {
	if len(t.hits) == 0 {
		return TextHit{}, false
	}
	uri := r.URI()
	if h, ok := t.hits[uri]; ok {
		return h, true // most URIs are their own key (URIKey(key) is key)
	}
	key := ssd3.URIKey(uri)
	if len(key) == len(uri) && key == uri {
		return TextHit{}, false // looked up already: no second lookup of a miss
	}
	h, ok := t.hits[key]
	return h, ok
}

// docHit is textHit of d's record, with the URI's key as d knows it.
func (t *term) docHit(d *doc) (TextHit, bool) {
	if !d.keyed || len(t.hits) == 0 {
		return t.textHit(d.rec)
	}
	key := d.key
	if key == "" {
		key = d.rec.URI()
	}
	h, ok := t.hits[key]
	return h, ok
}

// eachTerm calls f with each term of q, and each alternative of a
// disjunction.
func (q *Query) eachTerm(f func(*term)) {
	for i := range q.terms {
		f(&q.terms[i])
		for j := range q.terms[i].alts {
			f(&q.terms[i].alts[j])
		}
	}
}

// withTerms returns a copy of q whose terms (and alternatives) f has
// changed, q's own left as they were.
func (q *Query) withTerms(f func(*term)) *Query {
	c := *q
	c.terms = make([]term, len(q.terms))
	for i, t := range q.terms {
		if t.alts != nil {
			t.alts = append([]term(nil), t.alts...)
		}
		c.terms[i] = t
	}
	c.eachTerm(f)
	return &c
}
