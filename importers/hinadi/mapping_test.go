package hinadi

import (
	"strings"
	"testing"

	"github.com/uricat/uricat/importers/importertest"
)

// The package doc's table lists exactly the rows of fieldNames, in order.
func TestDocMapping(t *testing.T) {
	var want [][]string
	for _, a := range fieldNames {
		field := a.field
		if field == "" {
			field = "-"
		}
		want = append(want, []string{strings.Join(a.names, ", "), field, a.conv.String()})
	}
	importertest.CheckDocTable(t, ".", "Field mapping", want)
}
