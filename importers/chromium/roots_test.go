package chromium

import (
	"strings"
	"testing"
)

// Each bookmark says which root it came from (X-BROWSER-ROOT); a folder
// without a name keeps its level as "(untitled)", with a note, as every
// reader of a browser's bookmarks names it; a bookmark without a title is
// named after its URI, and its title's line breaks become spaces, each
// with a note naming it.
func TestRootsAndTitles(t *testing.T) {
	t.Parallel()
	in := `{"roots":{
 "bookmark_bar":{"type":"folder","name":"Bookmarks bar","children":[
  {"type":"folder","name":"","children":[{"type":"url","name":"In it","url":"https://in.example/"}]},
  {"type":"url","name":"Two\nlines","url":"https://two.example/"}]},
 "other":{"type":"folder","name":"Other bookmarks","children":[
  {"type":"folder","name":"Bookmarks bar","children":[{"type":"url","name":"Fake","url":"https://fake.example/"}]}]},
 "synced":{"type":"folder","name":"Mobile bookmarks","children":[{"type":"url","name":"","url":"https://phone.example/x"}]}},
 "version":1}`
	recs, diags := read(t, in)
	want := [][4]string{ // URI, NAME, CATEGORY, X-BROWSER-ROOT
		{"https://in.example/", "In it", "Bookmarks bar/(untitled)", "toolbar"},
		{"https://two.example/", "Two lines", "Bookmarks bar", "toolbar"},
		{"https://fake.example/", "Fake", "Other bookmarks/Bookmarks bar", "other"},
		{"https://phone.example/x", "x", "Mobile bookmarks", "mobile"},
	}
	if len(recs) != len(want) {
		t.Fatalf("%d records, want %d; %v", len(recs), len(want), diags)
	}
	for i, w := range want {
		r := recs[i]
		if got := [4]string{r.URI(), r.Name(), r.Category(), r.Extension("X-BROWSER-ROOT")}; got != w {
			t.Errorf("record %d = %q, want %q", i, got, w)
		}
	}
	var notes []string
	for _, d := range diags {
		notes = append(notes, d.Msg)
	}
	all := strings.Join(notes, "\n")
	for _, s := range []string{
		"a folder without a title: its bookmarks are filed under (untitled)",
		`bookmark https://two.example/: the line breaks of its title are spaces in NAME "Two lines"`,
		`bookmark https://phone.example/x has no title: named "x" after its URI`,
	} {
		if !strings.Contains(all, s) {
			t.Errorf("no note %q in:\n%s", s, all)
		}
	}
}
