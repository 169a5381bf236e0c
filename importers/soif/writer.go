package soif

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/importers"
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
// (catalogue.CleanText) and reported. Empty values are left out, as
// Harvest did.
//
// Attribute names follow Harvest's FILE template (Appendix A) where one
// fits: NAME is Title, DESCRIPTION Description, DATE Last-Modification-Time
// (Unix seconds), TYPE Type (a media type rather than Harvest's Essence type
// names), X-KEYWORDS Keywords (one keyword a line, as in Harvest's objects)
// and X-AUTHOR Author. The other fields have no
// Harvest attribute and get their own name: CATEGORY is Category, RATING
// Rating, LANGUAGE Language (as in the Dublin-Core template, Appendix C), ID
// Id (which the reader takes back as ID, RATING and CATEGORY). Any other
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
	names map[string]attrOf // extensions' attributes: records repeat the same few
}

// attrOf is the attribute an extension is written as, and the field the
// reader makes of it.
type attrOf struct{ attr, back string }

// NewWriter returns a Writer to w.
func NewWriter(w io.Writer) *Writer {
	sw := &Writer{bw: bufio.NewWriterSize(w, 64<<10)}
	sw.ControlsWhy = "SOIF has no way to escape them, and its output must be safe to show"
	return sw
}

// Template is the template type of every object written (section 4.1:
// Harvest's objects are FILE).
const Template = "FILE"

// Write writes one record as a SOIF object.
func (w *Writer) Write(r *catalogue.Record) error {
	bw := w.bw
	w.Record(r.URI)
	bw.WriteString("@" + Template + " { ")
	bw.WriteString(w.url(r.URI))
	bw.WriteByte('\n')
	w.attr("NAME", "Title", r.Name)
	w.attr("DESCRIPTION", "Description", r.Description)
	if !r.Date.IsZero() {
		w.attr("DATE", "Last-Modification-Time", strconv.FormatInt(r.Date.Unix(), 10))
	}
	w.attr("CATEGORY", "Category", r.Category)
	if r.Rating != 0 {
		w.attr("RATING", "Rating", strconv.Itoa(r.Rating))
	}
	if l := r.Language; len(l) == 3 || len(l) > 3 && l[3] == '-' { // only a three-letter code may change
		if n, _ := normalizeLanguage(l); n != l {
			w.Note(importers.Deviation, "LANGUAGE %q is written as it is, but reads back as %q (RFC 3066 2.3 prefers the two-letter code)", l, n)
		}
	}
	w.attr("LANGUAGE", "Language", r.Language)
	w.attr("TYPE", "Type", r.Type)
	w.attr("ID", "Id", r.ID)
	for _, f := range r.Extensions {
		v := f.Value
		a, ok := w.names[f.Name]
		if !ok {
			a = attrOf{AttributeName(f.Name), ""}
			a.back = readBack(a.attr)
			if w.names == nil || len(w.names) > 1024 {
				w.names = map[string]attrOf{}
			}
			w.names[f.Name] = a
		}
		attr := a.attr
		if back := a.back; back != f.Name {
			w.Note(importers.Deviation, "%s is written as the attribute %s, which reads back as %s (SOIF's attribute names are case-insensitive, and \"-N\" numbers the values of one attribute: 4.3, 5)", f.Name, attr, back)
		}
		if f.Name == "X-KEYWORDS" {
			v = keywordLines(v)
			if back := strings.Join(strings.Split(v, "\n"), "; "); back != f.Value {
				w.Note(importers.Deviation, "X-KEYWORDS %q is written one keyword a line, which reads back as %q", f.Value, back)
			}
		} else if safe, _ := importers.SafeText(v); strings.TrimSpace(importers.OneLine(safe)) != safe {
			back := strings.TrimSpace(importers.OneLine(safe))
			w.Note(importers.Deviation, "%s is written as it is, but reads back as %q (an X- value is read as one line)", f.Name, back)
		}
		w.attr(f.Name, attr, v)
	}
	_, err := bw.WriteString("}\n\n") // bufio's errors are sticky: this reports any
	return err
}

// Close writes what is buffered.
func (w *Writer) Close() error { return w.bw.Flush() }

// url makes the URL of an object's first line: a URI holds no white space,
// brace or control character, but the record may not be valid.
func (w *Writer) url(uri string) string {
	if uri != "" && importers.Printable(uri) && strings.IndexByte(uri, ' ') < 0 && strings.IndexByte(uri, '\n') < 0 &&
		strings.IndexByte(uri, '\t') < 0 && strings.IndexByte(uri, '}') < 0 {
		return uri // what a URI holds: "{" is harmless inside the URL, "}" would close the object
	}
	u := catalogue.NormalizeURI(catalogue.CleanText(uri))
	if u == "" || strings.ContainsAny(u, " \t\n{}") {
		u = "-" // 4.5: "If the summary object has no URL ... a hyphen"
	}
	w.Note(importers.Dropped, "its URI is not one SOIF's URL can hold (RFC 1738); written as %q", u)
	return u
}

// attr writes one ATTRIBUTE-VALUE pair of field; an empty value is left
// out. What a terminal would take for a command is left out, and reported.
func (w *Writer) attr(field, name, value string) {
	if value == "" {
		return
	}
	value, dropped := importers.SafeText(value)
	if dropped {
		w.Controls(field)
	}
	bw := w.bw
	bw.WriteString(name)
	bw.WriteByte('{')
	w.num = strconv.AppendInt(w.num[:0], int64(len(value)), 10)
	bw.Write(w.num)
	bw.WriteString("}:\t")
	bw.WriteString(value)
	bw.WriteByte('\n')
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
