package json

import (
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

var now = time.Date(2025, 6, 1, 9, 30, 0, 0, time.UTC)

func readAll(t testing.TB, in string) ([]*ssd3.Record, []ssd3.Diagnostic) {
	t.Helper()
	return importertest.ReadAll(t, NewReader(strings.NewReader(in), importers.Options{Now: now}))
}

// Our own export reads back whole: every field, every extension.
func TestReadsExportBack(t *testing.T) {
	importertest.CheckReadsBack(t, Format, importertest.Sample(t), true)
}

// `uricat list --group rating --json` prints groups of records: they read
// as the records.
func TestReadsGroups(t *testing.T) {
	in := `[
  {
    "group": "5",
    "records": [
      {"uri": "https://go.dev/", "name": "Go", "date": "2024-03-01T12:00:00Z", "rating": 5}
    ]
  },
  {"group": "(none)", "records": [{"uri": "https://a.example/", "name": "A", "date": "2024-03-02T12:00:00Z"}]}
]`
	got, diags := readAll(t, in)
	if len(got) != 2 || got[0].URI() != "https://go.dev/" || got[0].Rating() != 5 || got[1].Name() != "A" || len(diags) > 0 {
		t.Errorf("read %d records, diagnostics %v", len(got), diags)
	}
}

// Bad input is reported where it is, and what can be read is.
func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		uris     []string
		diags    []string
	}{
		{"empty", "", nil, []string{"1 skipped: the file is empty"}},
		{"an object", `{"uri": "http://a/"}`, nil, []string{"1 skipped: the file is a JSON object, not the array of records that uricat exports"}},
		{"Chrome's Bookmarks", "{\n   \"checksum\": \"159ce0a29c234510ba09c3091e0b513b\",\n   \"roots\": {\n      \"bookmark_bar\": {",
			nil, []string{"1 skipped: the file is a Chrome (or Edge, Brave, Vivaldi) Bookmarks file (format chromium), not the array of records that uricat exports: nothing imported; import it without --format"}},
		{"cut short", "[\n  {\"uri\": \"http://a/\", \"name\": \"A\", \"date\": \"2024-03-01T12:00:00Z\"},\n  {\"uri\": \"http://b/\",\n",
			[]string{"http://a/"}, []string{"3 skipped: not valid JSON here (the file ends in the middle of the array"}},
		{"syntax error", "[\n  {\"uri\": \"http://a/\", \"name\": \"A\", \"date\": \"2024-03-01T12:00:00Z\"},\n  {\"uri\": \"http://b/\" \"name\": \"B\"}\n]",
			[]string{"http://a/"}, []string{"3 skipped: not valid JSON here (invalid character '\"' after object key:value pair)"}},
		{"wrong types and unknown keys", "[\n{\"uri\": \"http://a/\", \"name\": 5, \"date\": \"2024-03-01T12:00:00Z\", \"rating\": \"five\", \"tags\": [\"x\"],\n \"extensions\": {\"X-A\": \"a\", \"X-B\": 2}}\n]",
			[]string{"http://a/"}, []string{
				`2 dropped: extension "X-B" is 2, not a string: not imported`,
				`2 dropped: "name" is 5, not a string: not imported`,
				`2 dropped: "rating" is "five", not a number from 1 to 5: not imported`,
				`2 dropped: key "tags" is not a field of a record: ["x"] not imported`,
			}},
		{"two arrays", "[{\"uri\": \"http://a/\", \"name\": \"A\", \"date\": \"2024-03-01T12:00:00Z\"}]\n[{\"uri\": \"http://b/\"}]\n",
			[]string{"http://a/"}, []string{"1 skipped: there is more after the end of the array: it is not read"}},
		{"trailing junk", "[]\n\n  x", nil, []string{"1 skipped: there is more after the end of the array"}},
		{"white space after", "[]\n\n  \n", nil, nil},
		{"not a record", "[\n  \"http://a/\",\n  {\"uri\": \"http://b/\", \"name\": \"B\", \"date\": \"2024-03-01T12:00:00Z\"}\n]",
			[]string{"http://b/"}, []string{"2 skipped: a JSON string, not an object: not a record"}},
		{"no URI", "[{\"name\": \"A\", \"date\": \"2024-03-01T12:00:00Z\"}]", nil, []string{"1 skipped: record not imported: URI is required"}},
		{"dates: SSD3's, another zone, none, junk", "[\n" +
			`{"uri": "http://a/", "name": "A", "date": "01/03/2024 12:00:00"},` + "\n" +
			`{"uri": "http://b/", "name": "B", "date": "2024-03-01T13:00:00+01:00"},` + "\n" +
			`{"uri": "http://c/", "name": "C"},` + "\n" +
			`{"uri": "http://d/", "name": "D", "date": "yesterday"}` + "\n]",
			[]string{"http://a/", "http://b/", "http://c/", "http://d/"}, []string{
				`5 dropped: date "yesterday" is neither RFC 3339 nor DD/MM/YYYY hh:mm:ss: not imported`,
				"0 note: 2 bookmarks had no date: DATE set to the time of the import, 01/06/2025 09:30:00",
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			recs, diags := readAll(t, tc.in)
			var uris []string
			for _, r := range recs {
				uris = append(uris, r.URI())
				if r.URI() != "http://c/" && r.URI() != "http://d/" && !r.Date().Equal(time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)) {
					t.Errorf("%s: DATE %v", r.URI(), r.Date())
				}
			}
			if strings.Join(uris, " ") != strings.Join(tc.uris, " ") {
				t.Errorf("records %q, want %q", uris, tc.uris)
			}
			importertest.CheckDiagnostics(t, diags, tc.diags, true)
		})
	}
}

