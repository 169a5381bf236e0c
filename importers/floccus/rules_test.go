package floccus

import (
	"slices"
	"strings"
	"testing"

	"github.com/uricat/uricat/config"
	"github.com/uricat/uricat/importers/xbel"
)

// The user's rules file the bookmarks that come new from the browser, as
// they file what add and import bring, and the sync says so; the browser
// file then has the bookmark in the rule's folder.
func TestRulesFileWhatTheBrowserAdds(t *testing.T) {
	t.Parallel()
	rule, err := config.NewRule(config.Rule{Match: "uri:rust-lang.org", Category: "Code", Tags: []string{"lang"}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := newSetup(t, start)
	s.floccus.sync(t, func(d *xbel.Document) {
		addBookmark(d, "Rust", "https://www.rust-lang.org/", "Toolbar")
		addBookmark(d, "Zig", "https://ziglang.org/", "Toolbar")
	})
	var lines []string
	if err := Sync(s.cat, func(l string) { lines = append(lines, l) }, Options{Wait: -1, File: config.Rules{rule}.File}); err != nil {
		t.Fatalf("sync: %v\n%s", err, strings.Join(lines, "\n"))
	}
	if !slices.Contains(lines, "2 bookmarks from the browser: 2 added; rules filed 1 record") {
		t.Errorf("sync said:\n%s", strings.Join(lines, "\n"))
	}
	recs := s.records(t)
	if r := byURI(recs, "https://www.rust-lang.org/"); r == nil || r.Category() != "Code" || r.Extension("X-TAGS") != "lang" {
		t.Errorf("rust-lang.org not filed by the rule: %v", r)
	}
	if r := byURI(recs, "https://ziglang.org/"); r == nil || r.Category() != "Toolbar" {
		t.Errorf("ziglang.org, which no rule matches, moved: %v", r)
	}
	if _, p := find(s.remoteFile(t), "https://www.rust-lang.org/"); p == nil || p.Title != "Code" {
		t.Errorf("the browser file does not have rust-lang.org in the rule's folder Code: %v", p)
	}
}
