package main

import (
	"fmt"
	"strings"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/printable"
)

// fieldLines returns rec's fields as "NAME: value" lines, in the order of
// catalogue.FieldNames, for show and edit: text as it reads, except a value
// a line cannot hold, or one a terminal could take for a control sequence,
// which is written as the file writes it (RFC 2047 encoded-words) and read
// back by parseFieldLines.
func fieldLines(rec *ssd3.Record) []string {
	names := ssd3.FieldNames(rec)
	lines := make([]string, len(names))
	for i, name := range names {
		v := ssd3.GetField(rec, name)
		if isText(name) && (display.Clean(v) != v || strings.ContainsAny(v, "\n\t") || strings.Contains(v, "=?")) {
			v = ssd3.EncodeText(v)
		}
		lines[i] = name + ": " + v
	}
	return lines
}

// shownLines returns rec's fields as show prints them for people, "NAME:
// value" lines in the order of catalogue.FieldNames: each value as it
// reads (display.Lines: control characters and escape sequences
// left out, bidirectional and zero-width characters shown as markers), the
// lines of a multi-line value indented under its first. edit's buffer,
// which must read back, is fieldLines'.
//
// A required field whose value is invalid (SSD3 2.2: the record is not
// used) is shown as the file has it, marked, rather than left out: the
// user sees what to fix.
func shownLines(rec *ssd3.Record) []string {
	var lines []string
	for _, f := range ssd3.Fields {
		v, used := ssd3.StoredValue(rec, f.Name)
		switch {
		case v == "":
			continue
		case used:
			v = display.Lines(v)
		case !f.Required:
			continue // an optional field's problems say it all
		default:
			v = display.Text(v) + invalidMark
		}
		lines = append(lines, f.Name+": "+strings.ReplaceAll(v, "\n", "\n  "))
	}
	for _, x := range rec.Extensions() {
		lines = append(lines, x.Name+": "+strings.ReplaceAll(display.Lines(x.Value), "\n", "\n  "))
	}
	return lines
}

// invalidMark follows a value shown as the file has it, which is invalid.
const invalidMark = "  ⟨invalid: not used⟩"

// hiddenText says of each field of rec whose text is not shown as it is
// what show, list and the TUI hide or mark: control characters and escape
// sequences, which they leave out (a terminal would obey them), and
// bidirectional and zero-width characters, which they show as markers
// (they would reorder or hide the text around them). The file keeps them
// all; check and show say so.
func hiddenText(rec *ssd3.Record) []ssd3.Diagnostic {
	var notes []ssd3.Diagnostic
	note := func(name, v string) {
		if plainText(v) { // most values: nothing to say, told at a glance
			return
		}
		_, dropped := importers.SafeText(v)
		marked := display.HasInvisible(v)
		var what string
		switch {
		case dropped && marked:
			what = "control characters or escape sequences, not shown, and bidirectional, zero-width or other invisible characters, shown as ⟨U+…⟩"
		case dropped:
			what = "control characters or escape sequences, not shown"
		case marked:
			what = "bidirectional, zero-width or other invisible characters, which would reorder or hide the text around them; shown as ⟨U+…⟩"
		default:
			return
		}
		notes = append(notes, ssd3.Diagnostic{Line: rec.Line(), Offset: -1, Field: name, Kind: ssd3.Info,
			Msg: fmt.Sprintf("%s holds %s: %q", name, what, importers.Excerpt(v))})
	}
	// Only text can hold them: a record holds the other fields' values
	// only when they are valid (check runs this for every record).
	for i := range ssd3.Fields {
		if f := &ssd3.Fields[i]; f.Text { // not a copy of each field's spec
			note(f.Name, f.Get(rec))
		}
	}
	for _, x := range rec.Extensions() {
		note(x.Name, x.Value)
	}
	return notes
}

// plainText reports whether v is printable ASCII, tabs and line feeds,
// which hiddenText has nothing to say of (importers.SafeText keeps it as
// it is, and display.HasInvisible finds nothing in ASCII): check asks it
// of every text value, eight bytes at a time.
func plainText(v string) bool {
	i := 0
	for i+8 <= len(v) && printable.Word(printable.Load(v, i)) {
		i += 8
	}
	for ; i < len(v); i++ {
		if c := v[i]; c >= 0x7f || c < 0x20 && c != '\n' && c != '\t' {
			return false
		}
	}
	return true
}

// isText reports whether the field name holds text, which may be written
// as encoded-words: NAME, CATEGORY, DESCRIPTION and the X- fields.
func isText(name string) bool {
	if f, ok := ssd3.LookupField(name); ok {
		return f.Text
	}
	return true
}

// parseFieldLines reads "NAME: value" lines (those fieldLines writes,
// edited) into a new record: blank lines and lines that start with "#" are
// left out, and so is a field with an empty value. It returns every
// problem, each quoting its line or naming its field; the record only when
// there is none.
func parseFieldLines(text string) (*ssd3.Record, []string) {
	rec := &ssd3.Record{}
	var errs []string
	seen := map[string]bool{}
	for line := range strings.SplitSeq(text, "\n") {
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			errs = append(errs, fmt.Sprintf("%q is not a field: write NAME: value", line))
			continue
		}
		if seen[name] {
			errs = append(errs, fmt.Sprintf("%s is there twice: a record has each field once (SSD3 2.2)", name))
			continue
		}
		seen[name] = true
		value = strings.TrimPrefix(value, " ")
		if value == "" {
			continue // an empty field is no field (2.2)
		}
		if isText(name) {
			v, err := ssd3.DecodeText(value)
			if err != nil {
				errs = append(errs, fmt.Sprintf("%s: %v", name, err))
				continue
			}
			value = v
		}
		if err := ssd3.SetField(rec, name, value); err != nil {
			errs = append(errs, err.Error())
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return rec, nil
}
