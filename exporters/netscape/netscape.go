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
// in text are written as the character reference &#10;; all text and
// attribute values are HTML-escaped.
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
	"html"
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
	c := &folder{name: name}
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
	for _, r := range recs {
		f := root
		for _, name := range Folders(r.Category) {
			f = f.child(name)
			f.note(r.Date)
		}
		f.entries = append(f.entries, entry{rec: r})
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.WriteString(Header)
	writeEntries(bw, root, 1)
	bw.WriteString("</DL><p>\n")
	return bw.Flush()
}

func writeEntries(bw *bufio.Writer, f *folder, depth int) {
	indent := strings.Repeat("    ", depth)
	for _, e := range f.entries {
		bw.WriteString(indent)
		if d := e.dir; d != nil {
			bw.WriteString(`<DT><H3 ADD_DATE="`)
			bw.WriteString(unix(d.first))
			bw.WriteString(`" LAST_MODIFIED="`)
			bw.WriteString(unix(d.latest))
			bw.WriteString(`">`)
			bw.WriteString(escape(d.name))
			bw.WriteString("</H3>\n")
			bw.WriteString(indent)
			bw.WriteString("<DL><p>\n")
			writeEntries(bw, d, depth+1)
			bw.WriteString(indent)
			bw.WriteString("</DL><p>\n")
			continue
		}
		r := e.rec
		date := unix(r.Date)
		bw.WriteString(`<DT><A HREF="`)
		bw.WriteString(escape(r.URI))
		bw.WriteString(`" ADD_DATE="`)
		bw.WriteString(date)
		bw.WriteString(`" LAST_MODIFIED="`)
		bw.WriteString(date)
		bw.WriteByte('"')
		for _, a := range attributes {
			v := r.Extension(a.ext)
			if a.ext == "X-TAGS" {
				v = Tags(v)
			}
			if v != "" {
				bw.WriteString(a.attr)
				bw.WriteString(`="`)
				bw.WriteString(escape(v))
				bw.WriteByte('"')
			}
		}
		bw.WriteByte('>')
		bw.WriteString(escape(r.Name))
		bw.WriteString("</A>\n")
		if r.Description != "" {
			bw.WriteString(indent)
			bw.WriteString("<DD>")
			bw.WriteString(escape(r.Description))
			bw.WriteByte('\n')
		}
	}
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

func unix(t time.Time) string {
	if t.IsZero() {
		return "0"
	}
	return strconv.FormatInt(t.Unix(), 10)
}

// lineBreaks keeps each element on one line for Chromium's line reader.
var lineBreaks = strings.NewReplacer("\r\n", "&#10;", "\n", "&#10;", "\r", "&#10;")

// escape HTML-escapes s (& < > " ') and writes its line breaks as &#10;.
func escape(s string) string {
	s = html.EscapeString(s)
	if strings.ContainsAny(s, "\r\n") {
		s = lineBreaks.Replace(s)
	}
	return s
}
