package main

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// organiseCatalogue is a browser import to tidy: a folder tree, tags, a
// folder whose name holds a "/", and a record not used (no DATE).
const organiseCatalogue = "URI: https://go.dev/\r\nNAME: Go\r\nDATE: 01/01/2020 00:00:00\r\nCATEGORY: Bookmarks Menu/Programming/Go\r\nRATING: 5\r\nX-TAGS: golang, lang\r\n\r\n" +
	"URI: https://www.rust-lang.org/\r\nNAME: Rust\r\nDATE: 02/01/2020 00:00:00\r\nCATEGORY: Bookmarks Menu/Programming\r\nX-TAGS: lang\r\n\r\n" +
	"URI: https://news.example/\r\nNAME: News\r\nDATE: 03/01/2021 00:00:00\r\nCATEGORY: News\r\nRATING: 3\r\nX-TAGS: go\r\n\r\n" +
	"URI: https://politics.example/\r\nNAME: Politics\r\nDATE: 04/01/2021 00:00:00\r\nCATEGORY: News\\/Politics/UK\r\n\r\n" +
	"URI: https://unfiled.example/\r\nNAME: Unfiled\r\nDATE: 05/01/2022 00:00:00\r\nX-TAGS: go, golang\r\n\r\n" +
	"URI: https://broken.example/\r\nNAME: Broken\r\nCATEGORY: News\r\nX-TAGS: go\r\n"

// organiseCase is a command run on a fresh organiseCatalogue: its exit
// code, a line of its stdout or stderr, and what the file holds after
// (lines it has, lines it must not have).
type organiseCase struct {
	args           []string
	code           int
	out, errs      string
	has, hasNot    []string
	fileUnchanged  bool
	stampedRecords int // records whose DATE became now
}

func runOrganise(t *testing.T, cases []organiseCase) {
	t.Helper()
	for _, tt := range cases {
		path := writeCatalogue(t, organiseCatalogue)
		code, out, errs := uricat(t, append([]string{"--catalogue", path}, tt.args...)...)
		if code != tt.code || !strings.Contains(out, tt.out) || !strings.Contains(errs, tt.errs) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want %d, %q, %q", tt.args, code, out, errs, tt.code, tt.out, tt.errs)
			continue
		}
		data := string(mustRead(t, path))
		if tt.fileUnchanged && data != organiseCatalogue {
			t.Errorf("%q changed the file:\n%s", tt.args, data)
		}
		for _, l := range tt.has {
			if !strings.Contains(data, l+"\r\n") {
				t.Errorf("%q: the file lacks %q:\n%s", tt.args, l, data)
			}
		}
		for _, l := range tt.hasNot {
			if strings.Contains(data, l+"\r\n") {
				t.Errorf("%q: the file still has %q:\n%s", tt.args, l, data)
			}
		}
		if got := strings.Count(data, "X-ADDED: "); got != tt.stampedRecords {
			t.Errorf("%q: %d records stamped (X-ADDED), want %d:\n%s", tt.args, got, tt.stampedRecords, data)
		}
	}
}

func TestCategoriesRenameAndMerge(t *testing.T) {
	t.Parallel()
	path := "in " // the message ends with the catalogue's path
	runOrganise(t, []organiseCase{
		{args: []string{"categories", "rename", "Bookmarks Menu/Programming", "Programming"},
			out: `renamed category "Bookmarks Menu/Programming" to "Programming": 2 records changed ` + path,
			has: []string{"CATEGORY: Programming/Go", "CATEGORY: Programming"}, hasNot: []string{"CATEGORY: Bookmarks Menu/Programming"}, stampedRecords: 2},
		{args: []string{"categories", "rename", "Bookmarks Menu/Programming/Go", "News"},
			out: `merged category "Bookmarks Menu/Programming/Go" into "News", which had 1 record: 1 record changed ` + path,
			has: []string{"CATEGORY: News"}, hasNot: []string{"CATEGORY: Bookmarks Menu/Programming/Go"}, stampedRecords: 1},
		{args: []string{"categories", "merge", `News\/Politics`, "News"},
			out: `merged category "News\/Politics" into "News", which had 1 record: 1 record changed`,
			has: []string{"CATEGORY: News/UK"}, stampedRecords: 1},
		{args: []string{"categories", "rename", "Bookmarks", "X"}, code: 1,
			errs: `uricat categories rename: no record has the category "Bookmarks", nor one under it (uricat categories lists them); nothing was changed`, fileUnchanged: true},
		{args: []string{"categories", "merge", "News", "Nowhere"}, code: 1,
			errs: `no record has the category "Nowhere" to merge into`, fileUnchanged: true},
		{args: []string{"categories", "rename", "News", ""}, code: 2, errs: "a category is a name, not empty", fileUnchanged: true},
		{args: []string{"categories", "rename", "News"}, code: 2, fileUnchanged: true},
		{args: []string{"categories", "rename", "News", "News"}, out: `unchanged: "News" is "News" already`, fileUnchanged: true},
	})
}

