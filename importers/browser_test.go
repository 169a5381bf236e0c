package importers

import (
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// TestBrowserDates: a lastModified equal to dateAdded (to the second), or
// none, makes no X-LAST-MODIFIED; a later one is the DATE, an earlier one
// kept.
func TestBrowserDates(t *testing.T) {
	t.Parallel()
	added := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, tc := range []struct {
		name            string
		added, modified time.Time
		date            time.Time
		field, value    string
	}{
		{"none", added, time.Time{}, added, "", ""},
		{"equal", added, added, added, "", ""},
		{"equal to the second", added.Add(100 * time.Microsecond), added.Add(900 * time.Millisecond), added.Add(100 * time.Microsecond), "", ""},
		{"later", added, added.Add(time.Hour), added.Add(time.Hour), ssd3.FieldAdded, "02/01/2024 03:04:05"},
		{"earlier", added, added.Add(-time.Hour), added, FieldLastModified, "02/01/2024 02:04:05"},
		{"only modified", time.Time{}, added, added, "", ""},
	} {
		date, f := BrowserDates(tc.added, tc.modified)
		if !date.Equal(tc.date) || f.Name != tc.field || f.Value != tc.value {
			t.Errorf("%s: BrowserDates = %v, %v; want %v, {%s %s}", tc.name, date, f, tc.date, tc.field, tc.value)
		}
	}
}

// TestFinishBrowserURLsAndTags: every reader's records keep the URLs
// browsers keep (brackets encoded, "%s" as it is), and their tags come in
// one form whatever the file wrote.
func TestFinishBrowserURLsAndTags(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ uri, tags, wantURI, wantTags string }{
		{"https://a.example/?filter[status]=open", "a,b", "https://a.example/?filter%5Bstatus%5D=open", "a, b"},
		{"https://a.example/?q=%s", " a ,  b,,c ", "https://a.example/?q=%s", "a, b, c"},
		{"https://a.example/x[1]", "a, b", "https://a.example/x%5B1%5D", "a, b"},
	} {
		rec := ssd3.NewRecord(ssd3.Values{URI: tc.uri, Name: "n", Date: time.Unix(1e9, 0),
			Extensions: []ssd3.Field{{Name: ssd3.FieldTags, Value: tc.tags}}})
		diags, ok := Finish(rec, Options{}, 1, 0)
		if !ok {
			t.Errorf("%s: not imported: %v", tc.uri, diags)
			continue
		}
		if rec.URI() != tc.wantURI || rec.Extension(ssd3.FieldTags) != tc.wantTags {
			t.Errorf("%s: URI %q, X-TAGS %q; want %q, %q", tc.uri, rec.URI(), rec.Extension(ssd3.FieldTags), tc.wantURI, tc.wantTags)
		}
	}
}
