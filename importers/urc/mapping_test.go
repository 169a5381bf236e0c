package urc

import (
	"testing"

	"github.com/uricat/uricat/importers/importertest"
)

// The package doc's table lists exactly the rows of fieldURDs, in order.
func TestDocMapping(t *testing.T) {
	var want [][]string
	for _, a := range fieldURDs {
		want = append(want, []string{a.field, a.label, a.conv.String()})
	}
	importertest.CheckDocTable(t, ".", "Field mapping", want)
}
