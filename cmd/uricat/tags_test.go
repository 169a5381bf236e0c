package main

import (
	"fmt"
	"strings"
	"testing"

	xgolden "github.com/charmbracelet/x/exp/golden"
)

// similarCatalogue has the tag sprawl of years of imports: one tag
// written five ways, a plural, false friends that must stay apart
// ("news" and "new", "css" and "cs"), and a record not used (its tag is
// not counted).
var similarCatalogue = func() string {
	var b strings.Builder
	for i, tags := range []string{
		"ad-tech, news", "ad-tech, css", "ad-tech, AdTech", "ad tech", "#adtech",
		"recipes", "recipes, new", "recipe", "cs", "Go, go_lang",
	} {
		fmt.Fprintf(&b, "URI: https://x.example/%d\r\nNAME: x\r\nDATE: 01/01/2020 00:00:00\r\nX-TAGS: %s\r\n\r\n", i, tags)
	}
	b.WriteString("URI: https://x.example/broken\r\nNAME: x\r\nX-TAGS: Recipe\r\n")
	return b.String()
}()

// tags --similar lists the groups of tags likely one, a line each or as
// JSON; --singletons the tags one record has; the two together are a
// usage error.
func TestTagsSimilarAndSingletons(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, similarCatalogue)
	for _, tt := range []struct {
		name string
		args []string
	}{
		{"similar", []string{"--similar"}},
		{"similar_json", []string{"--similar", "--json"}},
		{"singletons", []string{"--singletons"}},
		{"singletons_json", []string{"--singletons", "--json"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			code, out, errs := uricat(t, append([]string{"--catalogue", path, "tags"}, tt.args...)...)
			if code != 0 || !strings.Contains(errs, "no DATE") {
				t.Fatalf("exit %d, stderr %q; want 0 and the record not used", code, errs)
			}
			xgolden.RequireEqual(t, []byte(out))
		})
	}
	if code, _, errs := uricat(t, "--catalogue", path, "tags", "--similar", "--singletons"); code != 2 || !strings.Contains(errs, "similar") {
		t.Errorf("--similar --singletons: exit %d, stderr %q; want 2 and a word on the two flags", code, errs)
	}
}

// Without similar tags or singletons, --json prints an empty array, not
// null, and the text nothing.
func TestTagsSimilarNone(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, "URI: https://x.example/\r\nNAME: x\r\nDATE: 01/01/2020 00:00:00\r\nX-TAGS: go\r\n\r\n"+
		"URI: https://y.example/\r\nNAME: y\r\nDATE: 01/01/2020 00:00:00\r\nX-TAGS: go\r\n")
	for _, args := range [][]string{{"--similar"}, {"--singletons"}, {"--similar", "--json"}, {"--singletons", "--json"}} {
		want := ""
		if len(args) == 2 {
			want = "[]\n"
		}
		if code, out, errs := uricat(t, append([]string{"--catalogue", path, "tags"}, args...)...); code != 0 || out != want || errs != "" {
			t.Errorf("tags %s: exit %d, stdout %q, stderr %q; want 0, %q", args, code, out, errs, want)
		}
	}
}
