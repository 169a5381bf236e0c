// Package hinadi reads and writes Hina-Di 2.2, the metadata format of Asahina
// Antenna (and of the WDB and Tamatebako antenna generators): a header
// block, then entity blocks of RFC 822-like "Name: value" lines, blocks
// separated by a blank line.
//
//	HINA/2.2beta
//	User-Agent: WDB/1.0
//	Content-Type: text/plain; charset=EUC-JP
//
//	URL: http://example.jp/diary/
//	Title: ...
//	Last-Modified: Sun, 02 Dec 2001 03:04:05 GMT
//
// # Field mapping
//
// Fields map to Hina-Di fields as follows (fieldNames, in mapping.go, is
// the table the Reader and the Writer use; a test checks this copy). The
// Writer writes a field as the first Hina-Di field named; the Reader takes
// it from the first of them whose value converts (names are
// case-insensitive). URI is the URL (or Virtual, with other fields). The
// X-Uricat-... fields are uricat's own export's, for what Hina-Di has no
// field for; their values, as those of every experimental field (X-...),
// may be RFC 2047 encoded-words, which the Reader decodes. The Reader
// takes the header's Date for a block without a date. Any other field is
// X-<FIELD>.
//
//	Hina-Di field                                field        value
//	Title                                        NAME         as is
//	Last-Modified, Date, Last-Modified-Detected  DATE         RFC 1123 date
//	Keyword                                      CATEGORY     first TOKEN, the others X-KEYWORDS
//	Author-Name                                  X-AUTHOR     one line
//	Content-Type                                 TYPE         media type
//	HINA-Version                                 -            HINA/2.2beta, not kept
//	X-Uricat-Description                         DESCRIPTION  as is
//	X-Uricat-Rating                              RATING       1 to 5
//	X-Uricat-Language                            LANGUAGE     language tag
//	X-Uricat-Id                                  ID           ID
//	X-Uricat-Category                            CATEGORY     what Keyword cannot hold
//	X-Uricat-Keywords                            X-KEYWORDS   what Keyword cannot hold
//
// A block with a duplicate field name is discarded (the spec's MUST) and
// reported; a block with only Virtual points at another Hina-Di file and is
// reported, not imported. The Writer (see its doc) writes every field of a
// record so that this reads it back.
//
// The Reader streams, one block at a time, decoding the charset the header
// names (EUC-JP when it names none: Encoding). Every position it reports is
// a line number.
package hinadi

import (
	"bytes"
	"fmt"
	"io"
	"mime"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/internal/charset"
	"github.com/uricat/uricat/internal/lines"
)

// isBlankByte reports the white space trimmed from values and that makes
// a line blank: ASCII only.
func isBlankByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v'
}

// trimLeftBlanks and trimBlanks trim that white space; they are called for
// every line, where strings.Trim would build its set of bytes each time.
func trimLeftBlanks(s string) string {
	i := 0
	for i < len(s) && isBlankByte(s[i]) {
		i++
	}
	return s[i:]
}

func trimBlanks(s string) string {
	s = trimLeftBlanks(s)
	j := len(s)
	for j > 0 && isBlankByte(s[j-1]) {
		j--
	}
	return s[:j]
}

// Limits that keep memory bounded whatever the input holds.
const (
	maxLine   = 64 << 10 // a longer line is dropped
	maxFields = 256      // fields kept per block
)

// Format describes Hina-Di for the registry.
var Format = importers.Format{
	Name:       "hinadi",
	Title:      "Hina-Di (Asahina Antenna metadata)",
	Extensions: []string{".di", ".hina"},
	Detect:     Detect,
	NewReader: func(r io.Reader, opts importers.Options) importers.Reader {
		return NewReader(r, opts)
	},
	NewWriter: func(w io.Writer) importers.Writer { return NewWriter(w) },
}

// Detect reports whether head starts with the HINA field that must open a
// Hina-Di file ("HINA/2.2beta", Header block).
func Detect(head []byte) bool {
	head = bytes.TrimPrefix(head, []byte("\ufeff"))
	head = bytes.TrimLeft(head, " \t\r\n")
	return len(head) >= 5 && bytes.EqualFold(head[:5], []byte("HINA/"))
}

