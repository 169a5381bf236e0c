package hinadi

import (
	"bufio"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
)

const (
	// Version is the HINA line and the HINA-Version of every entity block.
	Version = "HINA/2.2beta"
	// DateLayout is RFC 1123's date, as the spec's rfc1123-date has it.
	DateLayout = "Mon, 02 Jan 2006 15:04:05 GMT"
	// UserAgent names uricat in the header block.
	UserAgent = "uricat"
)

// Writer writes records as a Hina-Di 2.2 file (see hina-di-2.2.txt): a
// header block, then one entity block per record, every line "Name: value"
// ending in CRLF and every block ending in an empty line (section "Block",
// "line-format").
//
// The header block (section "Header block") is
//
//	HINA/2.2beta
//	User-Agent: uricat
//	Content-Type: text/plain; charset=UTF-8
//	Date: Sat, 21 Nov 2026 15:04:05 GMT
//
// The charset is declared because a Hina-Di file without one is EUC-JP
// (section "Encoding"); Date is the time of the export, in RFC 1123 form
// with a two-digit day as the spec's grammar has it.
//
// An entity block carries URL (URI, first as RECOMMENDED), then the fields
// of the package doc's table (fieldNames), in its order: DATE in RFC 1123
// form; Keyword holds CATEGORY, then the values of X-KEYWORDS, each a
// TOKEN, joined by the SEPARATOR ": " (the reader takes the first back as
// CATEGORY and the others as X-KEYWORDS); HINA-Version says the block is
// complete; then experimental fields (section "Experimental fields") of
// uricat's own, named so that no extension is taken for them
// (X-Uricat-...). When CATEGORY is not one keyword (it holds ": "), it is
// written as X-Uricat-Category, and X-KEYWORDS as X-Uricat-Keywords when
// the Keyword field cannot carry them. Then come the record's other
// extensions, made field-names where they are not (see FieldName). An
// extension the reader made of one of the spec's fields (X-EXPIRES,
// X-SERVER, X-METHOD...) is written back as that field.
//
// A value is one line of TEXT: no control character but HT, nothing that
// could end the line. In the experimental fields, uricat's own, the words
// of a value that hold line breaks (a multi-line DESCRIPTION), tabs or "=?"
// are written as RFC 2047 encoded-words, as RFC 822 headers carry such
// text, and the other words as they are; the reader decodes them: nothing
// is lost, and the rest stays readable. In the spec's own fields, which
// other programs read, line breaks are written as spaces, control
// characters and escape sequences are left out, and so are blanks at the
// ends (SEPARATOR takes them): each such change is reported, as is an
// extension whose name Hina-Di cannot hold (field names are
// case-insensitive WORDs joined by "-") or that another field of the
// block already has. With no records the file is the header block alone,
// although the spec asks for at least one entity block.
//
// Now is the clock of the header's Date (nil: time.Now); set it before the
// first Write.
type Writer struct {
	Now    func() time.Time
	bw     *bufio.Writer
	names  []string // the names written in the current block, compared ignoring case
	header bool     // the header block is written
	importers.WriterNotes
}

// NewWriter returns a Writer to w.
func NewWriter(w io.Writer) *Writer {
	hw := &Writer{bw: bufio.NewWriterSize(w, 64<<10)}
	hw.ControlsWhy = "a Hina-Di value is TEXT, and the output must be safe to show"
	return hw
}

// writeHeader writes the header block, once.
func (w *Writer) writeHeader() {
	if w.header {
		return
	}
	w.header = true
	now := time.Now
	if w.Now != nil {
		now = w.Now
	}
	b := append(w.bw.AvailableBuffer(), Version+"\r\n"...)
	w.names = w.names[:0]
	b = w.field(b, "", "User-Agent", UserAgent)
	b = w.field(b, "", "Content-Type", "text/plain; charset=UTF-8")
	b = w.field(b, "", "Date", now().UTC().Format(DateLayout))
	w.bw.Write(append(b, "\r\n"...))
}

// specFields are the entity-block fields of the spec that the reader keeps
// as X- fields (X-EXPIRES, ...): they are written back under their own
// names (section "Propagation": fields "MUST be reproduced without
// modification").
var specFields = map[string]string{
	"X-VIRTUAL": "Virtual", "X-DATE": "Date", "X-EXPIRES": "Expires",
	"X-EXPIRE": "Expire", "X-LAST-MODIFIED-DETECTED": "Last-Modified-Detected", "X-SERVER": "Server",
	"X-AUTHORIZED": "Authorized", "X-AUTHORIZED-URL": "Authorized-url", "X-METHOD": "Method",
	"X-IMAGE-WIDTH": "Image-Width", "X-IMAGE-HEIGHT": "Image-Height",
}

