package soif

import (
	"io"
	"testing"
	"time"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

// BenchmarkWriter writes 10k, 100k and 1M records shaped like a real
// catalogue.
func BenchmarkWriter(b *testing.B) { importertest.BenchmarkWriter(b, Format.NewWriter) }

// BenchmarkReader reads back what BenchmarkWriter writes: 10k, 100k and 1M
// records of uricat's own export.
func BenchmarkReader(b *testing.B) {
	opts := importers.Options{Now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)}
	importertest.BenchmarkReader(b, func(r io.Reader) importers.Reader { return NewReader(r, opts) }, importertest.ExportOf(Format.NewWriter))
}
