// Package netscape reads and writes the Netscape bookmark file, the HTML
// that Firefox, Chrome, Edge and Safari write when they export bookmarks
// and read when they import them:
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
// It also reads the HTML exports of the read-later services Pocket and
// Instapaper (PocketFormat, InstapaperFormat), which are the same kind of
// file with <H1> sections instead of folders.
//
// # Mapping
//
// Each <A> is a bookmark: HREF is the URI, its text the NAME, the text of a
// <DD> that follows it the DESCRIPTION, and the path of the <H3> folders
// around it the CATEGORY, joined with "/" (see JoinFolders) within the bound
// on one (importers.MaxFolders). SSD3 3.3 makes
// DATE "when the record was created or last amended": a LAST_MODIFIED
// after ADD_DATE is the DATE, and ADD_DATE is kept as X-ADDED
// (catalogue.FieldAdded), which is where uricat keeps the time a bookmark
// was added once an edit has moved its DATE; otherwise ADD_DATE is the DATE
// and LAST_MODIFIED is kept as X-LAST-MODIFIED, unless it is equal to
// ADD_DATE, when it says nothing more (a bookmark with only LAST_MODIFIED
// takes it as DATE instead). The Writer writes ADD_DATE and
// LAST_MODIFIED back from the same fields, so both dates come back as they
// were. (A catalogue imported before X-ADDED, whose DATE is ADD_DATE and
// X-LAST-MODIFIED a later LAST_MODIFIED, comes back with DATE and X-ADDED
// instead: the same two dates.) The dates are Unix seconds;
// ones too large for seconds are read as the milliseconds or microseconds
// some tools write (see ParseTimestamp).
//
// linkding writes the user's notes into the <DD> after the description,
// between [linkding-notes] and [/linkding-notes]: they are kept apart, as
// X-NOTES, without the markers.
//
// The other attributes of browsers and services are kept as X- fields:
// LAST_VISIT as X-LAST-VISIT (a DATE-style date), TAGS as X-TAGS (as
// written), SHORTCUTURL (a Firefox keyword) as X-KEYWORD, FEEDURL as
// X-FEED-URL, PRIVATE, TOREAD, POST_DATA, WEB_PANEL, LAST_CHARSET and
// DATA-COVER as X-PRIVATE and so on (browserAttrs), and any other attribute
// as X- and its name. HREFLANG and TYPE are LANGUAGE and TYPE; ID and
// RATING uricat's own ID and RATING. Favicons (ICON, ICON_URI) are bulk
// data: they are dropped and counted. Firefox's place: queries ("smart
// bookmarks") are not addresses: they are skipped with a reason.
// javascript: bookmarklets are bookmarks the browser keeps: they are
// imported, as every reader imports them, and an export writes them back. What a catalogue has no place for is reported:
// folder descriptions, empty folders, separators (<HR>), the dates and
// flags of folders.
//
// The browsers' own top folders ("Bookmarks Toolbar", "Bookmarks bar",
// "Other Bookmarks") stay in the path as written: they are where the user
// knows to look. The flag that makes one the browser's root
// (PERSONAL_TOOLBAR_FOLDER, UNFILED_BOOKMARKS_FOLDER) is kept as
// X-BROWSER-ROOT on each bookmark in it (importers.FieldBrowserRoot), so
// that a folder merely named so is told from it. Chrome writes its "Other
// bookmarks" at the top level, so those have no CATEGORY.
//
// # Reading
//
// The file is HTML, read with golang.org/x/net/html's streaming tokenizer,
// so that any tag soup a browser wrote (unclosed <DT> and <p>, missing </A>,
// attributes in any case) reads as a browser would read it. The charset is
// the declared one (<META> or byte order mark), else UTF-8; bytes that are
// not UTF-8 in a file that declares nothing (Internet Explorer and Netscape
// 4 wrote the system's code page) are read as windows-1252. The tokenizer
// counts no lines: the Reader counts them, so every diagnostic has one.
//
// # Writing
//
// The Writer writes what the Reader reads back whole; writer.go has the
// layout, which both Firefox's and Chromium's importers read.
package netscape

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/transform"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/lines"
)

