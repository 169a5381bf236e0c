package urc

import (
	"bufio"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
)

const (
	// DateLayout is the form of the Date URD: RFC 1123, in GMT.
	DateLayout = "Mon, 02 Jan 2006 15:04:05 GMT"
	// Charset is the representation tag of a value that is not ASCII.
	Charset = "/Text/Plain/charset:UTF-8"
)

// renamed are extensions written under the proposal's own field names.
var renamed = map[string]string{"X-AUTHOR": "Author", "X-VERSION": "Version"}

// Label returns the URD label an extension is written under: its name, with
// "_" as "-", since a field name is an identifier (BNF rules 6 and 11:
// ASCII-letter *(ASCII-letter / digit / "-")).
func Label(ext string) string {
	return strings.ReplaceAll(ext, "_", "-")
}

// Writer writes records as Uniform Resource Citations in the syntax of the
// proposal (urc-syntax-jarnefors-1993.txt): one citation per record, each
// element closed by ";" and on its own line, the whole wrapped in "<" ...
// ">", as in the proposal's simple example:
//
//	<http://example.org/;
//	Title=Example;
//	Date=Sat, 21 Nov 2026 15:04:05 GMT;
//	Language=en;>
//
// The URL comes first; then URDs (label "=" value): the standard fields as
// the package doc's table says (fieldURDs), DATE in the RFC 822/1123 form
// the proposal's own headers use; Author and Version (X-AUTHOR and
// X-VERSION, names the examples use) and every other extension under its
// own name, which starts with "X-" as the proposal asks of private fields
// ("_", which a field name cannot hold, as "-": see Label). X-URN becomes a
// URN element (URN:...), as in the examples. The reader takes every one of
// them back to its field.
//
// Values are escaped as the proposal prescribes: "%" as %%, ";" as %;, a
// line break (LF or CR LF, as text holds them) as CR LF, a lone CR as %0D,
// NUL as %00, ESC as %1B and the other control characters as %XX, C1
// controls (U+0080 to U+009F) and bytes that are not UTF-8 too, byte by
// byte: the output carries none of them raw. Tabs and all other characters
// are written as they are, "<" and ">" too ("need no special treatment"),
// except a ">" that blanks or line breaks alone separate from a following
// "<": that is %3E, since readers that tolerate a missing ";" (ours does)
// would take "><" for the end of one citation and the start of the next,
// and blanks at either end of a value, which readers trim: %20 and %09. A
// URI's own "%XX" escapes thus become "%%XX". A value that is not ASCII is
// written in UTF-8 (the proposal's "UTF-2") and its label gets the
// representation tag /Text/Plain/charset:UTF-8, placed after the field
// name as the example places it (Title.sv/Text/Plain/charset:...).
//
// What does not read back as it was is reported (see importers.Reporter):
// a URI that is a URN (the reader takes it for the citation's URN, not its
// URL), an extension name a URD label cannot hold, an X- value on several
// lines (the reader makes it one), a TYPE not in canonical form.
type Writer struct {
	bw *bufio.Writer
	importers.WriterNotes
	date   []byte
	types  map[string]string           // TYPE -> what the reader makes of it: records repeat the same few
	labels importers.NameMemo[labelOf] // extension -> its URD label, and what the reader makes of it
}

// labelOf is the label an extension is written under, and the field the
// reader makes of it.
type labelOf struct{ label, back string }

func newLabelOf(name string) labelOf {
	label := Label(name)
	if n, ok := renamed[name]; ok {
		label = n
	}
	return labelOf{label, extName(label, "")}
}

// NewWriter returns a Writer to w.
func NewWriter(w io.Writer) *Writer {
	uw := &Writer{bw: bufio.NewWriterSize(w, 64<<10)}
	uw.ControlsWhy = "they are written escaped (%XX), but an import leaves them out, as it leaves them out of any text"
	return uw
}

