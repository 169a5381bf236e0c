// Package urc reads and writes Uniform Resource Citations in the syntax Olle
// Jarnefors proposed in 1993 (../shared/specs/urc-syntax-jarnefors-1993.txt):
//
//	<ftp://nic.nordu.net/internet-drafts/draft-ietf-uri-url-01.txt;
//	URN:IANA:0::drafts:1204;
//	Title=Uniform Resource Locators;
//	Title.sv/Text/Plain/charset:SEN_850200_B=Likformiga resursl{gesgivare;
//	Language=en;>
//
// A citation is "<", elements each closed by ";", and ">". An element is a
// URL or URN (scheme ":" value), a URD (Field[.lang][/repr] "=" value; the
// order of the proposal's prose and example, which its BNF rule 5 swaps and
// which is also read, reported, as is a language tag after the charset) or
// a structor, "BEGIN *comment" / "END *comment", grouping elements in
// nested blocks.
//
// Each URL becomes one bookmark. It takes the URDs and URNs of its own group
// and of every group around it, wherever in the group they stand (the
// proposal's examples put them before and after the URLs); an inner group's
// field replaces an outer group's field of the same name and language tag.
// The standard fields are as the table below says, and:
//   - Title translations (Title.sv) -> X-TITLE-SV, or NAME when there is
//     no untranslated title (and then their tag is the LANGUAGE if no
//     Language URD gives one);
//   - a Content-type that is not a media type ("PostScript") ->
//     X-CONTENT-TYPE; a Charset URD -> TYPE's charset parameter when TYPE
//     is text/..., otherwise X-CHARSET;
//   - the URN -> X-URN; any other field (Author, Version, Fragment, ...) ->
//     X-<FIELD>[-<LANG>], upper case; several values are joined with "; ".
//
// # Field mapping
//
// The standard fields map to untranslated URDs as follows (fieldURDs, in
// mapping.go, is the table the Reader and the Writer use; a test checks
// this copy). A value the field cannot hold stays an X- field (a Date that
// is no date is X-DATE). Category, Rating and Id are not the proposal's:
// uricat's export writes them, and the Reader reads them back.
//
//	field        URD           value
//	NAME         Title         values joined by "; "
//	DESCRIPTION  Description   values joined by "; "
//	DATE         Date          date
//	CATEGORY     Category      values joined by "; "
//	RATING       Rating        1 to 5
//	LANGUAGE     Language      the first
//	TYPE         Content-type  media type
//	ID           Id            ID
//
// A value other than a Description is one line: a line break in it, and
// the blanks around that, is a space; its other blanks are its own.
//
// Values are unescaped as the proposal says ("%%", "%;", "%XX") and decoded
// from the charset their representation tag names (ISO-8859-1,
// SEN_850200_B, anything golang.org/x/text knows). In URLs and URNs only
// "%%" and "%;" are unescaped: "%XX" is already the URL's own escaping, and
// decoding it could change what the URL means (%2F is not "/").
//
// # Files
//
// urc.go is the Reader (citations and their elements, read and made
// into records); scan.go the scanner it reads bytes with, which counts
// lines and offsets, and the limits on an element; mapping.go the table
// of fields to URDs above; writer.go the Writer, the export; detect.go
// tells a file of citations by its start (Detect).
package urc

import (
	"fmt"
	"io"
	"mime"
	"regexp"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/internal/charset"
	"github.com/uricat/uricat/internal/dates"
)

// Format describes URC for the registry.
var Format = importers.Format{
	Name:       "urc",
	Title:      "Uniform Resource Citations (Jarnefors 1993)",
	Extensions: []string{".urc"},
	Detect:     Detect,
	NewReader: func(r io.Reader, opts importers.Options) importers.Reader {
		return NewReader(r, opts)
	},
	NewWriter: func(w io.Writer) importers.Writer { return NewWriter(w) },
}

// Reader reads the citations of a URC file, one bookmark per URL.
type Reader struct {
	s     *scanner
	opts  importers.Options
	queue []*ssd3.Record // bookmarks of the citation last read, to return
	notes importers.ReaderNotes
	buf   []byte // the element being read, reused
	err   error
}

