package chromium

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

var now = time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)

// webkit is t in the file's form: WebKit microseconds, as a string.
func webkit(t time.Time) string { return fmt.Sprint(t.UnixMicro() - webkitEpoch) }

func read(t *testing.T, in string) ([]*ssd3.Record, []ssd3.Diagnostic) {
	t.Helper()
	return importertest.ReadAll(t, NewReader(strings.NewReader(in), importers.Options{Now: now}))
}

var (
	t1 = time.Date(2021, 3, 4, 5, 6, 7, 0, time.UTC)
	t2 = time.Date(2023, 8, 9, 10, 11, 12, 0, time.UTC)
	t3 = time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
)

// profile is a Bookmarks file as Chrome writes it (keys in order, three
// spaces), with what a profile gathers over the years.
var profile = `{
   "checksum": "0123456789abcdef0123456789abcdef",
   "roots": {
      "bookmark_bar": {
         "children": [ {
            "date_added": "` + webkit(t1) + `",
            "date_last_used": "` + webkit(t3) + `",
            "guid": "00000000-0000-4000-a000-000000000001",
            "id": "5",
            "name": "The Go Programming Language",
            "type": "url",
            "url": "https://go.dev/"
         }, {
            "children": [ {
               "children": [ {
                  "date_added": "` + webkit(t1) + `",
                  "date_modified": "` + webkit(t2) + `",
                  "id": "8",
                  "meta_info": {
                     "Description": "Vivaldi's own description",
                     "Nickname": "bbc",
                     "Thumbnail": "data:image/png;base64,iVBORw0KGgo=",
                     "last_visited_desktop": "` + webkit(t3) + `",
                     "sync.tag": "x"
                  },
                  "name": "BBC\u001b[31m News",
                  "type": "url",
                  "url": "https://www.bbc.co.uk/news"
               } ],
               "date_added": "` + webkit(t1) + `",
               "id": "7",
               "name": "News/Politics",
               "type": "folder"
            }, {
               "children": [  ],
               "id": "9",
               "name": "Nothing here",
               "type": "folder"
            }, {
               "date_added": "0",
               "id": "10",
               "name": "Save to Wayback",
               "type": "url",
               "url": "javascript:void(open('https://web.archive.org/save/'+location))"
            } ],
            "id": "6",
            "name": "Reading",
            "type": "folder"
         } ],
         "id": "1",
         "name": "Bookmark Bar",
         "type": "folder"
      },
      "other": {
         "children": [ {
            "date_added": "` + webkit(t2) + `",
            "date_modified": "` + webkit(t1) + `",
            "id": "11",
            "name": "Wikipedia",
            "type": "url",
            "url": "https://en.wikipedia.org/wiki/日本"
         }, {
            "id": "12",
            "name": "Odd",
            "type": "separator"
         } ],
         "id": "2",
         "name": "Other Bookmarks",
         "type": "folder"
      },
      "synced": {
         "children": [ {
            "date_added": "not a date",
            "id": "13",
            "name": "",
            "type": "url",
            "url": "https://example.org/phone/page"
         } ],
         "id": "3",
         "name": "Mobile Bookmarks",
         "type": "folder"
      }
   },
   "version": 1
}
`

