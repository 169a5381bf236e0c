package xbel

// The Writer writes what the Reader reads back whole, in the layout of
// Encode (floccus's, which buku, KDE and GTK read too):
//
//   - CATEGORY as nested <folder>s, in the order of their first record,
//     each folder's records together in the order given;
//   - NAME as <title>, DESCRIPTION as <desc>, the URI as href, X-XBEL-ID
//     as id;
//   - DATE, X-ADDED, X-LAST-MODIFIED and X-LAST-VISIT as added, modified
//     and visited, wherever the Reader makes the same fields of them
//     again (see its dates); where it would not (an X-LAST-MODIFIED after
//     DATE), the field goes with the others below;
//   - X-TAGS as buku's TAGS attribute, which buku imports;
//   - X-XBEL-INFO, the other programs' <metadata>, back inside <info> as
//     it was read;
//   - every other field (RATING, LANGUAGE, TYPE, ID, the X- fields) in
//     uricat's own <metadata owner="https://github.com/uricat/uricat">,
//     as <field name="NAME">value</field>, which other programs keep or
//     pass over.

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
)

// Writer writes records as an XBEL file. It holds them until Close, which
// writes the file: the records of a folder are written together.
type Writer struct {
	importers.WriterNotes
	w       io.Writer
	doc     *Document
	folders map[string]*Item // by CATEGORY as given
	ns      map[string]bool  // the namespace prefixes the <info>s written use
	closed  bool
}

// NewWriter returns a Writer to w.
func NewWriter(w io.Writer) *Writer {
	// The folder of "" stands for the <xbel>: its Items are the file's.
	xw := &Writer{w: w, doc: &Document{}, folders: map[string]*Item{"": {Kind: Folder}}, ns: map[string]bool{}}
	xw.ControlsWhy = "XML cannot hold most of them, and the output must be safe to show"
	return xw
}

// namespaces are the prefixes that KDE's and GTK's <metadata> use, which
// their files declare on <xbel>, and so must ours when it gives their
// <info> back.
var namespaces = []struct{ prefix, uri string }{
	{"bookmark", "http://www.freedesktop.org/standards/desktop-bookmarks"},
	{"mime", "http://www.freedesktop.org/standards/shared-mime-info"},
	{"kdepriv", "http://www.kde.org/kdepriv"},
}

// Write adds rec to the file. What the file cannot hold of it is noted
// here, for Diagnostics; it is written at Close.
func (w *Writer) Write(rec *ssd3.Record) error {
	if w.closed {
		return errors.New("xbel: Write after Close")
	}
	w.Record(rec.URI())
	it := &Item{Kind: Bookmark, Href: w.SafeText(ssd3.FieldURI, rec.URI())}
	it.Title = w.SafeText(ssd3.FieldName, rec.Name())
	if back := strings.TrimSpace(it.Title); back != it.Title {
		w.Note(ssd3.Deviation, "NAME %q reads back as %q: an import trims a title", importers.Excerpt(it.Title), importers.Excerpt(back))
	}
	it.Desc = w.SafeText(ssd3.FieldDescription, rec.Description())
	var own []field // uricat's metadata
	for _, f := range ssd3.Fields {
		switch f.Name {
		case ssd3.FieldURI, ssd3.FieldName, ssd3.FieldDate, ssd3.FieldCategory, ssd3.FieldDescription:
			continue
		}
		if v := f.Get(rec); v != "" {
			own = append(own, field{f.Name, w.SafeText(f.Name, v)})
		}
	}
	used := w.dates(rec, it)
	var info string
	for _, f := range rec.Extensions() {
		if f.Value == "" || used[f.Name] {
			continue
		}
		v := w.SafeText(f.Name, f.Value)
		switch f.Name {
		case FieldID:
			it.ID = v
			continue
		case ssd3.FieldTags:
			// As buku writes TAGS, "a,b": its importer splits at the
			// commas as they are.
			if v = strings.Join(ssd3.SplitTags(v), ","); v != "" {
				it.Attrs = append(it.Attrs, xmlAttr("TAGS", v))
			}
			continue
		case FieldInfo:
			if rawInfo(v) {
				info = v
				continue
			}
		}
		own = append(own, field{f.Name, v})
	}
	if m := mimeType(info); m != "" && rec.Type() == "" {
		w.Note(ssd3.Deviation, "%s gives the mime type %q, which reads back as TYPE", FieldInfo, importers.Excerpt(m))
	}
	it.Info = w.info(info, own)
	f := w.folder(rec.Category())
	f.Items = append(f.Items, it)
	return nil
}

