package json

import (
	"strings"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// valueKind is how a key's value is converted to and from its field.
type valueKind uint8

const (
	valueString     valueKind = iota // a string, as the record holds it (decoded text)
	valueDate                        // RFC 3339 in UTC; the Reader takes DATE's form too
	valueRating                      // a number from 1 to 5
	valueAdded                       // catalogue.Record.Added, as a date
	valueExtensions                  // an object of the X- fields, name to string
)

// String is how the package doc's table names the kind.
func (k valueKind) String() string {
	return [...]string{"string", "date", "1 to 5", "added date", "object of X- fields"}[k]
}

// key is one key of a record's object: its name, the field it holds, and
// how its value is converted.
type key struct {
	name  string // the field's name in lower case; "added" for X-ADDED
	field string // "" for extensions
	kind  valueKind
	// A valueString key's: the field's value (catalogue.Fields'), and its
	// member of Record.
	get    func(*ssd3.Record) string
	member func(*Record) *string
}

// keys are the keys of a record's object, in the order the Writer writes
// them. The names come from catalogue.Fields. The Reader knows a record's
// keys by this table; FromRecord makes a Record by it, which the Writer
// writes and `uricat list --json` prints, and whose JSON names a test
// checks are these, in this order; the package doc's table is checked
// against it too.
var keys = []key{
	{field: ssd3.FieldURI, member: func(j *Record) *string { return &j.URI }},
	{field: ssd3.FieldName, member: func(j *Record) *string { return &j.Name }},
	{field: ssd3.FieldDate, kind: valueDate},
	{name: "added", field: ssd3.FieldAdded, kind: valueAdded},
	{field: ssd3.FieldCategory, member: func(j *Record) *string { return &j.Category }},
	{field: ssd3.FieldDescription, member: func(j *Record) *string { return &j.Description }},
	{field: ssd3.FieldRating, kind: valueRating},
	{field: ssd3.FieldLanguage, member: func(j *Record) *string { return &j.Language }},
	{field: ssd3.FieldType, member: func(j *Record) *string { return &j.Type }},
	{field: ssd3.FieldID, member: func(j *Record) *string { return &j.ID }},
	{name: "extensions", kind: valueExtensions},
}

// keyByName finds a row of keys by its name (exactly: a key in another
// case is no field's).
var keyByName = map[string]*key{}

func init() {
	for i := range keys {
		k := &keys[i]
		if f, ok := ssd3.LookupField(k.field); ok {
			k.name = strings.ToLower(f.Name)
			k.get = f.Get
		}
		keyByName[k.name] = k
	}
}
