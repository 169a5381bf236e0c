package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/gen"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
	jsonformat "github.com/uricat/uricat/importers/json"
	"github.com/uricat/uricat/internal/display"
)

// searchFixture holds the cases of issue 9.
var searchFixture = fmt.Sprintf("URI: http://go.dev/\r\nNAME: go.dev\r\nDATE: 01/03/2009 00:00:00\r\n\r\n"+
	"URI: https://en.wikipedia.org/wiki/Linux_kernel\r\nNAME: Linux kernel\r\nDATE: 03/03/2016 09:00:00\r\nDESCRIPTION: The wiki article\r\n\r\n"+
	"URI: https://rust-for-linux.com/\r\nNAME: Rust for Linux\r\nDATE: 04/03/2016 09:00:00\r\nDESCRIPTION: Rust in the Linux kernel\r\n\r\n"+
	"URI: https://windows.example/kit\r\nNAME: Windows kit index\r\nDATE: 05/03/2016 09:00:00\r\n\r\n"+
	"URI: https://www.koeln.de/\r\nNAME: %s\r\nDATE: 31/10/2015 10:00:00\r\n\r\n"+
	"URI: https://cafe.example/creme\r\nNAME: %s\r\nDATE: 01/10/2015 09:00:00\r\n\r\n"+
	"URI: https://trails.example/alps\r\nNAME: Alpine trails\r\nDATE: 02/06/2016 09:00:00\r\nX-TAGS: Hiking, road trip\r\n",
	ssd3.EncodeText("Köln"), ssd3.EncodeText("Café Crème"))

// TestListSearchIssueCases: list --search answers the searches of issue 9.
func TestListSearchIssueCases(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, searchFixture)
	checkListSearch(t, path, []searchCase{
		{"gdv", "go.dev"},
		{"kernel rust", "Rust for Linux"},
		{"-wiki", "go.dev|Rust for Linux|Windows kit index|Köln|Café Crème|Alpine trails"},
		{"koln", "Köln"},
		{"cafe", "Café Crème"},
		{"cafe creme", "Café Crème"},
		{"hiking", "Alpine trails"},
		{"tag:hiking", "Alpine trails"},
	})
	checkSearchErrors(t, path, []searchCase{
		{"rating:9", "search term rating:9 (column 1): a rating is 1 to 5"},
		{"go cat:", "search term cat: (column 4): nothing to search for after cat:"},
		{"date:2015-13", "search term date:2015-13 (column 1): there is no month 13"},
		{"date:31/10/2015", "dates are written year first here: date:2015-10-31"},
	})
}

// TestListSearchIssue24: list --search finds what the TUI finds (one
// engine) for the cases of issue 24: OR and | are disjunctions, binding
// tighter than the spaces between terms; rating:none finds unrated
// records; an unknown qualifier is an error, as rating:9 is, while a URI
// typed as a word stays a word.
func TestListSearchIssue24(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, searchFixture+"\r\nURI: https://jazz.example/\r\nNAME: Jazz club\r\nDATE: 01/01/2017 09:00:00\r\nRATING: 4\r\n")
	checkListSearch(t, path, []searchCase{
		{"koln OR cafe", "Köln|Café Crème"},
		{"koln | cafe", "Köln|Café Crème"},
		{"gdv|hiking", "go.dev|Alpine trails"},
		{"kernel rust OR windows", "Rust for Linux"}, // kernel AND (rust OR windows)
		{"rust OR windows kernel", "Rust for Linux"}, // (rust OR windows) AND kernel
		{"rating:none", "go.dev|Linux kernel|Rust for Linux|Windows kit index|Köln|Café Crème|Alpine trails"},
		{"-rating:none", "Jazz club"},
		{"rating:4 OR tag:hiking", "Alpine trails|Jazz club"},
		{"https://go.dev", ""},
		{"12:30", ""},
	})
	checkSearchErrors(t, path, []searchCase{
		{"foo:bar", "search term foo:bar (column 1): unknown qualifier foo:"},
		{"koln OR categroy:x", "search term categroy:x (column 9): unknown qualifier categroy:"},
	})
}

