// Package soif reads and writes SOIF, Harvest's Summary Object Interchange
// Format, as the 1997 draft "CIP Index Object Format for SOIF Objects" defines it:
//
//	@TEMPLATE { URL
//	Attribute{SIZE}:<TAB>value of exactly SIZE bytes
//	}
//
// Values are counted in bytes, not delimited, so the Reader never looks for
// braces inside them (WRITERS.md: readers that counted braces broke). It
// streams: memory does not grow with the input, and a value it does not keep
// (bulk text, a huge declared size) is skipped without being read into memory.
//
// # Field mapping
//
// Fields map to attributes as follows (fieldAttrs, in mapping.go, is the
// table the Reader and the Writer use; a test checks this copy). The Writer
// writes a field as the attribute "written as"; the Reader takes it from
// the first value that converts of the attributes "read from", best first
// (names are
// case-insensitive, and "Author-1", "Author-2" are values of "Author":
// section 4.3). URI is the object's URL, else an IDENTIFIER that is a URI
// (URL "-" has none: 4.5). Any other short attribute is X-<ATTRIBUTE>,
// its values joined by "; ".
//
//	field        written as              read from                                          value
//	NAME         Title                   title                                              as is
//	DESCRIPTION  Description             description, abstract                             as is
//	DATE         Last-Modification-Time  last-modification-time, last-modified, date, update-time  date
//	CATEGORY     Category                category                                           as is
//	RATING       Rating                  rating                                             1 to 5
//	LANGUAGE     Language                language                                           RFC 3066 tag
//	TYPE         Type                    content-type, format, type                         media type
//	ID           Id                      id                                                 ID
//
// Full-Text, Partial-Text, URL-References and Thumbnail are bulk: they are
// skipped and reported as dropped, as are values over 64 KiB. CIP-HINT
// objects (Appendix B) are skipped and reported.
//
// Commas and white space between pairs are ignored (4.3). Anything else
// that is wrong is repaired where the data allows, reported, and costs
// nothing but itself: a value whose size does not match the data ends
// where the next line starts a pair "Name{N}:", the object's "}" or the
// next object (failing a line start, after any white space: the draft's
// examples lost their line breaks); "IDENTIFIER:{21}", the draft's own
// malformed pair, is read as IDENTIFIER{21}:, and "Name: value" as a pair
// without a size; what is not a pair at all is skipped up to the next
// place reading can resume.
//
// Every position the Reader reports is a byte offset (SOIF is not
// line-oriented: section 4.3).
package soif

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
)

// Limits that keep memory bounded whatever the input declares.
const (
	maxValue     = 64 << 10 // a larger value is skipped, not read into memory
	lookahead    = 320      // bytes after a value checked for the next pair
	bufSize      = maxValue + lookahead
	maxExtension = 2 << 10 // an X- value longer than this is bulk, not metadata
	maxName      = 256     // attribute identifier
	maxURL       = 8 << 10 // the URL after "{"
	maxTemplate  = 64      // template type
	maxPairs     = 512     // attributes kept per object
	maxKept      = 1 << 20 // bytes of values kept per object
)

// bulk attributes hold documents, not metadata (Appendix A): they are
// skipped and reported as dropped.
var bulk = map[string]bool{
	"full-text": true, "partial-text": true, "url-references": true,
	"thumbnail": true, "selected-text": true,
}

// Format describes SOIF for the registry.
var Format = importers.Format{
	Name:       "soif",
	Title:      "SOIF (Harvest Summary Object Interchange Format)",
	Extensions: []string{".soif"},
	Detect:     Detect,
	NewReader: func(r io.Reader, opts importers.Options) importers.Reader {
		return NewReader(r, opts)
	},
	NewWriter: func(w io.Writer) importers.Writer { return NewWriter(w) },
}

// Detect reports whether head starts, after white space, with a SOIF object:
// "@" TEMPLATE-TYPE, optional blanks, "{" (section 4.4).
func Detect(head []byte) bool {
	head = bytes.TrimLeft(head, " \t\r\n\f\v\ufeff")
	head = bytes.TrimPrefix(head, []byte("\ufeff"))
	if len(head) == 0 || head[0] != '@' {
		return false
	}
	_, n := matchAnchor(head[1:])
	return n > 0
}

// Reader reads bookmarks from a SOIF stream, one object at a time.
type Reader struct {
	br    *bufio.Reader
	off   int64 // offset of the next byte
	last  byte  // the byte before off
	opts  importers.Options
	notes importers.ReaderNotes
	names map[string]*attrName
	pairs []pair      // reused from object to object
	vals  []string    // reused by setExtensions
	vbuf  []byte      // the current object's UTF-8 values, end to end
	byPos []*attrName // the attribute names of the last object, in order
	pos   int         // attributes read in the current object
	err   error       // sticky: io.EOF or a wrapped I/O error
}

