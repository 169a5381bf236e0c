package catalogue

import (
	"math"
	"strings"
	"unsafe"
)

// A record keeps its text packed: the same lines, but a standard field's
// name and its ": " (the same few words in every record, a third of a
// catalogue's bytes with the DATE) are one byte, and a DATE in its only
// form (DD/MM/YYYY hh:mm:ss) is eight. A catalogue of a million records
// then holds 140 MB of text rather than 200. Packing is a function of the
// text alone and is undone exactly (Raw), so two records' texts are equal
// if and only if their packed texts are: merges compare packed texts.
//
// A packed line starts with one of these bytes, or is the line as it was
// (a line's first byte below 0x80). Nothing else changes: line breaks stay
// where they were, so a value still runs to its line's end, and X- lines
// are verbatim (read from there, see rawExtensions).
const (
	packField = 0x80 // + the field's index in Fields: "NAME: " and the rest of the line
	packDate  = 0xc0 // "DATE: " and the date, its 14 digits as a number in dateBytes bytes of 7 bits, high bit set
	packByte  = 0xff // the line as it was, which starts with a byte >= 0x80
)

// dateBytes is how many bytes a packed DATE's digits take: 10^14 < 2^49.
const dateBytes = 7

// dateDigits are the places of a DATE's digits in DateLayout's form; the
// other places hold what datePunct holds there.
var (
	dateDigits = [14]int{0, 1, 3, 4, 6, 7, 8, 9, 11, 12, 14, 15, 17, 18}
	datePunct  = "00/00/0000 00:00:00"
)

// fieldLabels are the labels packing replaces, "NAME: ", by index in
// Fields, and dateIndex the index of DATE; made once Fields is (in
// fields.go's init, which runs first).
var (
	fieldLabels []string
	dateIndex   int
)

func init() {
	if len(Fields) > packDate-packField {
		panic("catalogue: too many fields to pack")
	}
	for _, f := range Fields {
		fieldLabels = append(fieldLabels, f.Name+": ")
	}
	dateIndex = fieldIndex(FieldDate)
}

// packLine appends line (with its line break) packed to dst. It returns
// where in line the packed line's text starts being line's own (skip: the
// bytes of line a code stands for) and where that is in dst, or skip -1
// when no offset into the line survives (a packed DATE).
func packLine(dst []byte, line string) (out []byte, skip, at int) {
	if line == "" {
		return dst, 0, len(dst)
	}
	c := line[0]
	if c >= 0x80 {
		dst = append(dst, packByte)
		return append(dst, line...), 0, len(dst)
	}
	if c < 'A' || c > 'Z' {
		return append(dst, line...), 0, len(dst)
	}
	colon := strings.IndexByte(line, ':')
	if colon < 0 || colon+1 >= len(line) || line[colon+1] != ' ' {
		return append(dst, line...), 0, len(dst)
	}
	i := fieldIndex(line[:colon])
	if i < 0 {
		return append(dst, line...), 0, len(dst)
	}
	value := line[colon+2:]
	if line[:colon] == FieldDate {
		if n, ok := dateNumber(value); ok {
			dst = append(dst, packDate)
			for k := dateBytes - 1; k >= 0; k-- {
				dst = append(dst, 0x80|byte(n>>(7*k)&0x7f))
			}
			return append(dst, value[len(DateLayout):]...), -1, 0
		}
	}
	dst = append(dst, packField+byte(i))
	return append(dst, value...), colon + 2, len(dst)
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
		if k < len(dateDigits) && dateDigits[k] == j {
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

// fieldIndex returns the index in Fields of the standard field name, or -1.
func fieldIndex(name string) int {
	for i := range Fields {
		if Fields[i].Name == name {
			return i
		}
	}
	return -1
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
		switch c := line[0]; {
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
			for k := len(dateDigits) - 1; k >= 0; k-- {
				date[dateDigits[k]] = byte('0' + n%10)
				n /= 10
			}
			dst = append(dst, fieldLabels[dateIndex]...)
			dst = append(dst, date[:]...)
			dst = append(dst, line[1+dateBytes:]...)
		case int(c-packField) < len(fieldLabels):
			dst = append(dst, fieldLabels[c-packField]...)
			dst = append(dst, line[1:]...)
		default: // not made by packLine; kept as it is rather than lost
			dst = append(dst, line...)
		}
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

// pack makes rec's text, raw, its packed text, which it allocates from
// arena (when not nil), and moves its values' spans with it. After it, rec
// holds nothing of raw (which the reader reuses): any value of raw's that
// more holds is copied.
func (rec *Record) pack(raw string, arena *textArena) {
	var buf []byte
	if arena != nil {
		buf = arena.room(len(raw) + len(raw)/8 + 8) // a packed line is at most one byte longer
	} else {
		buf = make([]byte, 0, len(raw)+len(raw)/8+8)
	}
	var spans [numStr]int // 0: not found
	start := len(buf)
	lineStart := 0
	for rest := raw; rest != ""; {
		line := rest
		if i := strings.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i+1], rest[i+1:]
		} else {
			rest = ""
		}
		var skip, at int
		buf, skip, at = packLine(buf, line)
		for k, off := range rec.spans {
			if o := int(off) - lineStart; off != 0 && o >= 0 && o < len(line) && skip >= 0 && o >= skip {
				spans[k] = at - start + o - skip
			}
		}
		lineStart += len(line)
	}
	var packed string
	if arena != nil {
		packed = arena.take(buf[start:])
	} else {
		packed = unsafe.String(unsafe.SliceData(buf), len(buf))
	}
	// A span that no longer points at its value (none should) becomes the
	// value itself, copied.
	for k, off := range rec.spans {
		if off != 0 && (spans[k] == 0 || spans[k] > math.MaxUint16) {
			v := rec.str(k)
			rec.spans[k] = 0
			m := rec.edit()
			m.set |= 1 << k
			m.str[k] = strings.Clone(v)
		}
	}
	for k, off := range rec.spans {
		if off != 0 {
			rec.spans[k] = uint16(spans[k])
		}
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
