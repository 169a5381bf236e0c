// Package soif forwards to importers/soif, where the SOIF writer now lives
// beside its reader. It goes when the exporters registry does.
package soif

import (
	"io"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/soif"
)

// Write writes recs to w with soif.Writer.
func Write(w io.Writer, recs []*catalogue.Record) error {
	return importers.WriteAll(soif.NewWriter(w), recs)
}
