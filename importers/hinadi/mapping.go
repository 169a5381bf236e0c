package hinadi

import (
	"strings"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// conversion is how a field's value is converted to and from its Hina-Di
// field.
type conversion uint8

const (
	convText     conversion = iota // as it is
	convDate                       // an rfc1123-date; the Reader takes the first name that reads as one
	convKeyword                    // Keyword's first TOKEN; the others are X-KEYWORDS
	convOneLine                    // made one line (importers.OneLine)
	convType                       // a media type (see mediaType)
	convVersion                    // the format's own: written as Version, not kept
	convRating                     // 1 to 5
	convLanguage                   // a language tag (catalogue.ValidateLanguage)
	convID                         // an SSD3 ID (3.9)
	convOverflow                   // what Keyword cannot hold (see keywords)
)

// String is how the package doc's table names the conversion.
func (c conversion) String() string {
	return [...]string{"as is", "RFC 1123 date", "first TOKEN, the others X-KEYWORDS", "one line", "media type",
		"HINA/2.2beta, not kept", "1 to 5", "language tag", "ID", "what Keyword cannot hold"}[c]
}

// fieldName maps a field of a record to Hina-Di: the Writer writes it as
// names[0]; the Reader takes it from the first of names (compared in lower
// case) whose value converts. URI is the URL, else Virtual (record). The
// Reader and the Writer both read fieldNames, and the package doc's table
// is checked against it.
type fieldName struct {
	names []string
	field string // catalogue.Fields', or an extension's; "" for the format's own
	conv  conversion
	keys  []string                  // names in lower case
	get   func(*ssd3.Record) string // the field's value
	set   func(*ssd3.Record, string)
}

// fieldNames lists the fields in the order the Writer writes them: the
// spec's, then uricat's own experimental fields (X-Uricat-...), which keep
// what Hina-Di has no field for.
var fieldNames = []fieldName{
	{names: []string{"Title"}, field: ssd3.FieldName, set: (*ssd3.Record).SetName},
	// The issue: Last-Modified, else Date, else Last-Modified-Detected.
	{names: []string{"Last-Modified", "Date", "Last-Modified-Detected"}, field: ssd3.FieldDate, conv: convDate},
	{names: []string{"Keyword"}, field: ssd3.FieldCategory, conv: convKeyword, set: (*ssd3.Record).SetCategory},
	{names: []string{"Author-Name"}, field: "X-AUTHOR", conv: convOneLine},
	{names: []string{"Content-Type"}, field: ssd3.FieldType, conv: convType, set: (*ssd3.Record).SetType},
	// Saying the block is complete.
	{names: []string{"HINA-Version"}, conv: convVersion},
	{names: []string{"X-Uricat-Description"}, field: ssd3.FieldDescription, set: (*ssd3.Record).SetDescription},
	{names: []string{"X-Uricat-Rating"}, field: ssd3.FieldRating, conv: convRating},
	{names: []string{"X-Uricat-Language"}, field: ssd3.FieldLanguage, conv: convLanguage, set: (*ssd3.Record).SetLanguage},
	{names: []string{"X-Uricat-Id"}, field: ssd3.FieldID, conv: convID, set: (*ssd3.Record).SetID},
	{names: []string{"X-Uricat-Category"}, field: ssd3.FieldCategory, conv: convOverflow, set: (*ssd3.Record).SetCategory},
	{names: []string{"X-Uricat-Keywords"}, field: "X-KEYWORDS", conv: convOverflow},
}

// uriNames are the fields that give URI: URL, else Virtual ("Vitural" is
// the original spec's spelling).
var uriNames = []string{"url", "virtual", "vitural"}

// written are the fields (lower case) the Writer writes a record's field
// as, and the URI's: it must not write an extension under one of these
// names.
var written = map[string]bool{}

// notKept are fields about the Hina-Di file rather than the page: the
// format's own bookkeeping.
var notKept = map[string]bool{"hina": true}

func init() {
	for i := range fieldNames {
		a := &fieldNames[i]
		for _, n := range a.names {
			a.keys = append(a.keys, strings.ToLower(n))
		}
		switch {
		case a.field == "":
			notKept[a.keys[0]] = true
			continue
		case strings.HasPrefix(a.field, "X-"):
			a.get = func(r *ssd3.Record) string { return r.Extension(a.field) }
		default:
			f, _ := ssd3.LookupField(a.field)
			a.get = f.Get
		}
		written[a.keys[0]] = true
	}
	for _, n := range uriNames {
		written[n] = true
	}
}