// Write writes one record as an entity block. The block is made in the
// buffer's free space and written at once: one call, not one per piece.
func (w *Writer) Write(r *ssd3.Record) error {
	w.writeHeader()
	w.Record(r.URI())
	w.names = w.names[:0]
	b := w.bw.AvailableBuffer()
	b = w.field(b, "URI", "URL", r.URI())
	kw, xcat, xkw := keywords(r)
	for i := range fieldNames {
		b = w.mapped(b, r, &fieldNames[i], kw, xcat, xkw)
	}
	for _, f := range r.Extensions() {
		if f.Name == "X-AUTHOR" || f.Name == "X-KEYWORDS" {
			continue
		}
		name, ok := FieldName(f.Name)
		if spec, isSpec := specFields[f.Name]; isSpec && !w.has(spec) {
			name, ok = spec, true
		}
		switch {
		case !ok:
			w.Note(ssd3.Dropped, "%s is left out: Hina-Di has no field name for it (WORD *(\"-\" WORD), Block)", f.Name)
			continue
		case w.has(name) || written[strings.ToLower(name)]:
			w.Note(ssd3.Dropped, "%s is left out: its field, %s, would be taken for another (field names are case-insensitive and unique in a block: Block)", f.Name, name)
			continue
		case xName(strings.ToLower(name)) != f.Name:
			w.Note(ssd3.Deviation, "%s is written as %s, which reads back as %s (Hina-Di field names are case-insensitive WORDs joined by \"-\")", f.Name, name, xName(strings.ToLower(name)))
		}
		b = w.field(b, f.Name, name, f.Value)
	}
	_, err := w.bw.Write(append(b, "\r\n"...)) // bufio's errors are sticky: this reports any
	return err
}

// Close writes the header block if no record was written, and what is
// buffered.
func (w *Writer) Close() error {
	w.writeHeader()
	return w.bw.Flush()
}

// FieldName returns the Hina-Di field an extension is written as. A
// field-name is WORD *("-" WORD), WORD letters and digits, so "_" becomes
// "-" and empty words are left out: X-MY_FIELD is X-MY-FIELD. An extension
// with no word after "X-" (X--) has no such name: ok is false.
func FieldName(ext string) (name string, ok bool) {
	if isFieldName(ext) {
		return ext, true
	}
	words := strings.FieldsFunc(ext, func(r rune) bool { return r == '-' || r == '_' })
	if len(words) < 2 {
		return "", false
	}
	return strings.Join(words, "-"), true
}

func isFieldName(s string) bool {
	word := 0 // length of the current WORD
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '-' && word > 0:
			word = 0
		case c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9':
			word++
		default:
			return false
		}
	}
	return word > 0
}

// mapped appends to b the field a of r, if r has one (see fieldNames):
// kw is the Keyword value, xcat and xkw say that CATEGORY and X-KEYWORDS
// go in X-Uricat-Category and X-Uricat-Keywords (see keywords).
func (w *Writer) mapped(b []byte, r *ssd3.Record, a *fieldName, kw string, xcat, xkw bool) []byte {
	name := a.names[0]
	switch a.conv {
	case convDate:
		if r.Date().IsZero() {
			return b
		}
		b = append(b, name...) // our own text: nothing to check
		b = append(b, ": "...)
		w.names = append(w.names, name)
		return append(r.Date().UTC().AppendFormat(b, DateLayout), "\r\n"...)
	case convKeyword:
		return w.field(b, a.field, name, kw)
	case convVersion:
		return w.field(b, "", name, Version)
	case convRating:
		if r.Rating() == 0 {
			return b
		}
		return w.field(b, a.field, name, strconv.Itoa(r.Rating()))
	case convOverflow:
		if a.field == ssd3.FieldCategory && !xcat || a.field != ssd3.FieldCategory && !xkw {
			return b
		}
	}
	return w.field(b, a.field, name, a.get(r))
}

// has reports whether the current block has a field called name.
func (w *Writer) has(name string) bool {
	for _, n := range w.names {
		if strings.EqualFold(n, name) {
			return true
		}
	}
	return false
}

// field appends to b one field of the current block, named name, that
// holds the value of the record's field what ("" for the file's own
// fields). An empty value is left out ("fields with empty values" are not
// reproduced: section "Propagation").
func (w *Writer) field(b []byte, what, name, value string) []byte {
	if value == "" {
		return b
	}
	encode := false
	switch {
	case what == "": // the format's own: nothing to check
	case experimental(name):
		value, encode = w.experimentalValue(what, value), true
	default:
		value = w.text(what, value)
	}
	if value == "" {
		return b
	}
	w.names = append(w.names, name)
	b = append(b, name...)
	b = append(b, ": "...)
	if encode {
		b = appendEncoded(b, value)
	} else {
		b = append(b, value...)
	}
	return append(b, "\r\n"...)
}

// experimental reports whether name is an experimental field (X-...),
// uricat's own, whose values the reader decodes.
func experimental(name string) bool {
	return len(name) > 2 && (name[0] == 'X' || name[0] == 'x') && name[1] == '-'
}