func TestTagsRenameMergeRm(t *testing.T) {
	t.Parallel()
	runOrganise(t, []organiseCase{
		{args: []string{"tags", "rename", "lang", "language"}, out: `renamed tag "lang" to "language": 2 records changed`,
			has: []string{"X-TAGS: golang, language", "X-TAGS: language"}, stampedRecords: 2},
		{args: []string{"tags", "rename", "golang", "go"}, out: `merged tag "golang" into "go", which 2 records had: 2 records changed`,
			has: []string{"X-TAGS: go, lang", "X-TAGS: go"}, hasNot: []string{"X-TAGS: go, golang"}, stampedRecords: 2},
		{args: []string{"tags", "merge", "golang", "go"}, out: `merged tag "golang" into "go"`, stampedRecords: 2},
		{args: []string{"tags", "merge", "golang", "nowhere"}, code: 1, errs: `no record has the tag "nowhere" to merge into`, fileUnchanged: true},
		{args: []string{"tags", "rm", "go"}, out: `removed tag "go": 2 records changed`, has: []string{"X-TAGS: golang"}, stampedRecords: 2},
		{args: []string{"tags", "rm", "nothing"}, code: 1, errs: `no record has the tag "nothing" (uricat tags lists them); nothing was changed`, fileUnchanged: true},
		{args: []string{"tags", "rename", "lang", "a,b"}, code: 1, errs: `tag "a,b" holds a comma, which separates tags in X-TAGS`, fileUnchanged: true},
		{args: []string{"tags", "rename", "lang", " "}, code: 1, errs: "a tag cannot be blank", fileUnchanged: true},
		// An empty NEW would remove the tag from every record: tags rm's work, asked by name.
		{args: []string{"tags", "rename", "lang", ""}, code: 1, errs: `a tag is a name, not empty: uricat tags rm "lang" removes the tag`, fileUnchanged: true},
		{args: []string{"tags", "merge", "lang", ""}, code: 1, errs: `uricat tags rm "lang"`, fileUnchanged: true},
	})
}

func TestSetSearchAndTags(t *testing.T) {
	t.Parallel()
	runOrganise(t, []organiseCase{
		{args: []string{"set", "--search", "cat:news", "--rating", "3"}, code: 1,
			out:  "2 record(s) match \"cat:news\", 1 record would change (and get DATE now, SSD3 3.3):\n  line 14: \"News\" <https://news.example/>\n  line 21: \"Politics\" <https://politics.example/>\n",
			errs: "uricat set: nothing changed: add --yes to change these 2 record(s)\n", fileUnchanged: true},
		{args: []string{"set", "--search", "cat:news", "--rating", "3", "--yes"},
			out: "changed \"Politics\" <https://politics.example/>\n1 record of 2 changed in ", has: []string{"RATING: 3"}, stampedRecords: 1},
		{args: []string{"set", "--search", "cat:news", "--rating", "3", "--add-tags", "news", "--yes"},
			out: "2 records of 2 changed in ", has: []string{"X-TAGS: go, news", "X-TAGS: news"}, stampedRecords: 2},
		{args: []string{"set", "--search", "tag:lang", "--remove-tags", "lang", "--add-tags", "code", "--yes"},
			has: []string{"X-TAGS: golang, code", "X-TAGS: code"}, stampedRecords: 2},
		{args: []string{"set", "--search", "cat:news", "--rating", "3", "--yes", "--rating", "9"}, code: 1, errs: "RATING", fileUnchanged: true},
		{args: []string{"set", "--search", "cat:nothing", "--rating", "3", "--yes"}, out: "no record matches \"cat:nothing\"; nothing changed\n", fileUnchanged: true},
		{args: []string{"set", "--search", " ", "--rating", "3", "--yes"}, code: 2, errs: "has no search term", fileUnchanged: true},
		{args: []string{"set", "https://go.dev/", "--search", "go", "--rating", "3"}, code: 2, errs: "give a SELECTOR or --search, not both", fileUnchanged: true},
		{args: []string{"set", "https://go.dev/", "--add-tags", "lang,new"}, out: "changed \"Go\"", has: []string{"X-TAGS: golang, lang, new"}, stampedRecords: 1},
		{args: []string{"set", "https://go.dev/", "--add-tags", "lang"}, out: "unchanged \"Go\"", fileUnchanged: true},
		{args: []string{"set", "https://go.dev/", "--tags", "a", "--add-tags", "b"}, code: 2, errs: "--tags replaces the tags", fileUnchanged: true},
		{args: []string{"set", "https://go.dev/", "--remove-tags", " "}, code: 2, errs: "nothing to set", fileUnchanged: true},
	})
}