// anchor is the start of an object: "@TEMPLATE {" at offset at.
type anchor struct {
	at       int64
	template string
}

// object is one SOIF object as read, before mapping to a record.
type object struct {
	start    int64
	template string
	url      string
	hint     bool // CIP-HINT: not a bookmark
	pairs    []pair
	dropped  bool // more than maxPairs attributes
	kept     int  // bytes of values kept
}

// attrName is what the mapping needs to know of an attribute identifier.
// Objects repeat the same few names, so they are worked out once.
type attrName struct {
	name  string // as written
	base  string // lower case, without the "-N" multi-value suffix (4.3)
	index int    // the N of "-N", 0 without one
	xname string // the X- field it becomes
	bulk  bool   // a document, not metadata: not kept
	list  bool   // one item a line (listAttrs)
}

// pair is one ATTRIBUTE-VALUE pair kept for mapping.
type pair struct {
	*attrName
	value string // decoded text
	off   int64  // offset of the attribute identifier
	group int    // position of the first pair with the same base
	inBuf bool   // the value is vbuf[start:end] until the object ends
	start int
	end   int
	used  bool
}

// maxNames bounds the cache of attribute names.
const maxNames = 4096

// NewReader returns a Reader of the SOIF stream r. opts supplies the dates
// used for objects that carry none.
func NewReader(r io.Reader, opts importers.Options) *Reader {
	return &Reader{br: bufio.NewReaderSize(r, bufSize), opts: opts, last: '\n'}
}

// Diagnostics returns what the Reader has noted since the last call.
func (r *Reader) Diagnostics() []ssd3.Diagnostic { return r.notes.Diagnostics() }

// Read returns the next bookmark, or io.EOF after the last. An object that
// cannot be a bookmark is skipped with a diagnostic; only I/O errors are
// returned as errors.
func (r *Reader) Read() (*ssd3.Record, error) {
	for r.err == nil {
		a, found := r.seekObject(false)
		if !found {
			break
		}
		obj := r.readObject(a)
		if r.err != nil && r.err != io.EOF {
			break
		}
		if rec := r.record(obj); rec != nil {
			return rec, nil
		}
	}
	return nil, r.err
}

func (r *Reader) report(kind ssd3.Kind, off int64, format string, a ...any) {
	r.notes.Note(0, off, kind, format, a...)
}

// fail records an error from the underlying reader.
func (r *Reader) fail(err error) {
	if r.err != nil {
		return
	}
	if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
		r.err = io.EOF
		return
	}
	r.err = fmt.Errorf("soif: reading byte %d: %w", r.off, err)
}

func (r *Reader) readByte() (byte, bool) {
	c, err := r.br.ReadByte()
	if err != nil {
		r.fail(err)
		return 0, false
	}
	r.off++
	r.last = c
	return c, true
}

func (r *Reader) peekByte() (byte, bool) {
	b, err := r.br.Peek(1)
	if len(b) == 0 {
		r.fail(err)
		return 0, false
	}
	return b[0], true
}

// discard skips n bytes and returns how many there were.
func (r *Reader) discard(n int64) int64 {
	var done int64
	for done < n {
		d, err := r.br.Discard(int(min(n-done, 1<<30)))
		done += int64(d)
		r.off += int64(d)
		if err != nil {
			r.fail(err)
			break
		}
	}
	return done
}