// Reader reads bookmarks from a Hina-Di file, one entity block at a time.
type Reader struct {
	lr       *lines.Reader
	line     int // the number of the line last read
	opts     importers.Options
	dec      *encoding.Decoder // nil: UTF-8
	declared bool              // the header named a charset
	header   bool              // the header block was read
	notes    importers.ReaderNotes
	lfNoted  bool  // lines ending in LF alone were reported: a file-wide habit
	crNoted  bool  // and in CR alone
	err      error // sticky: io.EOF or a wrapped I/O error
	ended    bool
	keys     importers.NameMemo[string] // field name -> lower case
	xnames   importers.NameMemo[string] // lower-case name -> X- field name
	entities int                        // entity blocks read
	fields   []field                    // the fields of the last block, reused
}

// field is one "Name: value" line of a block.
type field struct {
	name  string // as written
	key   string // lower case: names are case-insensitive (Block)
	value string // decoded, trimmed
	line  int
}

// block is a run of field lines up to a blank line.
type block struct {
	line    int // first line
	fields  []field
	last    int  // last line
	closed  bool // a blank line followed it
	tooMany bool
}

// NewReader returns a Reader of the Hina-Di file r. opts supplies the dates
// for blocks without one (after the header's Date).
func NewReader(r io.Reader, opts importers.Options) *Reader {
	return &Reader{lr: lines.NewReader(r, maxLine), opts: opts, dec: japanese.EUCJP.NewDecoder()}
}

// Diagnostics returns what the Reader has noted since the last call.
func (r *Reader) Diagnostics() []ssd3.Diagnostic { return r.notes.Diagnostics() }

// Read returns the next bookmark, or io.EOF after the last. Blocks that are
// not bookmarks are skipped with a diagnostic; only I/O errors are errors.
func (r *Reader) Read() (*ssd3.Record, error) {
	for {
		b := r.readBlock()
		if b == nil {
			break
		}
		if !r.header {
			r.header = true
			if b = r.readHeader(b); b == nil {
				continue
			}
		}
		r.entities++
		if rec := r.record(b); rec != nil {
			return rec, nil
		}
	}
	if r.err == io.EOF && !r.ended {
		r.ended = true
		switch {
		case !r.header:
			r.report(ssd3.Deviation, 0, "the input is empty: no HINA header and no entity block")
		case r.entities == 0:
			r.report(ssd3.Deviation, 1, "no entity block follows the header (one or more MUST: Structure)")
		}
	}
	return nil, r.err
}

func (r *Reader) report(kind ssd3.Kind, line int, format string, a ...any) {
	r.notes.Note(line, -1, kind, format, a...)
}

// readLine returns the next line without its line break, decoded to UTF-8,
// and whether there was one. A line longer than maxLine is dropped.
func (r *Reader) readLine() (text string, eol, ok bool) {
	for {
		l, err := r.lr.Read()
		if err != nil {
			r.fail(err)
			return "", false, false
		}
		r.line = l.Number
		if l.Cut {
			r.report(ssd3.Dropped, r.line, "the line is longer than %d KiB; ignored", maxLine>>10)
			continue
		}
		switch l.Ending {
		case lines.LF:
			if !r.lfNoted {
				r.lfNoted = true
				r.report(ssd3.Deviation, r.line, "lines end in LF alone, not CRLF (line-format), from this line on; read anyway")
			}
		case lines.CR:
			if !r.crNoted {
				r.crNoted = true
				r.report(ssd3.Deviation, r.line, "lines end in CR alone, not CRLF (line-format), from this line on; read anyway")
			}
		}
		return r.decode(l.Text), l.Ending != lines.EOF, true
	}
}

// decode turns a line of the file's charset into UTF-8.
func (r *Reader) decode(raw []byte) string {
	if isASCII(raw) {
		return string(raw)
	}
	if r.dec == nil {
		return string(raw) // UTF-8; display.Clean drops what is not
	}
	s, err := r.dec.Bytes(raw)
	if err != nil {
		return strings.ToValidUTF8(string(raw), "\uFFFD")
	}
	if !r.declared && utf8.Valid(raw) && bytes.ContainsRune(s, utf8.RuneError) {
		// No charset declared, and the line is UTF-8 but not EUC-JP (a
		// 2010 Tamatebako fork wrote UTF-8: WRITERS.md).
		r.report(ssd3.Deviation, r.line, "the line is UTF-8, not EUC-JP, the charset Hina-Di assumes when the header names none (Encoding); read as UTF-8")
		return string(raw)
	}
	return string(s)
}

