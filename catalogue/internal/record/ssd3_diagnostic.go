package record

import (
	"strconv"

	"github.com/uricat/uricat/internal/display"
)

// Kind says what a diagnostic means: a catalogue's Error or Warning, or what
// an import or an export did (Skipped, Dropped, Deviation, Info). A Kind is
// an error, the one a Diagnostic wraps, so that errors.Is(d, Warning) tests
// a diagnostic's kind as it tests any sentinel.
type Kind int

const (
	// Error marks a field or record that does not conform and is not used.
	Error Kind = iota
	// Warning marks a deviation from SSD3 that uricat reads anyway, such as
	// LF line breaks.
	Warning
	// Skipped: a whole foreign record was not imported (the message says why).
	Skipped
	// Dropped: a value was left out of an imported or exported record.
	Dropped
	// Deviation: a foreign input departs from its spec, but was read anyway;
	// or an export writes a value otherwise than the record has it.
	Deviation
	// Info: worth telling, changes nothing (a Hina-Di Virtual entry, say).
	Info
)

// kindNames are the kinds as messages label them.
var kindNames = [...]string{"error", "warning", "skipped", "dropped", "deviation", "note"}

// String is the kind's label in messages: "error", "warning", "skipped",
// "dropped", "deviation" or "note".
func (k Kind) String() string {
	if k < 0 || int(k) >= len(kindNames) {
		return "kind " + strconv.Itoa(int(k))
	}
	return kindNames[k]
}

// Error makes a Kind an error, the sentinel a Diagnostic of that kind wraps.
func (k Kind) Error() string { return k.String() }

// Diagnostic is what uricat has to say about a catalogue, a foreign file it
// imports or a record it exports, with where it is: the file, a line
// (and column) or a byte offset, whichever the input has, and the field.
// It is an error that wraps its Kind and Cause. String formats it, in the one form
// every command and view shows.
type Diagnostic struct {
	File   string // the file, "" when not known or not worth saying
	Line   int    // 1-based; 0 when not known
	Column int    // 1-based, within Line; 0 when not known
	Offset int64  // 0-based byte offset, used when Line is 0; -1 when not known
	// Field is the field concerned, "" for a record or a file. Msg names
	// it itself, once, where it is worth naming; formatting does not put
	// Field before Msg ("NAME NAME must not be blank").
	Field string
	Kind  Kind
	Msg   string // may quote the input: display.Text makes it safe to show
	// Cause is what kind of problem it is, for errors.Is (ErrBareLine,
	// ErrFieldName...); nil when the reader did not find it.
	Cause error
}

// Where is the diagnostic's position: "FILE:LINE:COLUMN", "FILE:LINE" or
// "FILE:@OFFSET" when it has a file, else "line LINE, column COLUMN",
// "line LINE", "byte OFFSET" or "column COLUMN"; the file alone, or "",
// when the position is not known. It is safe to show (display.Text).
func (d Diagnostic) Where() string { return string(d.appendWhere(nil)) }

func (d Diagnostic) appendWhere(b []byte) []byte {
	file := display.Text(d.File)
	b = append(b, file...)
	switch {
	case d.Line > 0 && file != "":
		b = strconv.AppendInt(append(b, ':'), int64(d.Line), 10)
		if d.Column > 0 {
			b = strconv.AppendInt(append(b, ':'), int64(d.Column), 10)
		}
	case d.Line > 0:
		b = strconv.AppendInt(append(b, "line "...), int64(d.Line), 10)
		if d.Column > 0 {
			b = strconv.AppendInt(append(b, ", column "...), int64(d.Column), 10)
		}
	case d.Offset >= 0 && file != "":
		b = strconv.AppendInt(append(b, ":@"...), d.Offset, 10)
	case d.Offset >= 0:
		b = strconv.AppendInt(append(b, "byte "...), d.Offset, 10)
	case d.Column > 0 && file == "":
		// A view that shows the line apart (a record's problems under
		// its heading) clears it.
		b = strconv.AppendInt(append(b, "column "...), int64(d.Column), 10)
	}
	return b
}

// Message is the diagnostic without its position, "KIND: MESSAGE", safe to
// show (display.Text): for a view that shows the position apart.
func (d Diagnostic) Message() string { return string(d.appendMessage(nil)) }

func (d Diagnostic) appendMessage(b []byte) []byte {
	b = append(b, d.Kind.String()...)
	b = append(b, ": "...)
	return append(b, display.Text(d.Msg)...)
}

// String formats the diagnostic as "WHERE: KIND: MESSAGE" (Where, Message),
// or "KIND: MESSAGE" when its position is not known. Nothing from the input
// reaches the terminal as a control sequence (display.Text).
func (d Diagnostic) String() string {
	return string(d.Append(make([]byte, 0, len(d.File)+len(d.Msg)+32)))
}

// Append appends d, as String formats it, to b: for printing many without
// a string each.
func (d Diagnostic) Append(b []byte) []byte {
	n := len(b)
	b = d.appendWhere(b)
	if len(b) > n {
		b = append(b, ": "...)
	}
	return d.appendMessage(b)
}

// Error is String: a Diagnostic is an error that wraps its Kind.
func (d Diagnostic) Error() string { return d.String() }

// Unwrap returns the diagnostic's Kind and its Cause, for errors.Is.
func (d Diagnostic) Unwrap() []error {
	if d.Cause == nil {
		return []error{d.Kind}
	}
	return []error{d.Kind, d.Cause}
}

// In returns d in file: a reader of an io.Reader does not know its file's
// name, which the caller gives before showing d.
func (d Diagnostic) In(file string) Diagnostic {
	d.File = file
	return d
}
