package record

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
	"unsafe"

	"github.com/uricat/uricat/catalogue/internal/syntax"
	"github.com/uricat/uricat/internal/printable"
)

// PieceReader splits a URI-Catalogue held in memory into records, one at a
// time, keeping line numbers. It never stops at a bad record: what is
// wrong goes in the record's Problems, and it goes on. Read and Open read
// a whole file into memory first: records are substrings of it, and are
// parsed on several cores, each reader splitting a piece of the file.
type PieceReader struct {
	data    []byte // the input, up to the end of the piece to read
	src     string // data as a string: records are substrings of it
	off     int    // bytes read so far
	line    int    // lines read so far
	pending string // the blank lines after the last record, once read
	lf      int    // lines ended by LF alone
	firstLF int
	records int
	probs   []Diagnostic
	err     error
}

// valueCache remembers the verdicts on the values of the fields whose
// check is costly and whose values a catalogue repeats from record to
// record (LANGUAGE and TYPE: FieldSpec.cached), by field.
type valueCache struct {
	verdicts [16]map[string]error // by FieldSpec.index
}

const valueCacheSize = 512

func newValueCache() *valueCache { return &valueCache{} }

// check returns valid(v), the check of the field Fields[index], and
// remembers it; vc may be nil.
func (vc *valueCache) check(index int, valid func(string) error, v string) error {
	if vc == nil {
		return valid(v)
	}
	m := vc.verdicts[index]
	if err, ok := m[v]; ok {
		return err
	}
	err := valid(v)
	if m == nil {
		m = map[string]error{}
		vc.verdicts[index] = m
	}
	if len(m) < valueCacheSize {
		m[strings.Clone(v)] = err // v is the reader's memory, which it reuses
	}
	return err
}

// newPieceReader returns a reader of data[start:end], which must start
// where the line before it ended a record (PieceBounds), or where the
// file starts; after says which. Before it the file holds line lines.
func newPieceReader(data []byte, start, end, line int, after bool) *PieceReader {
	r := &PieceReader{data: data[:end], src: unsafe.String(unsafe.SliceData(data), end), off: start, line: line}
	if after {
		r.records = 1 // a record ended where the piece starts
	}
	return r
}

// detach lets go of the memory read, which the next block reuses, keeping
// what is needed of it.
func (r *PieceReader) detach() {
	r.data, r.src = nil, ""
	r.pending = strings.Clone(r.pending)
}

// JoinReaders returns a reader that holds what the readers of consecutive
// pieces found between and after records, in order.
func JoinReaders(rds []*PieceReader) *PieceReader {
	j := &PieceReader{}
	for _, r := range rds {
		j.Join(r)
	}
	return j
}

// PieceBounds cuts data into pieces of about size bytes, where reading
// the whole of it would end a record: at a blank line that follows a
// record's last line. It returns where the pieces start, and len(data).
func PieceBounds(data []byte, size int) []int {
	bounds := []int{0}
	for at := size; at+size <= len(data); {
		cut := RecordEnd(data, at)
		if len(data)-cut < max(size/2, 1) { // the rest would be a small piece
			break
		}
		bounds = append(bounds, cut)
		at = cut + size
	}
	return append(bounds, len(data))
}

// RecordEnd returns the start of the first blank line at or after the line
// that holds data[at] whose line before is not blank, or len(data).
func RecordEnd(data []byte, at int) int {
	start := bytes.LastIndexByte(data[:at], '\n') + 1
	prevBlank := true // not known: the first line looked at is never a cut
	for start < len(data) {
		n := bytes.IndexByte(data[start:], '\n')
		if n < 0 {
			break // the last line: nothing follows it to cut before
		}
		blank := isBlank(trimEOL(data[start : start+n+1]))
		if blank && !prevBlank {
			return start
		}
		prevBlank = blank
		start += n + 1
	}
	return len(data)
}

// rawRecord is where the next record starts, past the blank lines before
// it: its lines run from the start of text to the first blank line,
// which parseRecordInto finds as it parses them.
type rawRecord struct {
	text  string // the rest of the input, from the record's first line
	sep   string // the blank lines before it
	first int    // the file line of its first line
}

