package importers

import (
	"fmt"
	"time"

	"github.com/uricat/uricat/catalogue"
)

// Reporter is implemented by a Writer that can say, after Close, what of
// its records the format could not carry as they were: an export never
// drops or changes a value without saying so.
type Reporter interface {
	Report() []Diagnostic
}

// Losses gathers what a writer could not carry, one diagnostic per kind of
// loss however many records it touched: a count and the first record's URI.
// The zero value is ready to use.
type Losses struct {
	order []string
	byMsg map[string]*loss
}

type loss struct {
	n           int
	first, last string
}

// Add counts one record (named by uri) that lost what msg says. msg is the
// same text for every record of a kind ("RATING left out: ..."), so that a
// million records make one line; a record counts once however many of its
// values lost it (records are added one after the other).
func (l *Losses) Add(msg, uri string) {
	if l.byMsg == nil {
		l.byMsg = make(map[string]*loss)
	}
	if x, ok := l.byMsg[msg]; ok {
		if x.last != uri {
			x.n++
			x.last = uri
		}
		return
	}
	l.byMsg[msg] = &loss{n: 1, first: uri, last: uri}
	l.order = append(l.order, msg)
}

// Report returns one Dropped diagnostic per kind of loss, in the order they
// were first seen: "MSG: 3 records, the first <URI>".
func (l *Losses) Report() []Diagnostic {
	var ds []Diagnostic
	for _, msg := range l.order {
		x := l.byMsg[msg]
		what := "1 record, <" + x.first + ">"
		if x.n > 1 {
			what = fmt.Sprintf("%d records, the first <%s>", x.n, x.first)
		}
		ds = append(ds, Diagnostic{Offset: -1, Kind: Dropped, Msg: msg + ": " + what})
	}
	return ds
}

// FallbackDate is the DATE that Finish gives a record that has none, and
// what that date is, for messages: the file's date, else the import's.
func FallbackDate(opts Options) (time.Time, string) {
	switch {
	case !opts.FileDate.IsZero():
		return opts.FileDate.UTC().Truncate(time.Second), "the file's date"
	case !opts.Now.IsZero():
		return opts.Now.UTC().Truncate(time.Second), "the time of the import"
	}
	return time.Now().UTC().Truncate(time.Second), "the time of the import"
}

// NoDateNote is the one diagnostic a reader gives, at the end of a file,
// for the n bookmarks that had no date of their own: SSD3 3.3 requires
// one, and the one Finish gives them is worth saying once, not n times.
func NoDateNote(n int, opts Options) Diagnostic {
	t, what := FallbackDate(opts)
	noun := "bookmarks"
	if n == 1 {
		noun = "bookmark"
	}
	return Diagnostic{Offset: -1, Kind: Info,
		Msg: fmt.Sprintf("%d %s had no date: DATE set to %s, %s (SSD3 3.3 requires one)", n, noun, what, catalogue.FormatDate(t))}
}