// isASCII reports whether b needs no decoding: no 8-bit byte, and no ESC
// (ISO-2022-JP is 7-bit: ESC sequences switch it to kanji).
func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= utf8.RuneSelf || c == 0x1b {
			return false
		}
	}
	return true
}

func (r *Reader) fail(err error) {
	if r.err != nil {
		return
	}
	if err == io.EOF {
		r.err = io.EOF
		return
	}
	r.err = fmt.Errorf("hinadi: reading line %d: %w", r.line+1, err)
}

// readBlock reads the next block: blank lines are skipped, then field lines
// up to a blank line or the end. It returns nil at the end of the input.
func (r *Reader) readBlock() *block {
	var b *block
	for {
		text, eol, ok := r.readLine()
		if !ok {
			break
		}
		if trimBlanks(text) == "" {
			if b != nil {
				b.closed = true
				return b
			}
			continue
		}
		if b == nil {
			// The previous block is done with: reuse its fields' array.
			b = &block{line: r.line, fields: r.fields[:0]}
		}
		b.last = r.line
		if f, ok := r.parseField(text); ok {
			if len(b.fields) >= maxFields {
				if !b.tooMany {
					b.tooMany = true
					r.report(ssd3.Dropped, r.line, "the block at line %d has more than %d fields; those from line %d on are not kept", b.line, maxFields, r.line)
				}
			} else {
				b.fields = append(b.fields, f)
				r.fields = b.fields
			}
		}
		if !eol {
			break
		}
	}
	if b != nil && (r.err == nil || r.err == io.EOF) {
		r.report(ssd3.Deviation, b.last, "the block at line %d is the last and no blank line follows it (Entity-block ends with CRLF); read anyway", b.line)
		return b
	}
	return nil
}

// parseField splits a line into field-name SEPARATOR field-value (Block):
// the name is WORD *("-" WORD), the separator ":" and one or more blanks.
func (r *Reader) parseField(text string) (field, bool) {
	if len(text) >= 5 && strings.EqualFold(text[:5], "HINA/") {
		return field{name: "HINA", key: "hina", value: text[5:], line: r.line}, true
	}
	colon := strings.IndexByte(text, ':')
	if colon < 0 {
		r.report(ssd3.Dropped, r.line, "not a field (Name: value): %q; line ignored", importers.Excerpt(text))
		return field{}, false
	}
	name := text[:colon]
	if !validName(name) {
		if n := strings.TrimSpace(name); validName(n) {
			r.report(ssd3.Deviation, r.line, "blanks around the field name %q; read anyway", n)
			name = n
		} else {
			r.report(ssd3.Dropped, r.line, "%q is not a field name (WORD *(\"-\" WORD), Block); line ignored", importers.Excerpt(name))
			return field{}, false
		}
	}
	rest := text[colon+1:]
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		r.report(ssd3.Deviation, r.line, "no space or tab after %q's colon (SEPARATOR = \":\" 1*(SP|HT)); read anyway", name)
	}
	// SEPARATOR takes the blanks before the value; those after it are the
	// value's own (a TOKEN only may not start with one), which matters to
	// a Title only: the other fields trim them as they read them.
	return field{name: name, key: r.key(name), value: rest[len(rest)-len(trimLeftBlanks(rest)):], line: r.line}, true
}

// key returns the lower-case form of a field name; files repeat the same
// few names, so each is lowered once.
func (r *Reader) key(name string) string { return r.keys.Get(name, strings.ToLower) }

// validName reports whether s is WORD *("-" WORD), WORD = 1*(ALPHA|DIGIT).
func validName(s string) bool {
	if s == "" || s[0] == '-' || s[len(s)-1] == '-' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case c == '-' && s[i-1] != '-':
		default:
			return false
		}
	}
	return true
}

