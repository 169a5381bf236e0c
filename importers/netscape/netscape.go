// Package netscape reads the Netscape bookmark file, the HTML that Firefox,
// Chrome, Edge and Safari write when they export bookmarks:
//
//	<!DOCTYPE NETSCAPE-Bookmark-file-1>
//	<DL><p>
//	    <DT><H3 ADD_DATE="1700000000">Folder</H3>
//	    <DL><p>
//	        <DT><A HREF="https://go.dev/" ADD_DATE="1700000000" TAGS="go,lang">Go</A>
//	        <DD>A description
//	    </DL><p>
//	</DL><p>
//
// Each <A> is a bookmark: HREF is the URI, its text the NAME, the text of a
// <DD> that follows it the DESCRIPTION, and the path of the <H3> folders
// around it the CATEGORY, joined with "/" (see JoinFolders). ADD_DATE and
// LAST_MODIFIED are Unix seconds; the later of the two is the DATE, since
// SSD3 3.3 says DATE is when the record was created or last amended. TAGS
// becomes X-TAGS, SHORTCUTURL (a Firefox keyword) X-KEYWORD, FEEDURL
// X-FEED-URL and LAST_VISIT X-LAST-VISIT. Favicons (ICON, ICON_URI) are bulk
// data: they are dropped and counted. Firefox's place: queries ("smart
// bookmarks") and javascript: bookmarklets are not addresses: they are
// skipped with a reason.
//
// The browsers' own top folders ("Bookmarks Toolbar", "Bookmarks bar",
// "Other Bookmarks") stay in the path as written: they are where the user
// knows to look. Chrome writes its "Other bookmarks" at the top level, so
// those have no CATEGORY. Dates that are too large for seconds are read as
// the milliseconds or microseconds some tools write (see ParseTimestamp).
//
// The file is HTML, read with golang.org/x/net/html's streaming tokenizer,
// so that any tag soup a browser wrote (unclosed <DT> and <p>, missing </A>,
// attributes in any case) reads as a browser would read it. The charset is
// the declared one (<META> or byte order mark), else UTF-8; bytes that are
// not UTF-8 in a file that declares nothing (Internet Explorer and Netscape
// 4 wrote the system's code page) are read as windows-1252. The tokenizer
// counts no lines: the Reader counts them, so every diagnostic has one.
package netscape

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/transform"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/importers"
)

// Format is the Netscape bookmark file, for the importers registry.
var Format = importers.Format{
	Name:   "netscape",
	Title:  "Netscape bookmark file (Firefox, Chrome, Edge, Safari exports)",
	Detect: Detect,
	NewReader: func(r io.Reader, opts importers.Options) importers.Reader {
		return NewReader(r, opts)
	},
}

// MaxToken bounds the bytes of one tag or run of text (a tag with a huge
// inline favicon, say): memory stays bounded whatever the input. A longer
// token ends the import of the file with a diagnostic.
const MaxToken = 16 << 20

// maxText bounds the text gathered for one title or description, and
// maxFolderName a folder's name.
const (
	maxText       = 256 << 10
	maxFolderName = 1 << 10
)

// MaxDepth is how many levels of folders make the CATEGORY path; deeper
// folders are left out of it, so that a file of a million nested <DL>s
// costs neither quadratic time nor memory.
const MaxDepth = 64

// Detect reports whether head, the first bytes of a file, look like a
// Netscape bookmark file: the DOCTYPE every browser writes, or, for files
// without it, a <DL> list with <DT><A HREF or <DT><H3 entries.
func Detect(head []byte) bool {
	h := bytes.ToUpper(head)
	if bytes.Contains(h, []byte("<!DOCTYPE NETSCAPE-BOOKMARK-FILE")) {
		return true
	}
	return bytes.Contains(h, []byte("<DL")) &&
		(bytes.Contains(h, []byte("<DT><A ")) || bytes.Contains(h, []byte("<DT><H3")))
}

// mode says what the text being read belongs to.
type mode int

const (
	modeNone  mode = iota
	modeTitle      // the text of an <A>
	modeH3         // a folder name
	modeDD         // a bookmark's description
)

// bookmark is an <A> being read, waiting for its text and a <DD>.
type bookmark struct {
	line   int
	offset int64
	href   string
	name   strings.Builder
	desc   strings.Builder
	attrs  map[string]string
	folder string
}

// level is an open <DL>: the CATEGORY of what is in it, and how many named
// folders that path has.
type level struct {
	category string
	depth    int
}