// TestHelpSearch: the search language is documented where a user of the
// command line looks (issue 24: it was only in the README): `uricat help
// search` prints query.Help, `uricat --help` lists the topic, list's
// --help points to it, and the man page has it as a section.
func TestHelpSearch(t *testing.T) {
	t.Parallel()
	code, out, errs := uricat(t, "help", "search")
	if code != 0 || errs != "" || !strings.Contains(out, query.Help) {
		t.Fatalf("help search: exit %d, stderr %q, out\n%s", code, errs, out)
	}
	for _, want := range []string{"name:", "cat:", "desc:", "uri:", "tag:", "x-NAME:", "lang:", "type:", "rating:", "date:", "a OR b", "rating:none"} {
		if !strings.Contains(out, want) {
			t.Errorf("help search does not name %q", want)
		}
	}
	// The topic is the search command (its saved searches under it).
	if _, out, _ := uricat(t, "--help"); !strings.Contains(out, "\n  search ") {
		t.Errorf("--help does not list the search topic:\n%s", out)
	}
	if _, out, _ := uricat(t, "list", "--help"); !strings.Contains(out, "uricat help search") {
		t.Errorf("list --help does not point to uricat help search:\n%s", out)
	}
	_, man, _ := uricat(t, "man")
	for _, want := range []string{"\n.SH SEARCH\nTerms are separated by spaces", "\n.IP \\(bu 3\na OR b, a|b \\[u2014] either term", "rating:none", "x\\-NAME:gh"} {
		if !strings.Contains(man, want) {
			t.Errorf("man page lacks %q", want)
		}
	}
}

// FuzzListSearch: list --search lists exactly the valid records
// query.Filter finds, in file order, and refuses what query.Parse refuses
// with its message. FuzzTUIAgreesWithCLI in tui holds the terminal UI to
// the same query.Filter: together, the CLI and the TUI find the same.
func FuzzListSearch(f *testing.F) {
	for _, s := range []string{"gdv", "kernel rust", "-wiki", "rating:9", "cat:", "date:2015-13", "date:31/10/2015",
		"koln", "cafe", "hiking", "git server", "rating:>=4 -cat:music", `"a page"`, "lang:en type:text", "-",
		"koln OR cafe", "git|server rating:none", "foo:bar", "https://go.dev"} {
		f.Add(s)
	}
	path := filepath.Join(f.TempDir(), "c.uricat")
	if err := os.WriteFile(path, []byte(searchFixture+"\r\n"+gen.Catalogue(500)), 0o644); err != nil {
		f.Fatal(err)
	}
	c, err := catalogue.Open(path)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, search string) {
		code, out, errs := uricat(t, "--catalogue", path, "list", "--json", "--search="+search)
		q, err := query.Parse(search)
		if err != nil {
			// Messages reach the terminal through display.Text, which
			// leaves out what is not valid UTF-8 or not printable.
			if code != 2 || !strings.Contains(errs, display.Text(err.Error())) {
				t.Fatalf("--search %q: exit %d, %q; want exit 2 and %q", search, code, errs, err)
			}
			return
		}
		var recs []jsonformat.Record
		if err := json.Unmarshal([]byte(out), &recs); code != 0 || err != nil {
			t.Fatalf("--search %q: exit %d, %v, %s", search, code, err, errs)
		}
		var got, want []string
		for _, r := range recs {
			got = append(got, r.URI)
		}
		for _, r := range query.Filter(c.Valid(), q) {
			want = append(want, r.URI())
		}
		if !slices.Equal(got, want) {
			t.Fatalf("--search %q lists %d records, query.Filter finds %d", search, len(got), len(want))
		}
	})
}

// searchCase is a search and what list says of it: the names of the
// records it finds, joined with "|", or a part of its error.
type searchCase struct{ search, want string }

// checkListSearch runs list --json --search for each case and compares
// the names of the records found.
func checkListSearch(t *testing.T, path string, cases []searchCase) {
	t.Helper()
	for _, tc := range cases {
		code, out, errs := uricat(t, "--catalogue", path, "list", "--json", "--search="+tc.search)
		var recs []jsonformat.Record
		if err := json.Unmarshal([]byte(out), &recs); code != 0 || err != nil {
			t.Fatalf("list --search %q: exit %d, %v, %s", tc.search, code, err, errs)
		}
		var names []string
		for _, r := range recs {
			names = append(names, r.Name)
		}
		if got := strings.Join(names, "|"); got != tc.want {
			t.Errorf("list --search %q = %q, want %q", tc.search, got, tc.want)
		}
	}
}

// checkSearchErrors runs list --search for each case: a usage error
// (exit 2), nothing listed, and the message.
func checkSearchErrors(t *testing.T, path string, cases []searchCase) {
	t.Helper()
	for _, tc := range cases {
		code, out, errs := uricat(t, "--catalogue", path, "list", "--search="+tc.search)
		if code != 2 || out != "" || !strings.Contains(errs, tc.want) {
			t.Errorf("list --search %q: exit %d, %q, %q; want exit 2 and %q", tc.search, code, out, errs, tc.want)
		}
	}
}