// next finds the next record, or returns io.EOF after the last: the
// blank lines before it are read here, and its own lines are left to
// parseRecordInto, so that each line of a file is scanned once, as it
// is parsed; done then moves past them.
func (r *PieceReader) next() (rawRecord, error) {
	if r.err != nil {
		return rawRecord{}, r.err
	}
	sepStart := r.off
	for {
		lineStart := r.off
		line := r.peekLine()
		if len(line) == 0 { // memory holds nothing more
			r.err = io.EOF
			r.pending = r.src[sepStart:r.off]
			if r.pending != "" {
				r.probs = append(r.probs, Diagnostic{Line: r.line, Offset: -1, Cause: ErrBlankLine, Msg: "blank line after the last record (2.1.2: blank lines only separate records)", Kind: Warning})
			}
			return rawRecord{}, io.EOF
		}
		if content := trimEOL(line); isBlank(content) {
			r.advance(line)
			r.noteBlank(content, r.line)
			continue
		}
		first := r.line + 1
		prefix := r.src[sepStart:lineStart]
		// Blank lines are counted from the previous record's end: the
		// first one is the separator the spec asks for, and any more are
		// a deviation.
		extra := strings.Count(prefix, "\n")
		if r.records > 0 {
			extra--
		}
		if extra > 0 {
			what := "extra blank line"
			if r.records == 0 {
				what = "blank line before the first record"
			}
			r.probs = append(r.probs, Diagnostic{Line: first - 1, Offset: -1, Cause: ErrBlankLine, Msg: fmt.Sprintf("%s (2.1.2: records are separated by one blank line)", what), Kind: Warning})
		}
		r.records++
		return rawRecord{text: r.src[lineStart:], sep: prefix, first: first}, nil
	}
}

// done moves past the lines of the record next found, as
// parseRecordInto found them.
func (r *PieceReader) done(l recordLines) {
	r.off += l.n
	r.line += l.lines
	if l.lf > 0 {
		if r.lf == 0 {
			r.firstLF = l.firstLF
		}
		r.lf += l.lf
	}
}

// Trailer returns what followed the last record (blank lines), once next
// has returned io.EOF, so that a writer can put it back.
func (r *PieceReader) Trailer() string { return r.pending }

// Problems returns the problems of the file as a whole, rather than of one
// record: line breaks that are LF alone, and extra blank lines.
func (r *PieceReader) Problems() []Diagnostic {
	ps := r.probs
	if r.lf > 0 {
		ps = append(ps[:len(ps):len(ps)], Diagnostic{Line: r.firstLF, Offset: -1, Kind: Warning, Cause: ErrLineBreak,
			Msg: fmt.Sprintf("%d line(s) end in LF alone, the first here (2.1.2: lines end in CRLF)", r.lf)})
	}
	return ps
}

func (r *PieceReader) noteBlank(content []byte, line int) {
	if len(content) > 0 {
		r.probs = append(r.probs, Diagnostic{Line: line, Offset: -1, Cause: ErrBlankLine, Msg: "line holds only white space; a blank line must be empty (2.1.2)", Kind: Error})
	}
}

// peekLine returns the next line with its line break, however long, or
// nothing at the end; advance moves past it.
func (r *PieceReader) peekLine() []byte {
	rest := r.data[r.off:]
	if i := bytes.IndexByte(rest, '\n'); i >= 0 {
		return rest[:i+1]
	}
	return rest
}

// advance moves past line, which peekLine returned, counting it.
func (r *PieceReader) advance(line []byte) {
	r.off += len(line)
	r.line++
	if n := len(line); line[n-1] == '\n' && (n < 2 || line[n-2] != '\r') {
		if r.lf == 0 {
			r.firstLF = r.line
		}
		r.lf++
	}
}

// trimEOL returns line without its line break (LF or CRLF).
func trimEOL[T string | []byte](line T) T {
	n := len(line)
	if n > 0 && line[n-1] == '\n' {
		n--
		if n > 0 && line[n-1] == '\r' {
			n--
		}
	}
	return line[:n]
}

// isBlank reports whether a line, without its line break, is blank: empty,
// or spaces and tabs only (which 2.1.2 does not allow, and noteBlank
// reports). A blank line ends a record.
func isBlank[T string | []byte](content T) bool {
	for i := 0; i < len(content); i++ {
		if c := content[i]; c != ' ' && c != '\t' {
			return false
		}
	}
	return true
}

// parseRecord parses the lines of one record. raw holds them with their line
// breaks, first is the file line of the first. cache may be nil.
func parseRecord(raw string, first int, cache *valueCache) *Record {
	rec := new(Record)
	parseRecordInto(rec, raw, first, parseHow{cache: cache})
	return rec
}

// recordLines is what parseRecordInto found of a record's lines.
type recordLines struct {
	n       int // the record is the first n bytes of the text it was given
	lines   int
	lf      int // lines ended by LF alone (2.1.2 asks for CRLF)
	firstLF int // the file line of the first of them
}

// textEnd says where in the text given to parseRecordInto the record ends.
type textEnd uint8