func TestRead(t *testing.T) {
	recs, diags := read(t, profile)
	type want struct {
		uri, name, category string
		date                time.Time
		ext                 map[string]string
		desc                string
	}
	wants := []want{
		{"https://go.dev/", "The Go Programming Language", "Bookmarks bar", t1,
			map[string]string{"X-LAST-VISIT": ssd3.FormatDate(t3), "X-BROWSER-ROOT": "toolbar"}, ""},
		// date_modified after date_added: DATE, and date_added is X-ADDED.
		{"https://www.bbc.co.uk/news", "BBC News", `Bookmarks bar/Reading/News\/Politics`, t2,
			map[string]string{"X-ADDED": ssd3.FormatDate(t1), "X-KEYWORD": "bbc", "X-LAST-VISIT": ssd3.FormatDate(t3), "X-BROWSER-ROOT": "toolbar"},
			"Vivaldi's own description"},
		// A bookmarklet is a bookmark the browser keeps: imported, as
		// every reader imports it (its date_added of 0 is none).
		{"javascript:void(open('https://web.archive.org/save/'+location))", "Save to Wayback", "Bookmarks bar/Reading", now, map[string]string{"X-BROWSER-ROOT": "toolbar"}, ""},
		// date_modified before date_added: kept as X-LAST-MODIFIED.
		{"https://en.wikipedia.org/wiki/%E6%97%A5%E6%9C%AC", "Wikipedia", "Other bookmarks", t2,
			map[string]string{"X-LAST-MODIFIED": ssd3.FormatDate(t1), "X-BROWSER-ROOT": "other"}, ""},
		{"https://example.org/phone/page", "page", "Mobile bookmarks", now, map[string]string{"X-BROWSER-ROOT": "mobile"}, ""},
	}
	if len(recs) != len(wants) {
		for _, r := range recs {
			t.Log(r.URI())
		}
		t.Fatalf("read %d records, want %d; diagnostics %v", len(recs), len(wants), diags)
	}
	for i, w := range wants {
		r := recs[i]
		if r.URI() != w.uri || r.Name() != w.name || r.Category() != w.category || !r.Date().Equal(w.date) || r.Description() != w.desc {
			t.Errorf("record %d: %q %q %q %v %q, want %q %q %q %v %q", i, r.URI(), r.Name(), r.Category(), r.Date(), r.Description(),
				w.uri, w.name, w.category, w.date, w.desc)
		}
		for k, v := range w.ext {
			if got := r.Extension(k); got != v {
				t.Errorf("record %d: %s = %q, want %q", i, k, got, v)
			}
		}
		if len(r.Extensions()) != len(w.ext) {
			t.Errorf("record %d has extensions %v", i, r.Extensions())
		}
	}
	if got := recs[1].Added(); !got.Equal(t1) {
		t.Errorf("Added() = %v, want %v", got, t1)
	}
	importertest.CheckDiagnostics(t, diags, []string{
		`15 dropped: meta_info "sync.tag" is not imported: its name cannot be a field's (SSD3 2.1.3)`,
		`34 dropped: empty folder "Nothing here" not imported`,
		`62 skipped: "Odd" is of type "separator", neither a bookmark (url) nor a folder: not imported`,
		`72 dropped: date_added "not a date" is not a date (microseconds since 1601-01-01) that DATE can hold: not imported`,
		`72 note: bookmark https://example.org/phone/page has no title: named "page" after its URI`,
		`0 note: 2 bookmarks had no date: DATE set to the time of the import`,
		`0 dropped: thumbnails and other bulk data (meta_info Thumbnail, power_bookmark_meta) of 1 bookmark not imported`,
	}, true)
}

// The mapping table in the package doc is the one in mapping.go.
func TestMappingDoc(t *testing.T) {
	var want [][]string
	for _, m := range mappings {
		want = append(want, []string{m.key, m.field, m.doc})
	}
	importertest.CheckDocTable(t, ".", "Mapping", want)
}

