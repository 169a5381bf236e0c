package main

import (
	"github.com/uricat/uricat/catalogue/linkset"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/gcpause"
	"github.com/uricat/uricat/internal/linkcheck"
)

// search opens the catalogue for a command that answers once and exits,
// and returns its valid records that q matches, in file order: what list
// and export --search show, found as the TUI finds them (catalogue/query).
func (e *env) search(q *query.Query) ([]*ssd3.Record, error) {
	recs, _, err := e.searchAnswered(q)
	return recs, err
}

// searchAnswered is search, also returning q as answered: with the link
// checks' results and what the archive knows (withArchive), for ranking
// by text: terms and their snippets.
func (e *env) searchAnswered(q *query.Query) ([]*ssd3.Record, *query.Query, error) {
	gcpause.Off(e.catalogue) // it answers once and exits
	q, err := e.withLinks(q)
	if err == nil {
		q, err = e.withArchive(q)
	}
	if err != nil {
		return nil, nil, err
	}
	// Read holding only the records q matches (most are not): each is
	// matched as it is read, on every CPU, and the others cost nothing
	// more than their check. Filter then runs on the few held, as the
	// whole catalogue's search would (and alone sees them all for dup:).
	var wanted func() func(*ssd3.Record) bool
	if !q.Empty() && q.Matcher() != nil {
		wanted = q.Matcher
	}
	c, err := e.openReadOnlyWhere(wanted)
	if err != nil {
		return nil, nil, err
	}
	return query.Filter(c.Valid(), q), q, nil
}

// withLinks gives q the results of `uricat links` if it has a link: term
// (else it is q): they are kept beside the catalogue, not in it.
func (e *env) withLinks(q *query.Query) (*query.Query, error) {
	if !q.HasLink() {
		return q, nil
	}
	state, err := e.linkState()
	if err != nil {
		return nil, refused(err)
	}
	return q.WithLinks(state.StatusOf), nil
}

// linkState returns the results of `uricat links`, read once a command.
func (e *env) linkState() (*linkcheck.State, error) {
	if e.links == nil {
		state, err := linkset.LoadState(e.linkStatePath())
		if err != nil {
			return nil, err
		}
		e.links = state
	}
	return e.links, nil
}
