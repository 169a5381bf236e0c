package record

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
	"unsafe"

	"github.com/uricat/uricat/catalogue/internal/syntax"
)

// Record is one bookmark: a URI and the metadata SSD3 defines for it.
//
// A record a catalogue holds never changes: an edit makes a new one with
// the same Ref. Change a Clone and give the catalogue the difference
// (Diff, Set); never modify a record that Records returned. Copy a record
// with Clone, never by assignment (go vet reports it).
//
// Its accessors give decoded values; an empty string (or zero Rating,
// zero Date) means the field is absent or was invalid in the file. A Record
// read from a file also remembers its original text, so that saving an
// unchanged record writes back the same bytes, and its problems.
type Record struct {
	_ noCopy // copy with Clone (see noCopy)

	// A million records are read from a file at once, so a record read
	// from one is small: its fields are spans of its text (raw), and only
	// what is not there verbatim (a decoded encoded-word, a value set by
	// an edit or an importer, problems) is held apart, in more.
	raw      string         // the record's lines as read or rendered, with their line breaks
	spans    [numStr]uint16 // where each string field's value starts in raw (it ends with its line); 0: ""
	accepted uint16         // standard fields taken from the file (bits of std)
	line     int32          // line number of the record's first line, 0 for a new record
	rating   uint8          // RATING, 0 when absent
	flags    recordFlags    // see recordFlags
	invalid  bool           // a required field is missing or invalid (2.2)
	allowDup bool           // added with Add.AllowDuplicates: a merge keeps it whatever the file holds
	date     int64          // DATE as Unix seconds, if flagDate
	ref      Ref            // identity for the life of the process (see Ref)
	more     *recordMore    // what raw does not hold; nil for most records; changed in place only by its owner
}

// noCopy makes go vet's copylocks check report a Record copied by
// assignment: the copy would share its recordMore with the original, whose
// changes in place would show in it. Clone makes an independent copy.
type noCopy struct{}

// Lock is for go vet only.
func (*noCopy) Lock() {}

// Unlock is for go vet only.
func (*noCopy) Unlock() {}

// The string fields, in spans and recordMore.str.
const (
	strURI = iota
	strName
	strCategory
	strDescription
	strLanguage
	strType
	strID
	numStr
)

// strNames are the names of the string fields, by index (strURI...).
var strNames = [numStr]string{strURI: FieldURI, strName: FieldName, strCategory: FieldCategory,
	strDescription: FieldDescription, strLanguage: FieldLanguage, strType: FieldType, strID: FieldID}

// recordFlags are a record's bits: whether it has a DATE in date, whether
// raw holds its extension fields verbatim (read them from there), and
// which blank lines come before it.
type recordFlags uint8

const (
	flagDate    recordFlags = 1 << iota // date holds the DATE
	flagExtRaw                          // the X- lines of raw are the extensions, verbatim
	flagSepCRLF                         // one blank line (CRLF) before the record
	flagSepLF                           // one blank line (LF) before the record
	flagSepMore                         // more.sep holds the blank lines before the record
)

// recordMore is what a record's text does not hold verbatim.
type recordMore struct {
	owner    *Record // the record that may change it in place; any other copies it first
	set      uint16  // bits: str[i] (1<<i) or date (moreDate), rating (moreRating), ext (moreExt)
	str      [numStr]string
	date     time.Time // a DATE that is not whole seconds in UTC
	rating   int       // a RATING outside 0-255 (only a caller's mistake; kept to be reported)
	ext      []Field
	problems []Diagnostic // what was wrong with it when read
	sep      string       // blank lines before the record, written back as they were
	sepTail  int          // how many bytes of sep were the file's last blank lines when it was added
}

const (
	moreDate   = 1 << (numStr + iota)
	moreRating // rating is more.rating
	moreExt    // the extensions are more.ext
)

// edit returns r.more to change: r's own, changed in place (an importer
// sets a record's fields one by one), or a copy of one r shares with the
// record it was cloned from.
func (r *Record) edit() *recordMore {
	if r.more != nil && r.more.owner == r {
		return r.more
	}
	m := new(recordMore)
	if r.more != nil {
		*m = *r.more
		m.ext = m.ext[:len(m.ext):len(m.ext)]
		m.problems = m.problems[:len(m.problems):len(m.problems)]
	}
	m.owner = r
	r.more = m
	return m
}

