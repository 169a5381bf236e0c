// Package httpindex imports application/http-index-format directory listings
// (the format Netscape and Mozilla used for FTP and Gopher directories): each
// 201 row becomes a bookmark of the file it names.
//
// The reader follows the spec (../shared/specs/http-index-format.txt) and
// accepts what real writers produced (../shared/samples/WRITERS.md): lines
// ended by CR LF, LF or CR alone; column names in any case; quoted or bare,
// URL-escaped tokens; dates in RFC 1123, RFC 850, asctime or Mozilla's
// "%m/%d/%y %I:%M:%S %p" forms, with or without a zone, whatever the weekday.
//
// Mapping of a row to a record:
//   - Filename, resolved against the 300 line's URL (a DIRECTORY gets a
//     trailing slash) -> URI, which keeps the row's escapes ("%2F" is part
//     of a name, not a "/": RFC 3986 2.2); the unescaped file name, blanks
//     and all -> NAME;
//   - Description (the Gopher converter's item title), when present -> NAME;
//   - Last-Modified -> DATE; Content-Type -> TYPE;
//   - Content-Length -> X-CONTENT-LENGTH, File-type -> X-FILE-TYPE, and any
//     other column (Permissions, ...) -> X-<COLUMN>.
//
// The 101 and 102 lines describe the listing as a whole, not one file, and
// the Gopher converter used them for info items between rows: they are not
// copied onto every record, but reported as Info diagnostics (102's HTML as
// plain text) and kept in Reader.Description.
//
// # Files
//
// httpindex.go is the Reader (the 100 to 301 lines and each 201 row);
// detect.go tells a listing by its start (Detect).
package httpindex

import (
	"bytes"
	"fmt"
	"io"
	"mime"
	"net/url"
	"regexp"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/internal/charset"
	"github.com/uricat/uricat/internal/dates"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/lines"
)

// Format describes http-index-format for the registry: a reader only, since
// a directory listing is not what one exports bookmarks to.
var Format = importers.Format{
	Name:       "httpindex",
	Title:      "application/http-index-format directory listing",
	Extensions: []string{".idx"},
	Detect:     Detect,
	NewReader: func(r io.Reader, opts importers.Options) importers.Reader {
		return NewReader(r, opts)
	},
}

// NoBaseError is returned by Read, once, when a row names a file relative to
// a directory whose URL the listing does not give (no 300 line) and the
// caller gave no Options.Base either. The row is skipped; later relative
// rows are skipped too, each with a diagnostic, and Read goes on.
type NoBaseError struct {
	Line int // the first row that could not be resolved
}

func (e *NoBaseError) Error() string {
	return fmt.Sprintf("line %d: the listing has no 300 line giving the directory's URL, so its file names cannot be made into URIs; pass the directory's URL with --base URL", e.Line)
}

// Reader reads the rows of an http-index-format listing as bookmarks.
type Reader struct {
	lr         *lines.Reader
	lineNo     int   // the line last read
	offset     int64 // its byte offset
	opts       importers.Options
	columns    []string // lower-cased 200 column names; nil before any 200
	base       *url.URL // the 300 line's URL, else opts.Base; a directory (path ends in "/")
	from300    bool     // base came from a 300 line
	baseString string   // base.String()
	charset    encoding.Encoding
	desc       []string // 101/102 text, in order
	notes      importers.ReaderNotes

	noteLF, noteCR, noteNoSpace bool            // deviations reported once per file
	noBaseLine                  int             // the row that raised NoBaseError, 0 before
	unknown                     map[string]bool // codes reported
	infoStart                   int             // first line of the current 101/102 block
	infoOffset                  int64
	info                        []string
	infoSize, descSize          int // bytes of 101/102 text seen, in the block and in all
}

// maxLine bounds the memory one line may take. The spec sets no line length
// limit, but a reader that streams must: the rest of a longer line is
// discarded, and the line reported.
const maxLine = 1 << 20

