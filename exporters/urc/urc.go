// Package urc forwards to importers/urc, where the URC writer now lives
// beside its reader. It goes when the exporters registry does.
package urc

import (
	"io"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/urc"
)

// Write writes recs to w with urc.Writer.
func Write(w io.Writer, recs []*catalogue.Record) error {
	return importers.WriteAll(urc.NewWriter(w), recs)
}
