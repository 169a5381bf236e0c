package netscape

// The Writer writes the layout that Firefox and Chrome write, which both
// browsers' importers read: Firefox's BookmarkHTMLUtils (which parses the
// file with an HTML parser) and Chromium's bookmark_html_reader.cc (which
// reads it line by line). So the file starts with the <!DOCTYPE
// NETSCAPE-Bookmark-file-1> header and a META tag declaring charset UTF-8
// (Chromium reads the charset from that line, Firefox from the META), then
// a <DL><p> list in which each folder is a <DT><H3>...</H3> line followed by
// its own <DL><p> ... </DL><p>, and each bookmark is one line:
//
//	<DT><A HREF="uri" ADD_DATE="unix" LAST_MODIFIED="unix" TAGS="a,b">name</A>
//	<DD>description
//
// Chromium's reader needs the whole <A> element on one line, so line breaks
// in text are written as character references (&#10;); all text and
// attribute values are HTML-escaped.
//
// Every field is written where the Reader finds it again (see the package
// doc). ADD_DATE is when the bookmark was added and LAST_MODIFIED when it
// last changed: for a record an edit has amended, X-ADDED
// (catalogue.FieldAdded) and DATE, LAST_MODIFIED where X-ADDED stood
// among the fields; for any other, DATE and its X-LAST-MODIFIED, written
// only when the record has it, as imported. (An X-LAST-MODIFIED beside
// X-ADDED is the browser's, older than DATE: it is written under its own
// name, which only the Reader reads.) The other browser attributes from
// their X- fields (browserAttrs); LANGUAGE as HREFLANG, TYPE, ID, RATING;
// any other extension as an attribute of its own name, which browsers pass
// over. A date field that is not DATE text (SSD3 3.3) is written under its
// own name too, so that no browser reads it as a date.
//
// A record whose X-BROWSER-ROOT (importers.FieldBrowserRoot) names the
// toolbar or Other Bookmarks is written in a top folder flagged as that
// root (PERSONAL_TOOLBAR_FOLDER, UNFILED_BOOKMARKS_FOLDER: rootFlagOf),
// named as the first folder of its CATEGORY, apart from a folder of the
// same name in the menu.
//
// Folders appear in the order of their first record, and inside a folder
// records keep the order given; all records of a folder are written
// together, so a category that recurs later in the input does not make a
// second folder of the same name. A folder's ADD_DATE and LAST_MODIFIED are
// the DATEs of its oldest and newest bookmark.
//
// What the file cannot hold as it is, the Writer leaves out or changes and
// reports (Diagnostics): control characters and escape sequences (which must
// never reach a terminal; HTML has no way to write most of them), a
// CATEGORY that is not a path of folder names, a CATEGORY of more than
// MaxDepth folders (the deeper ones are written as one folder, the
// MaxDepth-th, named with their path, so that the file grows with the
// CATEGORY's length and not with the square of its depth), an extension name with
// lower-case letters (HTML attribute names have no case), a DATE that
// Unix seconds in this format cannot say, and a record too long for a
// reader (MaxToken).

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/internal/display"
)

// Header is the start of every file, as Firefox writes it.
const Header = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<!-- This is an automatically generated file.
     It will be read and overwritten.
     DO NOT EDIT! -->
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>

