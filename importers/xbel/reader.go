package xbel

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/internal/plural"
)

// The fields the Reader fills beyond the standard ones, which the Writer
// writes back where it read them.
const (
	// FieldInfo keeps a bookmark's <info> as written (other programs'
	// <metadata>: KDE's icons and ids, GTK's applications), less uricat's
	// own metadata, whose fields are the record's.
	FieldInfo = "X-XBEL-INFO"
	// FieldID keeps a bookmark's id attribute.
	FieldID = "X-XBEL-ID"
	// fieldLastModified keeps a modified that is not after added, as the
	// Netscape reader keeps such a LAST_MODIFIED.
	fieldLastModified = "X-LAST-MODIFIED"
	// fieldLastVisit keeps visited, as the Netscape reader keeps LAST_VISIT.
	fieldLastVisit = "X-LAST-VISIT"
)

// Owner is the owner of the <metadata> that holds the fields XBEL has no
// element for (RATING, LANGUAGE, TYPE, ID and the X- fields), each as a
// <field name="NAME">value</field>.
const Owner = "https://github.com/uricat/uricat"

// attrFields are the attributes other writers put on <bookmark> that a
// field keeps under another name than "X-" and the attribute's; buku
// writes TAGS, which the Writer writes back for buku to read.
var attrFields = map[string]string{
	"added":    "X-XBEL-ADDED", // a date that is not one, kept as written
	"modified": "X-XBEL-MODIFIED",
	"visited":  "X-XBEL-VISITED",
}

// Reader reads the bookmarks of an XBEL file, one record per <bookmark>.
type Reader struct {
	w      *walker
	opts   importers.Options
	notes  importers.ReaderNotes
	frames []frame // the open folders, outermost first
	ready  importers.Ready
	read   int // records made
	// fattrs are the names of the folders' attributes seen, which a
	// CATEGORY has no place for: told once, at the end.
	fattrs []string
}

// frame is an open folder: its CATEGORY once made, and what it held.
type frame struct {
	item    *Item
	folder  importers.Folder
	made    bool
	entries int // bookmarks in it, at any depth
}

// NewReader returns a Reader of r.
func NewReader(r io.Reader, opts importers.Options) *Reader {
	return &Reader{w: newWalker(r, &Document{}), opts: opts}
}

// Read returns the next bookmark, or io.EOF after the last.
func (r *Reader) Read() (*ssd3.Record, error) { return r.ready.Next(r.step) }

// Diagnostics returns the diagnostics gathered since the last call.
func (r *Reader) Diagnostics() []ssd3.Diagnostic {
	r.walkNotes()
	return r.notes.Diagnostics()
}

// walkNotes moves the walk's notes to the reader's.
func (r *Reader) walkNotes() {
	for _, n := range r.w.notes {
		r.notes.Note(n.line, -1, n.kind, "%s", n.msg)
	}
	r.w.notes = r.w.notes[:0]
}

// step handles one event of the walk.
func (r *Reader) step() error {
	ev, err := r.w.next()
	r.walkNotes()
	var pe *ParseError
	switch {
	case errors.Is(err, io.EOF):
		r.finish()
		return nil
	case errors.As(err, &pe):
		r.notes.Add(ssd3.Diagnostic{Line: pe.Line, Column: pe.Column, Offset: -1, Kind: ssd3.Skipped,
			Msg: fmt.Sprintf("bad XML: %v: the rest of the file is not read; %s before it imported", pe.Err, plural.Of(r.read, "bookmark"))})
		r.finish()
		return nil
	case err != nil:
		return fmt.Errorf("xbel: %w", err)
	}
	switch ev.kind {
	case evOpen:
		r.parentMade()
		r.frames = append(r.frames, frame{item: ev.item})
	case evClose:
		r.close()
	case evLeaf:
		r.leaf(ev.item)
	}
	return nil
}

