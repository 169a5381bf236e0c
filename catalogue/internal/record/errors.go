package record

import "errors"

// The kinds of problem the reader finds, each a Diagnostic's Cause, which
// errors.Is tests (through a Diagnostic, or ssd3's ParseError).
var (
	// ErrBareLine: a line that is not a field, "NAME: value" (2.1.2).
	ErrBareLine = errors.New("line is not a field")
	// ErrFieldName: a field's name is missing, holds a byte 2.1.3 does not
	// allow, or is not one SSD3 defines and does not start with "X-" (2.2).
	ErrFieldName = errors.New("bad field name")
	// ErrNotASCII: a value holds a byte 2.1.1 forbids (a control
	// character, DEL, or a byte that is not ASCII).
	ErrNotASCII = errors.New("byte not allowed in a catalogue")
	// ErrFieldSyntax: the colon is not followed by one space, or the value
	// is empty (2.1.2, 2.2).
	ErrFieldSyntax = errors.New("bad field syntax")
	// ErrValue: a value its field's rules refuse (section 3), or an
	// encoded-word that cannot be decoded.
	ErrValue = errors.New("invalid value")
	// ErrDuplicate: a field that appears twice in a record (2.2).
	ErrDuplicate = errors.New("field appears twice")
	// ErrMissing: a required field that a record lacks or holds only an
	// invalid value of (2.2).
	ErrMissing = errors.New("required field missing")
	// ErrBlankLine: blank lines where 2.1.2 wants none, or a blank line
	// that holds white space.
	ErrBlankLine = errors.New("misplaced blank line")
	// ErrLineBreak: lines that end in LF alone (2.1.2 asks for CRLF).
	ErrLineBreak = errors.New("line ends in LF alone")
)