// maxDescription bounds the 101/102 text kept, in Description and in one
// Info diagnostic.
const maxDescription = 64 << 10

// NewReader returns a Reader that reads the listing in r.
func NewReader(r io.Reader, opts importers.Options) *Reader {
	rd := &Reader{lr: lines.NewReader(r, maxLine), opts: opts, unknown: map[string]bool{}}
	if opts.Base != nil && !opts.Base.IsAbs() {
		rd.notes.Note(0, -1, ssd3.Deviation, "the base URL %q has no scheme (such as ftp: or https:); it is not used", opts.Base.String())
		rd.opts.Base = nil
	}
	if rd.opts.Base != nil {
		rd.base = directoryURL(rd.opts.Base)
		rd.baseString = rd.base.String()
	}
	return rd
}

// Diagnostics returns the diagnostics gathered since the last call.
func (r *Reader) Diagnostics() []ssd3.Diagnostic { return r.notes.Diagnostics() }

// Description returns the listing's 101 and 102 lines read so far, as text,
// one line each: what the listing says about itself to the user.
func (r *Reader) Description() string { return strings.Join(r.desc, "\n") }

func (r *Reader) report(kind ssd3.Kind, format string, a ...any) {
	r.notes.Note(r.lineNo, r.offset, kind, format, a...)
}

// Read returns the next bookmark, io.EOF after the last, a *NoBaseError once
// if rows cannot be resolved for want of a base URL, or an I/O error.
func (r *Reader) Read() (*ssd3.Record, error) {
	for {
		l, err := r.lr.Read()
		if err != nil {
			r.flushInfo()
			if err == io.EOF {
				return nil, io.EOF
			}
			return nil, fmt.Errorf("http-index-format: line %d: %w", r.lineNo+1, err)
		}
		r.lineNo, r.offset = l.Number, l.Offset
		line := l.Text
		r.noteEOL(l.Ending)
		if l.Cut {
			r.flushInfo()
			r.report(ssd3.Skipped, "line is longer than %d bytes; ignored", maxLine)
			continue
		}
		rec, err := r.parseLine(line)
		if rec != nil || err != nil {
			return rec, err
		}
	}
}

// noteEOL reports, once, line breaks other than the CR LF the spec requires.
func (r *Reader) noteEOL(end lines.Ending) {
	switch {
	case end == lines.LF && !r.noteLF:
		r.noteLF = true
		r.report(ssd3.Deviation, "lines end in LF alone, not CR LF as the spec requires (as Mozilla wrote them); read anyway")
	case end == lines.CR && !r.noteCR:
		r.noteCR = true
		r.report(ssd3.Deviation, "lines end in CR alone, not CR LF as the spec requires; read anyway")
	}
}

// parseLine handles one "NNN: DATA" line and returns a record for a 201 row
// that makes one.
func (r *Reader) parseLine(line []byte) (*ssd3.Record, error) {
	code, data, ok := splitCode(line)
	if !ok {
		if len(bytes.TrimSpace(line)) > 0 {
			r.flushInfo()
			r.report(ssd3.Deviation, "line is not of the form \"NUMBER: DATA\"; ignored")
		}
		return nil, nil
	}
	if len(data) > 0 && data[0] == ' ' {
		data = data[1:]
	} else if len(data) > 0 && !r.noteNoSpace {
		r.noteNoSpace = true
		r.report(ssd3.Deviation, "no space after \"%s:\" (the spec separates NUMBER and DATA by a colon and a space); read anyway", code)
	}
	if code != "101" && code != "102" {
		r.flushInfo()
	}
	switch code {
	case "100": // a comment for humans reading the file: ignored (spec, 100)
	case "101":
		r.addInfo(strings.TrimRight(string(data), " \t"))
	case "102":
		r.addInfo(htmlText(data))
	case "200":
		r.setColumns(data)
	case "201":
		return r.row(data)
	case "300":
		r.setBase(data)
	case "301":
		r.setCharset(data)
	default:
		// Unknown codes must be ignored (spec, Syntax); say so once per code.
		if !r.unknown[code] {
			r.unknown[code] = true
			r.report(ssd3.Info, "code %s is not one this reader knows; its lines are ignored", code)
		}
	}
	return nil, nil
}