// skipValue skips a value of n bytes that is not kept, remembering its last
// byte for the size check, and returns how many bytes there were.
func (r *Reader) skipValue(n int64) int64 {
	if n == 0 {
		return 0
	}
	got := r.discard(n - 1)
	if got < n-1 {
		return got
	}
	if _, ok := r.readByte(); ok {
		got++
	}
	return got
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// isIdent reports whether c may be in an IDENTIFIER (4.5: letters, digits,
// hyphens, underscores).
func isIdent(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_'
}

// matchAnchor matches TEMPLATE-TYPE, blanks and "{" at the start of b (the
// bytes after an "@") and returns the template and the bytes matched, or 0.
func matchAnchor(b []byte) (string, int) {
	i := 0
	for i < len(b) && i <= maxTemplate && isIdent(b[i]) {
		i++
	}
	if i == 0 || i > maxTemplate {
		return "", 0
	}
	j := i
	for j < len(b) && j-i < 16 && (b[j] == ' ' || b[j] == '\t') {
		j++
	}
	if j < len(b) && b[j] == '{' {
		return string(b[:i]), j + 1
	}
	return "", 0
}

// seekObject skips to the next "@TEMPLATE {" that starts the input or follows
// white space or "}", and consumes it. Harvest's reader skipped whatever came
// before an "@"; a stray non-blank byte is reported unless quiet (when
// resynchronising, the caller reports what it skipped).
func (r *Reader) seekObject(quiet bool) (*anchor, bool) {
	junk := int64(-1)
	defer func() {
		if junk >= 0 && !quiet {
			r.report(ssd3.Deviation, junk, "bytes up to @%d are outside any object; skipped", r.off)
		}
	}()
	for {
		prev := r.last
		c, ok := r.readByte()
		if !ok {
			return nil, false
		}
		if c == '@' && (isSpace(prev) || prev == '}') {
			b, _ := r.br.Peek(maxTemplate + 18)
			if t, n := matchAnchor(b); n > 0 {
				at := r.off - 1
				if junk >= 0 && !quiet {
					r.report(ssd3.Deviation, junk, "bytes up to @%d are outside any object; skipped", at)
					junk = -1
				}
				r.discard(int64(n))
				r.last = '{'
				return &anchor{at: at, template: t}, true
			}
		}
		if junk < 0 && !isSpace(c) {
			junk = r.off - 1
		}
	}
}

// readObject reads the object whose "@TEMPLATE {" was at a.
func (r *Reader) readObject(a *anchor) *object {
	o := &object{start: a.at, template: a.template, pairs: r.pairs[:0]}
	r.pos = 0
	t := strings.ToLower(a.template)
	switch {
	case t == "cip-hint":
		o.hint = true
	case t == "file" || t == "document" || t == "object" || strings.HasPrefix(t, "dublin-core"):
	default:
		r.report(ssd3.Info, a.at,
			"template %q is not one SOIF's draft names (FILE, DOCUMENT, Dublin-Core); its attributes are read as usual", a.template)
	}
	r.readURL(o)
	for r.readPair(o) {
	}
	r.pairs = o.pairs[:0] // record is done with them before the next object
	if len(r.vbuf) > 0 {
		all := string(r.vbuf)
		for i := range o.pairs {
			if p := &o.pairs[i]; p.inBuf {
				p.value = all[p.start:p.end]
			}
		}
		r.vbuf = r.vbuf[:0]
	}
	return o
}

// readURL reads the URL that follows "{" on the same line (4.4). A line
// break first means the object has none.
func (r *Reader) readURL(o *object) {
	for {
		c, ok := r.peekByte()
		if !ok || c != ' ' && c != '\t' {
			break
		}
		r.readByte()
	}
	b, _ := r.br.Peek(maxURL + 1)
	n := 0
	for n < len(b) && !isSpace(b[n]) && !(n == 0 && b[n] == '}') {
		n++
	}
	if n > maxURL {
		r.report(ssd3.Dropped, o.start, "the URL of the object is longer than %d bytes; not kept", maxURL)
		for c, ok := r.peekByte(); ok && !isSpace(c); c, ok = r.peekByte() {
			r.readByte()
		}
		return
	}
	url := decodeText(b[:n], r, o.start)
	r.discard(int64(n))
	if n > 0 {
		r.last = url[len(url)-1]
	}
	o.url = url
}

// readPair reads one ATTRIBUTE-VALUE pair, or the "}" that ends the object,
// and reports whether the object goes on. What is not a pair is skipped up
// to the next place reading can resume (see resume), and reported: one bad
// pair costs nothing but itself.
func (r *Reader) readPair(o *object) bool {
	// White space between pairs is ignored, and so are commas (4.3:
	// "Implementors of SOIF parsers should ignore ,,,, or other whitespace
	// found between the VALUE of an ATTRIBUTE-VALUE pair and the
	// ATTRIBUTE-IDENTIFIER of the subsequent pair").
	for {
		c, ok := r.peekByte()
		if !ok {
			if r.err == io.EOF {
				r.report(ssd3.Deviation, o.start, "the object is not closed by \"}\" before the end of the input")
			}
			return false
		}
		if !isSpace(c) && c != ',' {
			break
		}
		r.readByte()
	}
	off := r.off
	c, _ := r.peekByte()
	switch c {
	case '}':
		r.readByte()
		return false
	case '@':
		if b, _ := r.br.Peek(maxTemplate + 19); len(b) > 1 {
			if _, n := matchAnchor(b[1:]); n > 0 && isSpace(r.last) {
				r.report(ssd3.Deviation, o.start, "the object is not closed by \"}\" before the next object at @%d", off)
				return false
			}
		}
	}
	an := r.readName()
	if an == nil {
		return r.skipJunk(off)
	}
	if size, n := sizeDelim(r.br); n > 0 { // the usual "{N}:<TAB>", in one step
		r.discard(int64(n))
		r.last = '\t'
		return r.readValue(o, an, size, off)
	}
	b, _ := r.br.Peek(maxSizeForm)
	size, n, form := parseSize(b)
	switch form {
	case sizeNone:
		r.discard(int64(n))
		r.last = ':'
		r.delimiter(an.name, off)
		return r.readUnsized(o, an, off)
	case sizeColonFirst:
		// The Dublin-Core example's own "IDENTIFIER:{21}" (Appendix C).
		r.report(ssd3.Deviation, off, "%s:{%d}: the colon stands before the size, not after it (4.4: ATTRIBUTE ::= IDENTIFIER {VALUE-SIZE} DELIMITER VALUE); read as %s{%d}:", an.name, size, an.name, size)
	case sizeBad:
		return r.skipJunk(off)
	}
	r.discard(int64(n))
	r.last = b[n-1]
	r.delimiter(an.name, off)
	return r.readValue(o, an, size, off)
}

// delimiter reads the delimiter after a size: ":" and TAB, of which ":" is
// read already (4.5). Writers put a space there, or nothing.
func (r *Reader) delimiter(name string, off int64) {
	switch c, _ := r.peekByte(); c {
	case '\t':
		r.readByte()
	case ' ':
		r.readByte()
		r.report(ssd3.Deviation, off, "attribute %q: the delimiter is \":\" and a space, not \":\" TAB (4.5); read anyway", name)
	default:
		r.report(ssd3.Deviation, off, "attribute %q: no TAB after \":\" (4.5); the value is taken to start right after the colon", name)
	}
}

// sizeDelim matches "{N}:<TAB>" at the reader's position, without
// consuming it, and returns N and the bytes matched, or 0 bytes when the
// pair is anything else (readPair then looks closer).
func sizeDelim(br *bufio.Reader) (int64, int) {
	w, _ := br.Peek(22)
	if len(w) < 5 || w[0] != '{' {
		return 0, 0
	}
	var size int64
	i := 1
	for ; i < len(w) && i <= 18 && w[i] >= '0' && w[i] <= '9'; i++ {
		size = size*10 + int64(w[i]-'0')
	}
	if i == 1 || i+2 >= len(w) || w[i] != '}' || w[i+1] != ':' || w[i+2] != '\t' {
		return 0, 0
	}
	return size, i + 3
}

// The forms of what follows an attribute's name, as parseSize tells them.
const (
	sizeBad        = iota // not a pair
	sizeNormal            // "{N}:" (4.4)
	sizeColonFirst        // "_:{N}", as in the draft's own Dublin-Core example
	sizeNone              // ":" and no size: a sloppy writer's "Name: value"
)

// maxSizeForm is how many bytes parseSize looks at: a size of more digits
// than any input can hold still reads (as math.MaxInt64).
const maxSizeForm = 64

// parseSize reads what follows an attribute's name in b: the size, the
// bytes of b it takes (the ":" included), and its form.
func parseSize(b []byte) (size int64, n int, form int) {
	i, colonFirst := 0, false
	if len(b) > 0 && b[0] == ':' {
		if len(b) < 2 || b[1] != '{' {
			return 0, 1, sizeNone
		}
		i, colonFirst = 1, true
	}
	if i >= len(b) || b[i] != '{' {
		return 0, 0, sizeBad
	}
	i++
	digits := 0
	for ; i < len(b) && b[i] >= '0' && b[i] <= '9'; i++ {
		digits++
		if size <= (math.MaxInt64-9)/10 {
			size = size*10 + int64(b[i]-'0')
		} else {
			size = math.MaxInt64 // a size no input can hold: it runs to the end
		}
	}
	if digits == 0 || i >= len(b) || b[i] != '}' {
		return 0, 0, sizeBad
	}
	i++
	if colonFirst {
		return size, i, sizeColonFirst
	}
	if i >= len(b) || b[i] != ':' {
		return 0, 0, sizeBad
	}
	return size, i + 1, sizeNormal
}

// skipJunk skips what stands at off, where a pair should, up to the next
// place reading can resume (see resume), and reports it. It reports
// whether the object goes on: false when the input ends first.
func (r *Reader) skipJunk(off int64) bool {
	what := r.describeNext()
	for {
		b, err := r.br.Peek(bufSize)
		atEOF := err != nil
		if p := resume(b, 1, len(b), false, atEOF); p >= 0 {
			r.discard(int64(p))
			r.last = b[p-1]
			r.report(ssd3.Dropped, off, "these bytes are not an attribute (they start %s); skipped up to %s at @%d", what, describeStart(b[p:]), r.off)
			return true
		}
		if atEOF {
			r.discard(int64(len(b)))
			r.report(ssd3.Dropped, off, "these bytes are not an attribute (they start %s); skipped to the end of the input", what)
			return false
		}
		// Keep the tail, which may hold the start of a resume point.
		keep := len(b) - maxResumeTail
		r.discard(int64(keep))
		r.last = b[keep-1]
	}
}

// maxResumeTail is what skipJunk keeps of a window it found nothing in: a
// resume point may start there and end in the next window.
const maxResumeTail = maxName + maxSizeForm + 8

// resume returns the first index in b[from:to] where reading can go on
// after a repair, or -1: the start of a line that holds, after blanks, an
// attribute "NAME{SIZE}:" (or "NAME:{SIZE}"), the "}" that ends an object,
// or the "@TEMPLATE {" of the next one. Failing a line start (the draft's
// own examples lost their line breaks), the same after any white space.
// lineStart says whether b[0] starts a line.
func resume(b []byte, from, to int, lineStart, atEOF bool) int {
	from, to = max(from, 0), min(to, len(b))
	if from >= to {
		return -1
	}
	if from == 0 && lineStart && startsPart(skipBlanks(b, 0), atEOF) {
		return 0
	}
	for i := max(from-1, 0); i < to; {
		nl := bytes.IndexByte(b[i:to], '\n')
		if nl < 0 {
			break
		}
		p := i + nl + 1
		if p >= from && p < to && startsPart(skipBlanks(b, p), atEOF) {
			return p
		}
		i = p
	}
	for p := max(from, 1); p < to; p++ {
		if isSpace(b[p-1]) && !isSpace(b[p]) && startsPart(b[p:], atEOF) {
			return p
		}
	}
	return -1
}

func skipBlanks(b []byte, i int) []byte {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
		i++
	}
	return b[i:]
}

