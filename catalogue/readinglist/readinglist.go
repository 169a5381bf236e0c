// Package readinglist is uricat's reading list: the records marked to read
// (ssd3.FieldToRead with ssd3.ToReadMark), the edits that mark and unmark
// them, and the queue, oldest first. The CLI (uricat later, set
// --to-read/--read) and the TUI (l, the reading list screen) both use it,
// so that a record is marked the same way wherever it is marked.
//
// Marking and unmarking are catalogue.SetMany edits like any other: they
// undo as one step, and each record they change is amended, so its DATE
// becomes now (SSD3 3.3 "last amended") and the time it was added is kept
// as X-ADDED.
package readinglist

import (
	"slices"
	"strings"
	"time"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// WordsPerMinute is the reading speed ReadingTime assumes, a common
// figure for adults reading prose on a screen.
const WordsPerMinute = 230

// Field is the field a Set (or an Add) gives a record to put it on the
// reading list (toRead) or to take it off: ssd3.FieldToRead with the mark,
// or cleared, since absence is the one way the catalogue says "read".
func Field(toRead bool) ssd3.Field {
	if toRead {
		return ssd3.Field{Name: ssd3.FieldToRead, Value: ssd3.ToReadMark}
	}
	return ssd3.Field{Name: ssd3.FieldToRead, Value: ""}
}

// Mark is the edit that puts the records refs on the reading list. A
// record on it already is left as it is; if every one is, Apply returns
// catalogue.ErrUnchanged.
func Mark(refs []catalogue.Ref) catalogue.Edit {
	return catalogue.SetMany{Refs: refs, Fields: []ssd3.Field{Field(true)}}
}

// Unmark is the edit that takes the records refs off the reading list,
// whatever their FieldToRead's value was.
func Unmark(refs []catalogue.Ref) catalogue.Edit {
	return catalogue.SetMany{Refs: refs, Fields: []ssd3.Field{Field(false)}}
}

// Toggle is the edit of the l key: if any of recs is not on the reading
// list, all are put on it; if all are, all are taken off. It reports which
// it does (true: marked).
func Toggle(recs []*ssd3.Record) (catalogue.Edit, bool) {
	refs := make([]catalogue.Ref, len(recs))
	all := true
	for i, r := range recs {
		refs[i] = r.Ref()
		all = all && ssd3.ToRead(r)
	}
	if all && len(recs) > 0 {
		return Unmark(refs), false
	}
	return Mark(refs), true
}

// Queue returns the records of recs on the reading list, oldest first by
// when they were added (Record.Added: X-ADDED, else DATE), records added at the same time in
// the order of recs. recs is left as it is.
func Queue(recs []*ssd3.Record) []*ssd3.Record {
	var out []*ssd3.Record
	for _, r := range recs {
		if ssd3.ToRead(r) {
			out = append(out, r)
		}
	}
	slices.SortStableFunc(out, func(a, b *ssd3.Record) int {
		return a.Added().Compare(b.Added())
	})
	return out
}

// ReadingTime is how long text takes to read at WordsPerMinute, rounded
// up to a whole minute; 0 for a text without words.
func ReadingTime(text string) time.Duration {
	return ReadingTimeWords(len(strings.Fields(text)))
}

// BytesPerWord is the average length of a word and the space after it in
// English prose, for ReadingTimeBytes.
const BytesPerWord = 6

// ReadingTimeBytes is ReadingTime of a text of n bytes, for a page whose
// length the archive knows without reading its text.
func ReadingTimeBytes(n int) time.Duration {
	return ReadingTimeWords((n + BytesPerWord - 1) / BytesPerWord)
}

// ReadingTimeWords is ReadingTime of a text of words words.
func ReadingTimeWords(words int) time.Duration {
	if words <= 0 {
		return 0
	}
	return time.Duration((words+WordsPerMinute-1)/WordsPerMinute) * time.Minute
}
