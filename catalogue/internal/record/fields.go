package record

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/uricat/uricat/catalogue/internal/syntax"
)

// FieldSpec is what uricat knows of one standard field of SSD3 section 3:
// its name, the section that defines it, whether a record needs it, and how
// to read, check and change its value. Every part of uricat that handles
// the standard fields one by one (the reader, Validate, the writer, the
// edit path, the TUI's form and detail pane, the command line's flags)
// goes through this table, so that a field is described once.
//
// The text of a value is what a user types and what `uricat show` prints:
// decoded Unicode for NAME, CATEGORY and DESCRIPTION, "DD/MM/YYYY hh:mm:ss"
// for DATE (3.3), "1" to "5" for RATING (3.6), as written for the others.
type FieldSpec struct {
	Name    string
	Label   string // the name as a person reads it, for display: "Category"
	Section string // the section of SSD3 that defines the field
	// Required fields (3.1-3.3) are those a record is not used without (2.2).
	Required bool
	// Text fields may hold any Unicode; the writer encodes what ASCII
	// cannot hold as RFC 2047 encoded-words, and the reader decodes them.
	Text bool
	// Hint says what a value looks like, for an input's placeholder or a
	// flag's usage: "1-5". "" when any text will do.
	Hint string
	// Get returns r's value as text, or "" when r has none.
	Get func(r *Record) string
	// Set checks the text v and stores it in r; "" clears the field. The
	// error names the field once.
	Set func(r *Record, v string) error

	// The reader's side. bit is the field's bit in a record's masks
	// (Record.accepted); index its place in Fields.
	bit   uint16
	index int
	// read checks a value as a file holds it (encoded-words for a Text
	// field) and, when it is valid, stores it in r, which it leaves alone
	// otherwise. c, which may be nil, remembers verdicts on values that
	// records repeat. It runs for every line of a file.
	read func(r *Record, v string, c *valueCache) error
	// validate checks r's value as held; errAbsent when r has none.
	validate func(r *Record) error
	// How the value of a field held in a string of Record is checked (a
	// Text field's: that it is not blank); init makes its read.
	valid func(string) error
	// cached: valid is costly, and records repeat the values it checks.
	cached bool
}

// Added returns when r was added: its X-ADDED when that is a date in
// DATE's form, else its DATE; zero when it has neither.
func (r *Record) Added() time.Time {
	if t, ok := r.addedField(); ok {
		return t
	}
	return r.Date()
}

// Changed returns when r was last amended after it was added: its DATE
// when it has an X-ADDED in DATE's form, zero when DATE is still the time
// it was added.
func (r *Record) Changed() time.Time {
	if _, ok := r.addedField(); ok {
		return r.Date()
	}
	return time.Time{}
}

// addedField returns r's X-ADDED as a time, if it is one.
func (r *Record) addedField() (time.Time, bool) {
	v := r.Extension(FieldAdded)
	if v == "" {
		return time.Time{}, false
	}
	t, err := ParseDate(v)
	return t, err == nil
}

// Fields lists the standard fields in the order a new record writes them,
// the order of the spec's full example (4.1), which is also the order in
// which uricat shows them. Do not modify it.
var Fields []FieldSpec

// Fields is made in init, not in its declaration, so that its functions may
// look fields up (DATE's Set clears its bit).
func init() {
	uri := stringField(FieldSpec{Name: FieldURI, Label: "URI", Section: "3.1", Required: true, Hint: "https://example.org/"},
		(*Record).URI, (*Record).SetURI, ValidateURI)
	set := uri.Set
	uri.Set = func(r *Record, v string) error { return set(r, NormalizeURI(v)) } // an IRI becomes a URI
	Fields = []FieldSpec{
		uri,
		stringField(FieldSpec{Name: FieldName, Label: "Name", Section: "3.2", Required: true, Text: true, Hint: "a title"},
			(*Record).Name, (*Record).SetName, nil),
		stringField(FieldSpec{Name: FieldID, Label: "ID", Section: "3.9", Hint: "a unique positive integer"},
			(*Record).ID, (*Record).SetID, ValidateID),
		dateField,
		stringField(FieldSpec{Name: FieldCategory, Label: "Category", Section: "3.4", Text: true},
			(*Record).Category, (*Record).SetCategory, nil),
		stringField(FieldSpec{Name: FieldDescription, Label: "Description", Section: "3.5", Text: true},
			(*Record).Description, (*Record).SetDescription, nil),
		ratingField,
		stringField(FieldSpec{Name: FieldLanguage, Label: "Language", Section: "3.7", Hint: "a language tag, such as en-gb", cached: true},
			(*Record).Language, (*Record).SetLanguage, ValidateLanguage),
		stringField(FieldSpec{Name: FieldType, Label: "Type", Section: "3.8", Hint: "a media type, such as text/html", cached: true},
			(*Record).Type, (*Record).SetType, ValidateType),
	}
	if len(Fields) > 16 || len(Fields) > len(valueCache{}.verdicts) {
		panic("catalogue: more standard fields than Record.accepted has bits, or valueCache slots")
	}
	for i := range Fields {
		f := &Fields[i]
		f.bit, f.index = 1<<i, i
		if f.Required {
			requiredFields |= f.bit
		}
		if f.read == nil {
			f.read = readString(f)
		}
	}
	indexFields()
}