// text makes value one line of TEXT for one of the spec's fields, and
// reports what that changes.
func (w *Writer) text(what, value string) string {
	v := w.SafeText(what, value)
	if hasBreak(v) {
		flat := strings.TrimSpace(importers.OneLine(v))
		w.Note(ssd3.Deviation, "%s: written on one line, %q (a Hina-Di value is one line)", what, importers.Excerpt(flat))
		return flat
	}
	if v != "" && (v[0] == ' ' || v[0] == '\t') {
		w.Note(ssd3.Deviation, "%s: the blanks at its start are left out (the SEPARATOR before a value takes them)", what)
		v = strings.TrimLeft(v, " \t")
	}
	return v
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// hasBreak reports whether v holds a line feed or a tab.
func hasBreak(v string) bool {
	return strings.IndexByte(v, '\n') >= 0 || strings.IndexByte(v, '\t') >= 0
}

// experimentalValue makes value the value of an experimental field, which
// is written with appendEncoded: its line breaks, tabs and "=?" as
// encoded-words (see the Writer's doc), which the reader decodes. Only
// DESCRIPTION keeps its line breaks and tabs so: the reader makes every
// other value one line.
func (w *Writer) experimentalValue(what, value string) string {
	v := w.SafeText(what, value)
	if what != "DESCRIPTION" && hasBreak(v) {
		v = strings.TrimSpace(importers.OneLine(v))
		w.Note(ssd3.Deviation, "%s: written on one line, %q (the reader makes it one)", what, importers.Excerpt(v))
	}
	if v != "" && (isBlank(v[0]) || isBlank(v[len(v)-1])) {
		if what != "DESCRIPTION" { // Finish trims DESCRIPTION whatever the format
			w.Note(ssd3.Deviation, "%s: the blanks at its ends are left out (the SEPARATOR before a value takes them)", what)
		}
		v = strings.TrimSpace(v)
	}
	return v
}

// appendEncoded appends v, which has no blank at either end, to b with
// each word that holds a line break, a tab or "=?" written as RFC 2047
// encoded-words (catalogue.EncodeText) and the other words as they are, so
// that catalogue.DecodeText gives back v. Encoded words next to each other
// are encoded as one, with the spaces between them: a decoder drops the
// white space between two encoded-words (RFC 2047 6.2) and keeps the white
// space between an encoded-word and a word as it is.
func appendEncoded(b []byte, v string) []byte {
	for {
		k := encodeAt(v)
		if k < 0 {
			return append(b, v...)
		}
		// v[start:end] are the words to encode: the one that holds k, and
		// the words after it that need it too.
		start := strings.LastIndexByte(v[:k], ' ') + 1
		end := wordEnd(v, k)
		for next := end; ; {
			for next < len(v) && v[next] == ' ' {
				next++
			}
			if next == len(v) || encodeAt(v[next:wordEnd(v, next)]) < 0 {
				break
			}
			end = wordEnd(v, next)
			next = end
		}
		b = append(b, v[:start]...)
		b = append(b, ssd3.EncodeText(v[start:end])...)
		v = v[end:]
	}
}

// encodeAt returns the index of the first line feed, tab or "=?" in v,
// what appendEncoded encodes, or -1 if there is none.
func encodeAt(v string) int {
	k := strings.IndexByte(v, '\n')
	if k < 0 {
		k = len(v)
	}
	if t := strings.IndexByte(v[:k], '\t'); t >= 0 {
		k = t
	}
	if q := strings.Index(v[:k], "=?"); q >= 0 {
		k = q
	}
	if k == len(v) {
		return -1
	}
	return k
}

// wordEnd returns the end of the word of v at i: the next space, or the
// end of v.
func wordEnd(v string, i int) int {
	if j := strings.IndexByte(v[i:], ' '); j >= 0 {
		return i + j
	}
	return len(v)
}

// keywords returns the Keyword value, and whether CATEGORY and X-KEYWORDS
// must go in X-Uricat-Category and X-Uricat-Keywords instead. Keyword's first TOKEN is
// CATEGORY: it can hold CATEGORY when that is one keyword (no ": " in it),
// and then X-KEYWORDS' values after it when each is one too.
func keywords(r *ssd3.Record) (kw string, xcat, xkw bool) {
	words := r.Extension("X-KEYWORDS")
	switch {
	case r.Category() == "":
		return "", false, words != ""
	case !isKeyword(r.Category()):
		return "", true, words != ""
	case words == "":
		return r.Category(), false, false
	}
	list := []string{r.Category()}
	for k := range strings.SplitSeq(words, ";") {
		k = strings.TrimSpace(k)
		if !isKeyword(k) {
			return r.Category(), false, true
		}
		list = append(list, k)
	}
	if strings.Join(list[1:], "; ") != words {
		return r.Category(), false, true // it would not read back as it is
	}
	return strings.Join(list, ": "), false, false
}

// isKeyword reports whether k is one TOKEN of a Keyword field, as the
// reader splits them: one line of TEXT, no blank at either end, no ":"
// followed by a blank (SEPARATOR).
func isKeyword(k string) bool {
	if k == "" || isBlank(k[0]) || isBlank(k[len(k)-1]) || hasBreak(k) || strings.IndexByte(k, '\r') >= 0 || strings.Contains(k, ": ") {
		return false
	}
	_, dropped := importers.SafeText(k)
	return !dropped
}