// NewReader returns a Reader that reads the citations in r.
func NewReader(r io.Reader, opts importers.Options) *Reader {
	return &Reader{s: newScanner(r), opts: opts}
}

// Diagnostics returns the diagnostics gathered since the last call.
func (r *Reader) Diagnostics() []ssd3.Diagnostic { return r.notes.Diagnostics() }

func (r *Reader) report(line int, offset int64, kind ssd3.Kind, format string, a ...any) {
	r.notes.Note(line, offset, kind, format, a...)
}

// Read returns the next bookmark, io.EOF after the last, or an I/O error.
// A citation is read whole before its first bookmark is returned, since a
// URL's fields may follow it.
func (r *Reader) Read() (*ssd3.Record, error) {
	for len(r.queue) == 0 {
		if r.err != nil {
			return nil, r.err
		}
		elems, ok := r.readCitation()
		switch {
		case r.s.err != nil:
			// The citation was cut short by the error: what it would
			// have given is not known, so it gives nothing.
			r.err = fmt.Errorf("urc: line %d (byte %d): %w", r.s.line(), r.s.offset, r.s.err)
		case !ok:
			r.err = io.EOF
		case len(elems) > 0:
			r.build(elems)
		}
	}
	rec := r.queue[0]
	r.queue[0] = nil
	r.queue = r.queue[1:]
	return rec, nil
}

// element is one element of a citation as read: its bytes, escapes still in
// place, without the closing ";" and surrounding white space.
type element struct {
	raw    string
	line   int
	offset int64
}

// readCitation skips to the next "<" and reads the elements up to the
// closing ">". It returns false when the input ended before any "<".
func (r *Reader) readCitation() (elems []element, ok bool) {
	if !r.skipOutside() {
		return nil, false
	}
	startLine, startOff := r.s.line(), r.s.offset
	r.s.next() // the "<"
	size := 0
	full := false
	for {
		c, more := r.s.peek()
		for more && isSpace(c) {
			r.s.next()
			c, more = r.s.peek()
		}
		if !more {
			r.report(startLine, startOff, ssd3.Deviation, "the citation opened here is not closed with \">\" before the end of the input")
			return elems, true
		}
		if c == '>' {
			r.s.next()
			return elems, true
		}
		el, closed, ended := r.readElement()
		if el.raw != "" {
			if size += len(el.raw); size > maxCitation || len(elems) >= maxElements {
				if !full {
					full = true
					r.report(el.line, el.offset, ssd3.Skipped, "the citation opened at line %d has more than %d elements or %d bytes; the rest of it is ignored", startLine, maxElements, maxCitation)
				}
			} else {
				elems = append(elems, el)
			}
		}
		if closed {
			r.report(el.line, el.offset, ssd3.Deviation, "the last element has no \";\" before the \">\" that closes the citation (URC = \"<\" *(URI \";\") \">\", rule 1); read anyway")
			return elems, true
		}
		if ended {
			r.report(startLine, startOff, ssd3.Deviation, "the citation opened here is not closed with \">\" before the end of the input")
			return elems, true
		}
	}
}

// skipOutside skips to the next "<", reporting text that is not white space
// (once per stretch of it). It returns false at the end of input.
func (r *Reader) skipOutside() bool {
	var junk strings.Builder
	line, off := 0, int64(0)
	flush := func() {
		if junk.Len() > 0 {
			r.report(line, off, ssd3.Deviation, "text outside a citation (\"<\" ... \">\") is ignored: %q", importers.Excerpt(junk.String()))
			junk.Reset()
		}
	}
	for {
		c, ok := r.s.peek()
		if !ok {
			flush()
			return false
		}
		if c == '<' {
			flush()
			return true
		}
		if !isSpace(c) && junk.Len() == 0 {
			line, off = r.s.line(), r.s.offset
		}
		if junk.Len() > 0 || !isSpace(c) {
			if junk.Len() < maxOutsideNote {
				junk.WriteByte(c)
			}
		}
		r.s.next()
	}
}

