package record

import (
	"fmt"
	"sync/atomic"

	"github.com/uricat/uricat/catalogue/internal/syntax"
)

// Ref is a record's identity for the life of the process: it does not
// change when the record is edited (an edit makes a new *Record with the
// same Ref), moved, saved, or merged with another program's version of the
// file, and no two records of any catalogue share one.
type Ref uint64

// lastRef is the last Ref handed out, process-wide.
var lastRef atomic.Uint64

// NewRefs reserves n consecutive Refs and returns the first.
func NewRefs(n int) Ref {
	return Ref(lastRef.Add(uint64(n)) - uint64(n) + 1)
}

// Ref returns the record's identity; 0 for a record that no catalogue holds.
func (r *Record) Ref() Ref { return r.ref }

// FieldConflict is the X- field (SSD3 2.2) that marks a version of a
// record a merge could not settle: its value starts with the side the
// version came from, "ours" or "theirs", and says why ("theirs: NAME
// differs from the record before"). A record with it is a warning for
// check, until the user keeps one version and drops the field.
const FieldConflict = "X-CONFLICT"

// conflictWarning is the warning of a record a merge left with two
// versions (FieldConflict), or nil.
func conflictWarning(name, value string, line int) *Diagnostic {
	if name != FieldConflict {
		return nil
	}
	return &Diagnostic{Line: line, Offset: -1, Field: name, Kind: Warning,
		Msg: fmt.Sprintf("unsettled merge conflict (%s: %s): keep one version of the record and remove the field, or keep both and remove it", name, syntax.Clip(value))}
}

// LastRef returns the last Ref handed out: every record made before
// holds one at most this.
func LastRef() Ref { return Ref(lastRef.Load()) }
