package soif

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/internal/display"
)

// Writer writes records as SOIF, one FILE object per record, as Harvest's
// own writer laid them out (CIP index object draft, 1997, section 4):
//
//	@FILE { uri
//	Title{12}:<TAB>the NAME
//	Last-Modification-Time{10}:<TAB>1700000000
//	}
//
// Each value is preceded by its size in bytes (section 4.5: "how many octets
// the VALUE occupies"), not in characters, and is written as it is, line
// breaks included, in UTF-8 (as Sun/Netscape SOIF declared). SOIF has no
// escapes, and its output must be safe to show: control characters other
// than line feed and tab, and escape sequences, are left out of values
// (display.Clean) and reported. Empty values are left out, as
// Harvest did.
//
// The standard fields are written as the package doc's table says
// (fieldAttrs): Harvest's FILE template's attributes (Appendix A) where one
// fits, DATE as Unix seconds, TYPE as a media type rather than Harvest's
// Essence type names; the fields without a Harvest attribute get their own
// name (Language as in the Dublin-Core template, Appendix C). X-KEYWORDS
// is Keywords (one keyword a line, as in Harvest's objects) and X-AUTHOR
// Author. Any other
// extension X-NAME is written as the attribute Name (without "X-",
// capitalised as Harvest capitalised), unless the reader would take that
// name for a field (Format, Abstract, a date...), in which case it keeps
// its "X-". What does not read back as it was is reported: a name in lower
// case (SOIF's names are case-insensitive: section 5), one ending in "-N"
// (a multi-valued attribute: 4.3), a value on several lines (X- values are
// read as one line).
type Writer struct {
	bw  *bufio.Writer
	num []byte
	importers.WriterNotes
	names importers.NameMemo[attrOf] // extensions' attributes
}

// attrOf is the attribute an extension is written as, and the field the
// reader makes of it.
type attrOf struct{ attr, back string }

func newAttrOf(name string) attrOf {
	attr := AttributeName(name)
	return attrOf{attr, readBack(attr)}
}

// NewWriter returns a Writer to w.
func NewWriter(w io.Writer) *Writer {
	sw := &Writer{bw: bufio.NewWriterSize(w, 64<<10)}
	sw.ControlsWhy = "SOIF has no way to escape them, and its output must be safe to show"
	return sw
}

// Template is the template type of every object written (section 4.1:
// Harvest's objects are FILE).
const Template = "FILE"

// Write writes one record as a SOIF object. The object is made in the
// buffer's free space and written at once: one call, not one per piece.
func (w *Writer) Write(r *ssd3.Record) error {
	w.Record(r.URI())
	b := w.bw.AvailableBuffer()
	b = append(b, "@"+Template+" { "...)
	b = append(b, w.url(r.URI())...)
	b = append(b, '\n')
	for i := range fieldAttrs {
		b = w.field(b, r, &fieldAttrs[i])
	}
	for _, f := range r.Extensions() {
		v := f.Value
		a := w.names.Get(f.Name, newAttrOf)
		attr := a.attr
		if back := a.back; back != f.Name {
			w.Note(ssd3.Deviation, "%s is written as the attribute %s, which reads back as %s (SOIF's attribute names are case-insensitive, and \"-N\" numbers the values of one attribute: 4.3, 5)", f.Name, attr, back)
		}
		if f.Name == "X-KEYWORDS" {
			v = keywordLines(v)
			if back := strings.Join(strings.Split(v, "\n"), "; "); back != f.Value {
				w.Note(ssd3.Deviation, "X-KEYWORDS %q is written one keyword a line, which reads back as %q", f.Value, back)
			}
		} else if safe, _ := importers.SafeText(v); strings.TrimSpace(importers.OneLine(safe)) != safe {
			back := strings.TrimSpace(importers.OneLine(safe))
			w.Note(ssd3.Deviation, "%s is written as it is, but reads back as %q (an X- value is read as one line)", f.Name, back)
		}
		b = w.attr(b, f.Name, attr, v)
	}
	b = append(b, "}\n\n"...)
	_, err := w.bw.Write(b) // bufio's errors are sticky: this reports any
	return err
}

// Close writes what is buffered.
func (w *Writer) Close() error { return w.bw.Flush() }