// dates sets the dates of it from rec (see the layout above) and returns
// the extension fields they carry.
func (w *Writer) dates(rec *ssd3.Record, it *Item) map[string]bool {
	used := map[string]bool{}
	added, changed := rec.Added(), rec.Changed()
	it.Added = rec.Date()
	if !changed.IsZero() && changed.After(added) {
		it.Added, it.Modified = added, changed
		used[ssd3.FieldAdded] = true
	}
	if it.Modified.IsZero() {
		if t, err := ssd3.ParseDate(rec.Extension(fieldLastModified)); err == nil && !t.After(it.Added) && !t.Equal(it.Added) {
			it.Modified = t
			used[fieldLastModified] = true
		}
	}
	if t, err := ssd3.ParseDate(rec.Extension(fieldLastVisit)); err == nil {
		it.Visited = t
		used[fieldLastVisit] = true
	}
	return used
}

// rawInfo reports whether v can go back inside <info> as it is: XML that
// holds no metadata of uricat's own, which would read back as fields.
func rawInfo(v string) bool {
	_, fields, err := splitInfo(v)
	return err == nil && fields == nil && validXML(v) == v
}

// info is the inner XML of a bookmark's <info>: the others' metadata as
// read, then uricat's.
func (w *Writer) info(raw string, own []field) string {
	for _, n := range namespaces {
		if strings.Contains(raw, "<"+n.prefix+":") {
			w.ns[n.prefix] = true
		}
	}
	if len(own) == 0 {
		return raw
	}
	var sb strings.Builder
	sb.WriteString(raw)
	sb.WriteString(`<metadata owner="` + Owner + `">`)
	for _, f := range own {
		sb.WriteString(`<field name="` + attrEscaper.Replace(validXML(f.Name)) + `">` + escText(f.Value) + `</field>`)
	}
	sb.WriteString(`</metadata>`)
	return sb.String()
}

// xmlAttr is the attribute name="v", without a namespace.
func xmlAttr(name, v string) xml.Attr {
	return xml.Attr{Name: xml.Name{Local: name}, Value: v}
}

// folder is the folder of a CATEGORY, made with its parents at the first
// record in it.
func (w *Writer) folder(category string) *Item {
	if f, ok := w.folders[category]; ok {
		return f
	}
	cat, _ := importers.SafeText(category)
	parent, path := w.folders[""], ""
	var names []string
	for _, name := range ssd3.SplitCategory(cat) {
		back := strings.TrimSpace(importers.OneLine(name))
		if back == "" {
			continue
		}
		names = append(names, back)
		path = ssd3.JoinCategory(names)
		f, ok := w.folders["\x00"+path]
		if !ok {
			f = &Item{Kind: Folder, Title: back}
			w.folders["\x00"+path] = f
			parent.Items = append(parent.Items, f)
		}
		parent = f
	}
	if path != cat {
		w.Note(ssd3.Deviation, "CATEGORY %q is written as the folder path %q, which is what reads back: a folder name cannot be empty, nor start or end with blanks", importers.Excerpt(category), importers.Excerpt(path))
	}
	w.folders[category] = parent
	return parent
}

// Close writes the file and reports the first error.
func (w *Writer) Close() error {
	if w.closed {
		return errors.New("xbel: Close called twice")
	}
	w.closed = true
	w.doc.Items = w.folders[""].Items
	var decl strings.Builder
	for _, n := range namespaces {
		if w.ns[n.prefix] {
			decl.WriteString(` xmlns:` + n.prefix + `="` + n.uri + `"`)
		}
	}
	if decl.Len() > 0 {
		w.doc.open = `<xbel version="1.0"` + decl.String() + `>`
	}
	if err := Encode(w.w, w.doc); err != nil {
		return fmt.Errorf("xbel: %w", err)
	}
	w.folders, w.doc = nil, nil
	return nil
}
