package hinadi

import (
	"testing"

	"github.com/uricat/uricat/importers/importertest"
)

// BenchmarkWrite100k writes 100,000 records shaped like a real catalogue.
func BenchmarkWrite100k(b *testing.B) { importertest.BenchmarkWriter(b, Format) }