<DL><p>
`

// folder is a node of the folder tree: its entries in order, each either a
// record or a sub-folder.
type folder struct {
	name          string
	flag          string // the attribute that makes it a browser's root folder
	parent        *folder
	entries       []entry
	sub           map[string]*folder
	first, latest time.Time
}

// entry is a bookmark or a folder. A bookmark is written from its record
// at Close; dirty says its text holds what clean leaves out.
type entry struct {
	dir   *folder
	rec   *ssd3.Record
	dirty bool
	// rooted: it is in the root folder its X-BROWSER-ROOT names, whose
	// flag says the root, so the field is not written again.
	rooted bool
}

func (f *folder) child(name string) *folder {
	if c, ok := f.sub[name]; ok {
		return c
	}
	if f.sub == nil {
		f.sub = make(map[string]*folder)
	}
	c := &folder{name: name, parent: f}
	f.sub[name] = c
	f.entries = append(f.entries, entry{dir: c})
	return c
}

func (f *folder) note(t time.Time) {
	if f.first.IsZero() || t.Before(f.first) {
		f.first = t
	}
	if t.After(f.latest) {
		f.latest = t
	}
}

// Folders splits a CATEGORY into the folder path it becomes, as the Reader
// reads it back (SplitFolders: at each "/" not escaped by "\"), each name on
// one line without blanks at its ends (textBack), empty names left out.
func Folders(category string) []string {
	var path []string
	for _, name := range SplitFolders(category) {
		if name = textBack(name); name != "" {
			path = append(path, name)
		}
	}
	return path
}

// Writer writes records as a Netscape bookmark file. It holds them until
// Close, which writes the file: the records of a folder are written
// together.
type Writer struct {
	importers.WriterNotes // what Diagnostics returns
	w                     io.Writer
	root                  *folder
	byCategory            map[string]*place          // categories repeat: split each once
	roots                 map[string]*folder         // the browser's root folders, by root
	backs                 importers.NameMemo[string] // readBack's
	closed                bool
}

// NewWriter returns a Writer to w.
func NewWriter(w io.Writer) *Writer {
	root := &folder{}
	return &Writer{w: w, root: root, byCategory: map[string]*place{"": {f: root}}}
}

// place is the folder of a CATEGORY, and what writing it there changes.
type place struct {
	f      *folder
	notes  []note
	dirty  bool // the CATEGORY holds control characters
	rooted bool // f is in the root folder the record's X-BROWSER-ROOT names, whose flag says it
}

// note is what a writer has to say about a record, but for its URI.
type note struct {
	kind ssd3.Kind
	msg  string
}

// place makes the folder of a CATEGORY, in the browser's root folder
// root (importers.FieldBrowserRoot) if it is one the writer knows.
func (w *Writer) place(category, root string) *place {
	p := &place{}
	cat, dropped := importers.SafeText(category)
	p.dirty = dropped
	path := Folders(cat)
	if JoinFolders(path) != cat {
		p.notes = append(p.notes, note{ssd3.Deviation, fmt.Sprintf("CATEGORY %q is written as the folder path %q, which is what reads back: a folder name cannot be empty, nor start or end with blanks",
			importers.Excerpt(category), importers.Excerpt(JoinFolders(path)))})
	}
	if len(path) > MaxDepth {
		// Nesting each folder in the one before costs an indented line per
		// level, and indentation as deep as the level: a file quadratic in
		// the depth (2.4 GB for 20,000 levels), of which a reader keeps
		// MaxDepth levels. The folders from the MaxDepth-th on are written
		// as one, named as their path would be (JoinFolders): no name is
		// lost, and the output is as long as the CATEGORY.
		rest := JoinFolders(path[MaxDepth-1:])
		p.notes = append(p.notes, note{ssd3.Deviation, fmt.Sprintf("CATEGORY has %d folders, and a reader takes %d levels: the folders from the %dth on are written as one folder named %q",
			len(path), MaxDepth, MaxDepth, importers.Excerpt(rest))})
		path = append(path[:MaxDepth-1:MaxDepth-1], rest)
	}
	for _, name := range path {
		if len(name)*6 > MaxToken {
			p.notes = append(p.notes, note{ssd3.Dropped, fmt.Sprintf("CATEGORY left out: a folder name is longer than the %d MiB a Netscape reader takes", MaxToken>>20)})
			path = nil
			break
		}
	}
	p.f = w.root
	if _, ok := rootFlagOf[root]; ok && len(path) > 0 {
		if rf := w.rootFolder(root, path[0]); rf != nil {
			p.f, p.rooted, path = rf, rf.flag != "", path[1:]
		} else {
			p.notes = append(p.notes, note{ssd3.Deviation, fmt.Sprintf("%s %s names the browser's %s folder, %q, which CATEGORY %q is not in: written as a folder of the menu, with %s as an attribute",
				importers.FieldBrowserRoot, root, root, importers.Excerpt(w.roots[root].name), importers.Excerpt(category), importers.FieldBrowserRoot)})
		}
	}
	for _, name := range path {
		p.f = p.f.child(name)
	}
	return p
}

// rootFlagOf is the attribute of <H3> that makes a folder a browser's root
// folder, by the root (importers.FieldBrowserRoot) whose records go in it:
// Firefox and Chromium put the bookmarks of a PERSONAL_TOOLBAR_FOLDER in
// their toolbar (not in a folder of it), Firefox those of an
// UNFILED_BOOKMARKS_FOLDER in Other Bookmarks. The Netscape file has no
// flag for the mobile root: its folder is written apart from a menu
// folder of the same name, and the records in it say their root.
var rootFlagOf = map[string]string{
	importers.RootToolbar: "PERSONAL_TOOLBAR_FOLDER",
	importers.RootOther:   "UNFILED_BOOKMARKS_FOLDER",
	importers.RootMobile:  "",
}

// rootFolder returns the root folder of the browser for root, named name,
// made by the first record in it; nil if the first record named it
// otherwise, and so this CATEGORY is not in it.
func (w *Writer) rootFolder(root, name string) *folder {
	if f, ok := w.roots[root]; ok {
		if f.name != name {
			return nil
		}
		return f
	}
	if w.roots == nil {
		w.roots = make(map[string]*folder)
	}
	f := &folder{name: name, parent: w.root, flag: rootFlagOf[root]}
	w.roots[root] = f
	w.root.entries = append(w.root.entries, entry{dir: f})
	return f
}

// Write adds rec to the file. What the file cannot hold of it is noted
// here, for Diagnostics; it is written at Close.
func (w *Writer) Write(rec *ssd3.Record) error {
	if w.closed {
		return errors.New("netscape: Write after Close")
	}
	w.Record(rec.URI())
	if w.tooLong(rec) {
		w.Note(ssd3.Skipped, "not written: its text is longer than the %d MiB a Netscape reader takes in one piece", MaxToken>>20)
		return nil
	}
	noted := false
	e := entry{rec: rec}
	name, dirty := w.safe(rec.Name(), &noted)
	if back := textBack(name); back != name {
		w.Note(ssd3.Deviation, "NAME %q reads back as %q: the blanks at the ends of a link's text are the file's layout, and a NAME is one line", importers.Excerpt(name), importers.Excerpt(back))
	}
	e.dirty = dirty
	_, dirty = w.safe(rec.Description(), &noted)
	e.dirty = e.dirty || dirty
	added, changed := rec.Added(), rec.Changed()
	if !changed.IsZero() {
		w.checkDate(added, ssd3.FieldAdded)
		if !changed.After(added) {
			w.Note(ssd3.Deviation, "X-ADDED %s is not before DATE %s: a LAST_MODIFIED that is not after ADD_DATE reads back as X-LAST-MODIFIED, and ADD_DATE as DATE",
				ssd3.FormatDate(added), ssd3.FormatDate(changed))
		}
	}
	if !rec.Date().IsZero() {
		w.checkDate(rec.Date(), "DATE")
	}
	for _, f := range rec.Extensions() {
		if f.Value == "" {
			continue
		}
		_, dirty = w.safe(f.Value, &noted)
		e.dirty = e.dirty || dirty
		if !changed.IsZero() && (f.Name == ssd3.FieldAdded || f.Name == fieldLastModified) {
			continue // ADD_DATE, and the browser's own under its name
		}
		if a := attrByField[f.Name]; a != nil {
			if !a.date {
				continue
			}
			if t, err := ssd3.ParseDate(display.Clean(f.Value)); err == nil {
				w.checkDate(t, a.field)
				continue
			}
			// Not a date: written under its own name, so that no browser
			// takes it for one.
		}
		if w.readBack(f.Name) != f.Name {
			w.Note(ssd3.Deviation, "%s is written as the attribute %s, which reads back as %s: HTML attribute names have no case", f.Name, f.Name, strings.ToUpper(f.Name))
		}
	}
	key, root := rec.Category(), rec.Extension(importers.FieldBrowserRoot)
	if _, ok := rootFlagOf[root]; ok {
		key = root + "\x00" + key // apart from a folder of the same name in the menu
	}
	p, ok := w.byCategory[key]
	if !ok {
		p = w.place(rec.Category(), root)
		w.byCategory[key] = p
	}
	e.rooted = p.rooted
	for _, n := range p.notes {
		w.Note(n.kind, "%s", n.msg)
	}
	if p.dirty && !noted {
		w.Note(ssd3.Dropped, lostControls)
	}
	for d := p.f; d != w.root; d = d.parent {
		d.note(added)
		d.note(rec.Date())
	}
	p.f.entries = append(p.f.entries, e)
	return nil
}

// textBack is what the Reader makes of a link's or a folder's text (a
// NAME, a CATEGORY's folder name) written as text: the blanks at the ends
// go, a line break or a tab is a space (importers.OneLine); runs of spaces
// stay.
func textBack(text string) string { return strings.TrimSpace(importers.OneLine(text)) }

// safe returns s as clean leaves it, and whether that changed it; it
// notes for the record (once) a change that is more than the form of a line break.
func (w *Writer) safe(s string, noted *bool) (safe string, dirty bool) {
	safe, dropped := importers.SafeText(s)
	if dropped && !*noted {
		*noted = true
		w.Note(ssd3.Dropped, lostControls)
	}
	return safe, safe != s
}

// readBack is the field the Reader makes of the attribute an extension
// field is written as (fieldForAttr), remembered: records repeat the same
// few names.
func (w *Writer) readBack(field string) string {
	return w.backs.Get(field, func(field string) string { return fieldForAttr(strings.ToLower(attrForField(field))) })
}

// clean returns s without what must not be written (see the package doc);
// dirty has said what it loses.
func clean(s string, dirty bool) string {
	if !dirty {
		return s
	}
	return display.Clean(s)
}

const lostControls = "control characters and escape sequences left out of its text: a file must not carry them to a terminal"

// checkDate notes a date that Unix seconds in a bookmark file cannot
// carry: 0 means "no date", and from the year 5138 the number is taken for
// milliseconds (ParseTimestamp).
func (w *Writer) checkDate(t time.Time, field string) {
	switch n := t.Unix(); {
	case n == 0:
		w.Note(ssd3.Deviation, "%s 01/01/1970 00:00:00 is Unix time 0, which a bookmark file takes for no date", field)
	case n >= 1e11:
		w.Note(ssd3.Deviation, "%s %s is past the year 5137: Unix seconds that a bookmark file takes for milliseconds", field, ssd3.FormatDate(t))
	}
}

// tooLong reports whether a tag or text of rec would be longer, escaped,
// than a reader takes. Escaping makes at most six bytes of one ("&quot;",
// "&amp;", "&#10;"), so only a long record is measured; a tag's attribute
// names and dates add less than 64 bytes each.
func (w *Writer) tooLong(rec *ssd3.Record) bool {
	n := len(rec.URI()) + len(rec.Language()) + len(rec.Type()) + len(rec.ID()) + 5*64
	for _, f := range rec.Extensions() {
		n += len(f.Name) + len(f.Value) + 64
	}
	if 6*max(n, len(rec.Name()), len(rec.Description())) <= MaxToken {
		return false
	}
	n = escapedLen(rec.URI()) + len(rec.Language()) + len(rec.Type()) + len(rec.ID()) + 5*64
	for _, f := range rec.Extensions() {
		n += len(f.Name) + escapedLen(f.Value) + 64
	}
	return n > MaxToken || escapedLen(rec.Name()) > MaxToken || escapedLen(rec.Description()) > MaxToken
}

// escapedLen is the length of s as escape writes it.
func escapedLen(s string) int {
	n := len(s)
	for i := 0; i < len(s); i++ {
		if special[s[i]] {
			n += len(escapes[s[i]]) - 1
		}
	}
	return n
}

// Close writes the file and reports the first error.
func (w *Writer) Close() error {
	if w.closed {
		return errors.New("netscape: Close called twice")
	}
	w.closed = true
	fw := &fileWriter{bw: bufio.NewWriterSize(w.w, 64<<10)}
	fw.bw.WriteString(Header)
	fw.entries(w.root, 1)
	fw.bw.WriteString("</DL><p>\n")
	w.root, w.byCategory = nil, nil
	if err := fw.bw.Flush(); err != nil {
		return fmt.Errorf("netscape: %w", err)
	}
	return nil
}

// fileWriter writes the folder tree. Each line is made in the buffer's
// free space and written in one call, not one per piece.
type fileWriter struct {
	bw *bufio.Writer
}

func (fw *fileWriter) entries(f *folder, depth int) {
	bw := fw.bw
	indent := strings.Repeat("    ", depth)
	for _, e := range f.entries {
		b := append(bw.AvailableBuffer(), indent...)
		d := e.dir
		if d == nil {
			bw.Write(fw.bookmark(b, e, indent))
			continue
		}
		b = append(b, `<DT><H3 ADD_DATE="`...)
		b = appendUnix(b, d.first)
		b = append(b, `" LAST_MODIFIED="`...)
		b = appendUnix(b, d.latest)
		b = append(b, '"')
		if d.flag != "" {
			b = append(b, ' ')
			b = append(b, d.flag...)
			b = append(b, `="true"`...)
		}
		b = append(b, '>')
		b = appendEscaped(b, d.name)
		b = append(b, "</H3>\n"...)
		b = append(b, indent...)
		bw.Write(append(b, "<DL><p>\n"...))
		fw.entries(d, depth+1)
		bw.WriteString(indent)
		bw.WriteString("</DL><p>\n")
	}
}

