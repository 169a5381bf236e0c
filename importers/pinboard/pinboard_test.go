package pinboard

import (
	"os"
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

// The package doc's table lists exactly the rows of keys, in order.
func TestDocMapping(t *testing.T) {
	var want [][]string
	for _, k := range keys {
		want = append(want, []string{k.name, cmpOr(k.field, "-"), k.kind.String()})
	}
	importertest.CheckDocTable(t, ".", "Field mapping", want)
}

func cmpOr(s, or string) string {
	if s == "" {
		return or
	}
	return s
}

// An export as Pinboard writes it (its API documentation's posts/all
// shape: one line, every value a string, "/" escaped as "\/") reads whole.
func TestExport(t *testing.T) {
	b, err := os.ReadFile("testdata/export.json")
	if err != nil {
		t.Fatal(err)
	}
	if !Detect(b) {
		t.Fatal("Detect does not recognise the export")
	}
	recs, diags := readAll(t, string(b))
	if len(diags) > 0 {
		t.Errorf("diagnostics: %v", diags)
	}
	want := []*ssd3.Record{
		ssd3.NewRecord(ssd3.Values{URI: "https://go.dev/doc/effective_go", Name: "Effective Go - The Go Programming Language",
			Description: "Tips for writing clear, idiomatic Go code.", Date: time.Date(2021, 5, 21, 6, 26, 1, 0, time.UTC),
			Extensions: []ssd3.Field{{Name: "X-PRIVATE", Value: "0"}, {Name: "X-TOREAD", Value: "0"}, {Name: "X-TAGS", Value: "go, programming, style"}}}),
		ssd3.NewRecord(ssd3.Values{URI: "https://www.intel.com/content/www/us/en/developer/tools/oneapi/vtune-profiler.html",
			Name: "Fix Performance Bottlenecks with Intel® VTune™ Profiler", Date: time.Date(2022, 4, 13, 8, 18, 50, 0, time.UTC),
			Extensions: []ssd3.Field{{Name: "X-PRIVATE", Value: "1"}, {Name: "X-TOREAD", Value: "1"}}}),
	}
	if len(recs) != len(want) {
		t.Fatalf("%d records, want %d", len(recs), len(want))
	}
	for i := range want {
		if d := importertest.Diff(recs[i], want[i]); d != nil {
			t.Errorf("record %d: %v", i, d)
		}
	}
}

func TestDetect(t *testing.T) {
	for _, tc := range []struct {
		head string
		want bool
	}{
		{`[{"href":"http://a/","description":"a","extended":"","meta":"m","hash":"h","time":"2020-01-01T00:00:00Z"}]`, true},
		{"\ufeff[\n  {\n    \"href\": \"http://a/\",\n    \"description\": \"a\",\n    \"time\": \"2020-01-01T00:00:00Z\"", true},
		{`[{"uri":"http://a/","name":"a","date":"2020-01-01T00:00:00Z"}]`, false}, // uricat's JSON
		{`[{"href":"http://a/","title":"a"}]`, false},
		{`{"href":"http://a/","description":"a","time":"x"}`, false},
		{`[]`, false}, // uricat's JSON takes an empty array
		{``, false},
	} {
		if got := Detect([]byte(tc.head)); got != tc.want {
			t.Errorf("Detect(%q) = %v", tc.head, got)
		}
	}
}

// Bad input is reported at its byte offset, and what can be read is.
func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		uris     []string
		diags    []string
	}{
		{"empty", "", nil, []string{"0 skipped: the file is empty"}},
		{"an object", `{"href":"http://a/"}`, nil, []string{"0 skipped: the file is not a JSON array"}},
		{"cut short", `[{"href":"http://a/","description":"A","time":"2024-03-01T12:00:00Z"},{"href":"http://b/",`,
			[]string{"http://a/"}, []string{"0 skipped: not valid JSON here (the file ends in the middle of the array"}},
		{"wrong values", `[{"href":"http://a/","description":5,"time":"yesterday","shared":"maybe","tags":"a  b","x y":"1","via":"hn"},7,{"href":"not a uri"}]`,
			[]string{"http://a/"}, []string{
				`0 note: key "via" is not one of Pinboard's: kept as X-VIA`,
				`0 dropped: "description" is 5, not a string: left out`,
				`0 dropped: time "yesterday" is not an RFC 3339 date: left out`,
				`0 dropped: shared "maybe" is neither yes nor no: left out`,
				`0 dropped: key "x y" cannot be a field's name`,
				"0 skipped: 7 is not an object: not a post",
				`0 skipped: record not imported: "not%20a%20uri" is a relative URI`,
				"0 note: 1 bookmark had no date",
			}},
		{"trailing", `[]]`, nil, []string{"0 skipped: there is more after the end of the array"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			recs, diags := readAll(t, tc.in)
			var uris []string
			for _, r := range recs {
				uris = append(uris, r.URI())
			}
			if strings.Join(uris, " ") != strings.Join(tc.uris, " ") {
				t.Errorf("records %q, want %q", uris, tc.uris)
			}
			importertest.CheckDiagnostics(t, diags, tc.diags, true)
			for _, d := range diags {
				if d.Offset < 0 && !strings.Contains(d.Msg, "had no date") {
					t.Errorf("diagnostic %q has no byte offset", d)
				}
			}
		})
	}
}

// Tags are one per word, and a record's X-TAGS is their list.
func TestTags(t *testing.T) {
	recs, _ := readAll(t, `[{"href":"http://a/","description":"a","time":"2024-03-01T12:00:00Z","tags":" go  c++ toread "}]`)
	if len(recs) != 1 || recs[0].Extension(ssd3.FieldTags) != "go, c++, toread" {
		t.Fatalf("records %v", recs)
	}
	if got := ssd3.SplitTags(recs[0].Extension(ssd3.FieldTags)); strings.Join(got, "|") != "go|c++|toread" {
		t.Errorf("SplitTags = %q", got)
	}
}
