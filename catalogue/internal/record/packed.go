package record

import (
	"math"
	"strings"
	"unsafe"

	"github.com/uricat/uricat/catalogue/internal/syntax"
)

// A record keeps its text packed: the same lines, but a standard field's
// name and its ": " (the same few words in every record, a third of a
// catalogue's bytes with the DATE) are one byte, and a DATE in its only
// form (DD/MM/YYYY hh:mm:ss) is eight, so a large catalogue holds much
// less text in memory (BenchmarkLoad). Packing is a function of the
// text alone and is undone exactly (Raw), so two records' texts are equal
// if and only if their packed texts are: merges compare packed texts.
//
// A packed line starts with one of these bytes, or is the line as it was
// (a line's first byte below 0x80). Nothing else changes: line breaks stay
// where they were, so a value still runs to its line's end, and X- lines
// are verbatim (read from there, see rawExtensions).
//
// A field's line that ends in CRLF, as every line of a catalogue should,
// is kept with its LF alone and the code's packCRLF bit set: a million
// records then hold six million fewer bytes. A value that itself ends in
// CR keeps its line as it was, so that a value is still the rest of its
// line, less a CR before the LF.
const (
	packField = 0x80 // + the field's index in Fields: "NAME: " and the rest of the line
	packDate  = 0xc0 // "DATE: " and the date, its 14 digits as a number in dateBytes bytes of 7 bits, high bit set
	packByte  = 0xff // the line as it was, which starts with a byte >= 0x80
	packCRLF  = 0x10 // with packField or packDate: the line's LF stands for CRLF
)

// dateBytes is how many bytes a packed DATE's digits take: 10^14 < 2^49.
const dateBytes = 7

// datePunct is a DATE in DateLayout's form with a zero at each of its
// digits' places (syntax.DateDigits).
const datePunct = "00/00/0000 00:00:00"

// fieldLabels are the labels packing replaces, "NAME: ", by index in
// Fields, and dateIndex the index of DATE; made once Fields is (in
// fields.go's init, which runs first).
var (
	fieldLabels []string
	dateIndex   int
)

// maxPacked is the most fields packing knows.
const maxPacked = 16

func init() {
	if len(Fields) > maxPacked {
		panic("catalogue: too many fields to pack")
	}
	for _, f := range Fields {
		fieldLabels = append(fieldLabels, f.Name+": ")
	}
	dateIndex = spec(FieldDate).index
}

// packLine appends line (with its line break) packed to dst. For a line
// packed to a field's code it returns the field's index in Fields (else
// -1) and where its value starts in dst, or -1 for a packed DATE.
func packLine(dst []byte, line string) (out []byte, field, value int) {
	if line == "" {
		return dst, -1, 0
	}
	c := line[0]
	if c >= 0x80 {
		dst = append(dst, packByte)
		return append(dst, line...), -1, 0
	}
	if c < 'A' || c > 'Z' {
		return append(dst, line...), -1, 0
	}
	colon := strings.IndexByte(line, ':')
	if colon < 0 || colon+1 >= len(line) || line[colon+1] != ' ' {
		return append(dst, line...), -1, 0
	}
	f := spec(line[:colon])
	if f == nil {
		return append(dst, line...), -1, 0
	}
	out, value = appendField(dst, f, line[colon+2:])
	return out, f.index, value
}

// appendField appends the line of the standard field f packed, v the rest
// of the line after "NAME: ", and returns where v starts in it, or -1 for
// a packed DATE.
func appendField(dst []byte, f *FieldSpec, v string) ([]byte, int) {
	crlf := byte(0)
	if len(v) >= 2 && v[len(v)-2:] == "\r\n" && (len(v) == 2 || v[len(v)-3] != '\r') {
		crlf, v = packCRLF, v[:len(v)-2]
	}
	if f.index == dateIndex {
		if n, ok := dateNumber(v); ok {
			dst = append(dst, packDate|crlf)
			for k := dateBytes - 1; k >= 0; k-- {
				dst = append(dst, 0x80|byte(n>>(7*k)&0x7f))
			}
			dst = append(dst, v[len(DateLayout):]...) // and the line break
			if crlf != 0 {
				dst = append(dst, '\n')
			}
			return dst, -1
		}
	}
	dst = append(dst, packField+crlf+byte(f.index))
	at := len(dst)
	dst = append(dst, v...)
	if crlf != 0 {
		dst = append(dst, '\n')
	}
	return dst, at
}