// Format is the Netscape bookmark file, for the formats registry.
var Format = importers.Format{
	Name:       "netscape",
	Title:      "Netscape bookmark file (Firefox, Chrome, Edge, Safari)",
	Extensions: []string{".html", ".htm"},
	Detect:     Detect,
	NewReader: func(r io.Reader, opts importers.Options) importers.Reader {
		return NewReader(r, opts)
	},
	NewWriter: func(w io.Writer) importers.Writer { return NewWriter(w) },
}

// PocketFormat is the HTML export of Pocket (getpocket.com): <h1> sections
// ("Unread", "Read Archive") of <ul> lists of links with a time_added (Unix
// seconds) and comma-separated tags. Sections become CATEGORY, time_added
// DATE, tags X-TAGS; a bookmark in "Unread" is on the reading list too
// (X-TOREAD 1, importers.MarkUnread).
var PocketFormat = importers.Format{
	Name:       "pocket",
	Title:      "Pocket export (HTML)",
	Extensions: []string{".html"},
	Detect:     DetectPocket,
	NewReader: func(r io.Reader, opts importers.Options) importers.Reader {
		return newReader(r, opts, readLater)
	},
}

// InstapaperFormat is the HTML export of Instapaper: an <h1> per folder
// ("Unread", "Archive", the user's folders) and an <ol> of links, without
// dates. Folders become CATEGORY; a bookmark in "Unread" is on the
// reading list too (X-TOREAD 1).
var InstapaperFormat = importers.Format{
	Name:       "instapaper",
	Title:      "Instapaper export (HTML)",
	Extensions: []string{".html"},
	Detect:     DetectInstapaper,
	NewReader: func(r io.Reader, opts importers.Options) importers.Reader {
		return newReader(r, opts, readLater)
	},
}

// MaxToken bounds the bytes of one tag or run of text (a tag with a huge
// inline favicon, say): memory stays bounded whatever the input. A longer
// token ends the import of the file with a diagnostic. It also bounds the
// text gathered for one name, description or folder name, which a file
// may give in many tokens. The Writer reports a record it cannot write
// within it.
const MaxToken = 16 << 20

// MaxAttrs is how many attributes of one <A> are read; the rest are left
// out with a diagnostic naming the line. Browsers write a dozen at most: a
// tag of thousands is not a bookmark but a bomb, and each attribute read
// becomes a field of the record.
const MaxAttrs = 1000

// MaxDepth is how many levels of folders make the CATEGORY path
// (importers.MaxFolders); deeper folders are left out of it, so that a
// file of a million nested <DL>s costs neither quadratic time nor memory.
const MaxDepth = importers.MaxFolders

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

// DetectPocket recognises a Pocket export by its title, "Pocket Export",
// or by list items of links with Pocket's time_added attribute.
func DetectPocket(head []byte) bool {
	h := bytes.ToLower(head)
	return !Detect(head) && (bytes.Contains(h, []byte("<title>pocket export</title>")) ||
		bytes.Contains(h, []byte("<li><a ")) && bytes.Contains(h, []byte(" time_added=")))
}

// DetectInstapaper recognises an Instapaper export by its title,
// "Instapaper: Export".
func DetectInstapaper(head []byte) bool {
	return !Detect(head) && bytes.Contains(bytes.ToLower(head), []byte("<title>instapaper: export</title>"))
}

// dialect is the kind of HTML file being read.
type dialect int

const (
	bookmarkFile dialect = iota // Netscape: <H3> folders around <DL> lists
	readLater                   // Pocket, Instapaper: <h1> sections
)

// mode says what the text being read belongs to.
type mode int

const (
	modeNone     mode = iota
	modeTitle         // the text of an <A>
	modeH3            // a folder name, or a section's
	modeDD            // a bookmark's description
	modeFolderDD      // a folder's description
)

// attr is an attribute of an <A>, name in lower case.
type attr struct{ key, val string }

// bookmark is an <A> being read, waiting for its text and a <DD>.
type bookmark struct {
	line   int
	offset int64
	href   string
	name   strings.Builder
	desc   strings.Builder
	attrs  []attr // but HREF and the favicons, in the order written
	folder string
	root   string // the browser's root folder it is in (importers.FieldBrowserRoot)
}

