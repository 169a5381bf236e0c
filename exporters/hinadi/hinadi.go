// Package hinadi exports records as a Hina-Di 2.2 file, the metadata format
// of Asahina Antenna (see hina-di-2.2.txt): a header block, then one entity
// block per record, every line "Name: value" ending in CRLF and every block
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

// Writer writes Hina-Di files. The zero Writer is ready to use.
type Writer struct {
	// Now is the clock for the header block's Date; nil means time.Now.
	Now func() time.Time
}

// Write writes recs to w as a Hina-Di file dated now.
func Write(w io.Writer, recs []*catalogue.Record) error {
	return (&Writer{}).Write(w, recs)
}

// Write writes recs to w as a Hina-Di file.
func (hw *Writer) Write(w io.Writer, recs []*catalogue.Record) error {
	now := time.Now
	if hw.Now != nil {
		now = hw.Now
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.WriteString(Version + "\r\n")
	b := block{bw: bw}
	b.field("User-Agent", UserAgent)
	b.field("Content-Type", "text/plain; charset=UTF-8")
	b.field("Date", now().UTC().Format(DateLayout))
	bw.WriteString("\r\n")
	var date []byte
	for _, r := range recs {
		b.names = b.names[:0]
		b.field("URL", r.URI)
		b.field("Title", r.Name)
		if !r.Date.IsZero() {
			date = r.Date.UTC().AppendFormat(date[:0], DateLayout)
			b.field("Last-Modified", string(date))
		}
		b.field("Keyword", keywords(r))
		b.field("Author-Name", r.Extension("X-AUTHOR"))
		b.field("Content-Type", r.Type)
		b.field("HINA-Version", Version)
		b.field("X-Description", r.Description)
		if r.Rating != 0 {
			b.field("X-Rating", strconv.Itoa(r.Rating))
		}
		b.field("X-Language", r.Language)
		b.field("X-Id", r.ID)
		for _, f := range r.Extensions {
			if name, ok := FieldName(f.Name); ok && f.Name != "X-AUTHOR" && f.Name != "X-KEYWORDS" {
				b.field(name, f.Value)
			}
		}
		bw.WriteString("\r\n")
	}
	return bw.Flush()
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

// block writes the fields of one block, each name once.
type block struct {
	bw    *bufio.Writer
	names []string // names written so far, compared ignoring case
}

func (b *block) field(name, value string) {
	value = oneLine(value)
	if value == "" {
		return // "fields with empty values" are not reproduced (section "Propagation")
	}
	for _, n := range b.names {
		if strings.EqualFold(n, name) {
			return
		}
	}
	b.names = append(b.names, name)
	b.bw.WriteString(name)
	b.bw.WriteString(": ")
	b.bw.WriteString(value)
	b.bw.WriteString("\r\n")
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

// oneLine makes v one line of TEXT, which holds no control characters
// (HT aside, which readers could take for part of a SEPARATOR), and a
// TOKEN, which does not start with white space: each run of line breaks,
// tabs and other control characters becomes one space.
func oneLine(v string) string {
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