// urd appends to b one URD, the value of the record's field, on a line of
// its own; an empty value is left out.
func (w *Writer) urd(b []byte, field, label, value string) []byte {
	if value == "" {
		return b
	}
	if _, dropped := importers.SafeText(value); dropped {
		w.Controls(field)
	}
	b = append(b, "\r\n"...)
	b = append(b, label...)
	at := len(b)
	b = append(b, '=')
	b, ascii := appendValue(b, value)
	if !ascii {
		b = slices.Insert(b, at, []byte(Charset)...) // a value in UTF-8 says so before its "="
	}
	return append(b, ';')
}

// Write writes one record as a citation, CRLF line ends.
func (w *Writer) Write(r *ssd3.Record) error {
	w.Record(r.URI())
	if !citedAsURL(r.URI()) {
		w.Note(ssd3.Deviation, "its URI is written as the citation's URL, but reads back as a URN or not at all: a URN element and a URL look alike (rules 3, 4)")
	}
	b := append(w.bw.AvailableBuffer(), '<')
	b, _ = appendEscaped(b, r.URI())
	b = append(b, ';')
	if urn := r.Extension("X-URN"); urn != "" {
		b = append(b, "\r\n"...)
		// The URN as it is ("urn:" is case-insensitive, RFC 8141 3.1);
		// the label the examples show when X-URN lacks one.
		if len(urn) < 4 || !strings.EqualFold(urn[:4], "urn:") {
			b = append(b, "URN:"...)
			w.Note(ssd3.Deviation, "X-URN %q is written as the URN element URN:%s, and reads back so", urn, urn)
		} else if n := ssd3.NormalizeURI(urn); n != urn {
			w.Note(ssd3.Deviation, "X-URN %q reads back as %q", urn, n)
		}
		b, _ = appendEscaped(b, urn)
		b = append(b, ';')
	}
	for i := range fieldURDs {
		b = w.field(b, r, &fieldURDs[i])
	}
	for _, f := range r.Extensions() {
		if f.Name == "X-URN" {
			continue
		}
		l := w.labels.Get(f.Name, newLabelOf)
		label := l.label
		if back := l.back; back != f.Name {
			w.Note(ssd3.Deviation, "%s is written as the URD %s, which reads back as %s (a field name is an identifier: rules 6, 11)", f.Name, label, back)
		}
		if safe, _ := importers.SafeText(f.Value); importers.OneLine(safe) != safe {
			w.Note(ssd3.Deviation, "%s is written as it is, but reads back as %q (the reader makes an X- value one line)", f.Name, importers.Excerpt(importers.OneLine(safe)))
		}
		b = w.urd(b, f.Name, label, f.Value)
	}
	_, err := w.bw.Write(append(b, ">\r\n"...)) // bufio's errors are sticky: this reports any
	return err
}

// field appends to b the URD of a's field of r, if r has one.
func (w *Writer) field(b []byte, r *ssd3.Record, a *fieldURD) []byte {
	switch a.conv {
	case convDate:
		if r.Date().IsZero() {
			return b
		}
		w.date = r.Date().UTC().AppendFormat(w.date[:0], DateLayout)
		return w.urd(b, a.field, a.label, string(w.date))
	case convRating:
		if r.Rating() == 0 {
			return b
		}
		return w.urd(b, a.field, a.label, strconv.Itoa(r.Rating()))
	case convType:
		if t := a.get(r); t != "" {
			mt, ok := w.types[t]
			if !ok {
				mt = mediaType(t)
				if w.types == nil || len(w.types) > 256 {
					w.types = map[string]string{}
				}
				w.types[t] = mt
			}
			if mt != t {
				w.Note(ssd3.Deviation, "TYPE %q reads back in canonical form, %q", t, mt)
			}
		}
	}
	return w.urd(b, a.field, a.label, a.get(r))
}

// Close writes what is buffered.
func (w *Writer) Close() error { return w.bw.Flush() }

// Escape returns v as the value of a URC element: see the package doc.
func Escape(v string) string {
	b, _ := appendEscaped(nil, v)
	return string(b)
}