// startsPart reports whether b starts with an attribute "NAME{SIZE}:" (or
// "NAME:{SIZE}"), an object's closing "}" or the next "@TEMPLATE {".
func startsPart(b []byte, atEOF bool) bool {
	switch {
	case len(b) == 0:
		return atEOF
	case b[0] == '}':
		return len(b) == 1 || isSpace(b[1]) || b[1] == '@'
	case b[0] == '@':
		_, n := matchAnchor(b[1:])
		return n > 0
	}
	j := nameLen(b)
	if j == 0 || j > maxName {
		return false
	}
	_, _, form := parseSize(b[j:min(len(b), j+maxSizeForm)])
	return form == sizeNormal || form == sizeColonFirst
}

// describeStart names what a resume point starts with, for messages.
func describeStart(b []byte) string {
	b = skipBlanks(b, 0)
	switch {
	case len(b) == 0:
		return "the end of the input"
	case b[0] == '}':
		return "the end of the object"
	case b[0] == '@':
		return "the next object"
	}
	return strconv.Quote(string(b[:nameLen(b)]))
}

// trimEnd drops the white space that ends a value found by resume: it
// separated the value from what follows.
func trimEnd(b []byte) []byte {
	for len(b) > 0 && isSpace(b[len(b)-1]) {
		b = b[:len(b)-1]
	}
	return b
}

