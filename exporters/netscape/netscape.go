// Package netscape exports records as a Netscape bookmark file, the HTML
// file that Firefox, Chrome, Edge and Safari import ("Import bookmarks from
// HTML").
//
// The layout is the one Firefox and Chrome write, which both browsers'
// importers read: Firefox's BookmarkHTMLUtils (which parses the file with
// an HTML parser) and Chromium's bookmark_html_reader.cc (which reads it
// line by line). So the file starts with the <!DOCTYPE
// NETSCAPE-Bookmark-file-1> header and a META tag declaring charset UTF-8
// (Chromium reads the charset from that line, Firefox from the META), then
// a <DL><p> list in which each folder is a <DT><H3>...</H3> line followed by
// its own <DL><p> ... </DL><p>, and each bookmark is one line:
//
//	<DT><A HREF="uri" ADD_DATE="unix" LAST_MODIFIED="unix" TAGS="a,b">name</A>
//	<DD>description
//
// Chromium's reader needs the whole <A> element on one line, so line breaks
// in text are written as character references (&#10;, and &#13; for a CR);
// all text and attribute values are HTML-escaped.
//
// Mapping: URI is HREF; NAME the link text; DATE both ADD_DATE and
// LAST_MODIFIED (Unix seconds); CATEGORY "A/B" the folder B inside folder A
// (records without a category are at the top level; a "\" escapes the
// character after it, so `News\/Politics` is the one folder "News/Politics",
// as our importer writes it: see Folders); DESCRIPTION the <DD> text (read
// by our importer and by the Firefox versions that kept descriptions;
// current Firefox and Chromium pass over it). Extensions that a browser
// attribute holds, as our importer names them: X-TAGS is TAGS (written as
// Firefox writes it, "a,b": comma-separated without blanks), X-KEYWORD is
// SHORTCUTURL (a Firefox keyword), X-FEED-URL FEEDURL and X-LAST-VISIT
// LAST_VISIT. Not carried, because no browser has a place for them:
// RATING, LANGUAGE, TYPE, ID and other extensions.
//
// Folders appear in the order of their first record, and inside a folder
// records keep the order given; all records of a folder are written
// together, so a category that recurs later in the input does not make a
// second folder of the same name.
package netscape

import (
	"bufio"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/uricat/uricat/catalogue"
	netscapeimport "github.com/uricat/uricat/importers/netscape"
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
	parent        *folder
	entries       []entry
	sub           map[string]*folder
	first, latest time.Time
}

type entry struct {
	rec *catalogue.Record
	dir *folder
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

// Folders splits a CATEGORY into the folder path it becomes, as our
// importer's netscape.SplitFolders reads it (at each "/" not escaped by
// "\"), each name on one line with single blanks, empty names left out.
func Folders(category string) []string {
	var path []string
	for _, name := range netscapeimport.SplitFolders(category) {
		if name = strings.Join(strings.Fields(name), " "); name != "" {
			path = append(path, name)
		}
	}
	return path
}

// Write writes recs to w as a Netscape bookmark file.
func Write(w io.Writer, recs []*catalogue.Record) error {
	root := &folder{}
	byCategory := map[string]*folder{"": root} // categories repeat: split each once
	for _, r := range recs {
		f, ok := byCategory[r.Category]
		if !ok {
			f = root
			for _, name := range Folders(r.Category) {
				f = f.child(name)
			}
			byCategory[r.Category] = f
		}
		for d := f; d != root; d = d.parent {
			d.note(r.Date)
		}
		f.entries = append(f.entries, entry{rec: r})
	}
	fw := &fileWriter{bw: bufio.NewWriterSize(w, 64<<10)}
	fw.bw.WriteString(Header)
	fw.entries(root, 1)
	fw.bw.WriteString("</DL><p>\n")
	return fw.bw.Flush()
}

// fileWriter writes the folder tree.
type fileWriter struct {
	bw  *bufio.Writer
	num []byte
}

func (fw *fileWriter) entries(f *folder, depth int) {
	bw := fw.bw
	indent := strings.Repeat("    ", depth)
	for _, e := range f.entries {
		bw.WriteString(indent)
		if d := e.dir; d != nil {
			bw.WriteString(`<DT><H3 ADD_DATE="`)
			fw.unix(d.first)
			bw.WriteString(`" LAST_MODIFIED="`)
			fw.unix(d.latest)
			bw.WriteString(`">`)
			escaper.WriteString(bw, d.name)
			bw.WriteString("</H3>\n")
			bw.WriteString(indent)
			bw.WriteString("<DL><p>\n")
			fw.entries(d, depth+1)
			bw.WriteString(indent)
			bw.WriteString("</DL><p>\n")
			continue
		}
		r := e.rec
		bw.WriteString(`<DT><A HREF="`)
		escaper.WriteString(bw, r.URI)
		bw.WriteString(`" ADD_DATE="`)
		fw.unix(r.Date)
		bw.WriteString(`" LAST_MODIFIED="`)
		fw.unix(r.Date)
		bw.WriteByte('"')
		for _, a := range attributes {
			v := r.Extension(a.ext)
			if a.ext == "X-TAGS" {
				v = Tags(v)
			}
			if v != "" {
				bw.WriteString(a.attr)
				bw.WriteString(`="`)
				escaper.WriteString(bw, v)
				bw.WriteByte('"')
			}
		}
		bw.WriteByte('>')
		escaper.WriteString(bw, r.Name)
		bw.WriteString("</A>\n")
		if r.Description != "" {
			bw.WriteString(indent)
			bw.WriteString("<DD>")
			escaper.WriteString(bw, r.Description)
			bw.WriteByte('\n')
		}
	}
}

// unix writes t in Unix seconds, 0 for no time.
func (fw *fileWriter) unix(t time.Time) {
	if t.IsZero() {
		fw.bw.WriteByte('0')
		return
	}
	fw.num = strconv.AppendInt(fw.num[:0], t.Unix(), 10)
	fw.bw.Write(fw.num)
}

// attributes are the <A> attributes that extensions become.
var attributes = []struct{ ext, attr string }{
	{"X-TAGS", " TAGS"}, {"X-KEYWORD", " SHORTCUTURL"}, {"X-FEED-URL", " FEEDURL"}, {"X-LAST-VISIT", " LAST_VISIT"},
}

// Tags returns an X-TAGS value as a TAGS attribute: the comma-separated
// tags without blanks around them and without empty ones ("a, b,," is
// "a,b").
func Tags(v string) string {
	var tags []string
	for t := range strings.SplitSeq(v, ",") {
		if t = strings.TrimSpace(t); t != "" {
			tags = append(tags, t)
		}
	}
	return strings.Join(tags, ",")
}

// escaper HTML-escapes text and attribute values with html.EscapeString's
// table (& < > " '), and writes line breaks as character references so
// that each element stays on one line for Chromium's line reader. Unlike
// html.EscapeString, it writes straight into the buffer.
var escaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;",
	"\n", "&#10;", "\r", "&#13;")