// readElement reads one element up to its unescaped ";". closed is true
// when a ">" ended the element and the citation (see closesCitation);
// ended when the input did.
func (r *Reader) readElement() (el element, closed, ended bool) {
	el.line, el.offset = r.s.line(), r.s.offset
	b := r.buf[:0]
	defer func() { r.buf = b[:0] }()
	long := false
	add := func(c byte) {
		if len(b) < maxElement {
			b = append(b, c)
		} else {
			long = true
		}
	}
	for {
		c, ok := r.s.next()
		if !ok {
			ended = true
			break
		}
		if c == ';' {
			break
		}
		if c == '%' {
			// "%;" and "%%" stand for ";" and "%": keep them escaped, but do
			// not let the ";" end the element.
			add(c)
			if n, ok := r.s.peek(); ok && (n == ';' || n == '%') {
				r.s.next()
				add(n)
			}
			continue
		}
		if c == '>' && r.s.closesCitation() {
			closed = true
			break
		}
		add(c)
	}
	if long {
		r.report(el.line, el.offset, ssd3.Skipped, "element longer than %d bytes; ignored", maxElement)
		return element{line: el.line, offset: el.offset}, closed, ended
	}
	el.raw = strings.TrimRight(string(b), " \t\r\n\f\v")
	return el, closed, ended
}

// group is a BEGIN/END block, or the citation itself.
type group struct {
	parent  *group
	comment string
	line    int
	fields  map[string][]urd // by fieldKey
	urns    []string
}

// urd is one URD's value and what its label said.
type urd struct {
	name  string // as written
	lang  string // language tag, "" for the original
	value string // unescaped and decoded
	line  int
	off   int64
}

// locator is a URL of the citation and the group it stands in.
type locator struct {
	uri   string
	group *group
	line  int
	off   int64
}

func fieldKey(name, lang string) string { return strings.ToLower(name) + "." + strings.ToLower(lang) }

// build turns the elements of one citation into bookmarks, queued in the
// order of their URLs.
func (r *Reader) build(elems []element) {
	root := &group{fields: map[string][]urd{}, line: elems[0].line}
	c := &citation{root: root, cur: root, seen: map[string]bool{}}
	for _, el := range elems {
		r.element(c, el)
	}
	for g := c.cur; g != root; g = g.parent {
		r.report(g.line, -1, ssd3.Deviation, "BEGIN *%s is not closed by an END* before the end of its citation", g.comment)
	}
	if len(c.urls) == 0 {
		r.report(elems[0].line, elems[0].offset, ssd3.Skipped, "citation has no URL; nothing to import")
		return
	}
	r.queueURLs(c.urls, c.order)
}

// citation is one citation as its elements are read.
type citation struct {
	root, cur     *group // the citation, and the group open
	urls          []locator
	depth, excess int             // BEGIN levels open, and those beyond maxDepth
	order         []string        // field keys in order of first appearance
	seen          map[string]bool // the keys in order
}

// element reads one element of the citation c.
func (r *Reader) element(c *citation, el element) {
	kind, label, value := classify(el.raw)
	switch kind {
	case kindStructor:
		r.structor(c, el, label, value)
	case kindURL:
		uri, charset := decodeLocator(value), label
		if charset != "" {
			uri = r.decodeText([]byte(uri), charset, el)
		}
		c.urls = append(c.urls, locator{uri: uri, group: c.cur, line: el.line, off: el.offset})
	case kindURN:
		urn := decodeLocator(value)
		if label != "" {
			urn = r.decodeText([]byte(urn), label, el)
		}
		c.cur.urns = append(c.cur.urns, ssd3.NormalizeURI(urn))
	case kindURD:
		u, ok := r.parseURD(label, value, el)
		if !ok {
			return
		}
		k := fieldKey(u.name, u.lang)
		c.cur.fields[k] = append(c.cur.fields[k], u)
		if !c.seen[k] {
			c.seen[k] = true
			c.order = append(c.order, k)
		}
	default:
		r.report(el.line, el.offset, ssd3.Deviation, "element %q is neither a URL, a URN, a URD (Field=value) nor a structor (BEGIN*/END*); ignored", importers.Excerpt(el.raw))
	}
}

