package record

import (
	"strings"
)

// fieldLine returns the file line of the record's field name, or its first line.
func (r *Record) fieldLine(name string) int {
	n := r.Line()
	for line := range strings.SplitAfterSeq(r.Raw(), "\n") {
		if strings.HasPrefix(line, name+":") {
			return n
		}
		n++
	}
	return r.Line()
}

// Reparse reads a rendered record back, so that what the catalogue holds
// is exactly what the file will hold.
//
// line is the line the record it replaces starts at, 0 for a new record:
// its problems are numbered from there (from 1 for a new record), and the
// record keeps that line until a save says where it is now (Saved).
func Reparse(text string, line int) *Record {
	r := parseRecord(text, max(line, 1), nil)
	r.line = int32(line)
	return r
}

// Render writes rec as record text. Lines of the original text that uricat
// did not use are kept where they were; used fields get their new values in
// their old places, and new fields follow in the order of the spec's example.
func Render(rec *Record) string {
	var b strings.Builder
	var done uint16
	var doneX []string
	for line := range strings.SplitAfterSeq(rec.Raw(), "\n") {
		content := trimEOL(line)
		if content == "" {
			continue
		}
		// The first line of each field takes the record's value; a line
		// uricat could not use stays as it was unless the value replaces it.
		f := parseField(content, nil, 0, nil)
		if s := f.spec; s != nil && done&s.bit == 0 {
			done |= s.bit
			if s.Get(rec) != "" {
				writeField(&b, rec, s)
				continue
			}
			if f.problem == nil && rec.accepted&s.bit != 0 {
				continue // cleared
			}
		} else if strings.HasPrefix(f.name, "X-") && !contains(doneX, f.name) {
			doneX = append(doneX, f.name)
			if v := rec.Extension(f.name); v != "" {
				writeLine(&b, f.name, EncodeText(v))
				continue
			}
			if f.problem == nil {
				continue // removed
			}
		}
		writeLine(&b, "", content)
	}
	for i := range Fields {
		if f := &Fields[i]; done&f.bit == 0 {
			writeField(&b, rec, f)
		}
	}
	for _, x := range rec.Extensions() {
		if !contains(doneX, x.Name) {
			writeLine(&b, x.Name, EncodeText(x.Value))
		}
	}
	return b.String()
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// writeField writes rec's value of the standard field f, if it has one.
func writeField(b *strings.Builder, rec *Record, f *FieldSpec) {
	v := f.Get(rec)
	if f.Text {
		v = EncodeText(v)
	}
	if v != "" {
		writeLine(b, f.Name, v)
	}
}

func writeLine(b *strings.Builder, name, value string) {
	if name != "" {
		b.WriteString(name)
		b.WriteString(": ")
	}
	b.WriteString(value)
	b.WriteString("\r\n")
}