// duplicate returns the first field whose name repeats an earlier one's
// (case-insensitively), and that earlier field.
func (b *block) duplicate() (dup, first *field) {
	for i := range b.fields {
		for j := 0; j < i; j++ {
			if b.fields[i].key == b.fields[j].key {
				return &b.fields[i], &b.fields[j]
			}
		}
	}
	return nil, nil
}

// get returns the value of the field named key (lower case), or "".
func (b *block) get(key string) (string, *field) {
	for i := range b.fields {
		if b.fields[i].key == key {
			return b.fields[i].value, &b.fields[i]
		}
	}
	return "", nil
}

// readHeader reads the header block (Header block): the HINA line, then
// User-Agent, Content-Type (whose charset decodes the rest of the file) and
// Date (the date of records that have none). It returns the part of b that
// is an entity block when b is not (only) a header, else nil.
func (r *Reader) readHeader(b *block) *block {
	if len(b.fields) == 0 || b.fields[0].key != "hina" {
		if _, u := b.get("url"); u != nil {
			r.report(ssd3.Deviation, b.line, "the file does not start with a HINA header (\"HINA/2.2beta\", Header block); reading entity blocks anyway")
			return b
		}
		r.report(ssd3.Deviation, b.line, "the file does not start with the HINA line (\"HINA/2.2beta\", Header block); the first block is taken as the header")
	} else if v := b.fields[0].value; v != "2.2beta" {
		r.report(ssd3.Deviation, b.fields[0].line, "HINA/%s: the version is not 2.2beta (HINA); read anyway", importers.Excerpt(v))
	}
	// A URL in the header means the blank line after it is missing: the
	// entity block starts there.
	var rest *block
	for i, f := range b.fields {
		if f.key == "url" {
			r.report(ssd3.Deviation, f.line, "a URL field in the header block: the blank line that ends the header is missing; an entity block is taken to start here")
			rest = &block{line: f.line, last: b.last, fields: b.fields[i:], closed: b.closed}
			b.fields = b.fields[:i]
			break
		}
	}
	if dup, first := b.duplicate(); dup != nil {
		r.report(ssd3.Deviation, dup.line, "the header block has the field %q twice (lines %d and %d); a block with duplicate field names MUST be discarded (Block): its charset and date are not used", dup.name, first.line, dup.line)
		return rest
	}
	if _, ua := b.get("user-agent"); ua == nil {
		r.report(ssd3.Deviation, b.line, "the header block has no User-Agent (required in header blocks, User-Agent); read anyway")
	}
	if ct, f := b.get("content-type"); f != nil {
		r.setCharset(ct, f.line)
	}
	if d, f := b.get("date"); f != nil {
		if t, note, ok := parseDate(d); ok && ssd3.ValidateDate(t) == nil {
			r.opts.FileDate = t
			if note != "" {
				r.report(ssd3.Deviation, f.line, "the header's Date %s; read anyway", note)
			}
		} else {
			r.report(ssd3.Deviation, f.line, "the header's Date %q is not a date (rfc1123-date); not used", importers.Excerpt(d))
		}
	}
	return rest
}

// setCharset takes the charset parameter of the header's Content-Type
// (Encoding). UTF-8 needs no decoder; an unknown charset leaves EUC-JP.
func (r *Reader) setCharset(ct string, line int) {
	cs := ""
	ct = mediaType(ct)
	if _, params, err := mime.ParseMediaType(ct); err == nil {
		cs = params["charset"]
	} else if i := strings.Index(strings.ToLower(ct), "charset="); i >= 0 {
		// A Content-Type mime cannot parse: take what follows "charset=".
		if f := strings.Fields(ct[i+len("charset="):]); len(f) > 0 {
			cs = strings.Trim(f[0], "\"';")
		}
	}
	if cs == "" {
		return
	}
	enc, err := charset.Lookup(cs)
	if err != nil {
		r.report(ssd3.Deviation, line, "unknown charset %q; reading as EUC-JP (Encoding)", importers.Excerpt(cs))
		return
	}
	r.declared = true
	if enc == nil { // UTF-8 or ASCII
		r.dec = nil
		return
	}
	r.dec = enc.NewDecoder()
}
