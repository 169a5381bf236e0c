package main

import (
	"os"
	"runtime/debug"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/query"
)

// search opens the catalogue for a command that answers once and exits,
// and returns its valid records that q matches, in file order: what list
// and export --search show, found as the TUI finds them (catalogue/query).
func (e *env) search(q *query.Query) ([]*catalogue.Record, error) {
	oneShot(e.catalogue)
	c, err := e.open(true)
	if err != nil {
		return nil, err
	}
	return query.Filter(c.Valid(), q), nil
}

// oneShot tunes the garbage collector for a command that reads the
// catalogue at path, answers and exits (list, export): collecting garbage
// the exit frees anyway cost a third of `list --search` on 10,000 records.
// The collector stays off until the heap nears a limit that grows with
// the file, so a large catalogue is still collected rather than doubling
// its memory.
func oneShot(path string) {
	var size int64
	if info, err := os.Stat(path); err == nil {
		size = info.Size()
	}
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(256<<20 + 3*size)
}