// Reader reads the bookmarks of a Netscape bookmark file, one by one.
type Reader struct {
	opts    importers.Options
	src     io.Reader
	z       *html.Tokenizer
	started bool
	done    bool

	line      int   // line reached (1-based)
	offset    int64 // bytes read
	tokLine   int   // line of the current token's first byte
	tokOffset int64 // byte offset of the current token
	afterCR   bool  // the last token ended with CR: an LF next does not count
	decoding  bool  // the input is being converted to UTF-8

	folders []level // the open <DL> levels, outermost first
	deep    bool    // MaxDepth was passed (reported once)
	mixed   bool    // text not UTF-8 was read as windows-1252 (reported once)
	h3      *strings.Builder
	h3Name  *string // the last folder name, waiting for its <DL>
	mode    mode
	cur     *bookmark // the last <A>, until the next entry starts
	ready   []*catalogue.Record
	diags   []importers.Diagnostic
	icons   int            // bookmarks whose favicon was dropped
	units   map[string]int // dates not in seconds, by unit
}

// NewReader returns a Reader of r. The charset is the one the file declares
// (its byte order mark or <META> charset), else UTF-8, which every browser
// writes today.
func NewReader(r io.Reader, opts importers.Options) *Reader {
	return &Reader{src: r, opts: opts, line: 1}
}

// start looks at the head of the input for its charset and sets up the
// tokenizer.
func (r *Reader) start() error {
	r.started = true
	br := bufio.NewReaderSize(r.src, 4096)
	head, err := br.Peek(1024)
	if err != nil && !errors.Is(err, io.EOF) && !errors.Is(err, bufio.ErrBufferFull) {
		return err
	}
	var in io.Reader = br
	if enc, name, declared := sniffCharset(head); enc != nil {
		in = transform.NewReader(br, enc.NewDecoder())
		r.decoding = true
		if declared {
			r.noteAt(0, -1, importers.Info, "reading the file as %s, the charset it declares", name)
		} else {
			r.noteAt(0, -1, importers.Info, "reading the file as %s, HTML's default: it declares no charset and its first bytes are not UTF-8", name)
		}
	}
	r.z = html.NewTokenizer(in)
	r.z.SetMaxBuf(MaxToken)
	return nil
}

// sniffCharset returns the decoder the head of a file calls for, or nil for
// UTF-8, and whether the file declares it. HTML's own default,
// windows-1252, is taken only when the file is not valid UTF-8 and
// declares nothing.
func sniffCharset(head []byte) (enc encoding.Encoding, name string, declared bool) {
	enc, name, certain := charset.DetermineEncoding(head, "")
	if name == "utf-8" || enc == nil || enc == encoding.Nop {
		return nil, "", false
	}
	if !certain && name == "windows-1252" && !bytes.Contains(bytes.ToLower(head), []byte("charset")) {
		// Declared nothing: the fallback. Trust UTF-8 unless the head
		// contradicts it.
		if validUTF8Prefix(head) {
			return nil, "", false
		}
		return enc, name, false
	}
	return enc, name, true
}

// validUTF8Prefix reports whether b is valid UTF-8 but for a rune cut off at its end.
func validUTF8Prefix(b []byte) bool {
	for i := len(b) - 1; i >= 0 && i > len(b)-utf8.UTFMax; i-- {
		if utf8.RuneStart(b[i]) {
			if !utf8.FullRune(b[i:]) {
				b = b[:i]
			}
			break
		}
	}
	return utf8.Valid(b)
}

// Read returns the next bookmark, or io.EOF after the last.
func (r *Reader) Read() (*catalogue.Record, error) {
	if !r.started {
		if err := r.start(); err != nil {
			r.done = true
			return nil, err
		}
	}
	for len(r.ready) == 0 && !r.done {
		if err := r.step(); err != nil {
			r.done = true
			return nil, err
		}
	}
	if len(r.ready) == 0 {
		return nil, io.EOF
	}
	rec := r.ready[0]
	r.ready[0] = nil
	r.ready = r.ready[1:]
	return rec, nil
}

// Diagnostics returns the diagnostics gathered since the last call.
func (r *Reader) Diagnostics() []importers.Diagnostic {
	d := r.diags
	r.diags = nil
	return d
}

// note adds a diagnostic at the current token.
func (r *Reader) note(kind importers.Kind, format string, a ...any) {
	r.noteAt(r.tokLine, r.offsetNow(), kind, format, a...)
}

func (r *Reader) noteAt(line int, offset int64, kind importers.Kind, format string, a ...any) {
	r.diags = append(r.diags, importers.Diagnostic{Line: line, Offset: offset, Kind: kind, Msg: fmt.Sprintf(format, a...)})
}

