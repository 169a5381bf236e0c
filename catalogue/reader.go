package catalogue

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"strings"
	"time"
	"unsafe"
)

// stdBit numbers the standard fields for the per-record bit masks; 0 for
// any other name. A switch, not a map: it runs for every line of a file.
func stdBit(name string) uint16 {
	switch name {
	case FieldURI:
		return 1 << 0
	case FieldName:
		return 1 << 1
	case FieldDate:
		return 1 << 2
	case FieldCategory:
		return 1 << 3
	case FieldDescription:
		return 1 << 4
	case FieldRating:
		return 1 << 5
	case FieldLanguage:
		return 1 << 6
	case FieldType:
		return 1 << 7
	case FieldID:
		return 1 << 8
	}
	return 0
}

const requiredFields = 1<<0 | 1<<1 | 1<<2

// reader splits a URI-Catalogue held in memory into records, one at a
// time, keeping line numbers. It never stops at a bad record: what is
// wrong goes in the record's Problems, and it goes on. Read and Open read
// a whole file into memory first: records are substrings of it, and are
// parsed on several cores.
type reader struct {
	data    []byte // the whole input
	src     string // data as a string: records are substrings of it
	off     int    // bytes read so far
	line    int    // lines read so far
	pending string // blank lines read since the last record
	lines   int    // lines of the record being read
	lf      int    // lines ended by LF alone
	firstLF int
	records int
	probs   []Problem
	err     error
	cache   *valueCache
}

// valueCache remembers the verdicts on LANGUAGE and TYPE values, which a
// catalogue repeats from record to record and which are costly to parse.
type valueCache struct {
	lang, typ map[string]error
}

const valueCacheSize = 512

func newValueCache() *valueCache {
	return &valueCache{lang: map[string]error{}, typ: map[string]error{}}
}

func (vc *valueCache) check(field, v string) error {
	validate, m := ValidateLanguage, map[string]error(nil)
	if field == FieldType {
		validate = ValidateType
	}
	if vc != nil {
		m = vc.lang
		if field == FieldType {
			m = vc.typ
		}
		if err, ok := m[v]; ok {
			return err
		}
	}
	err := validate(v)
	if m != nil && len(m) < valueCacheSize {
		m[v] = err
	}
	return err
}

// newMemoryReader returns a reader over data, which it must own: the
// records it returns are substrings of data, not copies, so a catalogue
// costs its file's size once.
func newMemoryReader(data []byte) *reader {
	return &reader{data: data, src: unsafe.String(unsafe.SliceData(data), len(data)), cache: newValueCache()}
}

// rawRecord is a record's text as split from the file, not yet parsed.
type rawRecord struct {
	raw   string // its lines with their line breaks
	sep   string // the blank lines before it
	first int    // the file line of its first line
}

// next splits the next record from the input, or returns io.EOF after
// the last: the cheap, sequential part of reading, so that Open can parse
// records on several cores.
func (r *reader) next() (rawRecord, error) {
	if r.err != nil {
		return rawRecord{}, r.err
	}
	r.lines = 0
	first := 0
	// The blank lines before the record began with the pending one, which
	// was the last line read. They and the record are substrings.
	sepStart, recStart, recEnd := r.off-len(r.pending), 0, 0
	r.pending = ""
	for {
		lineStart := r.off
		line, err := r.readLine()
		if len(line) > 0 {
			r.line++
			content := trimEOL(line)
			if len(content) == 0 || isSpaceOnly(content) {
				if r.lines > 0 {
					r.pending = r.src[lineStart:r.off]
					r.noteBlank(content, r.line)
					break
				}
				if len(content) > 0 {
					r.noteBlank(content, r.line)
				}
				continue
			}
			if r.lines == 0 {
				first, recStart = r.line, lineStart
			}
			r.lines++
			recEnd = r.off
		}
		if err != nil { // io.EOF: memory holds nothing more
			r.err = io.EOF
			if r.lines == 0 {
				r.pending = r.src[sepStart:r.off]
				if r.pending != "" {
					r.probs = append(r.probs, Problem{Line: r.line, Msg: "blank line after the last record (2.1.2: blank lines only separate records)", Severity: Warning})
				}
				return rawRecord{}, io.EOF
			}
			break
		}
	}
	prefix, raw := r.src[sepStart:recStart], r.src[recStart:recEnd]
	// Blank lines are counted from the previous record's end: the first one is
	// the separator the spec asks for, and any more are a deviation.
	extra := strings.Count(prefix, "\n")
	if r.records > 0 {
		extra--
	}
	if extra > 0 {
		what := "extra blank line"
		if r.records == 0 {
			what = "blank line before the first record"
		}
		r.probs = append(r.probs, Problem{Line: first - 1, Msg: fmt.Sprintf("%s (2.1.2: records are separated by one blank line)", what), Severity: Warning})
	}
	r.records++
	return rawRecord{raw: raw, sep: prefix, first: first}, nil
}