// splitCode splits "NNN: DATA" into its code (three or more digits) and data.
func splitCode(line []byte) (code string, data []byte, ok bool) {
	i := 0
	for i < len(line) && line[i] >= '0' && line[i] <= '9' {
		i++
	}
	if i < 3 || i >= len(line) || line[i] != ':' {
		return "", nil, false
	}
	return string(line[:i]), line[i+1:], true
}

func (r *Reader) addInfo(text string) {
	if r.info == nil {
		r.infoStart, r.infoOffset = r.lineNo, r.offset
		r.infoSize = 0
	}
	// Keep memory bounded however many 101 lines a listing has.
	if r.infoSize += len(text); r.infoSize <= maxDescription {
		r.info = append(r.info, text)
	}
	if r.descSize += len(text); r.descSize <= maxDescription {
		r.desc = append(r.desc, text)
	}
}

// flushInfo reports the 101/102 block just ended as one Info diagnostic at
// its first line.
func (r *Reader) flushInfo() {
	if r.info == nil {
		return
	}
	text := strings.TrimSpace(strings.Join(r.info, "\n"))
	if text != "" {
		r.notes.Note(r.infoStart, r.infoOffset, ssd3.Info, "the listing says: %s", display.Clean(text))
	}
	r.info = nil
}

// htmlText turns a 102 line's HTML into its text.
func htmlText(data []byte) string {
	z := html.NewTokenizer(bytes.NewReader(data))
	var b strings.Builder
	for {
		switch z.Next() {
		case html.ErrorToken:
			return strings.Join(strings.Fields(b.String()), " ")
		case html.TextToken:
			b.Write(z.Text())
		case html.StartTagToken, html.EndTagToken, html.SelfClosingTagToken:
			b.WriteByte(' ')
		}
	}
}

// setColumns takes a 200 line: the column names, case-insensitive; a later
// 200 line replaces an earlier one (spec, 200).
func (r *Reader) setColumns(data []byte) {
	if r.columns != nil {
		r.report(ssd3.Info, "a new 200 line replaces the columns of the one before")
	}
	fields := strings.Fields(string(data))
	r.columns = make([]string, 0, len(fields))
	seen := map[string]bool{}
	hasFilename := false
	for _, f := range fields {
		name := strings.ToLower(unescape(f))
		if seen[name] {
			r.report(ssd3.Deviation, "column %q is named twice in the 200 line; the first one is used", name)
			name = "" // an empty name marks a column that is ignored
		}
		seen[name] = true
		hasFilename = hasFilename || name == "filename"
		r.columns = append(r.columns, name)
	}
	if !hasFilename {
		r.report(ssd3.Deviation, "the 200 line has no Filename column: its rows cannot become bookmarks")
	}
}

// setBase takes a 300 line: the URL of the directory listed (spec, 300). A
// later 300 line replaces an earlier one.
func (r *Reader) setBase(data []byte) {
	raw := strings.TrimSpace(string(data))
	u, err := url.Parse(ssd3.NormalizeURI(raw))
	switch {
	case err != nil || raw == "":
		r.report(ssd3.Deviation, "300 line %q is not a URL; ignored", importers.Excerpt(raw))
		return
	case !u.IsAbs():
		if r.opts.Base == nil {
			r.report(ssd3.Deviation, "300 line %q is not an absolute URL and no base was given; ignored", importers.Excerpt(raw))
			return
		}
		u = r.opts.Base.ResolveReference(u)
	}
	u = directoryURL(u)
	if r.opts.Base != nil && !r.from300 && directoryURL(r.opts.Base).String() != u.String() {
		r.report(ssd3.Info, "the 300 line's URL %s is used as the base, not %s", u, r.opts.Base)
	}
	if r.from300 && r.base.String() != u.String() {
		r.report(ssd3.Info, "a new 300 line changes the base URL to %s", u)
	}
	r.base, r.from300 = u, true
	r.baseString = u.String()
}

