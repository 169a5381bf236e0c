package soif

import (
	"strings"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// conversion is how a field's value is converted to and from its attributes.
type conversion uint8

const (
	convText     conversion = iota // the first value, as it is
	convDate                       // the first of dateAttrs that reads as a date; written as Unix seconds
	convRating                     // the first value that is 1 to 5
	convID                         // the first value that is an SSD3 ID (3.9)
	convType                       // the first value that is a media type "type/subtype"
	convLanguage                   // the first value that is a language tag, made an RFC 3066 tag
)

// String is how the package doc's table names the conversion.
func (c conversion) String() string {
	return [...]string{"as is", "date", "1 to 5", "ID", "media type", "RFC 3066 tag"}[c]
}

// fieldAttr maps a standard field to SOIF: the attribute the Writer writes
// it as, and the attributes (their bases: lower case, without "-N") the
// Reader takes it from, best first. URI is the object's URL, else an
// IDENTIFIER (setURI). The Reader and the Writer both read fieldAttrs, and
// the package doc's table is checked against it.
type fieldAttr struct {
	field string
	attr  string
	reads []string
	conv  conversion
	get   func(*ssd3.Record) string // the field's (catalogue.Fields)
	set   func(*ssd3.Record, string)
}

// fieldAttrs lists the fields in the order the Writer writes them.
// Category, Rating and Id are not in the draft: uricat's own export writes
// them, and the Reader reads them back as themselves (Id, not X-ID).
var fieldAttrs = []fieldAttr{
	{field: ssd3.FieldName, attr: "Title", reads: []string{"title"}, set: (*ssd3.Record).SetName},
	{field: ssd3.FieldDescription, attr: "Description", reads: []string{"description", "abstract"}, set: (*ssd3.Record).SetDescription},
	{field: ssd3.FieldDate, attr: "Last-Modification-Time", conv: convDate},
	{field: ssd3.FieldCategory, attr: "Category", reads: []string{"category"}, set: (*ssd3.Record).SetCategory},
	{field: ssd3.FieldRating, attr: "Rating", reads: []string{"rating"}, conv: convRating},
	{field: ssd3.FieldLanguage, attr: "Language", reads: []string{"language"}, conv: convLanguage},
	// Only "type/subtype" can be a media type (Harvest's "HTML" in FILE's
	// Type is not, and stays X-TYPE).
	{field: ssd3.FieldType, attr: "Type", reads: typeAttrs, conv: convType},
	{field: ssd3.FieldID, attr: "Id", reads: []string{"id"}, conv: convID},
}

// uriAttrs are the attributes that may give URI besides the URL.
var uriAttrs = []string{"url", "identifier"}

// interpretedAttrs are the bases of the attributes record may take for a
// field: what the writer must not name an extension (see AttributeName).
var interpretedAttrs = map[string]bool{}

func init() {
	for i := range fieldAttrs {
		a := &fieldAttrs[i]
		f, _ := ssd3.LookupField(a.field)
		a.get = f.Get
		if a.conv == convDate {
			for _, d := range dateAttrs {
				a.reads = append(a.reads, d.base)
			}
		}
		for _, b := range a.reads {
			interpretedAttrs[b] = true
		}
	}
	for _, b := range uriAttrs {
		interpretedAttrs[b] = true
	}
}

// interpreted reports whether record may take the attribute with this base
// (lower case) for a field.
func interpreted(base string) bool { return interpretedAttrs[strings.ToLower(base)] }