// describeNext quotes the next few bytes for a message.
func (r *Reader) describeNext() string {
	b, _ := r.br.Peek(12)
	if len(b) == 0 {
		return "the end of the input"
	}
	return strconv.Quote(string(b)) // %q-style quoting keeps control bytes out of messages
}

// nameLen returns the length of the attribute identifier b starts with,
// or more than maxName when it is longer. Besides IDENTIFIER characters
// (4.5) a name may hold bracketed parts, as in CIP-HINT's
// "Weightlist-[IMAGE:Subject]" (Appendix B).
func nameLen(b []byte) int {
	i := 0
	for i < len(b) && i <= maxName {
		c := b[i]
		if isIdent(c) {
			i++
			continue
		}
		if c == '[' {
			j := i + 1
			// Printable ASCII only: names appear in messages.
			for j < len(b) && b[j] != ']' && b[j] > ' ' && b[j] < 0x7f && b[j] != '{' && b[j] != '}' {
				j++
			}
			if j < len(b) && b[j] == ']' {
				i = j + 1
				continue
			}
		}
		break
	}
	return i
}

// readName reads an attribute identifier, or returns nil, reading nothing,
// when none starts here (or it is longer than maxName).
func (r *Reader) readName() *attrName {
	b, _ := r.br.Peek(maxName + 1)
	i := nameLen(b)
	if i == 0 || i > maxName {
		return nil
	}
	// Objects list the same attributes in the same order: try the name
	// seen last at this position before the map.
	var an *attrName
	if r.pos < len(r.byPos) && r.byPos[r.pos].name == string(b[:i]) {
		an = r.byPos[r.pos]
	} else {
		an = r.names[string(b[:i])]
	}
	if an == nil {
		an = newAttrName(string(b[:i]))
		if r.names == nil || len(r.names) >= maxNames {
			r.names = map[string]*attrName{}
		}
		r.names[an.name] = an
	}
	if r.pos < len(r.byPos) {
		r.byPos[r.pos] = an
	} else if r.pos < maxPairs {
		r.byPos = append(r.byPos, an)
	}
	r.pos++
	r.discard(int64(i))
	r.last = b[i-1]
	return an
}