// requiredFields has the bits of the required fields.
var requiredFields uint16

// errAbsent is what a FieldSpec's validate returns for a record without
// the field: an error only if the field is required.
var errAbsent = errors.New("absent")

// stringField completes f, a field got and put as a string whose value
// valid checks; a Text field's is only checked not to be blank.
func stringField(f FieldSpec, get func(r *Record) string, put func(r *Record, v string), valid func(string) error) FieldSpec {
	name := f.Name
	if f.Text {
		valid = func(v string) error {
			if strings.TrimSpace(v) == "" {
				return syntax.ErrBlank(name)
			}
			return nil
		}
	}
	f.valid = valid
	f.Get = get
	f.Set = func(r *Record, v string) error {
		if v != "" {
			if err := valid(v); err != nil {
				return err
			}
		}
		put(r, v)
		return nil
	}
	f.validate = func(r *Record) error {
		if v := get(r); v != "" {
			return valid(v)
		}
		return errAbsent
	}
	return f
}

// readString makes the read of a string field f: a Text field's value is
// decoded from encoded-words, the verdicts on a cached one remembered.
// The value is the rest of its line in r's text (see setLineRest).
func readString(f *FieldSpec) func(r *Record, v string, c *valueCache) error {
	name, valid, index := f.Name, f.valid, f.index
	k := slices.Index(strNames[:], name)
	switch {
	case f.Text:
		return func(r *Record, v string, _ *valueCache) error {
			d, err := decodeValue(name, v)
			if err == nil {
				r.setLineRest(k, d)
			}
			return err
		}
	case f.cached:
		return func(r *Record, v string, c *valueCache) error {
			err := c.check(index, valid, v)
			if err == nil {
				r.setLineRest(k, v)
			}
			return err
		}
	}
	return func(r *Record, v string, _ *valueCache) error {
		err := valid(v)
		if err == nil {
			r.setLineRest(k, v)
		}
		return err
	}
}

// dateField is DATE (3.3): a time in UTC, to the second.
var dateField = FieldSpec{Name: FieldDate, Label: "Date", Section: "3.3", Required: true, Hint: "DD/MM/YYYY hh:mm:ss in UTC",
	Get: func(r *Record) string {
		if !r.hasDate() {
			return ""
		}
		return FormatDate(r.Date())
	},
	Set: func(r *Record, v string) error {
		if v == "" {
			r.SetDate(time.Time{})
			r.accepted &^= bitOf(FieldDate)
			return nil
		}
		return readDate(r, v, nil)
	},
	read: readDate,
	validate: func(r *Record) error {
		if !r.hasDate() {
			return errAbsent
		}
		return ValidateDate(r.Date())
	},
}

func readDate(r *Record, v string, _ *valueCache) error {
	t, err := ParseDate(v)
	if err == nil {
		r.SetDate(t)
	}
	return err
}

// ratingField is RATING (3.6): 1 to 5, 0 in Record when absent.
var ratingField = FieldSpec{Name: FieldRating, Label: "Rating", Section: "3.6", Hint: "1-5",
	Get: func(r *Record) string {
		if r.Rating() == 0 {
			return ""
		}
		return strconv.Itoa(r.Rating())
	},
	Set: func(r *Record, v string) error {
		if v == "" {
			r.SetRating(0)
			return nil
		}
		return readRating(r, v, nil)
	},
	read: readRating,
	validate: func(r *Record) error {
		if r.Rating() == 0 {
			return errAbsent
		}
		return ValidateRating(r.Rating())
	},
}