// tidy drops r.more once it holds nothing, as for a record read from a
// file, so that two records of the same values are equal.
func (r *Record) tidy() {
	if m := r.more; m != nil && m.set == 0 && m.problems == nil && m.sep == "" && m.sepTail == 0 {
		r.more = nil
	}
}

// str returns string field i.
func (r *Record) str(i int) string {
	if m := r.more; m != nil && m.set&(1<<i) != 0 {
		return m.str[i]
	}
	off := r.spans[i]
	if off == 0 {
		return ""
	}
	line, _, _ := strings.Cut(r.raw[off:], "\n") // the value runs to its line's end
	return strings.TrimSuffix(line, "\r")
}

// setStr sets string field i to v: a span if v is part of r's text (as
// the reader's values are), in more if not.
func (r *Record) setStr(i int, v string) {
	if sp, ok := r.spanOf(v); ok {
		r.spans[i] = sp
		if r.more != nil && r.more.set&(1<<i) != 0 {
			m := r.edit()
			m.set &^= 1 << i
			m.str[i] = ""
			r.tidy()
		}
		return
	}
	r.spans[i] = 0
	m := r.edit()
	m.set |= 1 << i
	m.str[i] = v
}

// setLineRest is setStr for a value as the reader stores it (see
// FieldSpec.read): the rest of a line of r.raw, after its field's name,
// or a string of its own, decoded from encoded-words. The first is known
// to hold no line break, so that its span is where it starts, without
// spanOf's look through it: the reader stores a value for every line of
// a file.
func (r *Record) setLineRest(i int, v string) {
	off, ok := r.offsetOf(v)
	if !ok || !r.lineEndsAt(off+len(v)) || r.more != nil && r.more.set&(1<<i) != 0 {
		r.setStr(i, v)
		return
	}
	r.spans[i] = uint16(off)
}

// spanOf returns where v starts in r.raw, if v is the rest of a line of
// it (by address: a value the reader sliced from the text), so that str
// gives it back; 0 for "".
func (r *Record) spanOf(v string) (uint16, bool) {
	if v == "" {
		return 0, true
	}
	off, ok := r.offsetOf(v)
	if !ok || strings.IndexByte(v, '\n') >= 0 || strings.HasSuffix(v, "\r") || !r.lineEndsAt(off+len(v)) {
		return 0, false // not a whole line's rest
	}
	return uint16(off), true
}

// offsetOf returns where v, a string other than "", lies in r.raw (by
// address), if it does, and after its start, at an offset a span holds.
func (r *Record) offsetOf(v string) (int, bool) {
	if v == "" || r.raw == "" {
		return 0, false
	}
	off := uintptr(unsafe.Pointer(unsafe.StringData(v))) - uintptr(unsafe.Pointer(unsafe.StringData(r.raw)))
	if off == 0 || off >= uintptr(len(r.raw)) || off > math.MaxUint16 || uintptr(len(v)) > uintptr(len(r.raw))-off {
		return 0, false
	}
	return int(off), true
}

// lineEndsAt reports whether a line of r.raw ends at byte end: its line
// break (LF or CRLF) follows, or the text ends.
func (r *Record) lineEndsAt(end int) bool {
	rest := r.raw[end:]
	return rest == "" || rest[0] == '\n' || strings.HasPrefix(rest, "\r\n")
}

// sep returns the blank lines before the record.
func (r *Record) sep() string {
	switch {
	case r.flags&flagSepCRLF != 0:
		return "\r\n"
	case r.flags&flagSepLF != 0:
		return "\n"
	case r.flags&flagSepMore != 0:
		return r.more.sep
	}
	return ""
}

// sepTail returns how many bytes of sep were the file's last blank lines
// when the record was added.
func (r *Record) sepTail() int {
	if r.more == nil {
		return 0
	}
	return r.more.sepTail
}

// setSep sets the blank lines before the record, and how many of their
// bytes were the file's last blank lines when it was added.
func (r *Record) setSep(sep string, tail int) {
	had := r.flags&flagSepMore != 0
	r.flags &^= flagSepCRLF | flagSepLF | flagSepMore
	switch {
	case tail == 0 && sep == "\r\n":
		r.flags |= flagSepCRLF
	case tail == 0 && sep == "\n":
		r.flags |= flagSepLF
	case tail == 0 && sep == "":
	default:
		m := r.edit()
		m.sep, m.sepTail = sep, tail
		r.flags |= flagSepMore
		return
	}
	if had || r.sepTail() != 0 {
		m := r.edit()
		m.sep, m.sepTail = "", 0
		r.tidy()
	}
}