// TestSearchOfExclusionsAlone: a search of exclusions alone selects nearly
// every record, so rm and set refuse it (as a blank one) unless --all says
// every record is meant; --all with exclusions spares what they exclude.
func TestSearchOfExclusionsAlone(t *testing.T) {
	t.Parallel()
	runOrganise(t, []organiseCase{
		{args: []string{"rm", "--search", "-zzz", "--yes"}, code: 2, errs: `--search "-zzz" only excludes (-word), so it would select nearly every record; add a term that selects (cat:old -word), or --all`, fileUnchanged: true},
		{args: []string{"rm", "--search", "-zzz OR -yyy", "--yes"}, code: 2, errs: "only excludes", fileUnchanged: true},
		{args: []string{"set", "--search", "-zzz", "--rating", "1", "--yes"}, code: 2, errs: "only excludes", fileUnchanged: true},
		{args: []string{"set", "--search", "", "--rating", "1", "--yes"}, code: 2, errs: "or --all for every record", fileUnchanged: true},
		{args: []string{"rm", "--search", "-cat:news cat:bookmarks", "--yes"}, out: `removed "Rust"`, hasNot: []string{"NAME: Rust"}},
		{args: []string{"rm", "--search", "-cat:news", "--all"}, code: 1, out: `3 record(s) match "-cat:news":`, fileUnchanged: true},
		{args: []string{"rm", "--all", "--yes"}, out: `removed "Politics"`, hasNot: []string{"NAME: Go", "NAME: News"}, has: []string{"NAME: Broken"}},
		{args: []string{"set", "--all", "--search", "-tag:go", "--rating", "1", "--yes"}, out: "3 records of 3 changed in ", stampedRecords: 3},
		{args: []string{"rm", "https://go.dev/", "--all"}, code: 2, errs: "give SELECTORs or --all, not both", fileUnchanged: true},
	})
}

func TestStats(t *testing.T) {
	path := writeCatalogue(t, organiseCatalogue)
	t.Setenv("COLUMNS", "60")
	code, out, _ := uricat(t, "--catalogue", path, "stats")
	want := "6 records in " + path + `

Records
  fine           ########################################  5
  with problems                                            0
  not used       ########                                  1

By category
  Bookmarks Menu  #######################################  2
  News            ####################                     1
  News/Politics   ####################                     1
  (no category)   ####################                     1

By rating
  *****    ################                                1
  ****                                                     0
  ***      ################                                1
  **                                                       0
  *                                                        0
  unrated  ##############################################  3

By year added
  2020  #################################################  2
  2021  #################################################  2
  2022  #########################                          1
`
	if code != 0 || out != want {
		t.Errorf("exit %d, stdout:\n%s\nwant:\n%s", code, out, want)
	}
	// Every line fits the width; a narrow one cuts the labels.
	t.Setenv("COLUMNS", "30")
	_, out, _ = uricat(t, "--catalogue", path, "stats")
	for _, line := range strings.Split(out, "\n")[1:] {
		if n := utf8.RuneCountInString(line); n > 30 {
			t.Errorf("a line of %d characters at COLUMNS=30: %q", n, line)
		}
	}
	if !strings.Contains(out, "  Bookmarks…  ") {
		t.Errorf("a long label is not cut at COLUMNS=30:\n%s", out)
	}
	code, out, _ = uricat(t, "--catalogue", path, "stats", "--json")
	for _, want := range []string{`"records": 6`, `"valid": 5`, `"invalid": 1`, `"name": "News/Politics"`, `"name": "unrated",
      "count": 3`, `"name": "2022",
      "count": 1`} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("stats --json: exit %d, lacks %q:\n%s", code, want, out)
		}
	}
}
