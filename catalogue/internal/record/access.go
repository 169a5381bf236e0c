package record

import (
	"strings"
)

// What only the catalogue may do to a record: functions, not methods, so
// that a user of package ssd3, which aliases Record, cannot call them.

// SetRef gives r the identity ref.
func SetRef(r *Record, ref Ref) { r.ref = ref }

// AllowDup reports whether r was added with Add.AllowDuplicates: a merge
// keeps it whatever the file holds.
func AllowDup(r *Record) bool { return r.allowDup }

// SetAllowDup sets what AllowDup reports.
func SetAllowDup(r *Record, v bool) { r.allowDup = v }

// SetIdentity gives r the identity of from (its Ref and AllowDup): r is
// a new version of from.
func SetIdentity(r, from *Record) { r.ref, r.allowDup = from.ref, from.allowDup }

// Sep returns the blank lines before r in the file.
func Sep(r *Record) string { return r.sep() }

// SepTail returns how many bytes of Sep were the file's last blank lines
// when r was added.
func SepTail(r *Record) int { return r.sepTail() }

// SetSep sets the blank lines before r, and how many of their bytes were
// the file's last blank lines when it was added.
func SetSep(r *Record, sep string, tail int) { r.setSep(sep, tail) }

// Packed returns r's text packed (see packLine): two records' texts are
// equal if and only if their packed texts are.
func Packed(r *Record) string { return r.raw }

// AppendRaw appends r's text as the file holds it (Raw) to dst.
func AppendRaw(dst []byte, r *Record) []byte { return appendRaw(dst, r.raw) }

// Forget makes r a record of its values alone, as one not read from any
// file: no text, separator, problems, line or identity.
func Forget(r *Record) { r.forget() }

// AtLine returns a copy of r that says it starts at line of the file, as
// do its problems.
func AtLine(r *Record, line int) *Record { return r.atLine(line) }

// AddProblem adds d to r's problems.
func AddProblem(r *Record, d Diagnostic) { r.addProblem(d) }

// FieldLine returns the file line of r's field name, or r's first line.
func FieldLine(r *Record, name string) int { return r.fieldLine(name) }

// Unaccept makes the standard field name of r one not taken from the
// file, as for a value the catalogue refused after reading it.
func Unaccept(r *Record, name string) { r.accepted &^= bitOf(name) }

// PackText returns text packed as a record's text is packed, spans aside,
// a line at a time and knowing no field: what the reader's packing, which
// knows each line's field, must match (the tests' reference).
func PackText(text string) string {
	var r Record
	p := newPacker(text, len(text), nil)
	for line := range strings.Lines(text) {
		p.add(line, nil)
	}
	p.finish(&r)
	return r.raw
}
