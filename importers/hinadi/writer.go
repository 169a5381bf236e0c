package hinadi

import (
	"bufio"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/uricat/uricat/catalogue"
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
// header block, then one entity block per record, every line "Name: value" ending in CRLF and every block
// ending in an empty line (section "Block", "line-format").
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
// An entity block carries, in this order: URL (URI, first as RECOMMENDED),
// Title (NAME), Last-Modified (DATE, RFC 1123), Keyword (CATEGORY, then the
// values of X-KEYWORDS, each a TOKEN, joined by the SEPARATOR ": "),
// Author-Name (X-AUTHOR), Content-Type (TYPE), HINA-Version (HINA/2.2beta,
// saying the block is complete), then experimental X- fields (section
// "Experimental fields"): X-Description, X-Rating, X-Language, X-Id, and the
// record's other extensions under their own names, made field-names where
// they are not (see FieldName).
//
// A field value is one line of TEXT (no control characters), so line
// breaks and tabs in a value are written as spaces: that is all a
// multi-line DESCRIPTION loses. Field names are case-insensitive and must
// be unique in a block (a block with a duplicate MUST be discarded), so an
// extension whose name equals, ignoring case, a field already in the block
// (X-DESCRIPTION, say) is left out. With no records the file is the header
// block alone, although the spec asks for at least one entity block.
//
// Now is the clock of the header's Date (nil: time.Now); set it before the
// first Write.
type Writer struct {
	Now    func() time.Time
	bw     *bufio.Writer
	names  []string // the names written in the current block, compared ignoring case
	date   []byte
	header bool // the header block is written
}

// NewWriter returns a Writer to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{bw: bufio.NewWriterSize(w, 64<<10)}
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
	w.bw.WriteString(Version + "\r\n")
	w.names = w.names[:0]
	w.field("User-Agent", UserAgent)
	w.field("Content-Type", "text/plain; charset=UTF-8")
	w.field("Date", now().UTC().Format(DateLayout))
	w.bw.WriteString("\r\n")
}

// Write writes one record as an entity block.
func (w *Writer) Write(r *catalogue.Record) error {
	w.writeHeader()
	w.names = w.names[:0]
	w.field("URL", r.URI)
	w.field("Title", r.Name)
	if !r.Date.IsZero() {
		w.date = r.Date.UTC().AppendFormat(w.date[:0], DateLayout)
		w.field("Last-Modified", string(w.date))
	}
	w.field("Keyword", keywords(r))
	w.field("Author-Name", r.Extension("X-AUTHOR"))
	w.field("Content-Type", r.Type)
	w.field("HINA-Version", Version)
	w.field("X-Description", r.Description)
	if r.Rating != 0 {
		w.field("X-Rating", strconv.Itoa(r.Rating))
	}
	w.field("X-Language", r.Language)
	w.field("X-Id", r.ID)
	for _, f := range r.Extensions {
		if name, ok := FieldName(f.Name); ok && f.Name != "X-AUTHOR" && f.Name != "X-KEYWORDS" {
			w.field(name, f.Value)
		}
	}
	_, err := w.bw.WriteString("\r\n") // bufio's errors are sticky: this reports any
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

// field writes one field of the current block, each name once.
func (w *Writer) field(name, value string) {
	value = oneLineText(value)
	if value == "" {
		return // "fields with empty values" are not reproduced (section "Propagation")
	}
	for _, n := range w.names {
		if strings.EqualFold(n, name) {
			return
		}
	}
	w.names = append(w.names, name)
	w.bw.WriteString(name)
	w.bw.WriteString(": ")
	w.bw.WriteString(value)
	w.bw.WriteString("\r\n")
}

// keywords returns the Keyword value: CATEGORY, then the X-KEYWORDS values
// (which importers join with "; "), without repeats. Our importer reads the
// first keyword as CATEGORY and all of them as X-KEYWORDS, so a record it
// made exports to the same Keyword.
func keywords(r *catalogue.Record) string {
	var list []string
	add := func(k string) {
		// A keyword is one TOKEN: ": " inside it would split it in two.
		k = strings.Join(strings.Fields(k), " ")
		k = strings.ReplaceAll(k, ": ", ":")
		if k == "" {
			return
		}
		for _, have := range list {
			if have == k {
				return
			}
		}
		list = append(list, k)
	}
	add(r.Category)
	if kw := r.Extension("X-KEYWORDS"); kw != "" {
		for k := range strings.SplitSeq(kw, ";") {
			add(k)
		}
	}
	return strings.Join(list, ": ")
}

// oneLineText makes v one line of TEXT, which holds no control characters
// (HT aside, which readers could take for part of a SEPARATOR), and a
// TOKEN, which does not start with white space: each run of line breaks,
// tabs and other control characters becomes one space.
func oneLineText(v string) string {
	clean := true
	for i := 0; i < len(v); i++ {
		if c := v[i]; c < 0x20 || c == 0x7f {
			clean = false
			break
		}
	}
	if !clean {
		v = strings.Join(strings.FieldsFunc(v, isControl), " ")
	}
	return strings.TrimSpace(v)
}

func isControl(r rune) bool { return r < 0x20 || r == 0x7f }