// level is an open <DL>: the folder of what is in it (its CATEGORY),
// and, for a named folder, its name, where its <H3> is, and how many
// bookmarks are in it (to report an empty one).
type level struct {
	folder  importers.Folder
	root    string // the browser's root folder it is, or is in
	name    string
	line    int
	entries int
}

// heading is a folder or section name that was read, waiting for its list.
type heading struct {
	name string
	line int
	root string // the browser's root folder its flag makes it
}

// Reader reads the bookmarks of a Netscape bookmark file, one by one.
type Reader struct {
	opts    importers.Options
	dialect dialect
	src     io.Reader
	z       *html.Tokenizer
	started bool

	lines     lines.Counter // the lines of the tokens read
	offset    int64         // bytes read
	tokLine   int           // line of the current token's first byte
	tokOffset int64         // byte offset of the current token
	decoding  bool          // the input is being converted to UTF-8

	folders  []level // the open <DL> levels, outermost first
	mixed    bool    // text not UTF-8 was read as windows-1252 (reported once)
	h3       *strings.Builder
	h3Line   int
	h3Root   string   // the root the flag of the <H3> being read names
	pending  *heading // the last folder name, waiting for its <DL>
	section  *level   // the current <h1> section of a read-later file
	fdesc    strings.Builder
	fdescAt  int // line of the folder description being read
	mode     mode
	cur      *bookmark // the last <A>, until the next entry starts
	ready    importers.Ready
	notes    importers.ReaderNotes
	icons    int            // bookmarks whose favicon was dropped
	units    map[string]int // dates not in seconds, by unit
	rules    int            // separators (<HR>)
	fattrs   []string       // attributes of folders seen, which are not kept
	fattrSet map[string]bool
}

// NewReader returns a Reader of r. The charset is the one the file declares
// (its byte order mark or <META> charset), else UTF-8, which every browser
// writes today.
func NewReader(r io.Reader, opts importers.Options) *Reader {
	return newReader(r, opts, bookmarkFile)
}

