package servicecsv

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

var now = time.Date(2025, 6, 1, 9, 30, 0, 0, time.UTC)

func readAll(t testing.TB, f importers.Format, in string) ([]*ssd3.Record, []ssd3.Diagnostic) {
	t.Helper()
	return importertest.ReadAll(t, f.NewReader(strings.NewReader(in), importers.Options{Now: now}))
}

// Each package doc table lists exactly the rows of its service's columns.
func TestDocMapping(t *testing.T) {
	for heading, s := range map[string]*service{"Pocket": &pocket, "Instapaper": &instapaper, "Raindrop": &raindrop} {
		var want [][]string
		for _, c := range s.columns {
			want = append(want, []string{c.name, c.field, c.how()})
		}
		importertest.CheckDocTable(t, ".", heading, want)
	}
}

func rec(uri, name string, date time.Time, cat, desc string, ext ...string) *ssd3.Record {
	r := ssd3.NewRecord(ssd3.Values{URI: uri, Name: name, Date: date, Category: cat, Description: desc})
	for i := 0; i < len(ext); i += 2 {
		r.AddExtension(ext[i], ext[i+1])
	}
	return r
}

// Each service's export, in the shape its service documents (written from
// the descriptions quoted in the package doc), is recognised as that
// service's alone and reads whole.
func TestExports(t *testing.T) {
	for _, tc := range []struct {
		file   string
		format importers.Format
		want   []*ssd3.Record
	}{
		{"testdata/pocket.csv", PocketFormat, []*ssd3.Record{
			rec("https://go.dev/doc/code", "How to Write Go Code", time.Unix(1705312345, 0), "Unread", "", "X-TAGS", "go, programming", "X-TOREAD", "1"),
			rec("https://example.com/untitled", "https://example.com/untitled", time.Unix(1705312346, 0), "Read Archive", ""),
			rec("https://go.dev/blog/errors-are-values", "Errors are values, by Rob Pike", time.Unix(1705312400, 0), "Read Archive", "",
				"X-TAGS", "go, errors, reading list"),
		}},
		{"testdata/instapaper.csv", InstapaperFormat, []*ssd3.Record{
			rec("https://go.dev/blog/loopvar-preview", "Fixing For Loops in Go 1.22", time.Unix(1695830400, 0), "Unread", "", "X-TOREAD", "1"),
			rec("https://example.org/article", "An article, with a comma", time.Unix(1695830500, 0), "Archive", "The \"selected\" text,\nover two lines",
				"X-TAGS", "go, reading"),
			rec("https://example.org/starred", "Starred one", time.Unix(1695830600, 0), "Starred", ""),
		}},
		{"testdata/raindrop.csv", RaindropFormat, []*ssd3.Record{
			rec("https://go.dev/", "The Go Programming Language", time.Date(2023, 5, 10, 12, 34, 56, 0, time.UTC), "Development/Go",
				"Build simple, secure, scalable systems with Go",
				"X-RAINDROP-ID", "512345678", "X-TAGS", "go, lang", "X-DATA-COVER", "https://go.dev/images/go-logo-white.svg"),
			rec("https://go.dev/doc/effective_go", "Effective Go", time.Date(2023, 5, 11, 8, 0, 0, 0, time.UTC), "Development/Go", "My notes on style",
				"X-RAINDROP-ID", "512345679", "X-TAGS", "go", "X-HIGHLIGHTS", "Highlight:Don't communicate by sharing memory\nNote:the proverb",
				"X-FAVORITE", "1", "X-EXCERPT", "Tips for writing clear idiomatic Go code"),
			rec("https://example.com/", "Unsorted link", time.Date(2023, 5, 12, 9, 15, 0, 0, time.UTC), "Unsorted", "", "X-RAINDROP-ID", "512345680"),
		}},
	} {
		t.Run(tc.format.Name, func(t *testing.T) {
			b, err := os.ReadFile(tc.file)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range services {
				if got := s.detects(b); got != (s.name == tc.format.Name) {
					t.Errorf("%s detects it: %v", s.name, got)
				}
			}
			recs, diags := readAll(t, tc.format, string(b))
			if len(diags) > 0 {
				t.Errorf("diagnostics: %v", diags)
			}
			if len(recs) != len(tc.want) {
				t.Fatalf("%d records, want %d", len(recs), len(tc.want))
			}
			for i, w := range tc.want {
				w.SetDate(w.Date().UTC())
				if d := importertest.Diff(recs[i], w); d != nil {
					t.Errorf("record %d: %v", i, d)
				}
			}
		})
	}
}

