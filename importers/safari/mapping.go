package safari

import (
	"strings"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// valueKind is the kind of a key's value in the property list.
type valueKind uint8

const (
	valueString valueKind = iota
	valueDate
)

// String is how the package doc's table names the kind.
func (k valueKind) String() string { return [...]string{"string", "date"}[k] }

// key is one key of a bookmark's dictionary (a path, for a key of a
// dictionary in it) and the field its value goes to.
type key struct {
	path  []string
	field string
	kind  valueKind
	set   func(*ssd3.Record, string) // a valueString key's: stores the value as it is, which Finish checks
}

// name is the key as the package doc's table and messages write it.
func (k *key) name() string { return strings.Join(k.path, ".") }

// keys are the keys of a bookmark that the Reader reads, in the order of
// the package doc's table, which a test checks against it.
var keys = []key{
	{[]string{"URLString"}, ssd3.FieldURI, valueString, (*ssd3.Record).SetURI},
	{[]string{"URIDictionary", "title"}, ssd3.FieldName, valueString, (*ssd3.Record).SetName},
	{[]string{"ReadingList", "DateAdded"}, ssd3.FieldDate, valueDate, nil},
	{[]string{"ReadingList", "DateLastViewed"}, "X-LAST-VISIT", valueDate, nil},
	{[]string{"ReadingList", "PreviewText"}, ssd3.FieldDescription, valueString, (*ssd3.Record).SetDescription},
}
