// Package catalogue reads, validates, queries and writes URI-Catalogue files
// (SSD3, media type text/vnd.si.uricatalogue), the only store uricat has.
//
// The package is lossless: every byte it could not understand is kept and
// written back unchanged, and a record that nobody edited is written back
// exactly as it was read.
package catalogue

import (
	"slices"
	"strings"
	"time"
)

// Standard field names (SSD3 section 3). Names are case-sensitive (2.1.3).
const (
	FieldURI         = "URI"
	FieldName        = "NAME"
	FieldDate        = "DATE"
	FieldCategory    = "CATEGORY"
	FieldDescription = "DESCRIPTION"
	FieldRating      = "RATING"
	FieldLanguage    = "LANGUAGE"
	FieldType        = "TYPE"
	FieldID          = "ID"
)

// DateLayout is the DATE format of SSD3 3.3 ("DD/MM/YYYY hh:mm:ss", UTC).
const DateLayout = "02/01/2006 15:04:05"

// Field is an extension field (2.2): its Name starts with "X-" and its Value
// is the decoded text.
type Field struct {
	Name  string
	Value string
}

// Record is one bookmark: a URI and the metadata SSD3 defines for it.
//
// A record a catalogue holds never changes: an edit makes a new one with
// the same Ref. Change a Clone and give the catalogue the difference
// (Diff, Set); never modify a record that Records returned.
//
// Its accessors give decoded values; an empty string (or zero Rating,
// zero Date) means the field is absent or was invalid in the file. A Record
// read from a file also remembers its original text, so that saving an
// unchanged record writes back the same bytes, and its problems.
type Record struct {
	uri         string
	name        string
	date        time.Time // UTC, to the second
	category    string
	description string
	rating      int // 1-5, 0 when absent
	language    string
	typ         string
	id          string // decimal digits, as written
	extensions  []Field

	ref      Ref           // identity for the life of the process (see Ref)
	sep      string        // blank lines before the record, written back as they were
	sepTail  int           // how many bytes of sep were the file's last blank lines when it was added
	raw      string        // the record's lines as read or rendered, with their line breaks
	line     int           // line number of the record's first line, 0 for a new record
	problems *[]Diagnostic // what was wrong with it when read; nil, as for most records, when nothing was
	accepted uint16        // standard fields taken from the file (bits of std)
	invalid  bool          // a required field is missing or invalid (2.2)
	allowDup bool          // added with Add.AllowDuplicates: a merge keeps it whatever the file holds
}

// Line returns the line of the file at which the record starts, or 0 for a
// record that was not read from the file.
func (r *Record) Line() int { return r.line }

// Problems returns what was wrong with the record when it was read.
func (r *Record) Problems() []Diagnostic {
	if r.problems == nil {
		return nil
	}
	return *r.problems
}

// addProblem adds d to the record's problems. They are held apart: a
// record without any, as most are, costs a pointer, not a slice (16 MB
// less for a million records).
func (r *Record) addProblem(d Diagnostic) {
	if r.problems == nil {
		r.problems = new([]Diagnostic)
	}
	*r.problems = append(*r.problems, d)
}

// Valid reports whether the record has a valid URI, NAME and DATE. An
// invalid record is kept and written back, but not listed (SSD3 2.2).
func (r *Record) Valid() bool { return !r.invalid }

// Raw returns the record's text as it stands in the file (without the blank
// lines before it), or "" for a record not read from a file.
func (r *Record) Raw() string { return r.raw }

// FileValue returns the value the record's text gives the field name,
// valid or not, as a user would type it (decoded from encoded-words unless
// the field is a standard one that is not Text); "" when the text has no
// such field. It is what a user fixing a value the reader refused (see
// Problems) starts from.
func (r *Record) FileValue(name string) string {
	for line := range strings.SplitSeq(r.raw, "\n") {
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
	for _, f := range r.Extensions() {
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
	c := *r
	c.SetExtensions(append([]Field(nil), r.Extensions()...))
	c.problems = nil
	if ps := r.Problems(); len(ps) > 0 {
		ps = slices.Clone(ps)
		c.problems = &ps
	}
	return &c
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
			add(f.Name, errRequired(f.Name, f.Section))
		}
	}
	for i, f := range r.Extensions() {
		add(f.Name, ValidateExtensionName(f.Name))
		for _, g := range r.Extensions()[:i] {
			if g.Name == f.Name {
				add(f.Name, errorf("field %s appears twice; a name must not occur twice in a record (2.2)", f.Name))
				break
			}
		}
		add(f.Name, validateText(f.Name, f.Value))
	}
	return ps
}

// validateText checks the value of an X- field.
func validateText(field, v string) error {
	if v == "" {
		return errRequired(field, "2.2")
	}
	if strings.TrimSpace(v) == "" {
		return errBlank(field)
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
	r := &Record{}
	r.SetValues(v)
	return r
}

// Values returns the record's fields.
func (r *Record) Values() Values {
	return Values{URI: r.URI(), Name: r.Name(), Date: r.Date(), Category: r.Category(),
		Description: r.Description(), Rating: r.Rating(), Language: r.Language(), Type: r.Type(),
		ID: r.ID(), Extensions: r.Extensions()}
}

// SetValues sets every field of the record to v's.
func (r *Record) SetValues(v Values) {
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
func (r *Record) URI() string { return r.uri }

// Name returns the record's NAME (3.2).
func (r *Record) Name() string { return r.name }

// Date returns the record's DATE (3.3), UTC; zero when absent.
func (r *Record) Date() time.Time { return r.date }

// Category returns the record's CATEGORY (3.4).
func (r *Record) Category() string { return r.category }

// Description returns the record's DESCRIPTION (3.5).
func (r *Record) Description() string { return r.description }

// Rating returns the record's RATING (3.6): 1-5, 0 when absent.
func (r *Record) Rating() int { return r.rating }

// Language returns the record's LANGUAGE (3.7).
func (r *Record) Language() string { return r.language }

// Type returns the record's TYPE (3.8).
func (r *Record) Type() string { return r.typ }

// ID returns the record's ID (3.9), decimal digits as written.
func (r *Record) ID() string { return r.id }

// Extensions returns the record's extension fields (2.2), in file order.
// The slice is the record's: do not modify it.
func (r *Record) Extensions() []Field { return r.extensions }

// SetURI sets the record's URI.
func (r *Record) SetURI(v string) { r.uri = v }

// SetName sets the record's NAME.
func (r *Record) SetName(v string) { r.name = v }

// SetDate sets the record's DATE.
func (r *Record) SetDate(v time.Time) { r.date = v }

// SetCategory sets the record's CATEGORY.
func (r *Record) SetCategory(v string) { r.category = v }

// SetDescription sets the record's DESCRIPTION.
func (r *Record) SetDescription(v string) { r.description = v }

// SetRating sets the record's RATING (0: none).
func (r *Record) SetRating(v int) { r.rating = v }

// SetLanguage sets the record's LANGUAGE.
func (r *Record) SetLanguage(v string) { r.language = v }

// SetType sets the record's TYPE.
func (r *Record) SetType(v string) { r.typ = v }

// SetID sets the record's ID.
func (r *Record) SetID(v string) { r.id = v }

// SetExtensions sets the record's extension fields; the record keeps fs.
func (r *Record) SetExtensions(fs []Field) { r.extensions = fs }
