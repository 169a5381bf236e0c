package pinboard

import (
	"github.com/uricat/uricat/catalogue/ssd3"
)

// valueKind is how a key's value becomes its field.
type valueKind uint8

const (
	valueText    valueKind = iota // a string, as it is (Finish cleans it)
	valueDate                     // RFC 3339
	valueTags                     // space-separated tags, made X-TAGS's comma-separated list
	valueFlag                     // "yes" or "no", made "1" or "0" as Pinboard's HTML export writes it
	valueNotFlag                  // "yes" or "no", made "0" or "1": the flag is its negation
	valueLeftOut                  // Pinboard's own bookkeeping, not the bookmark's
	valueField                    // a field Pinboard has no key for, which uricat's export adds, as ssd3 writes it
)

// String is how the package doc's table names the kind.
func (k valueKind) String() string {
	return [...]string{"text", "RFC 3339 date", "space-separated tags", "yes 1, no 0", "yes 0, no 1", "left out", "uricat's export"}[k]
}

// key is one key of a post object and the field it goes to.
type key struct {
	name  string
	field string // "" for one left out
	kind  valueKind
	set   func(*ssd3.Record, string) // a valueText key's: stores the value as it is, which Finish checks
}

// keys are the keys of a post, in the order Pinboard writes them. The
// Reader knows a post by this table, and the package doc's table is checked
// against it. shared and toread become the X-PRIVATE and X-TOREAD that the
// netscape reader makes of the PRIVATE and TOREAD of Pinboard's HTML
// export, with the same values, so that a bookmark reads the same from
// either export. The Writer writes a post from the same table; the rows
// after tags are the fields Pinboard has no key for, which the Writer adds
// so that uricat's own export reads back whole.
var keys = []key{
	{"href", ssd3.FieldURI, valueText, (*ssd3.Record).SetURI},
	{"description", ssd3.FieldName, valueText, (*ssd3.Record).SetName},
	{"extended", ssd3.FieldDescription, valueText, (*ssd3.Record).SetDescription},
	{"meta", "", valueLeftOut, nil},
	{"hash", "", valueLeftOut, nil},
	{"time", ssd3.FieldDate, valueDate, nil},
	{"shared", "X-PRIVATE", valueNotFlag, nil},
	{"toread", "X-TOREAD", valueFlag, nil},
	{"tags", ssd3.FieldTags, valueTags, nil},
	{"category", ssd3.FieldCategory, valueField, nil},
	{"rating", ssd3.FieldRating, valueField, nil},
	{"language", ssd3.FieldLanguage, valueField, nil},
	{"type", ssd3.FieldType, valueField, nil},
	{"id", ssd3.FieldID, valueField, nil},
}

// keyByName finds a row of keys by its name, keyByField by its field.
var keyByName, keyByField = map[string]*key{}, map[string]*key{}

func init() {
	for i := range keys {
		keyByName[keys[i].name] = &keys[i]
		if keys[i].field != "" {
			keyByField[keys[i].field] = &keys[i]
		}
	}
}