// url makes the URL of an object's first line: a URI holds no white space,
// brace or control character, but the record may not be valid.
func (w *Writer) url(uri string) string {
	if urlSafe(uri) {
		return uri // what a URI holds: "{" is harmless inside the URL, "}" would close the object
	}
	u := ssd3.NormalizeURI(display.Clean(uri))
	if u == "" || strings.ContainsAny(u, " \t\n{}") {
		u = "-" // 4.5: "If the summary object has no URL ... a hyphen"
	}
	w.Note(ssd3.Dropped, "its URI is not one SOIF's URL can hold (RFC 1738); written as %q", u)
	return u
}

// urlSafe reports whether uri can be an object's URL as it is: printable
// ASCII, no blank, no "}".
func urlSafe(uri string) bool {
	for i := 0; i < len(uri); i++ {
		if c := uri[i]; c <= ' ' || c >= 0x7f || c == '}' {
			return false
		}
	}
	return uri != ""
}

// field appends to b the pair of a's field of r, if r has one.
func (w *Writer) field(b []byte, r *ssd3.Record, a *fieldAttr) []byte {
	switch a.conv {
	case convDate:
		if r.Date().IsZero() {
			return b
		}
		w.num = strconv.AppendInt(w.num[:0], r.Date().Unix(), 10)
		return appendPair(b, a.attr, w.num)
	case convRating:
		if r.Rating() == 0 {
			return b
		}
		w.num = strconv.AppendInt(w.num[:0], int64(r.Rating()), 10)
		return appendPair(b, a.attr, w.num)
	case convLanguage:
		if l := r.Language(); len(l) == 3 || len(l) > 3 && l[3] == '-' { // only a three-letter code may change
			if n, _ := normalizeLanguage(l); n != l {
				w.Note(ssd3.Deviation, "LANGUAGE %q is written as it is, but reads back as %q (RFC 3066 2.3 prefers the two-letter code)", l, n)
			}
		}
	}
	return w.attr(b, a.field, a.attr, a.get(r))
}

// attr appends to b the ATTRIBUTE-VALUE pair of field, an attribute called
// name; an empty value is left out. What a terminal would take for a
// command is left out, and reported.
func (w *Writer) attr(b []byte, field, name, value string) []byte {
	if value == "" {
		return b
	}
	return appendPair(b, name, w.SafeText(field, value))
}

// appendPair appends "name{size}:<TAB>value<LF>" to b.
func appendPair[V string | []byte](b []byte, name string, value V) []byte {
	b = append(b, name...)
	b = append(b, '{')
	b = strconv.AppendInt(b, int64(len(value)), 10)
	b = append(b, "}:\t"...)
	b = append(b, value...)
	return append(b, '\n')
}

// AttributeName returns the SOIF attribute an extension field is written as:
// X-AUTHOR is Author, X-FILE-SIZE File-Size; X-TITLE stays X-TITLE, since
// Title is NAME, X-FORMAT stays X-FORMAT, since the reader may take Format
// for TYPE, and X-PART-2 stays X-PART-2, which would read as the second
// value of Part.
func AttributeName(ext string) string {
	name, ok := strings.CutPrefix(ext, "X-")
	if !ok || name == "" || interpreted(strings.ToLower(name)) || multiValued(name) {
		return ext
	}
	parts := strings.Split(strings.ToLower(name), "-")
	for i, p := range parts {
		if p != "" {
			parts[i] = strings.ToUpper(p[:1]) + p[1:]
		}
	}
	return strings.Join(parts, "-")
}

// readBack is the field the reader makes of an attribute it does not
// interpret: the X- name of its base (see newAttrName).
func readBack(attr string) string {
	return newAttrName(attr).xname
}

// keywordLines writes an X-KEYWORDS value ("a; b", as importers join
// values) one keyword a line, as Harvest wrote Keywords.
func keywordLines(v string) string {
	var kws []string
	for k := range strings.SplitSeq(v, ";") {
		if k = strings.TrimSpace(k); k != "" {
			kws = append(kws, k)
		}
	}
	return strings.Join(kws, "\n")
}

// multiValued reports whether name ends in "-N", the suffix of a
// multi-valued attribute (section 4.3).
func multiValued(name string) bool {
	i := strings.LastIndexByte(name, '-')
	if i < 0 || i == len(name)-1 {
		return false
	}
	for _, c := range name[i+1:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