// structor opens or closes a group of the citation c (BEGIN*, END*).
func (r *Reader) structor(c *citation, el element, label, value string) {
	switch strings.ToUpper(label) {
	case "BEGIN":
		if c.depth == maxDepth {
			// Deeper blocks are read as part of this one, so that
			// a URL's fields are found in bounded time.
			r.report(el.line, el.offset, ssd3.Deviation, "this BEGIN* nests deeper than %d levels; read as part of the block around it", maxDepth)
			c.excess++
			return
		}
		c.depth++
		c.cur = &group{parent: c.cur, comment: value, line: el.line, fields: map[string][]urd{}}
	case "END":
		if c.excess > 0 {
			c.excess--
			return
		}
		if c.cur == c.root {
			r.report(el.line, el.offset, ssd3.Deviation, "END *%s has no BEGIN to close (rule 9: structors nest); ignored", value)
			return
		}
		if value != "" && c.cur.comment != "" && !strings.EqualFold(value, c.cur.comment) {
			r.report(el.line, el.offset, ssd3.Deviation, "END *%s closes BEGIN *%s of line %d", value, c.cur.comment, c.cur.line)
		}
		c.cur = c.cur.parent
		c.depth--
	default:
		r.report(el.line, el.offset, ssd3.Deviation, "structor %s* is not BEGIN* or END*; ignored", importers.Excerpt(label))
	}
}

// queueURLs queues the bookmarks of urls, whose fields are known by the
// keys order.
func (r *Reader) queueURLs(urls []locator, order []string) {
	// URLs of one group have the same fields: work them out once per
	// group, so that a citation's cost (and the memory its records share)
	// does not grow with the product of its URLs and its fields.
	templates := map[*group]*ssd3.Record{}
	for _, u := range urls {
		t, ok := templates[u.group]
		if !ok {
			t = r.fieldsOf(u.group, order)
			templates[u.group] = t
		}
		rec := t.Clone()
		rec.SetURI(u.uri)
		if rec := r.notes.Finish(rec, r.opts, u.line, u.off, nil); rec != nil {
			r.queue = append(r.queue, rec)
		}
	}
}

// fieldsOf makes the bookmark, without its URI, of a URL that stands in
// group in: the fields in scope there.
func (r *Reader) fieldsOf(in *group, order []string) *ssd3.Record {
	rec := ssd3.NewRecord(ssd3.Values{})
	// The innermost group holding a field gives it (inner ones win).
	lookup := func(k string) []urd {
		for g := in; g != nil; g = g.parent {
			if v, ok := g.fields[k]; ok {
				return v
			}
		}
		return nil
	}
	var urns []string
	for g := in; g != nil && urns == nil; g = g.parent {
		urns = g.urns
	}
	var ext []ssd3.Field
	addExt := func(name string, values ...string) {
		if v := strings.Join(values, "; "); v != "" {
			ext = append(ext, ssd3.Field{Name: name, Value: v})
		}
	}
	var charset []urd
	titleLang := ""
	for _, k := range order {
		vals := lookup(k)
		if len(vals) == 0 {
			continue
		}
		name, lang := strings.ToLower(vals[0].name), vals[0].lang
		if a := urdField[name]; a != nil && lang == "" && r.setField(rec, a, vals) {
			continue
		}
		switch {
		case name == "title" && !hasField(lookup, "title"):
			if rec.Name() == "" {
				rec.SetName(join(vals))
				titleLang = lang
			} else {
				addExt(extName(vals[0].name, lang), join(vals))
			}
		case name == "charset" && lang == "":
			charset = vals
		default:
			addExt(extName(vals[0].name, lang), join(vals))
		}
	}
	if rec.Language() == "" && titleLang != "" {
		rec.SetLanguage(titleLang)
	}
	if len(charset) > 0 {
		// "Content-Type: Text/Plain; charset=US-ASCII" is what the two
		// URDs say together; a charset means nothing to a non-text type.
		if strings.HasPrefix(rec.Type(), "text/") && !strings.Contains(rec.Type(), "charset=") {
			rec.SetType(mediaType(rec.Type() + "; charset=" + charset[0].value))
		} else {
			addExt("X-CHARSET", join(charset))
		}
	}
	if len(urns) > 0 {
		addExt("X-URN", urns...)
	}
	rec.SetExtensions(ext)
	return rec
}