// parentMade makes the CATEGORY of the innermost open folder, whose title
// has been read once anything inside it starts, and returns it.
func (r *Reader) parentMade() importers.Folder {
	n := len(r.frames)
	if n == 0 {
		return importers.Folder{}
	}
	f := &r.frames[n-1]
	if f.made {
		return f.folder
	}
	var parent importers.Folder
	if n > 1 {
		parent = r.frames[n-2].folder // made before this frame was opened
	}
	f.made = true
	title := strings.TrimSpace(f.item.Title)
	f.folder = parent.Child(title)
	if c := f.folder.Cut(); c != "" {
		r.notes.Note(f.item.Line, -1, ssd3.Dropped, "%s", c)
	}
	if importers.OneLine(title) == "" {
		r.notes.Note(f.item.Line, -1, ssd3.Deviation, "folder without a title: its bookmarks are in %s", place(parent.Category()))
	}
	r.folderDetails(f.item)
	return f.folder
}

// place names a CATEGORY in a message.
func place(category string) string {
	if category == "" {
		return "no folder"
	}
	return fmt.Sprintf("%q", importers.Excerpt(category))
}

// folderDetails notes what a folder has that a CATEGORY cannot hold.
func (r *Reader) folderDetails(it *Item) {
	var what []string
	if it.Desc != "" {
		what = append(what, fmt.Sprintf("description %q", importers.Excerpt(it.Desc)))
	}
	if it.Info != "" {
		what = append(what, "<info>")
	}
	if len(what) > 0 {
		r.notes.Note(it.Line, -1, ssd3.Dropped, "folder %s: its %s not imported: a CATEGORY is only a name", folderName(it), strings.Join(what, " and "))
	}
}

// folderName names a folder in a message.
func folderName(it *Item) string {
	if t := importers.OneLine(it.Title); strings.TrimSpace(t) != "" {
		return fmt.Sprintf("%q", importers.Excerpt(t))
	}
	return "(untitled)"
}

// folderAttrs remembers the names of the attributes of a folder.
func (r *Reader) folderAttrs(it *Item) {
	add := func(name string, has bool) {
		if has && len(r.fattrs) < 20 && !slices.Contains(r.fattrs, name) {
			r.fattrs = append(r.fattrs, name)
		}
	}
	add("id", it.ID != "")
	add("folded", it.Folded != "")
	add("added", !it.Added.IsZero())
	for _, a := range it.Attrs {
		add(a.Name.Local, true)
	}
}

// close ends the innermost folder.
func (r *Reader) close() {
	n := len(r.frames)
	f := r.frames[n-1]
	r.frames = r.frames[:n-1]
	r.folderAttrs(f.item)
	if f.entries == 0 {
		if !f.made {
			r.folderDetails(f.item)
		}
		r.notes.Note(f.item.Line, -1, ssd3.Dropped, "empty folder %s not imported: a catalogue holds bookmarks, and a CATEGORY only exists on one", folderName(f.item))
	}
}

// leaf makes a record of a bookmark, and notes a separator or an alias.
func (r *Reader) leaf(it *Item) {
	folder := r.parentMade()
	switch it.Kind {
	case Separator:
		r.notes.Note(it.Line, -1, ssd3.Info, "separator not imported: a catalogue has no separators")
		return
	case Alias:
		r.notes.Note(it.Line, -1, ssd3.Dropped, "alias of %q not imported: the bookmark it stands for is imported where it is", importers.Excerpt(it.Ref))
		return
	}
	rec := r.record(it, folder.Category())
	if rec == nil {
		return
	}
	for i := range r.frames {
		r.frames[i].entries++
	}
	r.read++
	r.ready.Add(rec)
}