func (r *Reader) offsetNow() int64 {
	if r.decoding {
		return -1 // an offset in the decoded text would not be one in the file
	}
	return r.tokOffset
}

// step reads one token.
func (r *Reader) step() error {
	tt := r.z.Next()
	raw := r.z.Raw()
	r.tokLine, r.tokOffset = r.line, r.offset
	r.advance(raw)
	switch tt {
	case html.ErrorToken:
		err := r.z.Err()
		switch {
		case errors.Is(err, io.EOF):
		case errors.Is(err, html.ErrBufferExceeded):
			r.note(importers.Skipped, "a tag or text here is longer than %d MiB: the rest of the file was not read", MaxToken>>20)
		default:
			return err
		}
		r.finish()
	case html.TextToken:
		if r.mode != modeNone {
			r.text(r.z.Text())
		}
	case html.StartTagToken, html.SelfClosingTagToken:
		r.startTag()
	case html.EndTagToken:
		name, _ := r.z.TagName()
		r.endTag(string(name))
	}
	return nil
}

// advance counts the lines and bytes of raw, the token just read: the
// tokenizer does not. CR LF, LF and a lone CR each end a line.
func (r *Reader) advance(raw []byte) {
	for i, c := range raw {
		switch c {
		case '\r':
			r.line++
		case '\n':
			if afterCR := i == 0 && r.afterCR || i > 0 && raw[i-1] == '\r'; !afterCR {
				r.line++
			}
		}
	}
	if len(raw) > 0 {
		r.afterCR = raw[len(raw)-1] == '\r'
	}
	r.offset += int64(len(raw))
}

// startTag handles a start tag.
func (r *Reader) startTag() {
	name, hasAttr := r.z.TagName()
	switch string(name) {
	case "a":
		r.endEntry()
		b := &bookmark{line: r.tokLine, offset: r.offsetNow(), folder: r.category()}
		hasHref := false
		for hasAttr {
			var k, v []byte
			k, v, hasAttr = r.z.TagAttr()
			switch key := string(k); key {
			case "href":
				if !hasHref { // the first one counts, as in a browser
					b.href, hasHref = string(v), true
				}
			case "icon", "icon_uri":
				if b.attrs == nil || b.attrs["icon"] == "" {
					r.icons++
				}
				b.setAttr("icon", "1")
			case "add_date", "last_modified", "last_visit", "tags", "shortcuturl", "feedurl":
				b.setAttr(key, string(v))
			}
		}
		r.cur = b
		r.mode = modeTitle
	case "h3":
		r.endEntry()
		r.h3 = &strings.Builder{}
		r.h3Name = nil
		r.mode = modeH3
	case "dl":
		r.endEntry()
		folder := ""
		if r.h3Name != nil {
			folder = *r.h3Name
		}
		r.h3Name = nil
		var in level
		if n := len(r.folders); n > 0 {
			in = r.folders[n-1]
		}
		switch {
		case folder == "":
		case in.depth >= MaxDepth:
			if !r.deep {
				r.deep = true
				r.note(importers.Deviation, "folders nested deeper than %d levels: the deeper ones are left out of CATEGORY", MaxDepth)
			}
		case in.depth == 0:
			in = level{JoinFolders([]string{folder}), 1}
		default:
			in = level{in.category + "/" + JoinFolders([]string{folder}), in.depth + 1}
		}
		r.folders = append(r.folders, in)
	case "dd":
		if r.mode == modeH3 {
			r.endH3()
		}
		if r.cur != nil {
			r.mode = modeDD
		} else {
			r.mode = modeNone // a folder's description: not a bookmark's
		}
	case "dt", "hr", "h1", "title":
		r.endEntry()
	case "br":
		if r.mode == modeDD {
			r.text([]byte("\n"))
		}
	}
}

func (b *bookmark) setAttr(k, v string) {
	if b.attrs == nil {
		b.attrs = make(map[string]string)
	}
	b.attrs[k] = v
}

func (r *Reader) endTag(name string) {
	switch name {
	case "a":
		if r.mode == modeTitle {
			r.mode = modeNone
		}
	case "h3":
		if r.mode == modeH3 {
			r.endH3()
		}
	case "dl":
		r.endEntry()
		r.h3Name = nil
		if len(r.folders) == 0 {
			r.note(importers.Deviation, "</DL> closes a folder list that was never opened; ignored")
			return
		}
		r.folders = r.folders[:len(r.folders)-1]
	case "dd":
		if r.mode == modeDD {
			r.mode = modeNone
		}
	}
}