const (
	wholeText   textEnd = iota // the record is all of the text
	atBlankLine                // the text runs on (rawRecord.text): the record ends at its first blank line
)

// textLife says what becomes of the memory of the text a record is
// parsed from, and so what the record may keep of it.
type textLife uint8

const (
	// textReused: the reader reuses the memory; the record packs a copy.
	textReused textLife = iota
	// textKept: nothing reuses the memory (LookOnly); the record keeps its
	// lines as its text, unpacked, unless a line of it starts with a byte
	// packing would escape.
	textKept
)

// parseHow says how parseRecordInto parses a record's text.
type parseHow struct {
	cache *valueCache // verdicts on repeated values; may be nil
	arena *textArena  // where packed text is allocated; nil: on its own
	end   textEnd
	life  textLife
}

// recordParser is the state of parseRecordInto between a record's lines.
type recordParser struct {
	rec   *Record
	first int // the file line of the record's first line
	found recordLines
	// The X- fields stay in raw, to be read from there, while verbatim:
	// every X- line is valid and verbatim.
	verbatim    bool
	escape      bool   // with textKept: a line starts with a byte >= packField
	seen        uint16 // the standard fields met, valid or not
	dupRequired bool
}

// parseRecordInto is parseRecord, into rec, which must be a zero Record.
// how says where the record ends in text and what becomes of text's
// memory: with textReused, the record holds nothing of text afterwards.
func parseRecordInto(rec *Record, text string, first int, how parseHow) recordLines {
	p := recordParser{rec: rec, first: first, verbatim: true}
	// Most records have a few extensions: they are gathered here without
	// allocating.
	var extBuf [8]Field
	exts := extBuf[:0]
	// The text is packed line by line as it is parsed (see packer). The
	// packer stays out of p, which lets rec escape, so as not to be
	// allocated.
	var pk *packer
	if how.life == textReused {
		size := len(text)
		if how.end == atBlankLine {
			size = min(size, packRoom) // not yet known
		}
		pk = newPacker(text, size, how.arena)
		defer pk.finish(rec)
	}
	// Until the record's end is found, its text is all of text: the
	// values' spans start from the same place.
	rec.raw, rec.line = text, int32(first)
	lineNo := first - 1
	rest := text
	for rest != "" {
		// Most lines end in CRLF and hold no forbidden byte: that case
		// is here, out of a call, since it runs for every line of a file.
		var line, content string
		lfOnly := false
		bad := firstForbidden(rest)
		if bad >= 0 && rest[bad] == '\r' && bad+1 < len(rest) && rest[bad+1] == '\n' {
			line, content, bad = rest[:bad+2], rest[:bad], -1
		} else {
			line, content, bad, lfOnly = splitLine(rest, bad)
		}
		// A blank line ends the record (2.1.2); its first line, which
		// the reader found not blank, is always the record's.
		if how.end == atBlankLine && lineNo >= first && isBlank(content) {
			break
		}
		rest = rest[len(line):]
		lineNo++
		if lfOnly {
			p.lf(lineNo)
		}
		f := parseFieldAt(content, bad, rec, p.seen, how.cache)
		if pk != nil {
			pk.add(line, f.spec)
		} else if line[0] >= packField {
			p.escape = true
		}
		switch {
		case f.problem != nil:
			p.invalidLine(f, line, lineNo)
		case f.spec != nil && p.seen&f.spec.bit == 0: // parseField stored it
			p.seen |= f.spec.bit
			rec.accepted |= f.spec.bit
		case f.spec != nil:
			p.duplicate(f, lineNo)
		default: // an X- field (parseField reports anything else)
			exts = p.extension(exts, f, lineNo)
		}
	}
	raw := text[:len(text)-len(rest)]
	p.found.n, p.found.lines = len(raw), lineNo-first+1
	rec.raw = raw
	if pk != nil {
		pk.raw = raw
	}
	p.finish(raw, exts, how.arena)
	return p.found
}

// splitLine returns the first line of rest, with and without its line
// break, the index of the first byte 2.1.1 forbids in its content (-1:
// none), and whether it ends in LF alone. bad is firstForbidden(rest):
// one scan finds the line's end and the forbidden byte, since the first
// such byte of most lines is their CR or LF.
func splitLine(rest string, bad int) (line, content string, _ int, lfOnly bool) {
	switch {
	case bad >= 0 && rest[bad] == '\n':
		return rest[:bad+1], rest[:bad], -1, true
	case bad >= 0 && rest[bad] == '\r' && bad+1 < len(rest) && rest[bad+1] == '\n':
		return rest[:bad+2], rest[:bad], -1, false
	}
	line = rest
	if i := strings.IndexByte(rest, '\n'); i >= 0 {
		line = rest[:i+1]
		lfOnly = i == 0 || rest[i-1] != '\r'
	}
	content = trimEOL(line)
	if bad >= len(content) {
		bad = -1
	}
	return line, content, bad, lfOnly
}