// record turns a bookmark into a catalogue record, or reports why it cannot.
func (r *Reader) record(it *Item, category string) *ssd3.Record {
	href := strings.TrimSpace(it.Href)
	if href == "" {
		r.notes.Note(it.Line, -1, ssd3.Skipped, "bookmark %q has no href: not imported", importers.Excerpt(it.Title))
		return nil
	}
	name := strings.TrimSpace(it.Title)
	if importers.OneLine(name) == "" {
		r.notes.Note(it.Line, -1, ssd3.Info, "bookmark %s has no title: its NAME is made from its address", importers.Excerpt(href))
	}
	rec := ssd3.NewRecord(ssd3.Values{URI: href, Name: name, Category: category, Description: it.Desc})
	var ext []ssd3.Field
	keep := func(name, v string) {
		for _, f := range ext {
			if f.Name == name {
				r.notes.Note(it.Line, -1, ssd3.Dropped, "%s %q not imported: the bookmark has one already", name, importers.Excerpt(v))
				return
			}
		}
		ext = append(ext, ssd3.Field{Name: name, Value: v})
	}
	if it.ID != "" {
		keep(FieldID, it.ID)
	}
	for _, a := range it.Attrs {
		name := attrField(a.Name.Local)
		if name == "" {
			r.notes.Note(it.Line, -1, ssd3.Dropped, "attribute %q is not imported: its name cannot be a field's (SSD3 2.1.3)", importers.Excerpt(a.Name.Local))
			continue
		}
		keep(name, a.Value)
	}
	if it.Info != "" {
		other, fields, err := splitInfo(it.Info)
		if err != nil {
			r.notes.Note(it.Line, -1, ssd3.Deviation, "<info> %v: kept as written in %s", err, FieldInfo)
			other, fields = it.Info, nil
		}
		if other = compact(other); other != "" {
			keep(FieldInfo, other)
		}
		for _, f := range fields {
			if _, std := ssd3.LookupField(f.Name); std && f.Name != ssd3.FieldURI {
				if err := ssd3.SetField(rec, f.Name, f.Value); err != nil {
					r.notes.Note(it.Line, -1, ssd3.Dropped, "%v", err)
				}
				continue
			}
			if ssd3.ValidateExtensionName(f.Name) != nil {
				r.notes.Note(it.Line, -1, ssd3.Dropped, "field %q of uricat's metadata is not imported: not a field's name", importers.Excerpt(f.Name))
				continue
			}
			keep(f.Name, f.Value)
		}
		if mime := mimeType(other); mime != "" && rec.Type() == "" {
			if err := ssd3.SetField(rec, ssd3.FieldType, mime); err != nil {
				r.notes.Note(it.Line, -1, ssd3.Deviation, "mime-type not taken as TYPE: %v", err)
			}
		}
	}
	rec.SetExtensions(ext)
	r.dates(it, rec)
	return r.notes.Finish(rec, r.opts, it.Line, -1, nil)
}

// attrField is the field that keeps the attribute name: the table's, else
// "X-" and the name in capitals (the name itself when it starts with
// "X-"), or "" when that cannot be a field's name.
func attrField(name string) string {
	if f, ok := attrFields[name]; ok {
		return f
	}
	f := strings.ToUpper(name)
	if !strings.HasPrefix(f, "X-") {
		f = "X-" + f
	}
	if ssd3.ValidateExtensionName(f) != nil {
		return ""
	}
	return f
}

// dates puts added, modified and visited in rec as the Netscape reader
// puts ADD_DATE, LAST_MODIFIED and LAST_VISIT: added is the DATE, unless
// modified is after it, which then is the DATE and added X-ADDED; a
// modified that is not after added is X-LAST-MODIFIED (not when it is the
// same time: that says nothing); a bookmark with only modified takes it as
// DATE.
func (r *Reader) dates(it *Item, rec *ssd3.Record) {
	added, modified := r.date(it, it.Added, "added"), r.date(it, it.Modified, "modified")
	switch {
	case added.IsZero():
		rec.SetDate(modified)
	case modified.After(added):
		rec.SetDate(modified)
		r.setDate(it, rec, ssd3.FieldAdded, added)
	default:
		rec.SetDate(added)
		if !modified.IsZero() && !modified.Equal(added) {
			r.setDate(it, rec, fieldLastModified, modified)
		}
	}
	if v := r.date(it, it.Visited, "visited"); !v.IsZero() {
		r.setDate(it, rec, fieldLastVisit, v)
	}
}

// date is t, truncated to DATE's seconds, or zero with a note when DATE
// cannot hold it.
func (r *Reader) date(it *Item, t time.Time, attr string) time.Time {
	if t.IsZero() {
		return t
	}
	t = t.UTC().Truncate(time.Second)
	if err := ssd3.ValidateDate(t); err != nil {
		r.notes.Note(it.Line, -1, ssd3.Dropped, "%s %s not imported: %v", attr, FormatTime(t), err)
		return time.Time{}
	}
	return t
}

