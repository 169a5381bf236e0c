package formats

// ADAPTER, to remove (issue 10, part B): the writers of SOIF, Hina-Di and
// URC still live in exporters/soif, exporters/hinadi and exporters/urc as
// Write(w, recs) functions, until they move into importers/soif,
// importers/hinadi and importers/urc, whose Format then fills NewWriter
// itself. Until then, legacyWriter gives those formats a Writer over the
// old functions. Once part B has landed, delete this file and the three
// legacyWriter calls in Formats.

import (
	"errors"
	"io"

	"github.com/uricat/uricat/catalogue"
	hinadiexport "github.com/uricat/uricat/exporters/hinadi"
	soifexport "github.com/uricat/uricat/exporters/soif"
	urcexport "github.com/uricat/uricat/exporters/urc"
	"github.com/uricat/uricat/importers"
)

var (
	writeSOIF   = soifexport.Write
	writeHinaDi = hinadiexport.Write
	writeURC    = urcexport.Write
)

// legacyWriter returns f with a NewWriter over write, unless f has one
// (write nil: none), and its Extensions.
func legacyWriter(f importers.Format, write func(io.Writer, []*catalogue.Record) error) importers.Format {
	if f.NewWriter == nil && write != nil {
		f.NewWriter = func(w io.Writer) importers.Writer { return &batchWriter{w: w, write: write} }
	}
	if len(f.Extensions) == 0 {
		f.Extensions = legacyExtensions[f.Name]
	}
	return f
}

// legacyExtensions are the extensions the old exporters registry had, and
// http-index-format's.
var legacyExtensions = map[string][]string{"soif": {".soif"}, "hinadi": {".di"}, "urc": {".urc"}, "httpindex": {".idx"}}

// batchWriter holds the records until Close, then writes them all.
type batchWriter struct {
	w      io.Writer
	write  func(io.Writer, []*catalogue.Record) error
	recs   []*catalogue.Record
	closed bool
}

func (b *batchWriter) Write(rec *catalogue.Record) error {
	if b.closed {
		return errors.New("Write after Close")
	}
	b.recs = append(b.recs, rec)
	return nil
}

func (b *batchWriter) Close() error {
	if b.closed {
		return errors.New("Close called twice")
	}
	b.closed = true
	return b.write(b.w, b.recs)
}