// setField sets the field of a from vals, the values of its URD; false
// when they do not convert, and the URD stays an X- field.
func (r *Reader) setField(rec *ssd3.Record, a *fieldURD, vals []urd) bool {
	switch a.conv {
	case convText:
		a.set(rec, join(vals))
	case convDate:
		t, ok := parseDate(vals[0].value)
		if !ok {
			return false
		}
		rec.SetDate(t)
	case convRating:
		if len(vals) != 1 || !validRating(vals[0].value) {
			return false
		}
		n, _ := ssd3.ParseRating(vals[0].value)
		rec.SetRating(n)
	case convLanguage:
		a.set(rec, vals[0].value)
		for _, v := range vals[1:] {
			r.report(v.line, v.off, ssd3.Dropped, "a second Language %q; the first, %q, is kept", v.value, a.get(rec))
		}
	case convType:
		mt := mediaType(vals[0].value)
		if mt == "" {
			return false
		}
		a.set(rec, mt)
	case convID:
		if len(vals) != 1 || ssd3.ValidateID(vals[0].value) != nil {
			return false
		}
		a.set(rec, vals[0].value)
	}
	return true
}

// hasField reports whether an untranslated field of that name is in scope.
func hasField(lookup func(string) []urd, name string) bool {
	return len(lookup(fieldKey(name, ""))) > 0
}

func join(vals []urd) string {
	s := make([]string, 0, len(vals))
	for _, v := range vals {
		if v.value != "" {
			s = append(s, v.value)
		}
	}
	return strings.Join(s, "; ")
}

// nameChars replaces each run of characters a field name cannot hold (SSD3
// 2.1.3: letters, digits, "-", "_") by "-", and trims "-" at both ends.
func nameChars(n string) string {
	var b strings.Builder
	b.Grow(len(n))
	dash := false
	for i := 0; i < len(n); i++ {
		c := n[i]
		if isLetter(c) || isDigit(c) || c == '_' || c == '-' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteByte(c)
		} else {
			dash = true
		}
	}
	return strings.Trim(b.String(), "-")
}

// extName is the X- field for a URD: X-, its name and any language tag, in
// upper case, with characters a field name cannot hold as "-".
func extName(name, lang string) string {
	n := strings.ToUpper(name)
	if lang != "" {
		n += "-" + strings.ToUpper(lang)
	}
	n = nameChars(n)
	if strings.HasPrefix(n, "X-") {
		return n
	}
	return "X-" + n
}

// Element kinds.
const (
	kindUnknown = iota
	kindStructor
	kindURL
	kindURN
	kindURD
)

// classify tells what an element is (rules 2-5, 9) and splits it: for a
// structor, its keyword and comment; for a URL or URN, its charset (from
// scheme/charset:) and itself; for a URD, its label and raw value.
func classify(raw string) (kind int, label, value string) {
	i := 0
	for i < len(raw) && (isLetter(raw[i]) || i > 0 && (isDigit(raw[i]) || raw[i] == '-' || raw[i] == '_')) {
		i++
	}
	if i == 0 {
		return kindUnknown, "", ""
	}
	ident := raw[:i]
	rest := raw[i:]
	// Structor: keyword, white space, "*", comment (rule 9).
	if t := strings.TrimLeft(rest, " \t\r\n"); strings.HasPrefix(t, "*") {
		return kindStructor, ident, strings.TrimSpace(t[1:])
	}
	// URL or URN: scheme ":" value (rules 3, 4), where a real scheme may
	// also hold "+" and "." (RFC 3986 3.1).
	j := i
	for j < len(raw) && (isLetter(raw[j]) || isDigit(raw[j]) || raw[j] == '+' || raw[j] == '.' || raw[j] == '-') {
		j++
	}
	if j < len(raw) && raw[j] == ':' {
		if strings.EqualFold(raw[:j], "URN") {
			return kindURN, "", raw
		}
		return kindURL, "", raw
	}
	if kind, charset, value, ok := withCharset(ident, rest); ok {
		return kind, charset, value
	}
	if eq := strings.IndexByte(raw, '='); eq > 0 {
		label := strings.TrimRight(raw[:eq], " \t")
		if validLabel(label[i:]) {
			return kindURD, label, strings.TrimLeft(raw[eq+1:], " \t")
		}
	}
	return kindUnknown, "", ""
}

