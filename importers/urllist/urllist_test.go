package urllist

import (
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

var fileDate = time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)

func readAll(t testing.TB, in string, opts importers.Options) ([]*ssd3.Record, []ssd3.Diagnostic) {
	t.Helper()
	return importertest.ReadAll(t, NewReader(strings.NewReader(in), opts))
}

// The package doc's table says what a line gives each field; a record
// read from a line has exactly that (TestList).
func TestDocMapping(t *testing.T) {
	importertest.CheckDocTable(t, ".", "Field mapping", [][]string{
		{"URL", ssd3.FieldURI, "as is"},
		{"URL", ssd3.FieldName, "importers.NameFromURI"},
		{"-", ssd3.FieldDate, "the file's date"},
	})
}

// A list with comments, blank lines, blanks around a URL and CR LF line
// breaks: each URL is a record named from it, dated as the file.
func TestList(t *testing.T) {
	b, err := os.ReadFile("testdata/tabs.txt")
	if err != nil {
		t.Fatal(err)
	}
	if !Detect(b) {
		t.Fatal("Detect does not recognise the list")
	}
	recs, diags := readAll(t, string(b), importers.Options{FileDate: fileDate})
	want := []struct{ uri, name string }{
		{"https://go.dev/doc/effective_go", "effective_go"},
		{"https://research.swtch.com/", "research.swtch.com"},
		{"gopher://gopher.floodgap.com/1/world", "world"},
		{"mailto:someone@example.org", "someone@example.org"},
		{"https://example.org/a%20b/Some%20Page.html?x=1#frag", "Some Page.html"},
	}
	if len(recs) != len(want) {
		t.Fatalf("%d records, want %d", len(recs), len(want))
	}
	for i, w := range want {
		if recs[i].URI() != w.uri || recs[i].Name() != w.name || !recs[i].Date().Equal(fileDate) || len(recs[i].Extensions()) > 0 {
			t.Errorf("record %d: %s %q %v %v, want %s %q", i, recs[i].URI(), recs[i].Name(), recs[i].Date(), recs[i].Extensions(), w.uri, w.name)
		}
	}
	importertest.CheckDiagnostics(t, diags, []string{"0 note: 5 bookmarks had no date: DATE set to the file's date, 01/03/2024 12:00:00"}, true)
}

func TestDetect(t *testing.T) {
	for _, tc := range []struct {
		head string
		want bool
	}{
		{"https://go.dev/", true},
		{"\ufeffhttps://go.dev/\nurn:isbn:0451450523\n", true},
		{"# only a comment\n\n", false},
		{"", false},
		{"https://go.dev/\nnot a url\n", false},
		{"https://go.dev/ The Go site\n", false},
		{"URI: http://example.org/\r\nNAME: a catalogue\r\n", false},
		{"300: ftp://ftp.example.org/pub/\n200: filename content-length\n", false}, // http-index-format
		{"uri,name\nhttp://a/,a\n", false},
		{"http:\n", false},
		{"1http://a/\n", false},
		{"<A HREF=\"http://a/\">", false},
		// A head cut in its last line: the lines before it decide.
		{"https://go.dev/\nhttps://exam", true},
		{"https://go.dev/\nnot a u", true},
	} {
		if got := Detect([]byte(tc.head)); got != tc.want {
			t.Errorf("Detect(%q) = %v", tc.head, got)
		}
	}
}

// What is not a URL is reported at its line, and the rest is read;
// relative URLs are read against --base.
func TestBadLines(t *testing.T) {
	in := "https://a.example/\nnot a url\nrelative/page\n\x1b[31mhttps://b.example/\n" + strings.Repeat("x", maxLine+10) + "\nhttps://c.example/"
	recs, diags := readAll(t, in, importers.Options{Now: fileDate})
	var uris []string
	for _, r := range recs {
		uris = append(uris, r.URI())
	}
	// A URI that an escape sequence starts is no URI, even percent-encoded:
	// skipped with a note, not cleaned into another URI.
	if got := strings.Join(uris, " "); got != "https://a.example/ https://c.example/" {
		t.Errorf("records %s", got)
	}
	importertest.CheckDiagnostics(t, diags, []string{
		`2 skipped: line not imported: "not a url" is not one URL`,
		`3 skipped: record not imported: "relative/page" is a relative URI; give the URL it is relative to with --base`,
		`4 skipped: record not imported: its URI "\x1b[31mhttps://b.example/" holds control characters or an escape sequence`,
		"5 skipped: line not imported: longer than 1048576 bytes",
		"0 note: 2 bookmarks had no date",
	}, true)
	base, _ := url.Parse("https://site.example/dir/")
	recs, _ = readAll(t, "relative/page\n", importers.Options{Now: fileDate, Base: base})
	if len(recs) != 1 || recs[0].URI() != "https://site.example/dir/relative/page" {
		t.Errorf("with a base: %v", recs)
	}
}