// directoryURL returns u as the URL of a directory: with a path that ends
// in "/", so that file names resolve inside it. The spec's own example gives
// "ftp://test.netscape.com/u/montulli" for a directory.
func directoryURL(u *url.URL) *url.URL {
	d := *u
	d.RawQuery, d.Fragment, d.RawFragment, d.ForceQuery = "", "", "", false
	if !strings.HasSuffix(d.Path, "/") {
		d.Path += "/"
		if d.RawPath != "" {
			d.RawPath += "/"
		}
	}
	return &d
}

// setCharset takes a 301 line, the charset of the file names (as GIO and
// GnomeVFS wrote it).
func (r *Reader) setCharset(data []byte) {
	name := strings.TrimSpace(string(data))
	enc, err := charset.Lookup(name)
	if err != nil {
		r.report(ssd3.Deviation, "301 line names the charset %q, which this reader cannot decode; names are read as UTF-8", importers.Excerpt(name))
	}
	r.charset = enc // nil: UTF-8
}

// row turns a 201 line into a record (spec, 201).
func (r *Reader) row(data []byte) (*ssd3.Record, error) {
	if r.columns == nil {
		r.report(ssd3.Skipped, "201 line before any 200 line; ignored, as the spec requires")
		return nil, nil
	}
	tokens, unterminated := splitTokens(data)
	if unterminated {
		r.report(ssd3.Deviation, "a quoted token is not closed before the end of the line; taken to the end of the line")
	}
	if len(tokens) > len(r.columns) {
		r.report(ssd3.Deviation, "row has %d values for %d columns; the extra ones are ignored", len(tokens), len(r.columns))
	}
	var (
		rec ssd3.Record
		v   rowValues
	)
	// Only the columns the row has values for: a row costs its own length,
	// however many columns a 200 line named.
	for i, col := range r.columns[:min(len(tokens), len(r.columns))] {
		if col == "" {
			continue
		}
		value, err := unescapeBytes(tokens[i])
		if err != nil {
			r.report(ssd3.Deviation, "%s value %q has a %% that starts no %%XX escape; taken as written", col, importers.Excerpt(tokens[i]))
		}
		r.column(&v, &rec, col, value, tokens[i])
	}
	if !v.hasName || len(v.filename) == 0 {
		r.report(ssd3.Skipped, "row has no file name; not imported")
		return nil, nil
	}
	if rec.Name() == "" {
		rec.SetName(r.text(v.filename))
	}
	rec.SetExtensions(v.exts)
	uri, err := r.resolve(v.rawName, v.filename, v.isDir)
	if err != nil {
		return nil, err
	}
	if uri == "" {
		return nil, nil
	}
	rec.SetURI(uri)
	return r.notes.Finish(&rec, r.opts, r.lineNo, r.offset, nil), nil
}

// rowValues is what a row's values say beyond its record's fields, as
// its columns are read.
type rowValues struct {
	filename []byte // unescaped: the name as the user knows it
	rawName  string // as written: the URI keeps its escapes
	hasName  bool
	isDir    bool
	exts     []ssd3.Field
}