func newAttrName(name string) *attrName {
	base, index := splitIndex(strings.ToLower(name))
	return &attrName{name: name, base: base, index: index, xname: xName(base), bulk: bulk[base], list: listAttrs[base]}
}

// readValue reads (or skips) a value of size bytes and checks that the size
// matched the data: what follows the value must be white space (or commas),
// then "}", the next pair, the next object or the end of the input. A value
// that fits the buffer is checked before it is consumed, so that when the
// size is wrong the value can be found where the data says it ends: up to
// the next line that starts a pair (see resume). A size two too large
// would otherwise take the line break and the first letter of the next
// attribute ("Hello\nD", and an "escription" attribute); one too small
// would leave the rest of the value to be read as an attribute.
func (r *Reader) readValue(o *object, an *attrName, size int64, off int64) bool {
	name := an.name
	if size > maxValue {
		return r.skipLarge(o, an, size, off)
	}
	n := int(size)
	b, err := r.br.Peek(n + lookahead)
	if len(b) < n && err != nil && err != io.EOF {
		r.fail(err)
		return false
	}
	verdict := bad
	if len(b) >= n {
		verdict = followsValue(b[n:], len(b) < n+lookahead)
	}
	cut, used := n, n // the value is b[:cut]; used bytes are read
	if verdict != fits {
		// Where does the value end, by the data? Within what the size
		// covers first (too large a size), then beyond (too small).
		limit := n
		if verdict == bad {
			b, err = r.br.Peek(bufSize)
			limit = len(b)
		}
		atEOF := err != nil
		switch p := resume(b, 0, limit, r.last == '\n', atEOF); {
		case p >= 0 && len(b) < n:
			cut, used = len(trimEnd(b[:p])), p
			r.report(ssd3.Deviation, off, "%s{%d}: only %d bytes are left in the input; the value is taken to end at %s at @%d: %d bytes", name, size, len(b), describeStart(b[p:]), r.off+int64(p), cut)
		case p >= 0:
			cut, used = len(trimEnd(b[:p])), p
			r.report(ssd3.Deviation, off, "%s{%d}: the size does not match the data (after %d bytes comes %s); the value is taken to end at %s at @%d: %d bytes", name, size, size, quoteBytes(b[n:]), describeStart(b[p:]), r.off+int64(p), cut)
		case verdict == loose:
			// Another pair follows at once, as the grammar allows.
		case atEOF:
			cut, used = len(trimEnd(b)), len(b)
			r.report(ssd3.Deviation, off, "%s{%d} is cut short by the end of the input (%d of %d bytes); what there is is taken as its value", name, size, len(b), size)
		default:
			// No end in sight within the buffer: the data decides no
			// better than the size. Skip to where reading can resume.
			r.report(ssd3.Dropped, off, "%s{%d}: the size does not match the data (after %d bytes comes %s), and no attribute follows within %d KiB; the value is not kept", name, size, size, quoteBytes(b[min(n, len(b)):]), bufSize>>10)
			return r.skipJunk(r.off)
		}
	}
	if cut == n && n > 0 && len(b) > n && !isSpace(b[n]) && isSpace(b[n-1]) {
		r.report(ssd3.Deviation, off, "%s{%d}: the size counts the line break after the value; read anyway", name, size)
	}
	r.keepValue(o, an, b[:cut], off)
	if used > 0 {
		r.last = b[used-1]
		r.discard(int64(used))
	}
	return true
}