// setDate sets the date field name, unless uricat's metadata gave it.
func (r *Reader) setDate(it *Item, rec *ssd3.Record, name string, t time.Time) {
	v := ssd3.FormatDate(t)
	if old := rec.Extension(name); old != "" && old != v {
		r.notes.Note(it.Line, -1, ssd3.Dropped, "%s %s not imported: the bookmark's metadata has %s %s", name, v, name, importers.Excerpt(old))
		return
	}
	rec.SetExtension(name, v)
}

// finish ends the file.
func (r *Reader) finish() {
	r.ready.End()
	if len(r.fattrs) > 0 {
		r.notes.Note(0, -1, ssd3.Info, "the attributes of folders are not imported, a CATEGORY being only a name: %s", strings.Join(r.fattrs, ", "))
	}
	r.notes.End(r.opts)
}

// layoutSpace is the blank space between two tags that holds a line break:
// the indentation of a file's layout, which says nothing.
var layoutSpace = regexp.MustCompile(`>[ \t\r]*\n[ \t\r\n]*<`)

// compact is the inner XML of an <info> without its layout, so that the
// field that keeps it is one line.
func compact(info string) string {
	return strings.TrimSpace(layoutSpace.ReplaceAllString(info, "><"))
}

// field is one <field> of uricat's metadata.
type field struct{ Name, Value string }

// splitInfo takes uricat's <metadata> out of the inner XML of an <info>:
// it returns the rest as written, and the fields.
func splitInfo(info string) (other string, fields []field, err error) {
	dec := xml.NewDecoder(strings.NewReader(info))
	dec.Strict = true
	dec.Entity = xml.HTMLEntity
	var sb strings.Builder
	last := int64(0)
	for depth := 0; ; {
		start := dec.InputOffset()
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return "", nil, fmt.Errorf("is not XML: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if depth == 0 && t.Name.Local == "metadata" && attrValue(t, "owner") == Owner {
				fs, err := ownFields(dec)
				if err != nil {
					return "", nil, err
				}
				fields = append(fields, fs...)
				sb.WriteString(info[last:start])
				last = dec.InputOffset()
				continue
			}
			depth++
		case xml.EndElement:
			depth--
		}
	}
	sb.WriteString(info[last:])
	return sb.String(), fields, nil
}

// mimeType is the media type of the freedesktop.org <metadata> that KDE
// and GTK write (<mime:mime-type type="text/plain"/>), which is what
// SSD3's TYPE says; "" when there is none.
func mimeType(info string) string {
	dec := xml.NewDecoder(strings.NewReader(info))
	dec.Entity = xml.HTMLEntity
	for {
		tok, err := dec.Token()
		if err != nil {
			return ""
		}
		if t, ok := tok.(xml.StartElement); ok && t.Name.Local == "mime-type" {
			return strings.TrimSpace(attrValue(t, "type"))
		}
	}
}

func attrValue(t xml.StartElement, name string) string {
	for _, a := range t.Attr {
		if a.Name.Local == name && a.Name.Space == "" {
			return a.Value
		}
	}
	return ""
}

// ownFields reads the fields of uricat's <metadata>, up to its end.
func ownFields(dec *xml.Decoder) ([]field, error) {
	var fields []field
	var cur *field
	var text strings.Builder
	for depth := 1; depth > 0; {
		tok, err := dec.Token()
		if err != nil {
			return nil, fmt.Errorf("is not XML: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			if depth == 2 && t.Name.Local == "field" {
				cur = &field{Name: attrValue(t, "name")}
				text.Reset()
			}
		case xml.CharData:
			if cur != nil {
				text.Write(t)
			}
		case xml.EndElement:
			depth--
			if depth == 1 && cur != nil {
				cur.Value = text.String()
				fields = append(fields, *cur)
				cur = nil
			}
		}
	}
	return fields, nil
}
