package soif

import (
	"bufio"
	"io"
	"strconv"
	"strings"

	"github.com/uricat/uricat/catalogue"
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
// the VALUE occupies"), not in characters, and is written as it is: line
// breaks and any other bytes included, in UTF-8 (as Sun/Netscape SOIF
// declared). Empty values are left out, as Harvest did.
//
// Attribute names follow Harvest's FILE template (Appendix A) where one
// fits: NAME is Title, DESCRIPTION Description, DATE Last-Modification-Time
// (Unix seconds), TYPE Type (a media type rather than Harvest's Essence type
// names), X-KEYWORDS Keywords (one keyword a line, as in Harvest's objects)
// and X-AUTHOR Author. The other fields have no
// Harvest attribute and get their own name: CATEGORY is Category, RATING
// Rating, LANGUAGE Language (as in the Dublin-Core template, Appendix C), ID
// Id. Any other extension X-NAME is written as the attribute Name (without
// "X-", capitalised as Harvest capitalised), unless that would be taken for
// one of the attributes above or for a multi-valued "-N" attribute (section
// 4.3), in which case it keeps its "X-". So every field is carried.
type Writer struct {
	bw  *bufio.Writer
	num []byte
}

// NewWriter returns a Writer to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{bw: bufio.NewWriterSize(w, 64<<10)}
}

// Template is the template type of every object written (section 4.1:
// Harvest's objects are FILE).
const Template = "FILE"

// Write writes one record as a SOIF object.
func (w *Writer) Write(r *catalogue.Record) error {
	bw := w.bw
	bw.WriteString("@" + Template + " { ")
	bw.WriteString(r.URI)
	bw.WriteByte('\n')
	w.attr("Title", r.Name)
	w.attr("Description", r.Description)
	if !r.Date.IsZero() {
		w.attr("Last-Modification-Time", strconv.FormatInt(r.Date.Unix(), 10))
	}
	w.attr("Category", r.Category)
	if r.Rating != 0 {
		w.attr("Rating", strconv.Itoa(r.Rating))
	}
	w.attr("Language", r.Language)
	w.attr("Type", r.Type)
	w.attr("Id", r.ID)
	for _, f := range r.Extensions {
		v := f.Value
		if f.Name == "X-KEYWORDS" {
			v = keywordLines(v)
		}
		w.attr(AttributeName(f.Name), v)
	}
	_, err := bw.WriteString("}\n\n") // bufio's errors are sticky: this reports any
	return err
}

// Close writes what is buffered.
func (w *Writer) Close() error { return w.bw.Flush() }

// attr writes one ATTRIBUTE-VALUE pair; an empty value is left out.
func (w *Writer) attr(name, value string) {
	if value == "" {
		return
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

// reserved are the attributes the standard fields are written as, which an
// extension must not be mistaken for (compared in lower case, as SOIF
// readers compare attribute names: section 5).
var reserved = map[string]bool{"title": true, "description": true, "last-modification-time": true,
	"category": true, "rating": true, "language": true, "type": true, "id": true, "url": true}

// AttributeName returns the SOIF attribute an extension field is written as:
// X-AUTHOR is Author, X-FILE-SIZE File-Size; X-TITLE stays X-TITLE, since
// Title is NAME, and so does X-PART-2, which would read as the second value
// of PART.
func AttributeName(ext string) string {
	name, ok := strings.CutPrefix(ext, "X-")
	if !ok || name == "" || reserved[strings.ToLower(name)] || multiValued(name) {
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