// A file that is not what the reader expects says where, and imports
// nothing rather than bookmarks in folders without their names.
func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		diags    []string
	}{
		{"empty", "", []string{"1 skipped: the file is empty: not a Chromium Bookmarks file"}},
		{"array", `[{"uri": "http://a/"}]`, []string{"1 skipped: the file is a JSON array, not a Chromium Bookmarks file"}},
		{"no roots", `{"version": 1}`, []string{`1 skipped: the file is a JSON object without "roots"`}},
		{"cut short", "{\n \"roots\": {\n  \"other\": {\n   \"children\": [ {\"type\": \"url\", \"url\": \"http://a/\"},\n",
			[]string{"4 skipped: not valid JSON here (the file ends in the middle: it may have been cut short): nothing imported (the browser keeps the previous version beside the file, as Bookmarks.bak)"}},
		{"syntax error", "{\n \"roots\": {\n  \"other\": {\n   \"children\": [ {\"type\": \"url\" \"url\": \"http://a/\"} ]}}}",
			[]string{"4 skipped: not valid JSON here (invalid character '\"' after object key:value pair): nothing imported"}},
		{"roots not an object", `{"roots": [1, 2]}`, []string{`1 skipped: "roots" is a JSON array, not an object of folders: nothing imported`}},
		{"children not an array", "{\"roots\": {\"other\": {\"children\": \"x\",\n\"name\": \"O\"}}}", []string{`1 skipped: "children" is a JSON string, not an array: not imported`}},
		{"name a number", "{\"roots\": {\"other\": {\"children\": [\n{\"type\": \"url\", \"url\": \"http://a/\", \"name\": {\"x\": 1}}]}}}",
			[]string{`2 dropped: "name" is a JSON object, not a string: not imported`}},
		{"trash", "{\"roots\": {\"trash\": {\"children\": [{\"type\": \"url\", \"url\": \"http://a/\"}]}}}",
			[]string{`1 note: the bookmarks in the trash (root "trash") are not imported`}},
		{"a fork's own root", "{\"roots\": {\"custom_root\": {\"speedDial\": {\"children\": [{\"type\": \"url\", \"url\": \"http://a/\"}]}}}}",
			[]string{`1 skipped: root "custom_root" is not a folder of bookmarks: not imported`}},
		{"no url", "{\"roots\": {\"other\": {\"children\": [\n{\"type\": \"url\", \"name\": \"N\"}]}}}",
			[]string{`2 skipped: record not imported`}},
		{"an entry not an object", "{\"roots\": {\"other\": {\"children\": [\n[7, {\"x\": 1}]]}}}",
			[]string{`2 skipped: a JSON array, not a bookmark or a folder: not imported`}},
		{"meta_info not an object", "{\"roots\": {\"other\": {\"children\": [{\"type\": \"url\", \"url\": \"http://a/\",\n\"meta_info\": [1, {}]}]}}}",
			[]string{`2 dropped: "meta_info" is a JSON array, not an object: not imported`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			recs, diags := read(t, tc.in)
			if tc.name != "name a number" && tc.name != "meta_info not an object" && len(recs) > 0 {
				t.Errorf("read %d records", len(recs))
			}
			importertest.CheckDiagnostics(t, diags, tc.diags, false)
		})
	}
}

// Deep folders: the path keeps MaxDepth of them, and a tree deeper than
// maxNesting is skipped without exhausting the stack.
func TestDeep(t *testing.T) {
	nest := func(n int) string {
		return `{"roots": {"other": {"children": [` + strings.Repeat(`{"type": "folder", "name": "f", "children": [`, n) +
			`{"type": "url", "url": "http://a/", "name": "a"}` + strings.Repeat(`]}`, n) + `]}}}`
	}
	recs, _ := read(t, nest(MaxDepth+10))
	if len(recs) != 1 || strings.Count(recs[0].Category(), "/") != MaxDepth-1 {
		t.Errorf("deep folders: %d records, category with %d levels", len(recs), strings.Count(recs[0].Category(), "/")+1)
	}
	recs, diags := read(t, nest(maxNesting+10))
	if len(recs) != 0 {
		t.Errorf("%d records deeper than maxNesting", len(recs))
	}
	importertest.CheckDiagnostics(t, diags, []string{fmt.Sprintf("1 skipped: folders nested more than %d deep", maxNesting)}, false)
}