// dateNumber returns the digits of a value that starts with a DATE in
// DateLayout's form, then only its line break, as one number.
func dateNumber(v string) (uint64, bool) {
	if len(v) < len(DateLayout) {
		return 0, false
	}
	if eol := v[len(DateLayout):]; eol != "" && eol != "\n" && eol != "\r\n" {
		return 0, false
	}
	var n uint64
	k := 0
	for j := range len(DateLayout) {
		c := v[j]
		if k < len(syntax.DateDigits) && syntax.DateDigits[k] == j {
			if c < '0' || c > '9' {
				return 0, false
			}
			n = n*10 + uint64(c-'0')
			k++
		} else if c != datePunct[j] {
			return 0, false
		}
	}
	return n, true
}

// appendRaw appends the text that packed stands for to dst.
func appendRaw(dst []byte, packed string) []byte {
	for len(packed) > 0 {
		line := packed
		if i := strings.IndexByte(packed, '\n'); i >= 0 {
			line, packed = packed[:i+1], packed[i+1:]
		} else {
			packed = ""
		}
		c, eol := line[0], ""
		if c >= packField && c != packByte && c&packCRLF != 0 && strings.HasSuffix(line, "\n") {
			c, eol, line = c&^packCRLF, "\r\n", line[:len(line)-1]
		}
		switch {
		case c < packField:
			dst = append(dst, line...)
		case c == packByte:
			dst = append(dst, line[1:]...)
		case c == packDate && len(line) >= 1+dateBytes:
			var n uint64
			for _, b := range []byte(line[1 : 1+dateBytes]) {
				n = n<<7 | uint64(b&0x7f)
			}
			var date [len(DateLayout)]byte
			copy(date[:], datePunct)
			for k := len(syntax.DateDigits) - 1; k >= 0; k-- {
				date[syntax.DateDigits[k]] = byte('0' + n%10)
				n /= 10
			}
			dst = append(dst, fieldLabels[dateIndex]...)
			dst = append(dst, date[:]...)
			dst = append(dst, line[1+dateBytes:]...)
		case int(c-packField) < len(fieldLabels):
			dst = append(dst, fieldLabels[c-packField]...)
			dst = append(dst, line[1:]...)
		default: // not made by packLine; kept as it is rather than lost
			if eol != "" {
				eol = "\n" // the LF taken off above; no CR
			}
			dst = append(dst, line...)
		}
		dst = append(dst, eol...)
	}
	return dst
}