// readUnsized reads the value of an attribute written without a size
// ("Name: value"): up to where the data says it ends (see resume).
func (r *Reader) readUnsized(o *object, an *attrName, off int64) bool {
	b, err := r.br.Peek(bufSize)
	atEOF := err != nil
	p := resume(b, 0, len(b), r.last == '\n', atEOF)
	switch {
	case p >= 0:
	case atEOF:
		p = len(b)
	default:
		r.report(ssd3.Dropped, off, "%s has no {SIZE} (4.4: IDENTIFIER {VALUE-SIZE} DELIMITER VALUE), and no attribute follows within %d KiB; the value is not kept", an.name, bufSize>>10)
		return r.skipJunk(r.off)
	}
	value := trimEnd(b[:p])
	r.report(ssd3.Deviation, off, "%s has no {SIZE} (4.4: IDENTIFIER {VALUE-SIZE} DELIMITER VALUE); the value is taken to end at %s at @%d: %d bytes", an.name, describeStart(b[p:]), r.off+int64(p), len(value))
	r.keepValue(o, an, value, off)
	if p > 0 {
		r.last = b[p-1]
		r.discard(int64(p))
	}
	return true
}

// skipLarge skips a value larger than maxValue, which is not kept, and
// checks its size as readValue does, as far as it can: the value is not
// held in memory, so a wrong size is found only after it.
func (r *Reader) skipLarge(o *object, an *attrName, size, off int64) bool {
	name := an.name
	if got := r.skipValue(size); got < size {
		if r.err == io.EOF {
			r.report(ssd3.Dropped, off, "%s{%d} is cut short by the end of the input (%d of %d bytes); the object at @%d ends there", name, size, got, size, o.start)
		}
		return false
	}
	after, err := r.br.Peek(lookahead)
	if followsValue(after, err != nil) == bad {
		r.report(ssd3.Dropped, off, "%s{%d}: the value does not end after %d bytes (next comes %s): the size does not match the data; the %d bytes are not kept", name, size, size, quoteBytes(after), size)
		return r.skipJunk(r.off)
	}
	switch {
	case o.hint:
	case an.bulk:
		r.report(ssd3.Dropped, off, "%s{%d} is bulk content, not bookmark metadata; not kept", name, size)
	default:
		r.report(ssd3.Dropped, off, "%s{%d} is larger than %d KiB; not kept", name, size, maxValue>>10)
	}
	return true
}

// keepValue keeps a value read at off for the object, unless it is not
// kept (bulk, binary, over the object's bounds), which it reports.
func (r *Reader) keepValue(o *object, an *attrName, value []byte, off int64) {
	name, n := an.name, len(value)
	var text string
	kept, inBuf := false, false
	start := len(r.vbuf)
	switch {
	case o.hint || n == 0:
	case an.bulk:
		// As r.report, without fmt: Harvest objects carry bulk text often.
		msg := name + "{" + strconv.Itoa(n) + "} is bulk content, not bookmark metadata; not kept"
		r.notes.Add(ssd3.Diagnostic{Offset: off, Kind: ssd3.Dropped, Msg: msg})
	case n > maxValue:
		r.report(ssd3.Dropped, off, "%s is larger than %d KiB; not kept", name, maxValue>>10)
	case o.kept+n > maxKept:
		r.report(ssd3.Dropped, off, "%s{%d}: the object at @%d already holds %d KiB of values; not kept", name, n, o.start, o.kept>>10)
	case isText(value):
		// Most values: gathered in one buffer that becomes one string
		// when the object ends (one allocation per object, not per value).
		r.vbuf = append(r.vbuf, value...)
		kept, inBuf = true, true
	default:
		text, kept = decodeValue(value, r, name, off)
	}
	if !kept {
		return
	}
	if len(o.pairs) >= maxPairs {
		if !o.dropped {
			o.dropped = true
			r.report(ssd3.Dropped, off, "the object at @%d has more than %d attributes; those from here on are not kept", o.start, maxPairs)
		}
		return
	}
	o.kept += n
	o.pairs = append(o.pairs, pair{attrName: an, value: text, off: off, inBuf: inBuf, start: start, end: len(r.vbuf)})
}

// What followsValue finds after a value.
const (
	bad   = iota // not what can follow a value: the size is wrong
	loose        // another pair at once, with no white space between
	fits         // white space, then "}", a pair, an object or the end
)