// A chain of folders with long names, bookmarks at every level, once
// gave each bookmark the whole path (a file of 3.3 MB ran out of 8 GB):
// the path is bounded and made once per folder, each cut said once at
// its folder, and every bookmark is imported.
func TestFolderPathBound(t *testing.T) {
	t.Parallel()
	const levels, each = 100, 200
	var b strings.Builder
	b.WriteString(`{"roots": {"other": {"name": "x", "type": "folder", "children": [`)
	for i := range levels {
		fmt.Fprintf(&b, `{"type": "folder", "name": %q, "children": [`, strings.Repeat(string(rune('a'+i%26)), 2048))
		for j := range each {
			fmt.Fprintf(&b, `{"type": "url", "url": "http://e.example/%d/%d", "name": "b", "date_added": "13300000000000000"},`+"\n", i, j)
		}
	}
	b.WriteString(`{"type": "url", "url": "http://e.example/last", "name": "b"}`)
	b.WriteString(strings.Repeat("]}", levels) + "]}}}")
	recs, diags := read(t, b.String())
	if len(recs) != levels*each+1 {
		t.Fatalf("%d records, want %d", len(recs), levels*each+1)
	}
	// "Other bookmarks" and seven names of 128 bytes; the eighth would
	// pass 1,024 bytes, and is left out with the folders in it.
	importertest.CheckCategoriesShared(t, recs, 8)
	if names := ssd3.SplitCategory(recs[len(recs)-1].Category()); len(names) != 8 || names[7] != strings.Repeat("g", 125)+"..." {
		t.Errorf("CATEGORY %q", recs[len(recs)-1].Category())
	}
	var want []string
	for i := range 7 {
		want = append(want, fmt.Sprintf(`%d dropped: folder "%s..." has a name of 2048 bytes`, 1+i*each, strings.Repeat(string(rune('a'+i)), 57)))
	}
	want = append(want, fmt.Sprintf(`%d dropped: folder "hhh`, 1+7*each), "0 note: 1 bookmark had no date")
	importertest.CheckDiagnostics(t, diags, want, true)
}

// The real Bookmarks files: every bookmark is read, in its folders.
func TestSamples(t *testing.T) {
	dir := importertest.SharedSamples(t, "chrome-bookmarks-json")
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) == 0 {
		t.Fatalf("no files in %s", dir)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !Detect(b[:min(len(b), 8<<10)]) {
				t.Error("not detected")
			}
			recs, diags := read(t, string(b))
			urls := strings.Count(string(b), `"type": "url"`)
			skipped := 0
			for _, d := range diags {
				if d.Kind == ssd3.Skipped {
					skipped++
				}
			}
			if len(recs)+skipped != urls || len(recs) < urls-2 {
				t.Errorf("%d records and %d skipped of %d bookmarks: %v", len(recs), skipped, urls, diags)
			}
			for _, r := range recs {
				if !strings.HasPrefix(r.Category(), "Bookmarks bar") && !strings.HasPrefix(r.Category(), "Other bookmarks") && !strings.HasPrefix(r.Category(), "Mobile bookmarks") {
					t.Errorf("%s: category %q outside the roots", r.URI(), r.Category())
				}
				if r.Date().Year() < 2010 || r.Date().Year() > 2030 {
					t.Errorf("%s: date %v is not WebKit time read right", r.URI(), r.Date())
				}
			}
		})
	}
}

func TestDetect(t *testing.T) {
	for head, want := range map[string]bool{
		"{\n   \"checksum\": \"x\",\n   \"roots\": {\n      \"bookmark_bar\": {": true,
		"\xef\xbb\xbf {\"roots\": {\"bookmark_bar\": {}}}":                       true,
		`[{"uri": "x", "roots": "bookmark_bar"}]`:                                false,
		`{"roots": {}}`:                          false,
		`{"type": "text/x-moz-place-container"}`: false,
	} {
		if got := Detect([]byte(head)); got != want {
			t.Errorf("Detect(%q) = %v, want %v", head, got, want)
		}
	}
}