const hexDigits = "0123456789ABCDEF"

// asIs are the ASCII bytes a value holds as they are: printable, but "%",
// ";" and ">", which appendEscaped looks at.
var asIs = func() (t [256]bool) {
	for c := 0x20; c < 0x7f; c++ {
		t[c] = c != '%' && c != ';' && c != '>'
	}
	return t
}()

// appendEscaped appends v escaped as the package doc says, and reports
// whether v is ASCII (a value that is not declares its charset).
func appendEscaped(b []byte, v string) (_ []byte, ascii bool) {
	ascii = true
	start := 0
	for i := 0; i < len(v); i++ {
		c := v[i]
		if asIs[c] {
			continue
		}
		if c >= 0x80 {
			ascii = false
			r, n := utf8.DecodeRuneInString(v[i:])
			if r == utf8.RuneError && n == 1 || r <= 0x9f { // not UTF-8, or a C1 control
				b = append(b, v[start:i]...)
				for _, x := range []byte(v[i : i+n]) {
					b = append(b, '%', hexDigits[x>>4], hexDigits[x&0xf])
				}
				start = i + n
			}
			i += n - 1
			continue
		}
		if c == '>' && !beforeOpen(v[i+1:]) {
			continue
		}
		b = append(b, v[start:i]...)
		start = i + 1
		switch {
		case c == '%':
			b = append(b, "%%"...)
		case c == ';':
			b = append(b, "%;"...)
		case c == '\t':
			b = append(b, '\t')
		case c == '>':
			b = append(b, "%3E"...)
		case c == '\n':
			b = append(b, "\r\n"...) // a line break (the proposal: "an ASCII CR LF pair")
		case c == '\r' && i+1 < len(v) && v[i+1] == '\n':
			b = append(b, "\r\n"...)
			i++
			start = i + 1
		default: // lone CR, NUL, ESC and the other controls
			b = append(b, '%', hexDigits[c>>4], hexDigits[c&0xf])
		}
	}
	return append(b, v[start:]...), ascii
}

// appendValue appends a URD's value escaped (appendEscaped), and the blanks
// at its ends as %20 and %09: a reader trims the blanks around a value.
func appendValue(b []byte, v string) (_ []byte, ascii bool) {
	start, end := 0, len(v)
	for start < end && (v[start] == ' ' || v[start] == '\t') {
		start++
	}
	for end > start && (v[end-1] == ' ' || v[end-1] == '\t') {
		end--
	}
	b = appendBlanks(b, v[:start])
	b, ascii = appendEscaped(b, v[start:end])
	return appendBlanks(b, v[end:]), ascii
}

// appendBlanks appends blanks, spaces and tabs, as %XX escapes.
func appendBlanks(b []byte, blanks string) []byte {
	for i := 0; i < len(blanks); i++ {
		b = append(b, '%', hexDigits[blanks[i]>>4], hexDigits[blanks[i]&0xf])
	}
	return b
}

// citedAsURL reports whether the reader takes uri, as a citation's first
// element, for its URL: whether it starts with a scheme (rules 3, 4) that is
// not "URN".
func citedAsURL(uri string) bool {
	colon := strings.IndexByte(uri, ':')
	if colon <= 0 || strings.EqualFold(uri[:colon], "urn") || !isLetter(uri[0]) {
		return false
	}
	for i := 1; i < colon; i++ {
		if c := uri[i]; !isLetter(c) && !isDigit(c) && c != '+' && c != '.' && c != '-' {
			kind, _, _ := classify(uri) // a URD's label, a structor...
			return kind == kindURL
		}
	}
	return true
}

// beforeOpen reports whether rest starts, after blanks and line breaks,
// with "<": then a ">" before it would look like the end of one citation
// and the start of the next to a reader that tolerates a missing ";".
func beforeOpen(rest string) bool {
	return strings.HasPrefix(strings.TrimLeft(rest, " \t\r\n"), "<")
}