func readRating(r *Record, v string, _ *valueCache) error {
	n, err := ParseRating(v)
	if err == nil {
		r.SetRating(n)
	}
	return err
}

// fieldSlots finds a standard field by its name with one string
// comparison, on the reader's hot path: a field's slot is
// slot(name), which fieldHash makes different for each standard field
// (indexFields checks it).
var fieldSlots [64]*FieldSpec

const fieldHash = 5

func slot(name string) uint { return (uint(name[0]) + uint(len(name))*fieldHash) & 63 }

func indexFields() {
	for i := range Fields {
		f := &Fields[i]
		s := slot(f.Name)
		if fieldSlots[s] != nil {
			panic("catalogue: " + f.Name + " and " + fieldSlots[s].Name + " share a slot: change fieldHash")
		}
		fieldSlots[s] = f
	}
}

// spec returns the standard field called name, or nil.
func spec(name string) *FieldSpec {
	if name == "" {
		return nil
	}
	if f := fieldSlots[slot(name)]; f != nil && f.Name == name {
		return f
	}
	return nil
}

// bitOf returns the bit of the standard field name in a record's masks, 0
// for any other name.
func bitOf(name string) uint16 {
	if f := spec(name); f != nil {
		return f.bit
	}
	return 0
}

// LookupField returns the standard field called name (case-sensitive, as
// 2.1.3 says names are).
func LookupField(name string) (FieldSpec, bool) {
	if f := spec(name); f != nil {
		return *f, true
	}
	return FieldSpec{}, false
}

// GetField returns r's value of the field name, standard or X-, as text; ""
// when r has none.
func GetField(r *Record, name string) string {
	if f := spec(name); f != nil {
		return f.Get(r)
	}
	return r.Extension(name)
}

// SetField checks v and stores it as r's value of the field name, standard
// or X-; "" clears the field. The error says what is wrong with the name or
// the value, quoting SSD3, and names the field once.
func SetField(r *Record, name, v string) error {
	if f := spec(name); f != nil {
		return f.Set(r, v)
	}
	if err := ValidateExtensionName(name); err != nil {
		return err
	}
	if v != "" && strings.TrimSpace(v) == "" {
		return syntax.ErrBlank(name)
	}
	r.SetExtension(name, v)
	return nil
}

// FieldNames returns the names of the fields r has a value for: the
// standard ones in the order of Fields, then its X- fields in its order.
func FieldNames(r *Record) []string {
	var names []string
	for _, f := range Fields {
		if f.Get(r) != "" {
			names = append(names, f.Name)
		}
	}
	for _, x := range r.Extensions() {
		names = append(names, x.Name)
	}
	return names
}

// Diff returns the fields whose values differ between old and new, with
// new's values ("" for a field new clears), standard fields first: the
// Set edit that turns old into new. DATE is in it only when new has a DATE
// other than old's (one the user typed): otherwise the Set stamps it.
func Diff(old, new *Record) []Field {
	var out []Field
	for _, f := range Fields {
		v := f.Get(new)
		if v == f.Get(old) || f.Name == FieldDate && v == "" {
			continue
		}
		out = append(out, Field{Name: f.Name, Value: v})
	}
	for _, x := range old.Extensions() {
		if new.Extension(x.Name) == "" {
			out = append(out, Field{Name: x.Name})
		}
	}
	for _, x := range new.Extensions() {
		if x.Value != old.Extension(x.Name) {
			out = append(out, x)
		}
	}
	return out
}

// StoredValue returns the value of the standard field name as r's text
// holds it, whether or not it is valid, and whether r uses it: "not a uri"
// for "URI: not a uri", false. A record keeps such a line but holds no
// value for it (GetField is ""), so that a view would show nothing there;
// it shows this, marked, instead. "" when the text has no such line (a
// record not read from a file, or without the field).
func StoredValue(r *Record, name string) (value string, used bool) {
	if v := GetField(r, name); v != "" {
		return v, true
	}
	prefix := name + ": "
	for line := range strings.Lines(r.Raw()) {
		if v, ok := strings.CutPrefix(trimEOL(line), prefix); ok {
			return v, false
		}
	}
	return "", false
}
