package catalogue

import "github.com/uricat/uricat/catalogue/internal/record"

// Ref is a record's identity for the life of the process: it does not
// change when the record is edited (an edit makes a new *Record with the
// same Ref), moved, saved, or merged with another program's version of the
// file, and no two records of any catalogue share one.
type Ref = record.Ref