// column takes the value of the column col into rec and v; value is
// unescaped, raw as written.
func (r *Reader) column(v *rowValues, rec *ssd3.Record, col string, value []byte, raw string) {
	switch col {
	case "filename":
		v.filename, v.rawName, v.hasName = value, raw, true
	case "description":
		rec.SetName(r.text(value))
	case "last-modified":
		if len(value) != 0 {
			r.lastModified(rec, value)
		}
	case "content-type":
		rec.SetType(mediaType(string(value)))
	case "content-length":
		s := string(value)
		if s != "" && strings.Trim(s, "0123456789") != "" {
			r.report(ssd3.Dropped, "Content-Length %q is not a number of bytes (the spec allows only digits); dropped", importers.Excerpt(s))
			return
		}
		v.exts = addField(v.exts, "X-CONTENT-LENGTH", s)
	case "file-type":
		s := r.text(value)
		v.isDir = strings.EqualFold(s, "DIRECTORY") || strings.EqualFold(s, "SYM-DIRECTORY")
		v.exts = addField(v.exts, "X-FILE-TYPE", s)
	default:
		if name := extensionName(col); name != "" {
			v.exts = addField(v.exts, name, r.text(value))
		}
	}
}

// lastModified sets rec's DATE from a Last-Modified value, or says why
// not.
func (r *Reader) lastModified(rec *ssd3.Record, value []byte) {
	t, note, ok := parseDate(string(value))
	if !ok {
		r.report(ssd3.Dropped, "Last-Modified %q is not a date this reader knows; the record gets the file's date", importers.Excerpt(string(value)))
		return
	}
	rec.SetDate(t)
	if note != "" {
		// A listing writes all its dates alike: the import
		// summarises the flood (importers.FloodKeep).
		r.report(ssd3.Deviation, "Last-Modified %q %s", importers.Excerpt(string(value)), note)
	}
}

// resolve makes the URI of a file named in a row, from raw, the name as
// the row escapes it, and name, unescaped. The URI keeps raw's escapes:
// "%2F" and "/", "%2B" and "+" are different characters in a URI path
// (RFC 3986 2.2: reserved characters and their escapes are not
// equivalent), so a file "a%2Fb.txt" is one file in the directory, not
// "b.txt" in a directory "a". What a URI cannot hold as it is (a space, a
// "?", 8-bit bytes, a "%" that starts no escape) is escaped, byte for byte.
// A name that is itself an absolute URL ("scheme://...", as the Gopher
// converter wrote) is used as it is. It returns "" for a row it skips, and
// *NoBaseError the first time a relative name meets no base.
func (r *Reader) resolve(raw string, name []byte, isDir bool) (string, error) {
	if strings.Contains(raw, "://") || bytes.Contains(name, []byte("://")) {
		for _, s := range []string{raw, string(name)} {
			if u, err := url.Parse(ssd3.NormalizeURI(s)); err == nil && u.IsAbs() && u.Host != "" {
				return u.String(), nil
			}
		}
	}
	if string(name) == "." || string(name) == ".." {
		r.report(ssd3.Skipped, "row %q names the directory itself or its parent; not imported", name)
		return "", nil
	}
	if r.base == nil {
		r.report(ssd3.Skipped, "row %q cannot be resolved: the listing has no 300 line giving the directory's URL; pass it with --base URL", importers.Excerpt(r.text(name)))
		if r.noBaseLine == 0 {
			r.noBaseLine = r.lineNo
			return "", &NoBaseError{Line: r.lineNo}
		}
		return "", nil
	}
	rel, dots := escapePath(raw)
	if isDir && !strings.HasSuffix(rel, "/") {
		rel += "/"
	}
	if !dots && !strings.HasPrefix(rel, "/") {
		// The common case: a plain name inside the directory. Joining
		// strings gives what ResolveReference would, much faster.
		return r.baseString + rel, nil
	}
	if !strings.HasPrefix(rel, "/") {
		rel = "./" + rel // so that a name with a ":" is not read as a scheme
	}
	ref, err := url.Parse(rel)
	if err != nil {
		r.report(ssd3.Skipped, "file name %q does not make a URL: %v", importers.Excerpt(r.text(name)), err)
		return "", nil
	}
	return r.base.ResolveReference(ref).String(), nil
}