// bookmark appends to b the <DT><A> line of a bookmark, and its <DD>. The
// attributes but HREF are in this order: ADD_DATE, the extensions in the
// record's order (which is the order an import found them in, and where
// an edit put X-ADDED, whose place LAST_MODIFIED takes), then the standard
// fields.
func (fw *fileWriter) bookmark(b []byte, e entry, indent string) []byte {
	r := e.rec
	b = append(b, `<DT><A HREF="`...)
	b = appendEscaped(b, r.URI())
	b = append(b, '"')
	added, changed := r.Added(), r.Changed()
	if !added.IsZero() {
		b = append(b, ` ADD_DATE="`...)
		b = appendUnix(b, added)
		b = append(b, '"')
	}
	for _, f := range r.Extensions() {
		if f.Value == "" || e.rooted && f.Name == importers.FieldBrowserRoot {
			continue
		}
		v := clean(f.Value, e.dirty)
		if !changed.IsZero() {
			switch f.Name {
			case ssd3.FieldAdded:
				b = append(b, ` LAST_MODIFIED="`...)
				b = appendUnix(b, changed)
				b = append(b, '"')
				continue
			case fieldLastModified:
				b = appendAttr(b, f.Name, v)
				continue
			}
		}
		if a := attrByField[f.Name]; a != nil {
			if f.Name == ssd3.FieldTags {
				// As the browsers write TAGS: "a,b", which Firefox's
				// importer splits at the commas as they are.
				if v = strings.Join(ssd3.SplitTags(v), ","); v == "" {
					continue // blanks and commas: no tag
				}
			}
			if !a.date {
				b = appendAttr(b, a.attr, v)
				continue
			}
			if t, err := ssd3.ParseDate(v); err == nil {
				b = append(b, ' ')
				b = append(b, a.attr...)
				b = append(b, `="`...)
				b = appendUnix(b, t)
				b = append(b, '"')
				continue
			}
		}
		b = appendAttr(b, attrForField(f.Name), v)
	}
	if r.Language() != "" {
		b = appendAttr(b, attrLanguage, r.Language())
	}
	if r.Type() != "" {
		b = appendAttr(b, attrType, r.Type())
	}
	if r.ID() != "" {
		b = appendAttr(b, attrID, r.ID())
	}
	if r.Rating() != 0 {
		b = append(b, ` RATING="`...)
		b = append(b, byte('0'+r.Rating()%10), '"')
	}
	b = append(b, '>')
	b = appendEscaped(b, clean(r.Name(), e.dirty))
	b = append(b, "</A>\n"...)
	if r.Description() != "" {
		b = append(b, indent...)
		b = append(b, "<DD>"...)
		b = appendEscaped(b, clean(r.Description(), e.dirty))
		b = append(b, '\n')
	}
	return b
}