// Line returns the line of the file at which the record starts, or 0 for a
// record that was not read from the file.
func (r *Record) Line() int { return int(r.line) }

// Problems returns what was wrong with the record when it was read.
func (r *Record) Problems() []Diagnostic {
	if r.more == nil {
		return nil
	}
	return r.more.problems
}

// addProblem adds d to the record's problems.
func (r *Record) addProblem(d Diagnostic) {
	m := r.edit()
	m.problems = append(m.problems, d)
}

// Valid reports whether the record has a valid URI, NAME and DATE. An
// invalid record is kept and written back, but not listed (SSD3 2.2).
func (r *Record) Valid() bool { return !r.invalid }

// Raw returns the record's text as it stands in the file (without the blank
// lines before it), or "" for a record not read from a file.
func (r *Record) Raw() string { return unpack(r.raw) }

// FileValue returns the value the record's text gives the field name,
// valid or not, as a user would type it (decoded from encoded-words unless
// the field is a standard one that is not Text); "" when the text has no
// such field. It is what a user fixing a value the reader refused (see
// Problems) starts from.
func (r *Record) FileValue(name string) string {
	for line := range strings.SplitSeq(r.Raw(), "\n") {
		n, v, ok := strings.Cut(strings.TrimSuffix(line, "\r"), ":")
		if !ok || n != name {
			continue
		}
		v = strings.TrimSpace(v)
		if f := spec(name); f == nil || f.Text {
			if d, err := DecodeText(v); err == nil {
				return d
			}
		}
		return v
	}
	return ""
}

// hasDate reports whether r has a DATE. 01/01/0001 00:00:00 is a valid
// DATE that happens to be Go's zero time, so a DATE read from the file
// counts whatever its value.
func (r *Record) hasDate() bool {
	return !r.Date().IsZero() || r.accepted&bitOf(FieldDate) != 0
}

// Extension returns the value of the X- field name, or "".
func (r *Record) Extension(name string) string {
	if r.more == nil || r.more.set&moreExt == 0 {
		if r.flags&flagExtRaw != 0 {
			for n, v := range r.rawExtensions() { // without a slice: searches ask every record
				if n == name {
					return v
				}
			}
		}
		return ""
	}
	for _, f := range r.more.ext {
		if f.Name == name {
			return f.Value
		}
	}
	return ""
}

// SetExtension sets (or with an empty value removes) the X- field name.
func (r *Record) SetExtension(name, value string) {
	fs := r.Extensions()
	for i, f := range fs {
		if f.Name == name {
			if value == "" {
				r.SetExtensions(append(fs[:i:i], fs[i+1:]...))
			} else {
				fs = slices.Clone(fs)
				fs[i].Value = value
				r.SetExtensions(fs)
			}
			return
		}
	}
	if value != "" {
		r.AddExtension(name, value)
	}
}

// AddExtension adds the X- field name with value after the record's
// other fields, even if it has one of that name already.
func (r *Record) AddExtension(name, value string) {
	r.SetExtensions(append(r.Extensions(), Field{Name: name, Value: value}))
}

// Clone returns a deep copy of r, with the same Ref and original text, to
// change and then compare with r (Diff).
func (r *Record) Clone() *Record {
	c := &Record{raw: r.raw, spans: r.spans, accepted: r.accepted, line: r.line, rating: r.rating, flags: r.flags,
		invalid: r.invalid, allowDup: r.allowDup, date: r.date, ref: r.ref, more: r.more}
	if r.more != nil {
		c.edit() // its own copy (the owner is r): neither record's changes show in the other
	}
	return c
}

// atLine returns a copy of r that says it starts at line of the file, as
// do its problems. The copy shares what it does not change with r.
func (r *Record) atLine(line int) *Record {
	c := &Record{raw: r.raw, spans: r.spans, accepted: r.accepted, line: int32(line), rating: r.rating, flags: r.flags,
		invalid: r.invalid, allowDup: r.allowDup, date: r.date, ref: r.ref, more: r.more}
	if ps := r.Problems(); len(ps) > 0 {
		// Problems were numbered from the record's line (1 for a record
		// new here, see reparse).
		delta := line - max(r.Line(), 1)
		m := c.edit()
		m.problems = slices.Clone(ps)
		for i := range m.problems {
			if m.problems[i].Line > 0 {
				m.problems[i].Line += delta
			}
		}
	}
	return c
}