func TestDetect(t *testing.T) {
	for head, want := range map[string]bool{
		"[]\n":                             true,
		"\ufeff[\n  {\n    \"uri\": \"x\"": true,
		`[{"group": "5", "records": []}]`:  true,
		`[{"name": "a", "uri": "b"}]`:      true,
		`[1, 2]`:                           false,
		`{"roots": {}}`:                    false,
		"uri,name\r\n":                     false,
	} {
		if got := Detect([]byte(head)); got != want {
			t.Errorf("Detect(%q) = %v, want %v", head, got, want)
		}
	}
	for head, want := range map[string]string{
		"{\n   \"checksum\": \"x\",\n   \"roots\": {\n      \"bookmark_bar\": {":      "a Chrome (or Edge, Brave, Vivaldi) Bookmarks file (format chromium)",
		`{"title":"","id":1,"type":"text/x-moz-place-container","root":"placesRoot"}`: "a Firefox bookmarks backup (format firefox-json)",
		`[{"uri": "x"}]`: "",
	} {
		if got := Browser([]byte(head)); got != want {
			t.Errorf("Browser(%q) = %q, want %q", head, got, want)
		}
	}
}

// FuzzReader: no input makes the reader panic, loop, fail (bad input is a
// diagnostic) or emit a record the catalogue would reject.
func FuzzReader(f *testing.F) {
	out, _ := write(f, importertest.Sample(f)...)
	f.Add([]byte(out))
	f.Add([]byte(`[{"group": "x", "records": [{"uri": "http://a/", "name": 1}]}, 3, {"extensions": {"X-A": []}}]`))
	f.Add([]byte(`{"roots": {"bookmark_bar": {}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		importertest.FuzzRead(t, NewReader(strings.NewReader(string(data)), importers.Options{Now: now}), len(data))
	})
}

// FuzzRoundTrip: the Writer's output reads back to the same records,
// whatever their text: control characters and all, as \u escapes.
func FuzzRoundTrip(f *testing.F) {
	f.Add("Café & <Co>", "x\ny\x1b[2J", "A/B", "X-T", "\u009b", int64(1709294400), 5)
	f.Fuzz(func(t *testing.T, name, desc, cat, extName, extValue string, date int64, rating int) {
		rec := ssd3.NewRecord(ssd3.Values{URI: "http://example.org/a?b=1&c", Name: name, Description: desc, Category: cat,
			Date: time.Unix(date%253402300799, 0).UTC(), Rating: rating})
		if ssd3.ValidateExtensionName(extName) == nil {
			rec.SetExtension(extName, extValue)
		}
		recs := importertest.Imported([]*ssd3.Record{rec})
		if len(recs) == 0 {
			return
		}
		importertest.CheckReadsBack(t, Format, recs, true)
	})
}