// lf notes that the file's line lineNo ends in LF alone.
func (p *recordParser) lf(lineNo int) {
	if p.found.lf == 0 {
		p.found.firstLF = lineNo
	}
	p.found.lf++
}

// invalidLine notes a line kept verbatim and not used.
func (p *recordParser) invalidLine(f field, line string, lineNo int) {
	if strings.HasPrefix(line, "X-") {
		p.verbatim = false // the X- lines of raw are no longer all extensions
	}
	d := *f.problem
	d.Line = lineNo
	p.rec.addProblem(d)
	if f.spec != nil {
		bit := f.spec.bit
		if p.seen&bit != 0 && bit&requiredFields != 0 {
			p.dupRequired = true
		}
		p.seen |= bit
	}
}

// duplicate notes a valid standard field the record had already, which
// parseField checked but did not store.
func (p *recordParser) duplicate(f field, lineNo int) {
	p.rec.addProblem(duplicateField(f.name, lineNo))
	if f.spec.bit&requiredFields != 0 {
		p.dupRequired = true
	}
}

// extension adds a valid X- field to exts, the record's so far.
func (p *recordParser) extension(exts []Field, f field, lineNo int) []Field {
	if slices.ContainsFunc(exts, func(x Field) bool { return x.Name == f.name }) {
		p.rec.addProblem(duplicateField(f.name, lineNo))
		p.verbatim = false
		return exts
	}
	if w := miscasedWarning(f.name, lineNo); w != nil {
		p.rec.addProblem(*w)
	}
	if w := conflictWarning(f.name, f.value, lineNo); w != nil {
		p.rec.addProblem(*w)
	}
	if _, ok := p.rec.spanOf(f.value); !ok {
		p.verbatim = false // decoded from encoded-words
	}
	return append(exts, Field{Name: f.name, Value: f.value})
}

func duplicateField(name string, lineNo int) Diagnostic {
	return Diagnostic{Line: lineNo, Offset: -1, Field: name, Kind: Error, Cause: ErrDuplicate,
		Msg: fmt.Sprintf("%s appears again; a field name must not occur twice in a record (2.2)", name)}
}

// finish settles the record once its lines, raw, are all parsed: its
// extensions exts, the required fields, and, with textKept, its text.
func (p *recordParser) finish(raw string, exts []Field, arena *textArena) {
	rec := p.rec
	switch {
	case len(exts) == 0:
	case p.verbatim:
		rec.flags |= flagExtRaw
	default:
		rec.SetExtensions(slices.Clone(exts))
	}
	if p.seen&requiredFields != requiredFields || rec.accepted&requiredFields != requiredFields {
		p.missingRequired()
	}
	rec.invalid = rec.accepted&requiredFields != requiredFields || p.dupRequired
	if p.dupRequired && rec.accepted&requiredFields == requiredFields {
		rec.addProblem(Diagnostic{Line: p.first, Offset: -1, Kind: Error, Cause: ErrDuplicate,
			Msg: "a required field appears twice, so the record is ambiguous (2.2); it is kept but not used"})
	}
	if p.escape {
		// Unpacked, such a line would read as a packed one: packed it
		// is, as Open would have it (rare: SSD3 text is ASCII).
		pk := newPacker(raw, len(raw), arena)
		for line := range strings.Lines(raw) {
			pk.add(line, nil)
		}
		pk.finish(rec)
	}
}

// missingRequired reports each required field the record lacks or holds
// only an invalid value of.
func (p *recordParser) missingRequired() {
	rec := p.rec
	for i := range Fields {
		f := &Fields[i]
		if !f.Required {
			continue
		}
		if p.seen&f.bit != 0 && rec.accepted&f.bit == 0 {
			rec.addProblem(Diagnostic{Line: p.first, Offset: -1, Field: f.Name, Kind: Error, Cause: ErrMissing,
				Msg: fmt.Sprintf("record kept but not used: its %s, which is required, is invalid (2.2)", f.Name)})
		}
		if p.seen&f.bit == 0 {
			rec.addProblem(Diagnostic{Line: p.first, Offset: -1, Field: f.Name, Kind: Error, Cause: ErrMissing,
				Msg: fmt.Sprintf("record has no %s field, which is required (%s); the record is kept but not used", f.Name, f.Section)})
		}
	}
}