// Trailer returns what followed the last record (blank lines), once next
// has returned io.EOF, so that a writer can put it back.
func (r *reader) Trailer() string { return r.pending }

// Problems returns the problems of the file as a whole, rather than of one
// record: line breaks that are LF alone, and extra blank lines.
func (r *reader) Problems() []Problem {
	ps := r.probs
	if r.lf > 0 {
		ps = append(ps[:len(ps):len(ps)], Problem{Line: r.firstLF, Severity: Warning,
			Msg: fmt.Sprintf("%d line(s) end in LF alone, the first here (2.1.2: lines end in CRLF)", r.lf)})
	}
	return ps
}

func (r *reader) noteBlank(content []byte, line int) {
	if len(content) > 0 {
		r.probs = append(r.probs, Problem{Line: line, Msg: "line holds only white space; a blank line must be empty (2.1.2)", Severity: Error})
	}
}

// readLine returns the next line with its line break, however long.
func (r *reader) readLine() (line []byte, err error) {
	rest := r.data[r.off:]
	if len(rest) == 0 {
		return nil, io.EOF
	}
	if i := bytes.IndexByte(rest, '\n'); i >= 0 {
		line = rest[:i+1]
	} else {
		line, err = rest, io.EOF
	}
	r.off += len(line)
	if n := len(line); n > 0 && line[n-1] == '\n' && (n < 2 || line[n-2] != '\r') {
		if r.lf == 0 {
			r.firstLF = r.line + 1
		}
		r.lf++
	}
	return line, err
}

func trimEOL(line []byte) []byte {
	n := len(line)
	if n > 0 && line[n-1] == '\n' {
		n--
		if n > 0 && line[n-1] == '\r' {
			n--
		}
	}
	return line[:n]
}

func trimEOLString(line string) string {
	n := len(line)
	if n > 0 && line[n-1] == '\n' {
		n--
		if n > 0 && line[n-1] == '\r' {
			n--
		}
	}
	return line[:n]
}

func isSpaceOnly(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}

// parseRecord parses the lines of one record. raw holds them with their line
// breaks, first is the file line of the first. cache may be nil.
func parseRecord(raw string, first int, cache *valueCache) *Record {
	rec := &Record{raw: raw, line: first}
	var seen uint16
	var dupRequired bool
	lineNo := first - 1
	for rest := raw; rest != ""; {
		line := rest
		if i := strings.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i+1], rest[i+1:]
		} else {
			rest = ""
		}
		lineNo++
		f := parseField(trimEOLString(line), cache)
		if f.problem != nil {
			p := *f.problem
			p.Line = lineNo
			rec.problems = append(rec.problems, p)
			if bit := stdBit(f.name); bit != 0 {
				if seen&bit != 0 && bit&requiredFields != 0 {
					dupRequired = true
				}
				seen |= bit
			}
			continue
		}
		if bit := stdBit(f.name); bit != 0 {
			if seen&bit != 0 {
				rec.problems = append(rec.problems, Problem{Line: lineNo, Field: f.name, Severity: Error,
					Msg: fmt.Sprintf("%s appears again; a field name must not occur twice in a record (2.2)", f.name)})
				if bit&requiredFields != 0 {
					dupRequired = true
				}
				continue
			}
			seen |= bit
			rec.accepted |= bit
			rec.set(f.name, f.value, f.date, f.rating)
			continue
		}
		// An X- field (parseField reports anything else).
		if rec.Extension(f.name) != "" {
			rec.problems = append(rec.problems, Problem{Line: lineNo, Field: f.name, Severity: Error,
				Msg: fmt.Sprintf("%s appears again; a field name must not occur twice in a record (2.2)", f.name)})
			continue
		}
		rec.Extensions = append(rec.Extensions, Field{Name: f.name, Value: f.value})
	}
	for _, name := range []string{FieldURI, FieldName, FieldDate} {
		if bit := stdBit(name); seen&bit != 0 && rec.accepted&bit == 0 {
			rec.problems = append(rec.problems, Problem{Line: first, Field: name, Severity: Error,
				Msg: fmt.Sprintf("record kept but not used: its %s, which is required, is invalid (2.2)", name)})
		}
		if seen&stdBit(name) == 0 {
			rec.problems = append(rec.problems, Problem{Line: first, Field: name, Severity: Error,
				Msg: fmt.Sprintf("record has no %s field, which is required (%s); the record is kept but not used", name, requiredSection[name])})
		}
	}
	rec.invalid = rec.accepted&requiredFields != requiredFields || dupRequired
	if dupRequired && rec.accepted&requiredFields == requiredFields {
		rec.problems = append(rec.problems, Problem{Line: first, Severity: Error,
			Msg: "a required field appears twice, so the record is ambiguous (2.2); it is kept but not used"})
	}
	return rec
}