// forget makes r a record of its values alone, as one not read from any
// file: no text, separator, problems, line or identity.
func (r *Record) forget() {
	v := r.Values()
	*r = Record{invalid: r.invalid, allowDup: r.allowDup}
	r.setValues(v)
}

// Validate checks every field of r as SSD3 requires and returns the
// problems, each naming its field. A record with no problems can be written.
// Text fields may hold any Unicode: the writer encodes what ASCII cannot hold.
func (r *Record) Validate() []Diagnostic {
	var ps []Diagnostic
	add := func(field string, err error) {
		if err != nil {
			ps = append(ps, Diagnostic{Offset: -1, Field: field, Msg: err.Error(), Kind: Error})
		}
	}
	for i := range Fields {
		f := &Fields[i]
		switch err := f.validate(r); {
		case err != errAbsent:
			add(f.Name, err)
		case f.Required:
			add(f.Name, syntax.ErrRequired(f.Name, f.Section))
		}
	}
	ext := r.Extensions()
	var seen map[string]bool // for many fields, where looking back would be quadratic
	if len(ext) > 16 {
		seen = make(map[string]bool, len(ext))
	}
	for i, f := range ext {
		add(f.Name, ValidateExtensionName(f.Name))
		twice := seen[f.Name]
		if seen != nil {
			seen[f.Name] = true
		} else {
			twice = slices.ContainsFunc(ext[:i], func(g Field) bool { return g.Name == f.Name })
		}
		if twice {
			add(f.Name, fmt.Errorf("field %s appears twice; a name must not occur twice in a record (2.2)", f.Name))
		}
		add(f.Name, validateText(f.Name, f.Value))
	}
	return ps
}

// validateText checks the value of an X- field.
func validateText(field, v string) error {
	if v == "" {
		return syntax.ErrRequired(field, "2.2")
	}
	if strings.TrimSpace(v) == "" {
		return syntax.ErrBlank(field)
	}
	return nil
}

// Values are a record's fields as plain values, to build a record from
// (NewRecord) or to read all of them at once (Record.Values).
type Values struct {
	URI         string
	Name        string
	Date        time.Time // UTC, to the second
	Category    string
	Description string
	Rating      int // 1-5, 0 when absent
	Language    string
	Type        string
	ID          string // decimal digits, as written
	Extensions  []Field
}

// NewRecord returns a new record holding v, not yet in any catalogue.
func NewRecord(v Values) *Record {
	// A record built, not read, holds its values in its side struct:
	// both in one allocation (importers make one per bookmark).
	both := new(struct {
		r Record
		m recordMore
	})
	r := &both.r
	r.more, both.m.owner = &both.m, r
	r.setValues(v)
	r.tidy()
	return r
}

// Values returns the record's fields.
func (r *Record) Values() Values {
	return Values{URI: r.URI(), Name: r.Name(), Date: r.Date(), Category: r.Category(),
		Description: r.Description(), Rating: r.Rating(), Language: r.Language(), Type: r.Type(),
		ID: r.ID(), Extensions: r.Extensions()}
}

// setValues sets every field of the record to v's.
func (r *Record) setValues(v Values) {
	r.SetURI(v.URI)
	r.SetName(v.Name)
	r.SetDate(v.Date)
	r.SetCategory(v.Category)
	r.SetDescription(v.Description)
	r.SetRating(v.Rating)
	r.SetLanguage(v.Language)
	r.SetType(v.Type)
	r.SetID(v.ID)
	r.SetExtensions(v.Extensions)
}

// URI returns the record's URI (3.1).
func (r *Record) URI() string { return r.str(strURI) }

// Name returns the record's NAME (3.2).
func (r *Record) Name() string { return r.str(strName) }

// Date returns the record's DATE (3.3), UTC; zero when absent.
func (r *Record) Date() time.Time {
	switch {
	case r.more != nil && r.more.set&moreDate != 0:
		return r.more.date
	case r.flags&flagDate != 0:
		return time.Unix(r.date, 0).UTC()
	}
	return time.Time{}
}

