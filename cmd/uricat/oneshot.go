package main

import (
	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/internal/gcpause"
)

// search opens the catalogue for a command that answers once and exits,
// and returns its valid records that q matches, in file order: what list
// and export --search show, found as the TUI finds them (catalogue/query).
func (e *env) search(q *query.Query) ([]*catalogue.Record, error) {
	gcpause.Off(e.catalogue) // it answers once and exits
	c, err := e.openReadOnly()
	if err != nil {
		return nil, err
	}
	return query.Filter(c.Valid(), q), nil
}