// text adds t to whatever is being read.
func (r *Reader) text(t []byte) {
	var b *strings.Builder
	switch r.mode {
	case modeTitle:
		b = &r.cur.name
	case modeDD:
		b = &r.cur.desc
	case modeH3:
		b = r.h3
	default:
		return
	}
	limit := maxText
	if r.mode == modeH3 {
		limit = maxFolderName
	}
	if b.Len()+len(t) > limit {
		if b.Len() < limit {
			r.note(importers.Dropped, "text longer than %d KiB cut short", limit>>10)
			t = t[:limit-b.Len()]
		} else {
			return
		}
	}
	b.Write(t)
}

func (r *Reader) endH3() {
	name := strings.Join(strings.Fields(catalogue.CleanText(r.latin1(r.h3.String()))), " ")
	if name == "" {
		name = "(untitled)"
	}
	r.h3Name = &name
	r.h3 = nil
	r.mode = modeNone
}

// endEntry ends whatever entry is open: a pending bookmark becomes a record.
func (r *Reader) endEntry() {
	if r.mode == modeH3 {
		r.endH3()
	}
	r.mode = modeNone
	if b := r.cur; b != nil {
		r.cur = nil
		if rec := r.record(b); rec != nil {
			r.ready = append(r.ready, rec)
		}
	}
}

// category is the CATEGORY of a bookmark in the innermost open folder.
func (r *Reader) category() string {
	if len(r.folders) == 0 {
		return ""
	}
	return r.folders[len(r.folders)-1].category
}

// finish ends the file: the last bookmark, and what is to say about the whole.
func (r *Reader) finish() {
	r.endEntry()
	r.done = true
	if n := len(r.folders); n > 0 {
		r.note(importers.Deviation, "the file ends inside %d folder list(s) (<DL> without </DL>): it may have been cut short", n)
	}
	if r.icons > 0 {
		r.noteAt(0, -1, importers.Dropped, "favicons (ICON, ICON_URI) of %d bookmark(s) not imported: they are bulk image data", r.icons)
	}
	for _, unit := range []string{"milliseconds", "microseconds", "microseconds since 1601"} {
		if n := r.units[unit]; n > 0 {
			r.noteAt(0, -1, importers.Deviation, "%d date(s) were in %s, not the Unix seconds of the format; read as such", n, unit)
		}
	}
}

// latin1 reads the bytes of s that are not UTF-8 as windows-1252: old
// exports (Internet Explorer, Netscape 4) wrote the system's 8-bit charset
// without declaring it, and a head of plain ASCII does not tell.
func (r *Reader) latin1(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	if !r.mixed {
		r.mixed = true
		r.note(importers.Deviation, "text that is not UTF-8 and no charset declared: its bytes are read as windows-1252")
	}
	var b strings.Builder
	for len(s) > 0 {
		c, n := utf8.DecodeRuneInString(s)
		if c == utf8.RuneError && n == 1 {
			c = charmap.Windows1252.DecodeByte(s[0])
		}
		b.WriteRune(c)
		s = s[n:]
	}
	return b.String()
}

// record turns a bookmark into a catalogue record, or reports why it cannot.
func (r *Reader) record(b *bookmark) *catalogue.Record {
	skip := func(format string, a ...any) *catalogue.Record {
		r.noteAt(b.line, b.offset, importers.Skipped, format, a...)
		return nil
	}
	name := strings.TrimSpace(r.latin1(b.name.String()))
	href := strings.TrimSpace(b.href)
	scheme := ""
	if i := strings.IndexByte(href, ':'); i > 0 {
		scheme = strings.ToLower(href[:i])
	}
	switch {
	case href == "":
		return skip("link %q has no HREF: not a bookmark", clip(name))
	case scheme == "place":
		return skip("%q is a Firefox smart bookmark (a place: query), not an address", clip(name))
	case scheme == "javascript":
		return skip("%q is a bookmarklet (a javascript: link), not an address", clip(name))
	}
	if r.opts.Base != nil {
		if u, err := url.Parse(href); err == nil && !u.IsAbs() {
			href = r.opts.Base.ResolveReference(u).String()
		}
	}
	rec := &catalogue.Record{URI: href, Name: name, Category: b.folder, Description: r.latin1(b.desc.String())}
	var dates []time.Time
	for _, key := range []string{"add_date", "last_modified"} {
		if t, ok := r.date(b, key); ok {
			dates = append(dates, t)
		}
	}
	for _, t := range dates {
		if t.After(rec.Date) {
			rec.Date = t
		}
	}
	if tags := splitTags(b.attrs["tags"]); tags != "" {
		rec.SetExtension("X-TAGS", tags)
	}
	rec.SetExtension("X-KEYWORD", b.attrs["shortcuturl"])
	rec.SetExtension("X-FEED-URL", b.attrs["feedurl"])
	if t, ok := r.date(b, "last_visit"); ok && catalogue.ValidateDate(t) == nil {
		rec.SetExtension("X-LAST-VISIT", catalogue.FormatDate(t))
	}
	diags, ok := importers.Finish(rec, r.opts, b.line, b.offset)
	r.diags = append(r.diags, diags...)
	if !ok {
		return nil
	}
	// A NAME made up from the URI's host is not cleaned by Finish, and a
	// %-escaped host can hold any byte.
	if n := strings.Join(strings.Fields(catalogue.CleanText(rec.Name)), " "); n != rec.Name {
		if n == "" {
			n = rec.URI
		}
		rec.Name = n
	}
	return rec
}

