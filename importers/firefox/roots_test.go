package firefox

import (
	"strings"
	"testing"
)

// A backup's bookmarks say which root they came from (X-BROWSER-ROOT); a
// menu folder merely titled "Bookmarks Toolbar" is no root; a folder
// without a title keeps its level as "(untitled)", and a bookmark without
// one is named after its URI, each with a note.
func TestBackupRootsAndTitles(t *testing.T) {
	t.Parallel()
	in := `{"guid":"root________","title":"","root":"placesRoot","type":"text/x-moz-place-container","children":[
 {"guid":"menu________","title":"menu","root":"bookmarksMenuFolder","type":"text/x-moz-place-container","children":[
  {"guid":"f1","title":"Bookmarks Toolbar","type":"text/x-moz-place-container","children":[
   {"guid":"b1","title":"Fake","type":"text/x-moz-place","uri":"https://fake.example/","dateAdded":1700000000000000}]},
  {"guid":"f2","title":"","type":"text/x-moz-place-container","children":[
   {"guid":"b2","title":"","type":"text/x-moz-place","uri":"https://untitled.example/page","dateAdded":1700000000000000}]}]},
 {"guid":"toolbar_____","title":"toolbar","root":"toolbarFolder","type":"text/x-moz-place-container","children":[
  {"guid":"b3","title":"Real","type":"text/x-moz-place","uri":"https://real.example/","dateAdded":1700000000000000},
  {"guid":"b4","title":"JS","type":"text/x-moz-place","uri":"javascript:alert([1][0])","dateAdded":1700000000000000}]}]}`
	recs, diags := readBackup(t, []byte(in))
	want := [][4]string{ // URI, NAME, CATEGORY, X-BROWSER-ROOT
		{"https://fake.example/", "Fake", "Bookmarks Toolbar", ""},
		{"https://untitled.example/page", "page", "(untitled)", ""},
		{"https://real.example/", "Real", "Bookmarks Toolbar", "toolbar"},
		{"javascript:alert(%5B1%5D%5B0%5D)", "JS", "Bookmarks Toolbar", "toolbar"}, // a bookmarklet, kept
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
	var all strings.Builder
	for _, d := range diags {
		all.WriteString(d.Msg + "\n")
	}
	for _, s := range []string{
		"a folder without a title: its bookmarks are filed under (untitled)",
		`bookmark https://untitled.example/page has no title: named "page" after its URI`,
	} {
		if !strings.Contains(all.String(), s) {
			t.Errorf("no note %q in:\n%s", s, all.String())
		}
	}
}
