package urc

import (
	"flag"
	"testing"

	"github.com/uricat/uricat/importers/importertest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestGolden checks the export of the sample catalogue against
// testdata/sample.golden (go test -update rewrites it, after review).
func TestGolden(t *testing.T) { importertest.CheckGolden(t, Format.NewWriter, *update) }
