package catalogue

import (
	"strings"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// ValidationError is returned when a record cannot be added or changed
// because some of its fields are invalid. Each problem's message names its
// field.
type ValidationError struct {
	Record   string // the record concerned, for messages ("" when obvious)
	Problems []ssd3.Diagnostic
}

func (e *ValidationError) Error() string {
	msgs := make([]string, len(e.Problems))
	for i, p := range e.Problems {
		msgs[i] = p.Msg
	}
	if e.Record != "" {
		return e.Record + ": " + strings.Join(msgs, "; ")
	}
	return strings.Join(msgs, "; ")
}