// withCharset splits a URL or URN with the charset of its value: scheme
// "/" charset ":" value, which is the URL scheme ":" value (rule 3), as
// in "ftp/ISO-8859-1://host/r\xE4ka"; ident is the scheme, rest what
// follows it.
func withCharset(ident, rest string) (kind int, charset, value string, ok bool) {
	if !strings.HasPrefix(rest, "/") {
		return kindUnknown, "", "", false
	}
	k := 1
	for k < len(rest) && (isLetter(rest[k]) || isDigit(rest[k]) || strings.IndexByte("-_.+", rest[k]) >= 0) {
		k++
	}
	if k <= 1 || k >= len(rest) || rest[k] != ':' || strings.Contains(rest[:k], ".") {
		return kindUnknown, "", "", false
	}
	kind = kindURL
	if strings.EqualFold(ident, "URN") {
		kind = kindURN
	}
	return kind, rest[1:k], ident + ":" + rest[k+1:], true
}

// validLabel reports whether the tags after a field name hold only what
// language and representation tags can (rules 5, 7, 8).
func validLabel(tags string) bool {
	if tags != "" && tags[0] != '.' && tags[0] != '/' {
		return false
	}
	for i := 0; i < len(tags); i++ {
		c := tags[i]
		if !isLetter(c) && !isDigit(c) && strings.IndexByte("./:-_+", c) < 0 {
			return false
		}
	}
	return true
}