func (r *Record) set(name, value string, date time.Time, rating int) {
	switch name {
	case FieldURI:
		r.URI = value
	case FieldName:
		r.Name = value
	case FieldDate:
		r.Date = date
	case FieldCategory:
		r.Category = value
	case FieldDescription:
		r.Description = value
	case FieldRating:
		r.Rating = rating
	case FieldLanguage:
		r.Language = value
	case FieldType:
		r.Type = value
	case FieldID:
		r.ID = value
	}
}

// field is one parsed line.
type field struct {
	name    string
	value   string // decoded
	date    time.Time
	rating  int
	problem *Problem // non-nil: the line is kept verbatim and not used
}

// textFields are decoded from RFC 2047 encoded-words on read.
var textFields = map[string]bool{FieldName: true, FieldCategory: true, FieldDescription: true}

// parseField parses and validates one line (without its line break).
func parseField(line string, cache *valueCache) field {
	bad := func(col int, fname, format string, a ...any) field {
		return field{name: fname, problem: &Problem{Column: col, Field: fname, Msg: fmt.Sprintf(format, a...), Severity: Error}}
	}
	colon := strings.IndexByte(line, ':')
	if colon < 0 {
		return bad(1, "", "line %q is not a field: expected \"NAME: value\" (2.1.2)", clip(line))
	}
	name := line[:colon]
	if name == "" {
		return bad(1, "", "field has no name before the colon (2.1.3)")
	}
	if i := badNameChar(name); i >= 0 {
		return bad(i+1, "", "field name %q has %s; names may hold only letters, digits, '-' and '_' (2.1.3)", clip(name), describeByte(name[i]))
	}
	if i := firstForbidden(line[colon+1:]); i >= 0 {
		i += colon + 1
		return bad(i+1, name, "%s has %s, which must not appear in a catalogue (2.1.1)", name, describeByte(line[i]))
	}
	if colon+1 >= len(line) || line[colon+1] != ' ' {
		if colon+1 >= len(line) {
			return bad(colon+1, name, "%s has no value; values must not be empty (2.2)", name)
		}
		return bad(colon+2, name, "%s: the colon must be followed by a single space (2.1.2)", name)
	}
	value := line[colon+2:]
	col := colon + 3
	if value == "" {
		return bad(col, name, "%s has an empty value; values must not be empty (2.2)", name)
	}
	f := field{name: name, value: value}
	var err error
	switch name {
	case FieldURI:
		err = ValidateURI(value)
	case FieldDate:
		f.date, err = ParseDate(value)
	case FieldRating:
		f.rating, err = ParseRating(value)
	case FieldLanguage:
		err = cache.check(name, value)
	case FieldType:
		err = cache.check(name, value)
	case FieldID:
		err = ValidateID(value)
	case FieldName, FieldCategory, FieldDescription:
		f.value, err = decodeValue(name, value)
	default:
		if !strings.HasPrefix(name, "X-") || len(name) == 2 {
			hint := ""
			if up := strings.ToUpper(name); stdBit(up) != 0 {
				hint = fmt.Sprintf("; field names are case-sensitive, did you mean %s? (2.1.3)", up)
			}
			return bad(1, name, "unknown field %q: fields SSD3 does not define must start with \"X-\" (2.2)%s", clip(name), hint)
		}
		f.value, err = decodeValue(name, value)
	}
	if err != nil {
		return bad(col, name, "%v", err)
	}
	return f
}

func decodeValue(name, v string) (string, error) {
	d, err := DecodeText(v)
	if err != nil {
		return "", fmt.Errorf("%s has an encoded-word that cannot be decoded: %v (RFC 2047)", name, err)
	}
	if strings.TrimSpace(d) == "" {
		return "", fmt.Errorf("%s is blank; values must not be empty (2.2)", name)
	}
	return d, nil
}

// firstForbidden returns the index of the first byte of s that 2.1.1
// forbids in a line (a control character, DEL, or any byte >= 128), or -1.
// It tests eight bytes at a time: it runs over every byte of a file.
func firstForbidden(s string) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(s); i += 8 {
		w := binary.LittleEndian.Uint64([]byte(s[i : i+8]))
		lt20 := (w - ones*0x20) &^ w & highs // a byte below 0x20
		x7f := w ^ (ones * 0x7f)
		is7f := (x7f - ones) &^ x7f & highs // a byte equal to 0x7f
		if lt20|is7f|w&highs != 0 {
			break
		}
	}
	for ; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return i
		}
	}
	return -1
}
