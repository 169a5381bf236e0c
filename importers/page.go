package importers

import (
	"strings"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/webpage"
)

// FromPage is what a fetched page says of the record of uri: NAME from
// its title, DESCRIPTION, LANGUAGE and TYPE, cleaned as an import's
// values are (Finish: nothing from a page reaches the catalogue or the
// terminal raw, and only valid values are kept). titled is false when the
// page has no title, and NAME is then made from the URI. `uricat add`,
// `uricat refresh` and the TUI's add form all take a page through it.
func FromPage(uri string, p *webpage.Page, now time.Time) (rec *ssd3.Record, titled bool, diags []ssd3.Diagnostic) {
	rec = ssd3.NewRecord(ssd3.Values{URI: uri, Name: p.Title, Description: p.Description, Language: p.Lang, Type: p.Type})
	diags, _ = Finish(rec, Options{Now: now}, 0, -1)
	return rec, strings.TrimSpace(OneLine(p.Title)) != "", diags
}

// PageValues returns what rec, a record FromPage made, holds of the fields
// a page fills, in the order they are told: NAME, DESCRIPTION, LANGUAGE,
// TYPE, each "" where the page says nothing of it (NAME too when the page
// has no title: the one FromPage made from the URI is not the page's).
func PageValues(rec *ssd3.Record, titled bool) []ssd3.Field {
	fields := []ssd3.Field{{Name: ssd3.FieldName}, {Name: ssd3.FieldDescription},
		{Name: ssd3.FieldLanguage}, {Name: ssd3.FieldType}}
	for i := range fields {
		if fields[i].Name != ssd3.FieldName || titled {
			fields[i].Value = ssd3.GetField(rec, fields[i].Name)
		}
	}
	return fields
}