// unpack returns the text packed stands for.
func unpack(packed string) string {
	if packed == "" {
		return ""
	}
	b := appendRaw(make([]byte, 0, len(packed)+len(packed)/2), packed)
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// strFields are the indexes in Fields of the string fields (strURI...).
var strFields [numStr]int

func init() {
	for k, name := range strNames {
		strFields[k] = spec(name).index
	}
}

// packer packs a record's text, raw, line by line, as the reader parses
// it, into buf.
type packer struct {
	raw   string
	arena *textArena
	buf   []byte
	off   int // bytes of raw packed
	// Where the first line of each field had its value, in raw and in
	// buf (+1, 0: none): where the reader's spans point, and move to.
	was, is [maxPacked]int
}

// newPacker returns a packer of raw, which allocates from arena (when not
// nil), with room for size bytes of raw to start with: a packer given
// more grows as append does.
func newPacker(raw string, size int, arena *textArena) *packer {
	p := &packer{raw: raw, arena: arena}
	n := size + size/8 + 8 // a packed line is at most one byte longer
	if arena != nil {
		p.buf = arena.room(n)
	} else {
		p.buf = make([]byte, 0, n)
	}
	return p
}

// packRoom is the room a reader's packer asks for before it knows where
// the record ends. It may grow into the rest of the arena's block (room
// gives it all); less than this left starts a new block. Larger, more
// of each block is left unused, which shows in the heap.
const packRoom = 256

// add packs the next line of raw (with its line break), which the reader
// parsed as the field f (nil: not a standard field), as packLine would:
// f spares it looking for the field.
func (p *packer) add(line string, f *FieldSpec) {
	if line == "" {
		return
	}
	at, fi := -1, -1
	switch c := line[0]; {
	case f != nil && strings.HasPrefix(line, fieldLabels[f.index]):
		p.buf, at = appendField(p.buf, f, line[len(fieldLabels[f.index]):])
		fi = f.index
	case f == nil && c < 0x80 && (c < 'A' || c > 'Z' || c == 'X'):
		// No standard field's name starts so: the line as it is.
		p.buf = append(p.buf, line...)
	default:
		p.buf, fi, at = packLine(p.buf, line)
	}
	if fi >= 0 && p.is[fi] == 0 && at >= 0 {
		p.is[fi] = at + 1
		tail := len(p.buf) - at // the value and its line break, packed
		if p.buf[at-1]&packCRLF != 0 {
			tail++ // and the CR packing left out
		}
		p.was[fi] = p.off + len(line) - tail
	}
	p.off += len(line)
}

// finish makes the packed text rec's, moving its values' spans with it.
// After it, rec holds nothing of raw (which the reader reuses): any value
// of raw's that more holds is copied.
func (p *packer) finish(rec *Record) {
	if p.off < len(p.raw) { // lines the reader did not give (none)
		p.add(p.raw[p.off:], nil)
	}
	raw := p.raw
	var packed string
	if p.arena != nil {
		packed = p.arena.take(p.buf)
	} else {
		packed = unsafe.String(unsafe.SliceData(p.buf), len(p.buf))
	}
	for k, off := range rec.spans {
		if off == 0 {
			continue
		}
		if f := strFields[k]; p.is[f] != 0 && p.was[f] == int(off) && p.is[f]-1 <= math.MaxUint16 {
			rec.spans[k] = uint16(p.is[f] - 1)
			continue
		}
		// A span not at its field's first line (none should be) becomes
		// the value itself, copied.
		v := rec.str(k)
		rec.spans[k] = 0
		m := rec.edit()
		m.set |= 1 << k
		m.str[k] = strings.Clone(v)
	}
	rec.raw = packed
	if m := rec.more; m != nil {
		in := func(s string) bool { return within(s, raw) }
		for k := range m.str {
			if in(m.str[k]) {
				m.str[k] = strings.Clone(m.str[k])
			}
		}
		for k := range m.ext {
			if in(m.ext[k].Name) {
				m.ext[k].Name = strings.Clone(m.ext[k].Name)
			}
			if in(m.ext[k].Value) {
				m.ext[k].Value = strings.Clone(m.ext[k].Value)
			}
		}
		for k := range m.problems {
			p := &m.problems[k]
			if in(p.Field) {
				p.Field = strings.Clone(p.Field)
			}
			if in(p.File) {
				p.File = strings.Clone(p.File)
			}
			if in(p.Msg) {
				p.Msg = strings.Clone(p.Msg)
			}
		}
		if in(m.sep) {
			m.sep = strings.Clone(m.sep)
		}
	}
}

// within reports whether s is part of the memory of t.
func within(s, t string) bool {
	if s == "" || t == "" {
		return false
	}
	a := uintptr(unsafe.Pointer(unsafe.StringData(s)))
	b := uintptr(unsafe.Pointer(unsafe.StringData(t)))
	return a >= b && a+uintptr(len(s)) <= b+uintptr(len(t))
}

// textArena hands out the packed texts of records read together from
// blocks of memory: they live as long as each other, and one allocation
// per record would cost time and a header each.
type textArena struct {
	block []byte
}

// arenaBlock is the size of an arena's blocks.
const arenaBlock = 64 << 10

// room returns an empty slice with room for n bytes, to append to and
// then give to take.
func (a *textArena) room(n int) []byte {
	if cap(a.block)-len(a.block) < n {
		a.block = make([]byte, 0, max(arenaBlock, n))
	}
	return a.block[len(a.block):len(a.block):cap(a.block)]
}

// take returns b, which room gave and which was appended to in place, as
// a string, and keeps its bytes.
func (a *textArena) take(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	if &b[0] != unsafe.SliceData(a.block[len(a.block):cap(a.block)]) {
		// b outgrew the room it was given: it is its own allocation.
		return unsafe.String(unsafe.SliceData(b), len(b))
	}
	a.block = a.block[:len(a.block)+len(b)]
	return unsafe.String(unsafe.SliceData(b), len(b))
}
