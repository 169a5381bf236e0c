package csv

import (
	"testing"

	"github.com/uricat/uricat/importers/importertest"
)

// The package doc's table lists exactly the rows of columns, in order.
func TestDocMapping(t *testing.T) {
	var want [][]string
	for _, c := range columns {
		want = append(want, []string{c.name, c.field, c.kind.String()})
	}
	importertest.CheckDocTable(t, ".", "Field mapping", want)
}

// The columns' names are those of `uricat export --format csv` before the
// table: the fields' names in lower case, then added.
func TestColumns(t *testing.T) {
	want := []string{"uri", "name", "date", "category", "description", "rating", "language", "type", "id", "added"}
	if len(Columns) != len(want) {
		t.Fatalf("Columns = %q, want %q", Columns, want)
	}
	for i := range want {
		if Columns[i] != want[i] {
			t.Fatalf("Columns = %q, want %q", Columns, want)
		}
	}
}
