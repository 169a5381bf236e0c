package importers

import (
	"io"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// Ready is the queue a streaming reader returns its records from: a step
// of its parse may make none, one or several (a folder's end, a tag that
// closes two bookmarks), and Read hands them out one by one. The zero
// Ready is ready to use.
type Ready struct {
	recs []*ssd3.Record
	done bool
}

// Add queues rec, made by a step of the parse.
func (q *Ready) Add(rec *ssd3.Record) { q.recs = append(q.recs, rec) }

// End says the input is over: Next calls no more steps, and gives
// io.EOF once the records queued are out.
func (q *Ready) End() { q.done = true }

// Len is how many records wait in the queue.
func (q *Ready) Len() int { return len(q.recs) }

// Next returns the oldest record queued, calling step until one is or the
// input ends (End); then io.EOF. An error of step ends the input and is
// returned: a reader's errors are I/O errors, after which it reads no more.
func (q *Ready) Next(step func() error) (*ssd3.Record, error) {
	for len(q.recs) == 0 && !q.done {
		if err := step(); err != nil {
			q.done = true
			return nil, err
		}
	}
	if len(q.recs) == 0 {
		return nil, io.EOF
	}
	rec := q.recs[0]
	// Let the record go with the caller: the slice's array outlives it.
	q.recs[0] = nil
	q.recs = q.recs[1:]
	return rec, nil
}