// escapePath makes a path of a raw file name: its "/"s separate segments,
// its "%XX" escapes stay as written, and every other byte a path segment
// cannot hold as it is (RFC 3986 3.3: pchar) is escaped. dots reports a
// segment that is, once unescaped, "." or "..": the caller resolves those.
func escapePath(raw string) (path string, dots bool) {
	b := make([]byte, 0, len(raw)+8)
	seg, out := 0, 0 // where the current segment starts in raw and in b
	for i := 0; i <= len(raw); i++ {
		if i == len(raw) || raw[i] == '/' {
			if d := unescape(raw[seg:i]); d == "." || d == ".." {
				dots = true
				b = append(b[:out], d...) // "%2E%2E" is ".." to a resolver
			}
			if i < len(raw) {
				b = append(b, '/')
			}
			seg, out = i+1, len(b)
			continue
		}
		c := raw[i]
		switch {
		case c == '%' && i+2 < len(raw) && isHex(raw[i+1]) && isHex(raw[i+2]):
			b = append(b, raw[i:i+3]...)
			i += 2
		case pchar(c):
			b = append(b, c)
		default:
			b = append(b, '%', upperHex[c>>4], upperHex[c&0xf])
		}
	}
	return string(b), dots
}

const upperHex = "0123456789ABCDEF"

// pchars are the bytes that may stand unescaped in a path segment (RFC
// 3986 3.3: unreserved, sub-delims, ":" and "@").
var pchars = func() (t [256]bool) {
	for c := 0; c < 256; c++ {
		t[c] = 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
			strings.IndexByte("-._~!$&'()*+,;=:@", byte(c)) >= 0
	}
	return t
}()

func pchar(c byte) bool { return pchars[c] }

// text decodes a value's bytes to Unicode: by the 301 line's charset if one
// was given, else as UTF-8, else (invalid UTF-8) as ISO-8859-1, reported.
func (r *Reader) text(b []byte) string {
	if r.charset != nil {
		if s, err := r.charset.NewDecoder().Bytes(b); err == nil {
			return string(s)
		}
	}
	if utf8.Valid(b) {
		return string(b)
	}
	s, _ := charmap.ISO8859_1.NewDecoder().Bytes(b)
	r.report(ssd3.Deviation, "value %q is not UTF-8 and no 301 line names its charset; read as ISO-8859-1", importers.Excerpt(string(s)))
	return string(s)
}

// splitTokens splits a 201 line's data into tokens: white-space separated,
// bare or quoted with " or ', with no escape inside quotes (a quote in a
// name is written %22), as Mozilla read them. A quoted token may be empty:
// that is an empty column.
func splitTokens(data []byte) (tokens []string, unterminated bool) {
	i := 0
	for {
		for i < len(data) && isSpace(data[i]) {
			i++
		}
		if i >= len(data) {
			return tokens, unterminated
		}
		if q := data[i]; q == '"' || q == '\'' {
			j := bytes.IndexByte(data[i+1:], q)
			if j < 0 {
				tokens = append(tokens, string(data[i+1:]))
				return tokens, true
			}
			tokens = append(tokens, string(data[i+1:i+1+j]))
			i += j + 2
			continue
		}
		j := i
		for j < len(data) && !isSpace(data[j]) {
			j++
		}
		tokens = append(tokens, string(data[i:j]))
		i = j
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\v' || c == '\f' }

// unescapeBytes undoes RFC 1738 escaping. A "%" that starts no escape is
// kept as written, and reported through err.
func unescapeBytes(s string) ([]byte, error) {
	if !strings.Contains(s, "%") {
		return []byte(s), nil
	}
	if u, err := url.PathUnescape(s); err == nil {
		return []byte(u), nil
	}
	// Lenient: decode the valid escapes, keep the rest.
	var b []byte
	var bad error
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
			continue
		}
		if s[i] == '%' {
			bad = fmt.Errorf("bad escape")
		}
		b = append(b, s[i])
	}
	return b, bad
}