// appendAttr appends ` name="value"`, the value escaped.
func appendAttr(b []byte, name, v string) []byte {
	b = append(b, ' ')
	b = append(b, name...)
	b = append(b, `="`...)
	b = appendEscaped(b, v)
	return append(b, '"')
}

// appendUnix appends a date in Unix seconds, 0 for no time.
func appendUnix(b []byte, t time.Time) []byte {
	if t.IsZero() {
		return append(b, '0')
	}
	return strconv.AppendInt(b, t.Unix(), 10)
}

// appendEscaped appends s HTML-escaped (& < > " '), a quote as "&quot;",
// which Chromium's importer decodes (it shows "&#34;" as it is), and line
// breaks as character references so that each element stays on one line
// for Chromium's line reader. Unlike html.EscapeString
// or a strings.Replacer, it writes straight into the line and costs
// nothing for text with nothing to escape but one pass.
func appendEscaped(b []byte, s string) []byte {
	last := 0
	for i := 0; i < len(s); i++ {
		if special[s[i]] {
			b = append(b, s[last:i]...)
			b = append(b, escapes[s[i]]...)
			last = i + 1
		}
	}
	return append(b, s[last:]...)
}

var (
	escapes = [256]string{'&': "&amp;", '<': "&lt;", '>': "&gt;", '"': "&quot;", '\'': "&#39;", '\n': "&#10;", '\r': "&#13;"}
	special = func() (t [256]bool) {
		for i, r := range escapes {
			t[i] = r != ""
		}
		return t
	}()
)