func newReader(r io.Reader, opts importers.Options, d dialect) *Reader {
	return &Reader{src: r, opts: opts, dialect: d}
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
			r.noteAt(0, -1, ssd3.Info, "reading the file as %s, the charset it declares", name)
		} else {
			r.noteAt(0, -1, ssd3.Info, "reading the file as %s, HTML's default: it declares no charset and its first bytes are not UTF-8", name)
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
func (r *Reader) Read() (*ssd3.Record, error) { return r.ready.Next(r.next) }

// next is a step of the parse: the first one looks at the head of the
// input.
func (r *Reader) next() error {
	if !r.started {
		return r.start()
	}
	return r.step()
}

// Diagnostics returns the diagnostics gathered since the last call.
func (r *Reader) Diagnostics() []ssd3.Diagnostic { return r.notes.Diagnostics() }

// note adds a diagnostic at the current token.
func (r *Reader) note(kind ssd3.Kind, format string, a ...any) {
	r.noteAt(r.tokLine, r.offsetNow(), kind, format, a...)
}

func (r *Reader) noteAt(line int, offset int64, kind ssd3.Kind, format string, a ...any) {
	r.notes.Note(line, offset, kind, format, a...)
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
	r.tokLine, r.tokOffset = r.lines.Line(), r.offset
	r.lines.Write(raw) // the tokenizer counts no lines
	r.offset += int64(len(raw))
	switch tt {
	case html.ErrorToken:
		err := r.z.Err()
		switch {
		case errors.Is(err, io.EOF):
		case errors.Is(err, html.ErrBufferExceeded):
			r.note(ssd3.Skipped, "a tag or text here is longer than %d MiB: the rest of the file was not read", MaxToken>>20)
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

// startTag handles a start tag.
func (r *Reader) startTag() {
	name, hasAttr := r.z.TagName()
	switch string(name) {
	case "a":
		r.startAnchor(hasAttr)
	case "h3":
		r.startH3(hasAttr)
	case "h1":
		r.endEntry()
		if r.dialect == readLater {
			r.endSection()
			r.startHeading()
		}
	case "dl":
		r.endEntry()
		r.openList()
	case "dd":
		if r.mode == modeH3 {
			r.endHeading()
		}
		switch {
		case r.cur != nil:
			r.mode = modeDD
		case r.pending != nil:
			r.mode, r.fdescAt = modeFolderDD, r.tokLine
			r.fdesc.Reset()
		default:
			r.mode = modeNone
		}
	case "hr":
		r.endEntry()
		r.rules++
	case "dt", "title", "li", "ul", "ol", "h2":
		r.endEntry()
	case "br":
		if r.mode == modeDD {
			r.text([]byte("\n"))
		}
	}
}

// startAnchor handles <A>: a bookmark, its attributes read (at most
// MaxAttrs), its title to come.
func (r *Reader) startAnchor(hasAttr bool) {
	r.endEntry()
	r.folderWithoutList()
	b := &bookmark{line: r.tokLine, offset: r.offsetNow(), folder: r.category()}
	if n := len(r.folders); n > 0 {
		b.root = r.folders[n-1].root
	}
	hasHref, icon, n := false, false, 0
	for ; hasAttr; n++ {
		if n == MaxAttrs {
			r.note(ssd3.Dropped, "this <A> has more than %d attributes: the rest are not imported", MaxAttrs)
			break
		}
		var k, v []byte
		k, v, hasAttr = r.z.TagAttr()
		switch key := string(k); key {
		case "href":
			if !hasHref { // the first one counts, as in a browser
				b.href, hasHref = string(v), true
			}
		case "icon", "icon_uri":
			icon = true
		default:
			b.attrs = append(b.attrs, attr{key, string(v)})
		}
	}
	if icon {
		r.icons++
	}
	r.count()
	r.cur = b
	r.mode = modeTitle
}

// startH3 handles <H3>: a folder's heading, and whether it is one of the
// browser's roots (PERSONAL_TOOLBAR_FOLDER, UNFILED_BOOKMARKS_FOLDER).
func (r *Reader) startH3(hasAttr bool) {
	r.endEntry()
	r.folderWithoutList()
	root := ""
	for hasAttr {
		var k, v []byte
		k, v, hasAttr = r.z.TagAttr()
		if rt := rootFlags[string(k)]; rt != "" && strings.EqualFold(strings.TrimSpace(string(v)), "true") {
			root = rt
			continue
		}
		r.folderAttr(string(k))
	}
	r.startHeading()
	r.h3Root = root
}

// count adds a bookmark to the open folders and section.
func (r *Reader) count() {
	if n := len(r.folders); n > 0 {
		r.folders[n-1].entries++
	}
	if r.section != nil {
		r.section.entries++
	}
}

// folderAttr notes an attribute of a folder, which CATEGORY has no place for.
func (r *Reader) folderAttr(name string) {
	if r.fattrSet[name] || len(r.fattrs) >= 20 {
		return
	}
	if r.fattrSet == nil {
		r.fattrSet = make(map[string]bool)
	}
	r.fattrSet[name] = true
	r.fattrs = append(r.fattrs, strings.ToUpper(name))
}

func (r *Reader) startHeading() {
	r.h3 = &strings.Builder{}
	r.h3Root = ""
	r.h3Line = r.tokLine
	r.pending = nil
	r.mode = modeH3
}

// openList opens a <DL>: the folder of the name before it, if any.
func (r *Reader) openList() {
	var in level
	if n := len(r.folders); n > 0 {
		in = r.folders[n-1]
	}
	in.name, in.entries = "", 0
	if h := r.pending; h != nil && r.dialect == bookmarkFile {
		r.pending = nil
		in.folder = r.child(in.folder, h)
		in.name, in.line = h.name, h.line
		if h.root != "" {
			in.root = h.root
		}
	}
	r.folders = append(r.folders, in)
}

func (r *Reader) endTag(name string) {
	switch name {
	case "a":
		if r.mode == modeTitle {
			r.mode = modeNone
		}
	case "h3", "h1":
		if r.mode == modeH3 {
			r.endHeading()
		}
	case "dl":
		r.endEntry()
		r.folderWithoutList()
		n := len(r.folders)
		if n == 0 {
			r.note(ssd3.Deviation, "</DL> closes a folder list that was never opened; ignored")
			return
		}
		l := r.folders[n-1]
		r.folders = r.folders[:n-1]
		if n > 1 {
			r.folders[n-2].entries += l.entries
		}
		if l.name != "" && l.entries == 0 {
			r.emptyFolder(l.name, l.line)
		}
	case "dd":
		if r.mode == modeDD || r.mode == modeFolderDD {
			r.endEntry()
		}
	}
}

// emptyFolder reports a folder without bookmarks: a catalogue holds
// bookmarks, and a CATEGORY exists only on one.
func (r *Reader) emptyFolder(name string, line int) {
	what := "folder"
	if r.dialect == readLater {
		what = "section"
	}
	r.noteAt(line, -1, ssd3.Dropped, "empty %s %q not imported: a catalogue holds bookmarks, and a CATEGORY only exists on one", what, importers.Excerpt(name))
}

// folderWithoutList reports a folder name that no list followed: an empty
// folder too.
func (r *Reader) folderWithoutList() {
	if h := r.pending; h != nil && r.dialect == bookmarkFile {
		r.pending = nil
		r.emptyFolder(h.name, h.line)
	}
}

// text adds t to whatever is being read.
func (r *Reader) text(t []byte) {
	var b *strings.Builder
	what := "a folder name"
	switch r.mode {
	case modeTitle:
		b, what = &r.cur.name, "a bookmark's name"
	case modeDD:
		b, what = &r.cur.desc, "a description"
	case modeH3:
		b = r.h3
	case modeFolderDD:
		b, what = &r.fdesc, "a folder's description"
	default:
		return
	}
	if b.Len()+len(t) > MaxToken {
		if b.Len() < MaxToken {
			r.note(ssd3.Dropped, "%s longer than %d MiB cut short", what, MaxToken>>20)
			t = t[:MaxToken-b.Len()]
		} else {
			return
		}
	}
	b.Write(t)
}

// endHeading ends a folder name (or a section's in a read-later file).
func (r *Reader) endHeading() {
	name, note := importers.FolderName(r.latin1(r.h3.String()))
	if note != "" {
		r.noteAt(r.h3Line, -1, ssd3.Info, "%s", note)
	}
	r.h3 = nil
	r.mode = modeNone
	if r.dialect == readLater {
		r.section = &level{folder: r.child(importers.Folder{}, &heading{name: name, line: r.h3Line}), name: name, line: r.h3Line}
		return
	}
	r.pending = &heading{name: name, line: r.h3Line, root: r.h3Root}
}

// endSection ends a read-later file's section, reporting it if it was empty.
func (r *Reader) endSection() {
	if s := r.section; s != nil && s.entries == 0 {
		r.emptyFolder(s.name, s.line)
	}
	r.section = nil
}

// endEntry ends whatever entry is open: a pending bookmark becomes a record.
func (r *Reader) endEntry() {
	switch r.mode {
	case modeH3:
		r.endHeading()
	case modeFolderDD:
		if d := strings.Join(strings.Fields(display.Clean(r.latin1(r.fdesc.String()))), " "); d != "" {
			name := "(untitled)"
			if r.pending != nil {
				name = r.pending.name
			}
			r.noteAt(r.fdescAt, -1, ssd3.Dropped, "the description of folder %q is not imported: a CATEGORY has none: %q", importers.Excerpt(name), importers.Excerpt(d))
		}
		r.fdesc.Reset()
	}
	r.mode = modeNone
	if b := r.cur; b != nil {
		r.cur = nil
		if rec := r.record(b); rec != nil {
			if r.section != nil {
				importers.MarkUnread(rec, r.section.name)
			}
			r.ready.Add(rec)
		}
	}
}

// child is the folder of heading h in f, its CATEGORY made once for
// all its bookmarks; what the bound on one cut is reported at h.
func (r *Reader) child(f importers.Folder, h *heading) importers.Folder {
	f = f.Child(h.name)
	if c := f.Cut(); c != "" {
		r.noteAt(h.line, -1, ssd3.Dropped, "%s", c)
	}
	return f
}

// category is the CATEGORY of a bookmark in the innermost open folder.
func (r *Reader) category() string {
	if r.section != nil {
		return r.section.folder.Category()
	}
	if len(r.folders) == 0 {
		return ""
	}
	return r.folders[len(r.folders)-1].folder.Category()
}

// finish ends the file: the last bookmark, and what is to say about the whole.
func (r *Reader) finish() {
	r.endEntry()
	r.folderWithoutList()
	r.endSection()
	r.ready.End()
	if n := len(r.folders); n > 0 {
		r.note(ssd3.Deviation, "the file ends inside %d folder list(s) (<DL> without </DL>): it may have been cut short", n)
	}
	if r.icons > 0 {
		r.noteAt(0, -1, ssd3.Dropped, "favicons (ICON, ICON_URI) of %d bookmark(s) not imported: they are bulk image data", r.icons)
	}
	for _, unit := range []string{"milliseconds", "microseconds", "microseconds since 1601"} {
		if n := r.units[unit]; n > 0 {
			r.noteAt(0, -1, ssd3.Deviation, "%d date(s) were in %s, not the Unix seconds of the format; read as such", n, unit)
		}
	}
	if r.rules > 0 {
		r.noteAt(0, -1, ssd3.Info, "%d separator(s) (<HR>) not imported: a catalogue has no separators", r.rules)
	}
	if len(r.fattrs) > 0 {
		r.noteAt(0, -1, ssd3.Info, "the dates and flags of folders are not imported, a CATEGORY being only a name: %s", strings.Join(r.fattrs, ", "))
	}
	r.notes.End(r.opts)
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
		r.note(ssd3.Deviation, "text that is not UTF-8 and no charset declared: its bytes are read as windows-1252")
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
func (r *Reader) record(b *bookmark) *ssd3.Record {
	skip := func(format string, a ...any) *ssd3.Record {
		r.noteAt(b.line, b.offset, ssd3.Skipped, format, a...)
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
		return skip("link %q has no HREF: not a bookmark", importers.Excerpt(name))
	case scheme == "place":
		return skip("%q is a Firefox smart bookmark (a place: query), not an address", importers.Excerpt(name))
	}
	desc, notes := linkdingNotes(r.latin1(b.desc.String()))
	rec := ssd3.NewRecord(ssd3.Values{URI: href, Name: name, Category: b.folder, Description: desc})
	var lm lastMod
	var ext extensions
	for _, a := range b.attrs {
		r.attribute(b, rec, &ext, a, &lm)
	}
	if notes != "" {
		ext.add(fieldNotes, notes)
	}
	if b.root != "" {
		// The folder says it, as the browser reads it, whatever an
		// attribute said.
		if ext.has(importers.FieldBrowserRoot) {
			ext.set(importers.FieldBrowserRoot, b.root)
		} else {
			ext.add(importers.FieldBrowserRoot, b.root)
		}
	}
	if ext.fields != nil {
		rec.SetExtensions(ext.fields)
	}
	r.dates(b, rec, lm)
	title := r.latin1(b.name.String())
	rec = r.notes.Finish(rec, r.opts, b.line, b.offset, nil)
	if rec != nil {
		if note := importers.TitleNote(title, rec); note != "" {
			r.noteAt(b.line, b.offset, ssd3.Info, "%s", note)
		}
	}
	return rec
}

// rootFlags are the attributes of an <H3> that make it a browser's root
// folder (with the value "true"), by their lower-case names, and the
// root they name (importers.FieldBrowserRoot); the Writer writes them.
var rootFlags = map[string]string{
	"personal_toolbar_folder":  importers.RootToolbar,
	"unfiled_bookmarks_folder": importers.RootOther,
}

// fieldNotes is the X- field that keeps linkding's notes.
const fieldNotes = "X-NOTES"

// linkdingNotes splits a <DD> text as linkding writes it (its exporter,
// bookmarks/services/exporter.py): the description, then the user's notes
// between [linkding-notes] and [/linkding-notes]. The notes are the
// user's own, apart from the description (often the page's), and
// linkding reads them back so: they go to X-NOTES, without the markers.
// A text without both markers is all description.
func linkdingNotes(dd string) (desc, notes string) {
	const open, end = "[linkding-notes]", "[/linkding-notes]"
	before, rest, ok := strings.Cut(dd, open)
	if !ok {
		return dd, ""
	}
	notes, after, ok := strings.Cut(rest, end)
	if !ok {
		return dd, ""
	}
	return before + after, notes
}

// lastMod is a bookmark's LAST_MODIFIED, which dates makes its DATE
// or keeps as X-LAST-MODIFIED once every attribute is read.
type lastMod struct {
	t time.Time
	// kept: the X-LAST-MODIFIED that holds it is in the record, where the
	// attribute was (so that the fields keep the attributes' order).
	kept bool
}

// fieldLastModified is the X- field that keeps a LAST_MODIFIED.
const fieldLastModified = "X-LAST-MODIFIED"

// dates puts a bookmark's LAST_MODIFIED, lm, in rec, once ADD_DATE has
// made its DATE (see the package doc): a LAST_MODIFIED after ADD_DATE is
// when the bookmark was last amended, the DATE of SSD3 3.3, and ADD_DATE
// when it was added, X-ADDED (catalogue.FieldAdded); one that is not after
// it stays X-LAST-MODIFIED, but for one equal to it, and a bookmark
// without ADD_DATE takes it as DATE instead.
func (r *Reader) dates(b *bookmark, rec *ssd3.Record, lm lastMod) {
	added := rec.Date()
	switch {
	case lm.t.IsZero():
	case added.IsZero() || lm.t.Equal(added):
		// The DATE, or equal to it (browsers set both when a bookmark
		// is made): it says nothing more (importers.BrowserDates).
		rec.SetDate(lm.t)
		if lm.kept {
			rec.SetExtension(fieldLastModified, "")
		}
	case lm.t.After(added) && rec.Extension(ssd3.FieldAdded) == "":
		rec.SetDate(lm.t)
		rec.SetExtension(ssd3.FieldAdded, ssd3.FormatDate(added))
		if lm.kept {
			rec.SetExtension(fieldLastModified, "")
		}
	case !lm.kept:
		r.noteAt(b.line, b.offset, ssd3.Dropped, "LAST_MODIFIED %q is not imported: an earlier attribute gave %s", ssd3.FormatDate(lm.t), fieldLastModified)
	}
}

// extensions are the X- fields of a bookmark being made, gathered apart
// from its record and set on it at once: Record.SetExtension looks through
// the fields it has, which for every attribute of a tag of thousands
// (MaxAttrs) would be quadratic.
type extensions struct {
	fields []ssd3.Field
	names  map[string]bool // of fields, once it is long
}

// has reports whether a field of that name is set.
func (e *extensions) has(name string) bool {
	if e.names != nil {
		return e.names[name]
	}
	for _, f := range e.fields {
		if f.Name == name {
			return true
		}
	}
	return false
}

// set gives the field name, which is set, the value v.
func (e *extensions) set(name, v string) {
	for i := range e.fields {
		if e.fields[i].Name == name {
			e.fields[i].Value = v
			return
		}
	}
}

func (e *extensions) add(name, value string) {
	e.fields = append(e.fields, ssd3.Field{Name: name, Value: value})
	switch {
	case e.names != nil:
		e.names[name] = true
	case len(e.fields) > 16: // a look through the slice stops being cheap
		e.names = make(map[string]bool, 2*len(e.fields))
		for _, f := range e.fields {
			e.names[f.Name] = true
		}
	}
}

// attribute puts the attribute a of bookmark b into rec and its X- fields
// into ext (see the package doc); the first LAST_MODIFIED's date goes to
// *lm too.
func (r *Reader) attribute(b *bookmark, rec *ssd3.Record, ext *extensions, a attr, lm *lastMod) {
	v := strings.TrimSpace(r.latin1(a.val))
	// keep puts v in the extension field, unless an earlier attribute did.
	keep := func(field, v string) {
		switch {
		case v == "":
		case ext.has(field):
			r.noteAt(b.line, b.offset, ssd3.Dropped, "%s %q is not imported: an earlier attribute gave %s", strings.ToUpper(a.key), importers.Excerpt(v), field)
		default:
			ext.add(field, v)
		}
	}
	// std sets the standard field to v if the record has none and the
	// catalogue takes v, else keeps v in the extension field named after
	// the attribute.
	std := func(field string) {
		if ssd3.GetField(rec, field) == "" && ssd3.SetField(rec, field, v) == nil {
			return
		}
		keep(fieldForAttr(a.key), v)
	}
	switch key := a.key; {
	case key == "add_date" || key == "time_added" && r.dialect == readLater:
		if rec.Date().IsZero() {
			rec.SetDate(r.date(b, a, "X-ADD-DATE", keep))
		} else {
			keep("X-ADD-DATE", v)
		}
	case key == "hreflang":
		std(ssd3.FieldLanguage)
	case key == "type":
		std(ssd3.FieldType)
	case key == "id":
		std(ssd3.FieldID)
	case key == "rating":
		std(ssd3.FieldRating)
	case attrByName[key] != nil:
		ba := attrByName[key]
		if !ba.date {
			keep(ba.field, v)
			break
		}
		if t := r.date(b, a, ba.field, keep); !t.IsZero() {
			if ba.field == fieldLastModified && lm.t.IsZero() {
				lm.t = t
				if !ext.has(ba.field) {
					ext.add(ba.field, ssd3.FormatDate(t))
					lm.kept = true
				}
				break
			}
			keep(ba.field, ssd3.FormatDate(t))
		}
	default:
		field := fieldForAttr(key)
		if field == "" {
			if v != "" {
				r.noteAt(b.line, b.offset, ssd3.Dropped, "attribute %q is not imported: its name cannot be a field's (SSD3 2.1.3)", importers.Excerpt(key))
			}
			return
		}
		if field == fieldLastModified && lm.kept && v != "" {
			// The Writer writes a record's own X-LAST-MODIFIED so beside the
			// LAST_MODIFIED that is its DATE: this one is the field.
			ext.set(field, v)
			lm.kept = false
			return
		}
		keep(field, v)
	}
}

// date reads the timestamp attribute a of b. A value that is not a date
// DATE can hold is kept as it is, in the extension field, and reported.
func (r *Reader) date(b *bookmark, a attr, field string, keep func(field, v string)) time.Time {
	t, unit, err := ParseTimestamp(a.val)
	if err == nil && !t.IsZero() && ssd3.ValidateDate(t) != nil {
		err = fmt.Errorf("%q is past the year 9999 that DATE can hold", importers.Excerpt(a.val))
	}
	if err != nil {
		r.noteAt(b.line, b.offset, ssd3.Deviation, "%s: %v: kept as it is in %s", strings.ToUpper(a.key), err, field)
		keep(field, strings.TrimSpace(a.val))
		return time.Time{}
	}
	if !t.IsZero() && unit != "seconds" {
		if r.units == nil {
			r.units = make(map[string]int)
		}
		r.units[unit]++
	}
	return t
}

// ParseTimestamp reads a bookmark file's date: Unix seconds as the format
// has it, or, told apart by size, the milliseconds and microseconds that
// some exporters write (Chrome and Firefox keep microseconds inside; Chrome's
// count from 1601). It returns the time and the unit it took; "0" and ""
// are the zero time (no date). Negative seconds, back to the year 0 that
// DATE can hold, are dates before 1970, as our Writer writes them.
func ParseTimestamp(v string) (t time.Time, unit string, err error) {
	v = strings.TrimSpace(v)
	if v == "" {
		return time.Time{}, "", nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		f, ferr := strconv.ParseFloat(v, 64)
		if ferr != nil || f < 0 || f > 1e11 {
			return time.Time{}, "", fmt.Errorf("%q is not a date in Unix seconds", importers.Excerpt(v))
		}
		n = int64(f)
	}
	const year0 = -62167219200 // 0000-01-01T00:00:00Z
	switch {
	case n < year0:
		return time.Time{}, "", fmt.Errorf("%q is before the year 0: not a date in Unix seconds", importers.Excerpt(v))
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

// JoinFolders makes a CATEGORY of a folder path: the names joined with "/",
// a "/" inside a name escaped with "\" (catalogue.JoinCategory, which
// knows the escaping). Lists without a name (the file's top-level <DL>)
// are not part of the path.
func JoinFolders(folders []string) string { return ssd3.JoinCategory(folders) }

// SplitFolders undoes JoinFolders (catalogue.SplitCategory).
func SplitFolders(category string) []string { return ssd3.SplitCategory(category) }

// Position says where the record rec, which Read returned last, was
// (importers.Positioner).
func (r *Reader) Position(rec *ssd3.Record) (importers.Position, bool) {
	return r.notes.Position(rec)
}