// langShape is a language tag's shape. It and citationStart are compiled
// on first use, not at every start of the program.
var langShape = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$`) })

// parseURD splits a URD's label into field name, language tag and
// representation tag, and decodes its value.
func (r *Reader) parseURD(label, rawValue string, el element) (urd, bool) {
	i := 0
	for i < len(label) && label[i] != '.' && label[i] != '/' {
		i++
	}
	name, tags := label[:i], label[i:]
	lang, repr := r.splitTags(label, tags, el)
	u := urd{name: name, lang: lang, line: el.line, off: el.offset}
	if lang != "" && !langShape().MatchString(lang) {
		r.report(el.line, el.offset, ssd3.Deviation, "%s: %q is not a language tag (rule 7); ignored", importers.Excerpt(label), lang)
		u.lang = ""
	}
	charset, text := r.reprCharset(label, repr, el)
	if !text {
		return u, false
	}
	b, bad := unescapeValue(rawValue)
	if bad >= 0 {
		r.report(el.line, el.offset, ssd3.Deviation, "%s: a %% at byte %d of the value is not %%%%, %%; or %%XX (a data error); taken as written", importers.Excerpt(label), bad+1)
	}
	v := r.decodeText(b, charset, el)
	if !strings.EqualFold(name, "description") {
		// A long URD may be divided into lines "in the most obvious way":
		// a line break is a space. Other blanks are the value's own: the
		// blanks around it were trimmed before it was unescaped, so "%20"
		// at either end stays.
		v = importers.OneLine(v)
	}
	u.value = v
	return u, true
}

// splitTags splits the tags of the URD label, tags, into its language
// and its representation tag, in whichever order the proposal's prose or
// its BNF puts them, reporting the orders that are not the prose's.
func (r *Reader) splitTags(label, tags string, el element) (lang, repr string) {
	switch {
	case strings.HasPrefix(tags, ".") && reprFirst(tags[1:]):
		// BNF rule 5's order with no language tag: Title.Text/Plain/...
		// (read as the prose's order, "Text" would be a language and
		// "Plain" a representation that is not text: the value was lost).
		repr = tags[1:]
		r.report(el.line, el.offset, ssd3.Deviation, "%s: representation tag after \".\", as the proposal's BNF rule 5 has it; its prose and example put a language tag there; read anyway", importers.Excerpt(label))
	case strings.HasPrefix(tags, "."):
		// The prose and example: Title.sv/Text/Plain/charset:...
		lang, repr, _ = strings.Cut(tags[1:], "/")
	case strings.HasPrefix(tags, "/"):
		before, after, hasDot := strings.Cut(tags[1:], ".")
		if !strings.Contains(before, "/") && langShape().MatchString(before) && (hasDot || isLanguage(before)) {
			// BNF rule 5's order: Title/sv.Text/Plain/...
			lang, repr = before, after
			r.report(el.line, el.offset, ssd3.Deviation, "%s: language tag after \"/\" and representation after \".\", as the proposal's BNF rule 5 has it; its prose and example have them the other way round; read anyway", importers.Excerpt(label))
		} else {
			repr = tags[1:]
		}
	}
	if lang == "" {
		// A language tag after the representation tag, after its
		// charset: Title.Text/Plain/charset:ISO-8859-1/sv or ...-1.sv.
		if l, rest, ok := trailingLang(repr); ok {
			lang, repr = l, rest
			r.report(el.line, el.offset, ssd3.Deviation, "%s: language tag %q after the representation tag; the proposal puts it before (its prose after \".\", its BNF after \"/\"); read anyway", importers.Excerpt(label), l)
		}
	}
	return lang, repr
}

// reprCharset returns the charset the representation tag repr of the
// URD label names, and false when it says the value is not text (then
// dropped, and reported).
func (r *Reader) reprCharset(label, repr string, el element) (charset string, text bool) {
	if repr == "" {
		return "", true
	}
	segs := strings.Split(repr, "/")
	if len(segs) < 2 || segs[0] == "" || segs[1] == "" {
		r.report(el.line, el.offset, ssd3.Deviation, "%s: representation tag %q is not type/subtype (rule 8); ignored", importers.Excerpt(label), importers.Excerpt(repr))
		return "", true
	}
	if !strings.EqualFold(segs[0], "text") {
		r.report(el.line, el.offset, ssd3.Dropped, "%s: a value in %s/%s is not text; dropped", importers.Excerpt(label), segs[0], segs[1])
		return "", false
	}
	for _, p := range segs[2:] {
		if k, v, ok := strings.Cut(p, ":"); ok && strings.EqualFold(k, "charset") {
			charset = v
		}
	}
	return charset, true
}

func isLanguage(s string) bool { return ssd3.ValidateLanguage(s) == nil }

// trailingLang splits a language tag off the end of a representation tag
// that has one after its charset, where neither order of the proposal
// puts it (rules 5 and 8 end the label with the representation tag), but
// where it would otherwise be lost: as a segment of its own after the
// charset ("Text/Plain/charset:ISO-8859-1/sv", which rule 8 would take
// for an attribute without a value), or after a "." that ends the
// charset's name ("Text/Plain/charset:ISO-8859-1.sv", a charset no one
// could decode), when the name without it is a charset.
func trailingLang(repr string) (lang, rest string, ok bool) {
	segs := strings.Split(repr, "/")
	if len(segs) < 3 {
		return "", "", false // no charset: nothing after it
	}
	last := segs[len(segs)-1]
	if !strings.Contains(last, ":") {
		if isLanguage(last) {
			return last, strings.Join(segs[:len(segs)-1], "/"), true
		}
		return "", "", false
	}
	k, v, _ := strings.Cut(last, ":")
	i := strings.LastIndexByte(v, '.')
	if !strings.EqualFold(k, "charset") || i < 0 || !isLanguage(v[i+1:]) {
		return "", "", false
	}
	if _, err := charset.Lookup(v); err == nil {
		return "", "", false // a charset whose name has a "." of its own
	}
	if _, err := charset.Lookup(v[:i]); err != nil {
		return "", "", false
	}
	segs[len(segs)-1] = k + ":" + v[:i]
	return v[i+1:], strings.Join(segs, "/"), true
}

func validRating(s string) bool {
	_, err := ssd3.ParseRating(s)
	return err == nil
}

// mimeTypes are the MIME top-level types (RFC 2046 and later), which no
// language tag is.
var mimeTypes = map[string]bool{"text": true, "application": true, "image": true, "audio": true,
	"video": true, "message": true, "multipart": true, "model": true, "font": true}

// reprFirst reports whether the tags after a "." are a representation tag
// (rule 8: type "/" subtype *("/" attribute ":" value)) rather than a
// language tag and one: "Text/Plain/charset:US-ASCII", not
// "sv/Text/Plain/charset:SEN_850200_B".
func reprFirst(tags string) bool {
	segs := strings.SplitN(tags, "/", 4)
	if len(segs) < 2 || !mimeTypes[strings.ToLower(segs[0])] {
		return false
	}
	return len(segs) == 2 || strings.Contains(segs[2], ":")
}

// decodeText turns a value's bytes into text by charset, or, untagged, as
// ASCII, which the proposal assumes; other bytes are read as UTF-8 if they
// are, else as ISO-8859-1, reported.
func (r *Reader) decodeText(b []byte, cs string, el element) string {
	if cs != "" {
		switch enc, err := charset.Lookup(cs); {
		case err != nil:
			r.report(el.line, el.offset, ssd3.Deviation, "charset %q is not one this reader can decode; read as UTF-8", importers.Excerpt(cs))
		case enc != nil:
			if s, err := enc.NewDecoder().Bytes(b); err == nil {
				return string(s)
			}
			r.report(el.line, el.offset, ssd3.Deviation, "value is not valid %s; read as UTF-8", importers.Excerpt(cs))
		}
	}
	ascii := true
	for _, c := range b {
		if c >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return string(b)
	}
	if utf8.Valid(b) {
		if cs == "" {
			r.report(el.line, el.offset, ssd3.Deviation, "value has non-ASCII bytes but no charset tag; read as UTF-8")
		}
		return string(b)
	}
	s, _ := charmap.ISO8859_1.NewDecoder().Bytes(b)
	r.report(el.line, el.offset, ssd3.Deviation, "value has bytes that are not UTF-8 and no charset tag says what they are; read as ISO-8859-1")
	return string(s)
}

// unescapeValue undoes the proposal's encodings in a URD value: "%%" is
// "%", "%;" is ";", "%XX" the byte XX. Any other "%" is a data error: it is
// kept, and bad is its index (else -1).
func unescapeValue(s string) (b []byte, bad int) {
	bad = -1
	if !strings.Contains(s, "%") {
		return []byte(s), bad
	}
	b = make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '%' {
			b = append(b, c)
			continue
		}
		switch {
		case i+1 < len(s) && (s[i+1] == '%' || s[i+1] == ';'):
			b = append(b, s[i+1])
			i++
		case i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
		default:
			if bad < 0 {
				bad = i
			}
			b = append(b, c)
		}
	}
	return b, bad
}

// decodeLocator undoes "%%" and "%;" in a URL or URN; "%XX" stays, as the
// URL's own escaping.
func decodeLocator(s string) string {
	if !strings.Contains(s, "%") {
		return strings.TrimSpace(s)
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+1 < len(s) && (s[i+1] == '%' || s[i+1] == ';') {
			b.WriteByte(s[i+1])
			i++
			continue
		}
		b.WriteByte(s[i])
	}
	return strings.TrimSpace(b.String())
}

// mediaType returns a Content-type value as a media type in canonical form,
// or "" when it is not one ("PostScript").
func mediaType(v string) string {
	if ssd3.ValidateType(v) != nil {
		return ""
	}
	mt, params, err := mime.ParseMediaType(v)
	if err != nil {
		return ""
	}
	return mime.FormatMediaType(mt, params)
}

// dateForms are the forms a Date URD is read in. The proposal defines
// none: HTTP's and RFC 822's (its own headers' form), ISO 8601's, and the
// DD/MM/YYYY of SSD3 (3.3), which catalogues hold.
var dateForms = append(append([]dates.Form(nil), dates.HTTP...),
	dates.Form{Layout: "2006-01-02T15:04:05", Name: "ISO 8601"},
	dates.Form{Layout: "2006-01-02 15:04:05", Name: "ISO 8601"},
	dates.Form{Layout: "2006-01-02", Name: "ISO 8601"},
	dates.Form{Layout: "02/01/2006 15:04:05", Name: "SSD3"},
)

func parseDate(v string) (time.Time, bool) {
	d, ok := dates.Parse(v, dateForms)
	return d.Time, ok
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isHex(c byte) bool    { return isDigit(c) || c|0x20 >= 'a' && c|0x20 <= 'f' }

func unhex(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c | 0x20 - 'a' + 10
}
