package main

import (
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// The shell completes the values a command takes, read from the
// catalogue: records, categories, tags, sort keys, a search's qualifiers
// and their values; never file names there.
func TestCompletesValues(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, "URI: https://go.dev/\r\nNAME: The Go language\r\nDATE: 31/10/2007 19:28:45\r\nCATEGORY: Programming/Go\r\nX-TAGS: go, lang\r\n\r\n"+
		"URI: https://example.org/a\r\nNAME: Example\r\nDATE: 31/10/2007 19:28:45\r\nCATEGORY: Travel\r\nX-TAGS: golang, go\r\n\r\n"+
		"URI: https://zzz.example/\r\nNAME: Evil\r\nDATE: 31/10/2007 19:28:45\r\nCATEGORY: "+ssd3.EncodeText("Tr\x1b]0;owned\a")+"\r\n")
	for _, tc := range []struct {
		args []string
		want []string // the candidates, in order
	}{
		{[]string{"show", "https://g"}, []string{"https://go.dev/\tThe Go language"}},
		{[]string{"open", "7"}, []string{"7\tExample"}},
		{[]string{"rm", "https://go.dev/", "https://e"}, []string{"https://example.org/a\tExample"}},
		{[]string{"set", "1", "--category", "pro"}, []string{"Programming/Go\t1 record"}},
		{[]string{"set", "1", "--add-tags", "x,gol"}, []string{"x,golang\t1 record"}},
		{[]string{"tags", "rename", "g"}, []string{"go\t2 records", "golang\t1 record"}},
		{[]string{"tags", "rename", "go", "l"}, []string{"lang\t1 record"}},
		{[]string{"categories", "merge", "T"}, []string{"Travel\t1 record"}},
		{[]string{"list", "--sort", "rating"}, []string{"rating", "rating:desc"}},
		{[]string{"list", "--search", "rating:>=4 ta"}, []string{"rating:>=4 tag:", "rating:>=4 tags:"}},
		{[]string{"list", "--search", "rating:>=4 -cat:pro"}, []string{"rating:>=4 -cat:Programming/Go"}},
		{[]string{"list", "--search", "link:d"}, []string{"link:dead"}},
	} {
		code, out, errs := uricat(t, append([]string{"--catalogue", path, "__complete"}, tc.args...)...)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		got, directive := lines[:len(lines)-1], lines[len(lines)-1]
		want := tc.want
		if code != 0 || strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%q: exit %d, got %q, want %q (stderr %q)", tc.args, code, got, want, errs)
		}
		if !strings.HasPrefix(directive, ":") || directive == ":0" {
			t.Errorf("%q: directive %q offers file names", tc.args, directive)
		}
	}
}