// No service takes uricat's own CSV, nor a CSV that merely has a url.
func TestDetectOthers(t *testing.T) {
	for _, head := range []string{
		"uri,name,date,category,description,rating,language,type,id,added\r\n",
		"url,title\n",
		"name,url,folder\n",
		"",
	} {
		for _, s := range services {
			if s.detects([]byte(head)) {
				t.Errorf("%s detects %q", s.name, head)
			}
		}
	}
	if !raindrop.detects([]byte("\ufefffolder,url,title,note,tags,created\n")) {
		t.Error("Raindrop's import format is not detected")
	}
}

// Bad input is reported at its line, and what can be read is.
func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		name   string
		format importers.Format
		in     string
		uris   []string
		diags  []string
	}{
		{"empty", PocketFormat, "", nil, []string{"1 skipped: the file is empty: no header row"}},
		{"no url column", PocketFormat, "title,time_added\nA,1\n", nil, []string{"1 skipped: the header row has no url column: not a CSV file of Pocket"}},
		{"bad cells", RaindropFormat, "url,created,favorite,my col,X-Kept,url\nhttp://a/,yesterday,maybe,x,k,http://b/,extra\nnot a uri,2023-05-12T09:15:00Z\n",
			[]string{"http://a/"}, []string{
				`1 dropped: column "my col" is left out: its name cannot be a field's (SSD3 2.1.3)`,
				`1 note: column "X-Kept" is not one that Raindrop.io exports: kept as X-Kept`,
				`1 dropped: column "url" is left out: an earlier column is url too`,
				"2 dropped: 1 cell(s) past the last column left out",
				`2 dropped: created "yesterday" is neither Unix seconds nor an ISO 8601 date: left out`,
				`2 dropped: favorite "maybe" is neither true nor false: left out`,
				`3 skipped: record not imported: "not%20a%20uri" is a relative URI`,
				"0 note: 1 bookmark had no date",
			}},
		{"quote never closed", InstapaperFormat, "URL,Title,Selection,Folder,Timestamp\nhttp://a/,a,,Unread,1\nhttp://b/,\"b,,Unread,1\nhttp://c/,c,,Unread,1\n",
			[]string{"http://a/"}, []string{
				`3 skipped: row not imported: extraneous or missing " in quoted-field`,
				"3 skipped: a quoted field from here to line 4 never ends",
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			recs, diags := readAll(t, tc.format, tc.in)
			var uris []string
			for _, r := range recs {
				uris = append(uris, r.URI())
			}
			if strings.Join(uris, " ") != strings.Join(tc.uris, " ") {
				t.Errorf("records %q, want %q", uris, tc.uris)
			}
			importertest.CheckDiagnostics(t, diags, tc.diags, true)
		})
	}
}

// Instapaper's tags are a JSON array; by hand, a list with commas.
func TestInstapaperTags(t *testing.T) {
	for in, want := range map[string]string{
		`[]`:                        "",
		`["go", " two words ", ""]`: "go, two words",
		`[{"name":"go","id":1}]`:    "go",
		`go, reading`:               "go, reading",
		`["a,b"]`:                   "a, b",
	} {
		if got := joinTags(jsonTags(in)); got != want {
			t.Errorf("tags %q = %q, want %q", in, got, want)
		}
	}
}

// Raindrop.io's folder column is a path of any depth, the same on many
// rows: it is cut to the bound on a CATEGORY, outermost levels kept, said
// once, and its records share the cut; every bookmark is imported.
func TestRaindropFolderBound(t *testing.T) {
	t.Parallel()
	const rows = 5_000
	folder := strings.TrimSuffix(strings.Repeat("Collection/", 300), "/")
	var in strings.Builder
	in.WriteString("url,folder,created\n")
	for i := range rows {
		fmt.Fprintf(&in, "https://e.example/%d,%s,2023-05-12T09:15:00Z\n", i, folder)
	}
	recs, diags := readAll(t, RaindropFormat, in.String())
	if len(recs) != rows {
		t.Fatalf("%d records, want %d", len(recs), rows)
	}
	importertest.CheckCategoriesShared(t, recs, 1)
	if want := strings.TrimSuffix(strings.Repeat("Collection/", importers.MaxFolders), "/"); recs[0].Category() != want {
		t.Errorf("CATEGORY %q, want the outermost %d levels", recs[0].Category(), importers.MaxFolders)
	}
	importertest.CheckDiagnostics(t, diags, []string{`2 dropped: CATEGORY "Collection/Collection/`}, true)
}
