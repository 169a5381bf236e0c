// Package importertest checks what every importer promises of the records
// it emits, for the importers' tests and fuzz targets.
package importertest

import (
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue"
)

// CheckRecord fails t if the catalogue would reject rec, or if any of its
// text holds what must never reach a catalogue or a terminal: control
// characters, escape sequences, invalid UTF-8. Only DESCRIPTION, and X-
// values when multiLineExtensions, may hold line breaks and tabs.
func CheckRecord(t testing.TB, rec *catalogue.Record, multiLineExtensions bool) {
	t.Helper()
	if ps := rec.Validate(); len(ps) > 0 {
		t.Fatalf("record %q does not validate: %v", rec.URI, ps)
	}
	CheckText(t, "URI", rec.URI, false)
	CheckText(t, "NAME", rec.Name, false)
	CheckText(t, "CATEGORY", rec.Category, false)
	CheckText(t, "DESCRIPTION", rec.Description, true)
	CheckText(t, "LANGUAGE", rec.Language, false)
	CheckText(t, "TYPE", rec.Type, false)
	CheckText(t, "ID", rec.ID, false)
	for _, e := range rec.Extensions {
		CheckText(t, "field name", e.Name, false)
		CheckText(t, e.Name, e.Value, multiLineExtensions)
	}
}

// CheckText fails t if s holds a control character, an escape sequence or
// invalid UTF-8, or, unless multiLine, a line break or a tab.
func CheckText(t testing.TB, what, s string, multiLine bool) {
	t.Helper()
	if catalogue.CleanText(s) != s {
		t.Fatalf("%s %q holds control characters, escape sequences or invalid UTF-8", what, s)
	}
	if !multiLine && strings.ContainsAny(s, "\n\t") {
		t.Fatalf("%s %q holds a line break or a tab", what, s)
	}
}
