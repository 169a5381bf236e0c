package json

import (
	"io"
	"testing"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

func newWriter(w io.Writer) importers.Writer { return NewWriter(w) }

// BenchmarkWriter writes 10k, 100k and 1M records shaped like a real
// catalogue.
func BenchmarkWriter(b *testing.B) { importertest.BenchmarkWriter(b, newWriter) }

// BenchmarkReader reads the export of 10k, 100k and 1M such records.
func BenchmarkReader(b *testing.B) {
	importertest.BenchmarkReader(b, func(r io.Reader) importers.Reader { return NewReader(r, importers.Options{}) },
		importertest.ExportOf(newWriter))
}