// field is one parsed line.
type field struct {
	name    string
	spec    *FieldSpec  // the standard field called name; nil for any other
	value   string      // an X- field's, decoded
	problem *Diagnostic // non-nil: the line is kept verbatim and not used
}

// parseField parses and validates one line (without its line break). A
// standard field's value, if valid, is stored in dst, unless dst has the
// field already (its bit is in seen): a second value is checked, not kept.
// dst may be nil, to check a line only.
func parseField(line string, dst *Record, seen uint16, cache *valueCache) field {
	return parseFieldAt(line, firstForbidden(line), dst, seen, cache)
}

// parseFieldAt is parseField, told where the first byte of line that
// 2.1.1 forbids is (-1: none).
func parseFieldAt(line string, forbidden int, dst *Record, seen uint16, cache *valueCache) field {
	bad := func(col int, cause error, fname, format string, a ...any) field {
		return field{name: fname, spec: spec(fname), problem: &Diagnostic{Offset: -1, Column: col, Field: fname, Msg: fmt.Sprintf(format, a...), Kind: Error, Cause: cause}}
	}
	// One pass over the name finds the colon that ends it, on most lines:
	// names are short, and most lines are fields.
	n := 0 // the bytes 2.1.3 allows in a name that the line starts with
	for n < len(line) && syntax.NameByte[line[n]] {
		n++
	}
	colon := n
	if n == len(line) || line[n] != ':' {
		colon = strings.IndexByte(line, ':')
	}
	if colon < 0 {
		return bad(1, ErrBareLine, "", "line %q is not a field: expected \"NAME: value\" (2.1.2)", syntax.Clip(line))
	}
	name := line[:colon]
	if name == "" {
		return bad(1, ErrFieldName, "", "field has no name before the colon (2.1.3)")
	}
	if n < colon { // syntax.BadNameChar(name) is n
		return bad(n+1, ErrFieldName, "", "field name %q has %s; names may hold only letters, digits, '-' and '_' (2.1.3)", syntax.Clip(name), syntax.DescribeByte(name[n]))
	}
	if i := forbidden; i > colon { // one in the name is a bad name character, above
		return bad(i+1, ErrNotASCII, name, "%s has %s, which must not appear in a catalogue (2.1.1)", name, syntax.DescribeByte(line[i]))
	}
	if colon+1 >= len(line) || line[colon+1] != ' ' {
		if colon+1 >= len(line) {
			return bad(colon+1, ErrFieldSyntax, name, "%s has no value; values must not be empty (2.2)", name)
		}
		return bad(colon+2, ErrFieldSyntax, name, "%s: the colon must be followed by a single space (2.1.2)", name)
	}
	value := line[colon+2:]
	col := colon + 3
	if value == "" {
		return bad(col, ErrFieldSyntax, name, "%s has an empty value; values must not be empty (2.2)", name)
	}
	f := field{name: name, spec: spec(name)}
	var err error
	switch {
	case f.spec != nil:
		if dst == nil || seen&f.spec.bit != 0 {
			dst = new(Record)
		}
		err = f.spec.read(dst, value, cache)
	case name == "X-":
		return bad(1, ErrFieldName, name, "%v", ValidateExtensionName(name))
	case !strings.HasPrefix(name, "X-"):
		hint := ""
		if up := strings.ToUpper(name); spec(up) != nil || MiscasedExtension(name) != "" {
			hint = fmt.Sprintf("; field names are case-sensitive, did you mean %s? (2.1.3)", up)
		}
		return bad(1, ErrFieldName, name, "unknown field %q: fields SSD3 does not define must start with \"X-\" (2.2)%s", syntax.Clip(name), hint)
	default:
		f.value, err = decodeValue(name, value)
	}
	if err != nil {
		return bad(col, ErrValue, name, "%v", err)
	}
	return f
}

func decodeValue(name, v string) (string, error) {
	d, err := DecodeText(v)
	if err != nil {
		return "", fmt.Errorf("%s has an encoded-word that cannot be decoded: %v (RFC 2047)", name, err)
	}
	if strings.TrimSpace(d) == "" {
		return "", syntax.ErrBlank(name)
	}
	return d, nil
}

// firstForbidden returns the index of the first byte of s that 2.1.1
// forbids in a line (a control character, DEL, or any byte >= 128), or -1:
// the bytes that are not printable ASCII.
func firstForbidden(s string) int { return printable.First(s) }

// LF returns how many lines read ended in LF alone.
func (r *PieceReader) LF() int { return r.lf }
