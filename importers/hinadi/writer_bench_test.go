package hinadi

import (
	"io"
	"testing"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
	"github.com/uricat/uricat/internal/cputime"
)

// BenchmarkWrite100k writes 100,000 records shaped like a real catalogue.
func BenchmarkWrite100k(b *testing.B) {
	recs := importertest.Records(100_000)
	cpu := cputime.Used()
	for b.Loop() {
		if err := importers.WriteAll(NewWriter(io.Discard), recs); err != nil {
			b.Fatal(err)
		}
	}
	cputime.Report(b, cpu)
}
