// Package hinadi forwards to importers/hinadi, where the Hina-Di writer now
// lives beside its reader. It goes when the exporters registry does.
package hinadi

import (
	"io"
	"time"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/hinadi"
)

// Writer writes Hina-Di files whose header is dated by Now (nil: time.Now).
type Writer struct {
	Now func() time.Time
}

// Write writes recs to w as a Hina-Di file dated now.
func Write(w io.Writer, recs []*catalogue.Record) error {
	return (&Writer{}).Write(w, recs)
}

// Write writes recs to w with hinadi.Writer.
func (hw *Writer) Write(w io.Writer, recs []*catalogue.Record) error {
	out := hinadi.NewWriter(w)
	out.Now = hw.Now
	return importers.WriteAll(out, recs)
}