// date reads the timestamp attribute key of b.
func (r *Reader) date(b *bookmark, key string) (time.Time, bool) {
	v, ok := b.attrs[key]
	if !ok {
		return time.Time{}, false
	}
	t, unit, err := ParseTimestamp(v)
	if err != nil {
		r.noteAt(b.line, b.offset, importers.Dropped, "%s: %v", strings.ToUpper(key), err)
		return time.Time{}, false
	}
	if t.IsZero() {
		return t, false
	}
	if unit != "seconds" {
		if r.units == nil {
			r.units = make(map[string]int)
		}
		r.units[unit]++
	}
	return t, true
}

// ParseTimestamp reads a bookmark file's date: Unix seconds as the format
// has it, or, told apart by size, the milliseconds and microseconds that
// some exporters write (Chrome and Firefox keep microseconds inside; Chrome's
// count from 1601). It returns the time and the unit it took; "0" and ""
// are the zero time (no date).
func ParseTimestamp(v string) (t time.Time, unit string, err error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return time.Time{}, "", nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		f, ferr := strconv.ParseFloat(v, 64)
		if ferr != nil || f < 0 || f > 1e11 {
			return time.Time{}, "", fmt.Errorf("%q is not a date in Unix seconds", clip(v))
		}
		n = int64(f)
	}
	switch {
	case n < 0:
		return time.Time{}, "", fmt.Errorf("%q is before 1970: not a date in Unix seconds", clip(v))
	case n == 0:
		return time.Time{}, "", nil
	case n < 1e11: // up to the year 5138
		return time.Unix(n, 0).UTC(), "seconds", nil
	case n < 1e14: // milliseconds: 1973 to 5138
		return time.UnixMilli(n).UTC(), "milliseconds", nil
	case n < 1e16: // microseconds: 1973 to 2286
		return time.UnixMicro(n).UTC(), "microseconds", nil
	}
	// Microseconds since 1601-01-01 (Windows FILETIME / WebKit time, as in
	// Chrome's own Bookmarks file): 1e16 is the year 1917.
	const from1601 = 11644473600 * 1e6
	return time.UnixMicro(n - from1601).UTC(), "microseconds since 1601", nil
}

// splitTags tidies a TAGS list: comma-separated, blanks left out.
func splitTags(v string) string {
	var tags []string
	for t := range strings.SplitSeq(v, ",") {
		if t = strings.TrimSpace(t); t != "" {
			tags = append(tags, t)
		}
	}
	return strings.Join(tags, ", ")
}

// JoinFolders makes a CATEGORY of a folder path: the names joined with "/".
// A "/" or "\" inside a name is escaped with "\" ("News/Politics" becomes
// `News\/Politics`), so that SplitFolders gives the path back and a folder
// named "a/b" is not taken for two. Lists without a name (the file's
// top-level <DL>) are not part of the path.
func JoinFolders(folders []string) string {
	var b strings.Builder
	for _, f := range folders {
		if f == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('/')
		}
		for i := 0; i < len(f); i++ {
			if f[i] == '/' || f[i] == '\\' {
				b.WriteByte('\\')
			}
			b.WriteByte(f[i])
		}
	}
	return b.String()
}

// SplitFolders undoes JoinFolders.
func SplitFolders(category string) []string {
	if category == "" {
		return nil
	}
	var out []string
	var b strings.Builder
	for i := 0; i < len(category); i++ {
		switch c := category[i]; {
		case c == '\\' && i+1 < len(category):
			i++
			b.WriteByte(category[i])
		case c == '/':
			out = append(out, b.String())
			b.Reset()
		default:
			b.WriteByte(c)
		}
	}
	return append(out, b.String())
}

func clip(s string) string {
	s = catalogue.DisplayText(s)
	if utf8.RuneCountInString(s) > 60 {
		return string([]rune(s)[:57]) + "..."
	}
	return s
}
