package soif

import (
	"strings"
	"testing"

	"github.com/uricat/uricat/importers/importertest"
)

// The package doc's table lists exactly the rows of fieldAttrs, in order.
func TestDocMapping(t *testing.T) {
	var want [][]string
	for _, a := range fieldAttrs {
		want = append(want, []string{a.field, a.attr, strings.Join(a.reads, ", "), a.conv.String()})
	}
	importertest.CheckDocTable(t, ".", "Field mapping", want)
}
