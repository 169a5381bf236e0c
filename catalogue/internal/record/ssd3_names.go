package record

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

// FieldAdded is the extension field (SSD3 2.2) that keeps when a record
// was added once its DATE no longer says so. SSD3 3.3 makes DATE the time
// a record "was created or last amended", so an edit stamps it; the time a
// bookmark was added is the user's data all the same. The first time an
// edit moves DATE, it writes the DATE the record had into X-ADDED, in
// DATE's form (DateLayout, UTC), and later edits leave it alone: a record
// without X-ADDED was added at its DATE.
const FieldAdded = "X-ADDED"
