package csv

import (
	"strings"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// cellKind is how a column's cells are converted to and from its field.
type cellKind uint8

// String is how the package doc's table names the kind.
func (k cellKind) String() string {
	return [...]string{"as is", "text", "date", "1 to 5", "added date"}[k]
}

const (
	cellAsIs   cellKind = iota // the value as the record holds it
	cellText                   // decoded text, which the Writer cleans of controls (display.Clean)
	cellDate                   // RFC 3339 in UTC; the Reader takes DATE's form too
	cellRating                 // a digit from 1 to 5
	cellAdded                  // catalogue.Record.Added, as a date
)

// column is one standard column of the CSV: its name in the header, the
// field that holds it, and how a cell is converted. The Reader and the
// Writer both read columns, and the package doc's table is checked
// against it, so the mapping is stated here only.
type column struct {
	name  string // in the header: the field's name in lower case, "added" for X-ADDED
	field string
	kind  cellKind
	// get and set are the field's, for cellAsIs and text: set stores a value
	// as it is, which importers.Finish checks after.
	get func(*ssd3.Record) string
	set func(*ssd3.Record, string)
}

// columns are the standard columns, in the order the Writer writes them,
// before the extension columns: the fields of SSD3, and "added", when the
// record was added (catalogue.Record.Added: its X-ADDED, which has no
// column of its own then, or its DATE), last so that the columns of older
// files keep their places.
var columns = []column{
	{field: ssd3.FieldURI, set: (*ssd3.Record).SetURI},
	{field: ssd3.FieldName, kind: cellText, set: (*ssd3.Record).SetName},
	{field: ssd3.FieldDate, kind: cellDate},
	{field: ssd3.FieldCategory, kind: cellText, set: (*ssd3.Record).SetCategory},
	{field: ssd3.FieldDescription, kind: cellText, set: (*ssd3.Record).SetDescription},
	{field: ssd3.FieldRating, kind: cellRating},
	{field: ssd3.FieldLanguage, set: (*ssd3.Record).SetLanguage},
	{field: ssd3.FieldType, set: (*ssd3.Record).SetType},
	{field: ssd3.FieldID, set: (*ssd3.Record).SetID},
	{name: "added", field: ssd3.FieldAdded, kind: cellAdded},
}

// Columns are the names of the standard columns, in order (see columns).
var Columns []string

func init() {
	for i := range columns {
		c := &columns[i]
		if f, ok := ssd3.LookupField(c.field); ok {
			c.name = strings.ToLower(f.Name)
			c.get = f.Get
			if (c.kind == cellText) != f.Text {
				panic("csv: the kind of column " + c.name + " is not its field's")
			}
		}
		Columns = append(Columns, c.name)
	}
}
