package urc

import (
	"strings"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// conversion is how a field's value is converted to and from its URDs.
type conversion uint8

const (
	convText     conversion = iota // the values, joined by "; "
	convDate                       // one of dateForms; written in DateLayout
	convRating                     // one value, 1 to 5
	convLanguage                   // the first value (a second is reported, dropped)
	convType                       // a media type, in canonical form (mediaType)
	convID                         // one value, an SSD3 ID (3.9)
)

// String is how the package doc's table names the conversion.
func (c conversion) String() string {
	return [...]string{`values joined by "; "`, "date", "1 to 5", "the first", "media type", "ID"}[c]
}

// fieldURD maps a standard field to the URD (label, the field name of rule
// 6) the Writer writes it as and the Reader takes it from, untranslated (no
// language tag). A value the field cannot hold stays an X- field. The
// Reader and the Writer both read fieldURDs, and the package doc's table
// is checked against it.
type fieldURD struct {
	field string
	label string
	conv  conversion
	get   func(*ssd3.Record) string // the field's (catalogue.Fields)
	set   func(*ssd3.Record, string)
}

// fieldURDs lists the fields in the order the Writer writes them. Category,
// Rating and Id are not the proposal's, but uricat's export writes them
// and the Reader reads them back as themselves (not as X-CATEGORY).
var fieldURDs = []fieldURD{
	{field: ssd3.FieldName, label: "Title", set: (*ssd3.Record).SetName},
	{field: ssd3.FieldDescription, label: "Description", set: (*ssd3.Record).SetDescription},
	{field: ssd3.FieldDate, label: "Date", conv: convDate},
	{field: ssd3.FieldCategory, label: "Category", set: (*ssd3.Record).SetCategory},
	{field: ssd3.FieldRating, label: "Rating", conv: convRating},
	{field: ssd3.FieldLanguage, label: "Language", conv: convLanguage, set: (*ssd3.Record).SetLanguage},
	// The proposal's field name.
	{field: ssd3.FieldType, label: "Content-type", conv: convType, set: (*ssd3.Record).SetType},
	{field: ssd3.FieldID, label: "Id", conv: convID, set: (*ssd3.Record).SetID},
}

// urdField finds a row of fieldURDs by its label in lower case.
var urdField = map[string]*fieldURD{}

func init() {
	for i := range fieldURDs {
		a := &fieldURDs[i]
		f, _ := ssd3.LookupField(a.field)
		a.get = f.Get
		urdField[strings.ToLower(a.label)] = a
	}
}
