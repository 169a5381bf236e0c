package record

import (
	"slices"
	"strings"
)

// SameValues reports whether a and b have the same value for every field,
// standard and X-, in the same order.
func SameValues(a, b *Record) bool {
	for _, f := range Fields {
		if f.Get(a) != f.Get(b) {
			return false
		}
	}
	return slices.Equal(a.Extensions(), b.Extensions())
}

// ReadOne reads the record data holds, as the pieces of a file are read:
// the blank lines before it, then its lines, then nothing. line lines of
// the file come before data, and after says whether a record ended where
// data starts. The record holds nothing of data's memory. It is nil when
// data holds only blank lines (what follows the file's last record).
// The reader holds what was found beside the record (see JoinReaders).
func ReadOne(data []byte, line int, after bool, cache *ValueCache) (*Record, *PieceReader) {
	rd := newPieceReader(data, 0, len(data), line, after)
	defer rd.detach()
	rr, err := rd.next()
	if err != nil { // only io.EOF: blank lines alone
		return nil, rd
	}
	rec := new(Record)
	rd.done(parseRecordInto(rec, rr.text, rr.first, parseHow{cache: cache, end: atBlankLine}))
	rec.setSep(strings.Clone(rr.sep), 0)
	return rec, rd
}

// ValueCache remembers the verdicts on values that records repeat, for a
// reader of many records (see valueCache).
type ValueCache = valueCache

// NewValueCache returns an empty ValueCache.
func NewValueCache() *ValueCache { return newValueCache() }

// Join adds what b, the reader of the piece after r's, found between and
// after records to r, as JoinReaders does.
func (r *PieceReader) Join(b *PieceReader) {
	r.probs = append(r.probs, b.probs...)
	if r.lf == 0 {
		r.firstLF = b.firstLF
	}
	r.lf += b.lf
	r.pending = b.pending
}

// Text returns r's text as a file should hold it: the text it was read
// from, byte for byte, while its values are still those of that text;
// else the text rendered from its values (Render), as an edit writes it.
func Text(r *Record) string {
	raw := r.Raw()
	if raw != "" && SameValues(r, parseRecord(raw, 1, nil)) {
		return raw
	}
	return Render(r)
}

// IsBlankLine reports whether line, with its line break, is blank: empty,
// or spaces and tabs only (which a reader reports). A blank line ends a
// record (2.1.2).
func IsBlankLine(line []byte) bool { return isBlank(trimEOL(line)) }

// SepBefore returns what to write before a record whose blank lines
// before it are sep, after a record if after, when the last byte written
// is last ('\n' at the start): a record after another needs a blank line,
// and never joins the line before it.
func SepBefore(sep string, after bool, last byte) string {
	if after && strings.Count(sep, "\n") == 0 {
		sep += "\r\n"
	}
	if last != '\n' {
		sep = "\r\n" + sep
	}
	return sep
}
