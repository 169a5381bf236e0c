package firefox

import (
	"testing"

	"github.com/uricat/uricat/importers/importertest"
)

// TestMappingDoc checks that the package doc's table is the mapping.
func TestMappingDoc(t *testing.T) {
	var want [][]string
	for _, m := range mapping {
		want = append(want, m[:])
	}
	importertest.CheckDocTable(t, ".", "Field mapping", want)
}
