package json

import (
	"strings"
	"testing"

	"github.com/uricat/uricat/importers/importertest"
)

// Issue 24: the export says when each bookmark was added, "added", beside
// DATE, when it last changed; and reads back as it was.
func TestAddedIsExportedAndReadBack(t *testing.T) {
	recs := importertest.Added(t)
	out, _ := write(t, recs...)
	for _, want := range wantAdded {
		if !strings.Contains(out, want) {
			t.Errorf("the export lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "19/05/2016") {
		t.Errorf("an X-ADDED that is a date is written as added, not as an extension:\n%s", out)
	}
	importertest.CheckReadsBack(t, Format, recs, anyOrder)
}

var wantAdded = []string{
	`"date": "2026-03-01T12:00:00Z",` + "\n    " + `"added": "2016-05-19T19:43:55Z",`,
	`"date": "2016-05-19T19:43:55Z",` + "\n    " + `"added": "2016-05-19T19:43:55Z"` + "\n",
	`"added": "2026-03-01T12:00:00Z",`, `"X-ADDED": "last year"`,
}

const anyOrder = true // a JSON object has no order