// followsValue tells how after (the bytes that follow a value, atEOF if the
// input ends with them) starts: as a value's end should (fits), with a pair
// at once (loose: grammatical, but no writer did it, and what a size too
// large shows), or otherwise (bad). When the window ends before it can
// tell, it gives the benefit of the doubt.
func followsValue(after []byte, atEOF bool) int {
	i := 0
	for i < len(after) && (isSpace(after[i]) || after[i] == ',') {
		i++
	}
	if i == len(after) {
		return fits
	}
	ok := false
	switch after[i] {
	case '}':
		return fits
	case '@':
		_, n := matchAnchor(after[i+1:])
		ok = n > 0 || !atEOF && len(after)-i < maxTemplate+18
	default:
		ok = pairStart(after[i:], atEOF)
	}
	switch {
	case !ok:
		return bad
	case i > 0:
		return fits
	}
	return loose
}

// pairStart reports whether b starts like an attribute: name characters,
// loosely (brackets and colons as in CIP-HINT), then "{SIZE}". A malformed
// name is reported when it is read; here only the end of the previous
// value is in question.
func pairStart(b []byte, atEOF bool) bool {
	j := 0
	for j < len(b) && (isIdent(b[j]) || b[j] == '[' || b[j] == ']' || b[j] == ':') {
		j++
	}
	if j == len(b) {
		return !atEOF
	}
	if j == 0 || b[j] != '{' {
		return false
	}
	k := j + 1
	for k < len(b) && b[k] >= '0' && b[k] <= '9' {
		k++
	}
	if k == len(b) {
		return !atEOF
	}
	return k > j+1 && b[k] == '}'
}

func quoteBytes(b []byte) string {
	if len(b) == 0 {
		return "the end of the input"
	}
	return strconv.Quote(string(b[:min(len(b), 12)]))
}

// decodeValue turns a value's bytes into text. SOIF values are octets whose
// encoding the template implies (section 6); later writers used UTF-8, the
// draft's world Latin-1, so what is not UTF-8 is read as ISO-8859-1. Binary
// data is not text: it is reported and not kept.
func decodeValue(b []byte, r *Reader, name string, off int64) (string, bool) {
	if isBinary(b) {
		r.report(ssd3.Dropped, off, "%s{%d} is binary data; not kept", name, len(b))
		return "", false
	}
	return decodeText(b, r, off), true
}

// isText reports whether b is UTF-8 text, in one pass for ASCII.
func isText(b []byte) bool {
	ctl, high := 0, false
	for _, c := range b {
		switch {
		case c >= 0x80:
			high = true
		case c >= 0x20:
		case c == 0:
			return false
		case c != '\t' && c != '\n' && c != '\r':
			ctl++
		}
	}
	return ctl*4 <= len(b) && (!high || utf8.Valid(b))
}

// isBinary reports whether b is data rather than text: a NUL, or more than
// one control byte in four.
func isBinary(b []byte) bool {
	ctl := 0
	for _, c := range b {
		if c == 0 {
			ctl = len(b)
			break
		}
		if c < 0x20 && c != '\t' && c != '\n' && c != '\r' {
			ctl++
		}
	}
	return ctl*4 > len(b)
}

func decodeText(b []byte, r *Reader, off int64) string {
	if utf8.Valid(b) {
		return string(b)
	}
	s, err := charmap.ISO8859_1.NewDecoder().Bytes(b)
	if err != nil { // ISO-8859-1 maps every byte; kept for safety
		return strings.ToValidUTF8(string(b), "\uFFFD")
	}
	r.report(ssd3.Info, off, "text here is not UTF-8; read as ISO-8859-1 (Latin-1, the draft's character set)")
	return string(s)
}

// splitIndex splits the "-N" multi-value suffix (4.3) off a lower-case
// attribute name: "author-2" gives ("author", 2).
func splitIndex(name string) (string, int) {
	i := strings.LastIndexByte(name, '-')
	if i <= 0 || i == len(name)-1 {
		return name, 0
	}
	digits := name[i+1:]
	if len(digits) > 9 || !allDigits(digits) {
		return name, 0
	}
	n, _ := strconv.Atoi(digits)
	if n <= 0 {
		return name, 0
	}
	return name[:i], n
}

// sortPairs orders the values of each attribute by their "-N" index, keeping
// attributes in the order they first appear (writers did not always number
// in sequence: WRITERS.md).
func sortPairs(ps []pair) {
	for i := range ps {
		ps[i].group = i
		for j := 0; j < i; j++ {
			if ps[j].base == ps[i].base {
				ps[i].group = ps[j].group
				break
			}
		}
	}
	byGroup := func(a, b pair) int {
		if a.group != b.group {
			return a.group - b.group
		}
		return a.index - b.index
	}
	if !slices.IsSortedFunc(ps, byGroup) {
		slices.SortStableFunc(ps, byGroup)
	}
}