func unescape(s string) string {
	b, _ := unescapeBytes(s)
	return string(b)
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'f'
}

func unhex(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c | 0x20 - 'a' + 10
}

// mediaType returns a Content-Type value in canonical form (lower-case type
// and subtype), or as written when it does not parse: Finish then drops it.
func mediaType(v string) string {
	v = strings.TrimSpace(v)
	mt, params, err := mime.ParseMediaType(v)
	if err != nil {
		return v
	}
	if f := mime.FormatMediaType(mt, params); f != "" {
		return f
	}
	return v
}

// addField adds an X- field, or, when two columns come to the same field
// name ("Owner Name" and "owner-name"), joins the values with "; ".
func addField(exts []ssd3.Field, name, value string) []ssd3.Field {
	for i := range exts {
		if exts[i].Name == name {
			if value != "" {
				exts[i].Value = strings.TrimPrefix(exts[i].Value+"; "+value, "; ")
			}
			return exts
		}
	}
	return append(exts, ssd3.Field{Name: name, Value: value})
}

var notNameChar = regexp.MustCompile(`[^A-Za-z0-9_-]+`)

// extensionName makes the X- field name for a column: X- and the column's
// name in upper case, with characters a field name cannot hold as "-".
func extensionName(col string) string {
	n := strings.Trim(notNameChar.ReplaceAllString(strings.ToUpper(col), "-"), "-")
	if n == "" {
		return ""
	}
	if strings.HasPrefix(n, "X-") {
		return n
	}
	return "X-" + n
}

// dateForms are the Last-Modified forms real writers used (WRITERS.md),
// HTTP's first, each with the deviation from the spec's RFC 1123 to report
// (by its Name). Wrong weekdays, which Mozilla wrote, are accepted, as they
// must be.
var dateForms = append(append([]dates.Form(nil), dates.HTTP...),
	dates.Form{Layout: "Mon, _2 Jan 2006 15:04:05", Name: "no zone", Weekday: true},
	dates.Form{Layout: "Mon Jan _2 15:04:05 MST 2006", Name: "Unix date", Weekday: true, Zone: true},
	dates.Form{Layout: "01/02/06 03:04:05 PM", Name: "Mozilla local time"},
	dates.Form{Layout: "01/02/2006 03:04:05 PM", Name: "local time"},
)

// dateNotes say how a form departs from RFC 1123, by the form's Name.
var dateNotes = map[string]string{
	"RFC 850":                   "is in RFC 850 form, not RFC 1123; read anyway",
	"asctime":                   "is in asctime form, not RFC 1123; taken as UTC",
	"RFC 822 (two-digit year)":  "has a two-digit year, not RFC 1123's four; read anyway",
	"RFC 822 without a weekday": "has no weekday, unlike RFC 1123; read anyway",
	"RFC 3339":                  "is in RFC 3339 form, not RFC 1123; read anyway",
	"no zone":                   "has no time zone (as early Mozilla wrote it); taken as UTC",
	"Unix date":                 "is in Unix date form, not RFC 1123; read anyway",
	"Mozilla local time":        "is in Mozilla's local-time form %m/%d/%y %I:%M:%S %p, not RFC 1123; its zone is unknown, taken as UTC",
	"local time":                "is in local-time form %m/%d/%Y %I:%M:%S %p, not RFC 1123; its zone is unknown, taken as UTC",
}

// parseDate reads a Last-Modified value; note says how it departs from RFC
// 1123, if it does.
func parseDate(v string) (t time.Time, note string, ok bool) {
	d, ok := dates.Parse(v, dateForms)
	if !ok {
		return time.Time{}, "", false
	}
	note = dateNotes[d.Form.Name]
	if d.UnknownZone && note == "" {
		note = fmt.Sprintf("has the unknown time zone %q; taken as UTC", d.Zone)
	}
	return d.Time, note, true
}
