package xbel

import (
	"bufio"
	"io"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// FloccusProlog is what floccus writes before <xbel>: its XML declaration,
// which floccus checks for before it reads a file, and the XBEL DOCTYPE.
const FloccusProlog = `<?xml version="1.0" encoding="UTF-8"?>` + "\n" +
	`<!DOCTYPE xbel PUBLIC "+//IDN python.org//DTD XML Bookmark Exchange Language 1.0//EN//XML" "http://pyxml.sourceforge.net/topics/dtds/xbel.dtd">` + "\n"

// floccusOpen is floccus's <xbel> start tag.
const floccusOpen = `<xbel version="1.0">`

// indent is one level of floccus's XML builder (fast-xml-parser's default).
const indent = "  "

// Encode writes d in floccus's own layout (its exact XML declaration and
// DOCTYPE when d.Prolog is "", the highestId comment when d.HighestID > 0,
// <title> as the first child of each item, its indentation), so that
// Encode(Decode(floccus file)) gives floccus's bytes back and an unchanged
// document is byte-identical.
//
// The layout is floccus's Git adapter's createXBEL around fast-xml-parser's
// builder (format: true): each element on a line of its own, two spaces a
// level, the items of <xbel> at its own level, a blank line after the
// comment, and no line feed after </xbel>. Each item starts with the line
// feed before it.
func Encode(w io.Writer, d *Document) error {
	bw := bufio.NewWriter(w)
	prolog := d.Prolog
	if prolog == "" {
		prolog = FloccusProlog
	}
	prolog = utf8Declared(prolog)
	bw.WriteString(prolog)
	if d.open != "" {
		bw.WriteString(d.open)
	} else {
		bw.WriteString(floccusOpen)
	}
	if d.HighestID > 0 || d.highestSeen {
		// floccus's line, and the line feed its serializer starts with:
		// a blank line before the first item.
		bw.WriteString("\n<!--- highestId :" + strconv.Itoa(d.HighestID) + ": for Floccus bookmark sync browser extension -->\n")
	}
	if d.Title != "" {
		bw.WriteString("\n<title>" + escText(d.Title) + "</title>")
	}
	writeItems(bw, d.Items, "\n")
	bw.WriteString("\n</xbel>")
	return bw.Flush()
}

// declaredEncoding is the encoding an XML declaration names.
var declaredEncoding = regexp.MustCompile(`^(\xef\xbb\xbf)?<\?xml[^>]*?\sencoding\s*=\s*["']([^"']*)["']`)

// utf8Declared is prolog declaring UTF-8, which Encode writes whatever
// encoding the file was read from.
func utf8Declared(prolog string) string {
	m := declaredEncoding.FindStringSubmatchIndex(prolog)
	if m == nil || strings.EqualFold(prolog[m[4]:m[5]], "utf-8") {
		return prolog
	}
	return prolog[:m[4]] + "UTF-8" + prolog[m[5]:]
}

// writeItems writes items, each starting with nl: a line feed and the
// indentation of their level.
func writeItems(bw *bufio.Writer, items []*Item, nl string) {
	for _, it := range items {
		writeItem(bw, it, nl)
	}
}

func writeItem(bw *bufio.Writer, it *Item, nl string) {
	bw.WriteString(nl + "<" + it.Kind.String())
	switch it.Kind {
	case Bookmark:
		attr(bw, "href", it.Href, true)
		attr(bw, "id", it.ID, false)
	case Alias:
		attr(bw, "ref", it.Ref, true)
		attr(bw, "id", it.ID, false)
	default:
		attr(bw, "id", it.ID, false)
	}
	if it.Kind == Folder {
		attr(bw, "folded", it.Folded, false)
	}
	if !it.Added.IsZero() {
		attr(bw, "added", FormatTime(it.Added), false)
	}
	if it.Kind == Bookmark {
		if !it.Modified.IsZero() {
			attr(bw, "modified", FormatTime(it.Modified), false)
		}
		if !it.Visited.IsZero() {
			attr(bw, "visited", FormatTime(it.Visited), false)
		}
	}
	for _, a := range it.Attrs {
		if a.Name.Space == "" && !known(it, a.Name.Local) {
			attr(bw, a.Name.Local, a.Value, true)
		}
	}
	leaf := it.Kind == Separator || it.Kind == Alias
	if leaf && it.Title == "" && it.Desc == "" && it.Info == "" {
		bw.WriteString("/>")
		return
	}
	bw.WriteString(">")
	in := nl + indent
	if !leaf || it.Title != "" {
		bw.WriteString(in + "<title>" + escText(it.Title) + "</title>")
	}
	// The DTD's order: title, info, desc, then a folder's items.
	if it.Info != "" {
		bw.WriteString(in + "<info>" + validXML(it.Info) + "</info>")
	}
	if it.Desc != "" {
		bw.WriteString(in + "<desc>" + escText(it.Desc) + "</desc>")
	}
	if it.Kind == Folder {
		writeItems(bw, it.Items, in)
	}
	bw.WriteString(nl + "</" + it.Kind.String() + ">")
}

// known reports whether name is an attribute that a field of it has
// written, which an Attrs entry of that name must not repeat.
func known(it *Item, name string) bool {
	switch name {
	case "id":
		return it.ID != ""
	case "href":
		return it.Kind == Bookmark
	case "ref":
		return it.Kind == Alias
	case "folded":
		return it.Kind == Folder && it.Folded != ""
	case "added":
		return !it.Added.IsZero()
	case "modified":
		return it.Kind == Bookmark && !it.Modified.IsZero()
	case "visited":
		return it.Kind == Bookmark && !it.Visited.IsZero()
	case "xmlns":
		return true
	}
	return !xmlName(name)
}

// xmlName reports whether s can be an attribute's name as Encode writes
// it: a letter or underscore, then letters, digits, '-', '_' and '.'.
func xmlName(s string) bool {
	for i, r := range s {
		ok := r == '_' || unicode.IsLetter(r) || i > 0 && (r == '-' || r == '.' || unicode.IsDigit(r))
		if !ok {
			return false
		}
	}
	return s != ""
}

// attr writes ` name="value"`, when value is not "" or always is set.
func attr(bw *bufio.Writer, name, value string, always bool) {
	if value == "" && !always {
		return
	}
	bw.WriteString(" " + name + `="` + attrEscaper.Replace(validXML(value)) + `"`)
}

// The escapes are those of floccus's builder, which escapes all five
// of XML's predefined entities; a carriage return in text, and any break
// in an attribute, are written as character references because an XML
// reader would otherwise turn them into a line feed or a space.
var (
	textEscaper = strings.NewReplacer("&", "&amp;", ">", "&gt;", "<", "&lt;", "'", "&apos;", `"`, "&quot;", "\r", "&#13;")
	attrEscaper = strings.NewReplacer("&", "&amp;", ">", "&gt;", "<", "&lt;", "'", "&apos;", `"`, "&quot;", "\r", "&#13;", "\n", "&#10;", "\t", "&#9;")
)

func escText(s string) string { return textEscaper.Replace(validXML(s)) }

// validXML is s without what XML 1.0 cannot hold at all (most control
// characters, invalid UTF-8, U+FFFE and U+FFFF), so that what Encode writes
// always reads back.
func validXML(s string) string {
	ok := true
	for _, r := range s {
		if !xmlChar(r) {
			ok = false
			break
		}
	}
	if ok {
		return s
	}
	var sb strings.Builder
	for _, r := range s {
		if xmlChar(r) {
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

func xmlChar(r rune) bool {
	switch {
	case r == utf8.RuneError:
		return false
	case r < 0x20:
		return r == '\t' || r == '\n' || r == '\r'
	case r >= 0xD800 && r <= 0xDFFF, r == 0xFFFE, r == 0xFFFF:
		return false
	}
	return true
}