// Category returns the record's CATEGORY (3.4).
func (r *Record) Category() string { return r.str(strCategory) }

// Description returns the record's DESCRIPTION (3.5).
func (r *Record) Description() string { return r.str(strDescription) }

// Rating returns the record's RATING (3.6): 1-5, 0 when absent.
func (r *Record) Rating() int {
	if r.more != nil && r.more.set&moreRating != 0 {
		return r.more.rating
	}
	return int(r.rating)
}

// Language returns the record's LANGUAGE (3.7).
func (r *Record) Language() string { return r.str(strLanguage) }

// Type returns the record's TYPE (3.8).
func (r *Record) Type() string { return r.str(strType) }

// ID returns the record's ID (3.9), decimal digits as written.
func (r *Record) ID() string { return r.str(strID) }

// Extensions returns the record's extension fields (2.2), in file order.
// The slice may be the record's: do not modify it.
func (r *Record) Extensions() []Field {
	if r.more != nil && r.more.set&moreExt != 0 {
		return r.more.ext
	}
	if r.flags&flagExtRaw == 0 {
		return nil
	}
	var fs []Field
	for name, value := range r.rawExtensions() {
		fs = append(fs, Field{Name: name, Value: value})
	}
	return fs
}

// rawExtensions yields the X- fields of r's text, for a record whose text
// holds them verbatim (flagExtRaw): each is a valid field, read as it is.
func (r *Record) rawExtensions() func(yield func(name, value string) bool) {
	return func(yield func(name, value string) bool) {
		for line := range strings.Lines(r.raw) {
			if !strings.HasPrefix(line, "X-") {
				continue
			}
			line = trimEOL(line)
			// Valid (flagExtRaw), so "NAME: value"; checked all the same
			// rather than trusted, not to panic.
			if colon := strings.IndexByte(line, ':'); colon >= 0 && colon+2 <= len(line) && !yield(line[:colon], line[colon+2:]) {
				return
			}
		}
	}
}

// SetURI sets the record's URI.
func (r *Record) SetURI(v string) { r.setStr(strURI, v) }

// SetName sets the record's NAME.
func (r *Record) SetName(v string) { r.setStr(strName, v) }

// SetDate sets the record's DATE.
func (r *Record) SetDate(v time.Time) {
	if r.more != nil && r.more.set&moreDate != 0 {
		m := r.edit()
		m.set &^= moreDate
		m.date = time.Time{}
		r.tidy()
	}
	r.flags &^= flagDate
	r.date = 0
	switch {
	case v.IsZero():
	case v.Location() == time.UTC && v.Nanosecond() == 0:
		r.date, r.flags = v.Unix(), r.flags|flagDate
	default:
		m := r.edit()
		m.set |= moreDate
		m.date = v
	}
}

// SetCategory sets the record's CATEGORY.
func (r *Record) SetCategory(v string) { r.setStr(strCategory, v) }

// SetDescription sets the record's DESCRIPTION.
func (r *Record) SetDescription(v string) { r.setStr(strDescription, v) }

// SetRating sets the record's RATING (0: none).
func (r *Record) SetRating(v int) {
	if v >= 0 && v <= math.MaxUint8 {
		r.rating = uint8(v)
		if r.more != nil && r.more.set&moreRating != 0 {
			m := r.edit()
			m.set &^= moreRating
			m.rating = 0
			r.tidy()
		}
		return
	}
	r.rating = 0
	m := r.edit()
	m.set |= moreRating
	m.rating = v
}

// SetLanguage sets the record's LANGUAGE.
func (r *Record) SetLanguage(v string) { r.setStr(strLanguage, v) }

// SetType sets the record's TYPE.
func (r *Record) SetType(v string) { r.setStr(strType, v) }

// SetID sets the record's ID.
func (r *Record) SetID(v string) { r.setStr(strID, v) }

// SetExtensions sets the record's extension fields; the record keeps fs.
func (r *Record) SetExtensions(fs []Field) {
	r.flags &^= flagExtRaw
	if fs == nil && (r.more == nil || r.more.set&moreExt == 0) {
		return
	}
	m := r.edit()
	if fs == nil { // an empty slice is kept: an importer gives room to add to
		m.set &^= moreExt
		m.ext = nil
		r.tidy()
		return
	}
	m.set |= moreExt
	m.ext = fs
}
