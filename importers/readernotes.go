package importers

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// ReaderNotes gathers what a reader says about the file it reads: a Reader
// embeds it for its Diagnostics. Note adds a diagnostic; Finish (or
// FinishNamed) finishes a record and reports it; End, at the end of the
// file, says once how many records had no date. The zero ReaderNotes is
// ready to use.
type ReaderNotes struct {
	diags  []ssd3.Diagnostic
	noDate int  // records Finish gave a date
	ended  bool // End has been called
	// cuts are the CATEGORYs given whole that the bound cut, as cut: a
	// file that gives the same long one on each record (a CSV's folder
	// column) is told once, and its records share one string.
	cuts map[string]string
	// pos are where the records finished and not yet asked about were
	// (Position), oldest first, at most maxPositions of them.
	pos []Position
}

// Position is where a reader found a record: the line and byte offset
// of a diagnostic about it (0 and -1 where the format has none), and
// where, the words that name it where there are none ("moz_bookmarks id
// 42: ").
type Position struct {
	rec    *ssd3.Record
	Line   int
	Offset int64
	Where  string
}

// Positioner is what a Reader also is when it can say where the records
// it returns were: Position returns it for the record Read last returned,
// or false. Plan names a duplicate it leaves out by it.
type Positioner interface {
	Position(rec *ssd3.Record) (Position, bool)
}

// maxPositions is how many positions ReaderNotes keeps for records not
// yet asked about: a reader holds back a few records at most, and one
// read without Plan keeps no more than these.
const maxPositions = 256

// maxCutKey is the longest CATEGORY that ReaderNotes remembers the cut
// of, so that what it holds stays small (maxMemo of them at most); a
// longer one is told on each record that has it, as each has its own.
const maxCutKey = 16 << 10

// Note adds a diagnostic at (line, offset): line 0 or offset -1 where the
// format has no lines or the reader no offsets.
func (n *ReaderNotes) Note(line int, offset int64, kind ssd3.Kind, format string, a ...any) {
	n.diags = append(n.diags, ssd3.Diagnostic{Line: line, Offset: offset, Kind: kind, Msg: fmt.Sprintf(format, a...)})
}

// Diagnostics returns the diagnostics gathered since the last call.
func (n *ReaderNotes) Diagnostics() []ssd3.Diagnostic {
	d := n.diags
	n.diags = nil
	return d
}

// Add adds diagnostics made elsewhere: a reader that holds some back to
// tell them in the file's order.
func (n *ReaderNotes) Add(d ...ssd3.Diagnostic) {
	n.diags = append(n.diags, d...)
}

// Finish makes rec, read at (line, offset), fit the catalogue (Finish) and
// returns it, with notes, what the reader left out of it, reported as
// dropped; or returns nil, reporting why, for a record that cannot be
// imported, whose notes then do not matter.
func (n *ReaderNotes) Finish(rec *ssd3.Record, opts Options, line int, offset int64, notes []string) *ssd3.Record {
	return n.FinishNamed(rec, opts, line, offset, "", notes)
}

// FinishNamed is Finish for a format that says which record a message is
// about by name (a row's id, a folder path) where it has no line to give:
// where starts each of the record's messages, notes and Finish's alike.
func (n *ReaderNotes) FinishNamed(rec *ssd3.Record, opts Options, line int, offset int64, where string, notes []string) *ssd3.Record {
	dateless := rec.Date().IsZero()
	raw := rec.Category()
	cut, told := n.cuts[raw]
	if told {
		rec.SetCategory(cut) // within the bound: Finish says nothing of it
	}
	diags, ok := Finish(rec, opts, line, offset)
	if !told && len(raw) > MaxFolderName && len(raw) <= maxCutKey && rec.Category() != raw {
		if n.cuts == nil || len(n.cuts) >= maxMemo {
			n.cuts = map[string]string{}
		}
		n.cuts[raw] = rec.Category()
	}
	for i := range diags {
		diags[i].Msg = where + diags[i].Msg
	}
	if !ok {
		n.diags = append(n.diags, diags...)
		return nil
	}
	for _, s := range notes {
		n.Note(line, offset, ssd3.Dropped, "%s%s", where, s)
	}
	n.diags = append(n.diags, diags...)
	if dateless {
		n.noDate++
	}
	if len(n.pos) == maxPositions {
		// The oldest half goes at once: a reader never asked keeps
		// finishing records, and each costs one copy, not maxPositions.
		n.pos = append(n.pos[:0], n.pos[maxPositions/2:]...)
	}
	n.pos = append(n.pos, Position{rec: rec, Line: line, Offset: offset, Where: where})
	return rec
}

// Position returns where the record rec, which FinishNamed finished, was,
// and forgets it and those finished before it: a Reader that embeds or
// holds ReaderNotes is a Positioner through it.
func (n *ReaderNotes) Position(rec *ssd3.Record) (Position, bool) {
	for i, p := range n.pos {
		if p.rec == rec {
			p.rec = nil
			n.pos = append(n.pos[:0], n.pos[i+1:]...)
			return p, true
		}
	}
	return Position{}, false
}

// End ends the file: the first call says what date the records without one
// got (noDateNote), if any had none; later calls do nothing. It is the one
// place that says it: a reader that never calls End says nothing of them.
func (n *ReaderNotes) End(opts Options) {
	if n.ended {
		return
	}
	n.ended = true
	if n.noDate > 0 {
		n.diags = append(n.diags, noDateNote(n.noDate, opts))
	}
}

// JSONError says where the error err of the JSON decoder dec is and what it
// is, for a diagnostic: a syntax error's offset, else the decoder's; and
// for a file that ends inside a value, that it may have been cut short
// (cut is true then: the offset may be short of the file's end).
func JSONError(dec *json.Decoder, err error) (offset int64, msg string, cut bool) {
	offset = dec.InputOffset()
	var se *json.SyntaxError
	if errors.As(err, &se) {
		offset = se.Offset
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return offset, "the file ends in the middle of the array: it may have been cut short", true
	}
	return offset, err.Error(), false
}

// JSONKind names the kind of a JSON value, for a message ("a JSON
// string, not an object"): a value as Unmarshal gives it into an any, or
// a Decoder's Token (a Delim for the start of an object or an array).
func JSONKind(v any) string {
	switch v := v.(type) {
	case json.Delim:
		if v == '[' || v == ']' {
			return "array"
		}
		return "object"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	case string:
		return "string"
	case float64, json.Number:
		return "number"
	case bool:
		return "boolean"
	}
	return "null"
}
