package netscape

import (
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

var (
	fileDate = time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)
	now      = time.Date(2025, 6, 1, 9, 30, 0, 0, time.UTC)
)

func readAll(t testing.TB, in io.Reader, opts importers.Options) ([]*ssd3.Record, []ssd3.Diagnostic) {
	t.Helper()
	return importertest.ReadAll(t, NewReader(in, opts))
}

func readFile(t *testing.T, name string) ([]*ssd3.Record, []ssd3.Diagnostic) {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	return readAll(t, f, importers.Options{FileDate: fileDate, Now: now})
}

// want is a record as a careful reader of the file would write it down.
type want struct {
	uri, name, category, date, desc string
	ext                             map[string]string
}

func unix(sec int64) string { return ssd3.FormatDate(time.Unix(sec, 0)) }

// noDate is the one note of an import whose n bookmarks had no date.
func noDate(n int, what string, t time.Time) string {
	s := "bookmarks"
	if n == 1 {
		s = "bookmark"
	}
	return fmt.Sprintf("0 note: %d %s had no date: DATE set to %s, %s", n, s, what, ssd3.FormatDate(t))
}

func checkRecords(t *testing.T, got []*ssd3.Record, wants []want) {
	t.Helper()
	if len(got) != len(wants) {
		for _, r := range got {
			t.Logf("got %s %q in %q", r.URI(), r.Name(), r.Category())
		}
		t.Fatalf("got %d records, want %d", len(got), len(wants))
	}
	for i, w := range wants {
		r := got[i]
		if r.URI() != w.uri || r.Name() != w.name || r.Category() != w.category || ssd3.FormatDate(r.Date()) != w.date || r.Description() != w.desc {
			t.Errorf("record %d:\n got  %q %q cat=%q date=%s desc=%q\n want %q %q cat=%q date=%s desc=%q", i,
				r.URI(), r.Name(), r.Category(), ssd3.FormatDate(r.Date()), r.Description(),
				w.uri, w.name, w.category, w.date, w.desc)
		}
		gotExt := map[string]string{}
		for _, f := range r.Extensions() {
			gotExt[f.Name] = f.Value
		}
		if fmt.Sprint(gotExt) != fmt.Sprint(w.ext) && !(len(gotExt) == 0 && len(w.ext) == 0) {
			t.Errorf("record %d (%s): extensions %v, want %v", i, r.URI(), gotExt, w.ext)
		}
	}
}

// diagLines renders diagnostics as "LINE kind: msg" for comparison.
func diagLines(ds []ssd3.Diagnostic) []string {
	var out []string
	for _, d := range ds {
		out = append(out, fmt.Sprintf("%d %s", d.Line, d.Message()))
	}
	return out
}

func checkDiags(t *testing.T, got []ssd3.Diagnostic, wants []string) {
	t.Helper()
	lines := diagLines(got)
	if len(lines) != len(wants) {
		t.Fatalf("diagnostics:\n%s\nwant %d matching:\n%s", strings.Join(lines, "\n"), len(wants), strings.Join(wants, "\n"))
	}
	for i, w := range wants {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("diagnostic %d = %q, want it to start with %q", i, lines[i], w)
		}
	}
}

func TestFirefoxExport(t *testing.T) {
	recs, diags := readFile(t, "firefox.html")
	checkRecords(t, recs, []want{
		{uri: "https://support.mozilla.org/en-US/products/firefox", name: "Get Help", category: "Mozilla Firefox", date: unix(1698745200)},
		{uri: "https://support.mozilla.org/en-US/kb/customize-firefox-controls-buttons-and-toolbars?utm_source=firefox-browser&utm_medium=default-bookmarks&utm_campaign=customize",
			name: "Customize Firefox", category: "Mozilla Firefox", date: unix(1698745200)},
		{uri: "https://www.mozilla.org/en-US/about/", name: "About Us", category: "Mozilla Firefox", date: unix(1698745200)},
		// LAST_MODIFIED after ADD_DATE is DATE, when it was last amended
		// (SSD3 3.3), and ADD_DATE is kept as X-ADDED, so that an export
		// writes both as they were (issues 10 and 24). The <DD>
		// text, entities decoded, is the description; the keyword and the
		// tags become X- fields, the tags in the catalogue's form.
		{uri: "https://go.dev/doc/", name: "Documentation - The Go Programming Language", category: "Bookmarks Toolbar",
			date: unix(1699100000), desc: "Tutorials & references\nfor <Go>",
			ext: map[string]string{"X-KEYWORD": "godoc", "X-TAGS": "go, documentation", ssd3.FieldAdded: unix(1699000000), "X-BROWSER-ROOT": "toolbar"}},
		// A bookmarklet is a bookmark the browser keeps, and so it is
		// imported, its braces percent-encoded (RFC 3986 has none).
		{uri: "javascript:(function()%7Blocation.href='https://web.archive.org/save/'+location.href%7D)()", name: "Save to Wayback",
			category: "Bookmarks Toolbar", date: unix(1699000100), ext: map[string]string{"X-BROWSER-ROOT": "toolbar"}},
		// An IRI becomes a URI (SSD3 3.1 wants RFC 3986); the title stays Unicode.
		{uri: "https://ja.wikipedia.org/wiki/%E6%97%A5%E6%9C%AC", name: "日本 - Wikipedia", category: "Other Bookmarks", date: unix(1699500000),
			ext: map[string]string{"X-LAST-CHARSET": "UTF-8", "X-BROWSER-ROOT": "other"}},
		// A "/" in a folder name is escaped, not taken for a sub-folder; the
		// folder's own <DD> is not a bookmark's description.
		{uri: "https://www.bbc.co.uk/news/politics", name: "Politics - BBC News", category: `Other Bookmarks/News\/Politics`,
			date: unix(1699600100), ext: map[string]string{"X-TAGS": "news", "X-BROWSER-ROOT": "other"}},
	})
	checkDiags(t, diags, []string{
		`18 skipped: "Recently Bookmarked" is a Firefox smart bookmark (a place: query)`,
		// Firefox writes a folder's description as a <DD> after its <H3>,
		// and separators as <HR>: a catalogue has neither (issue 10, item 4).
		`31 dropped: the description of folder "News/Politics" is not imported: a CATEGORY has none: "Folders can have descriptions too"`,
		`0 dropped: favicons (ICON, ICON_URI) of 2 bookmark(s) not imported`,
		`0 note: 1 separator(s) (<HR>) not imported: a catalogue has no separators`,
		`0 note: the dates and flags of folders are not imported, a CATEGORY being only a name: ADD_DATE, LAST_MODIFIED`,
	})
}

func TestChromeExport(t *testing.T) {
	recs, diags := readFile(t, "chrome.html")
	bar := map[string]string{"X-BROWSER-ROOT": "toolbar"} // PERSONAL_TOOLBAR_FOLDER
	checkRecords(t, recs, []want{
		{uri: "https://pkg.go.dev/", name: "Go Packages", category: "Bookmarks bar", date: unix(1672531300), ext: bar},
		{uri: "https://www.bbcgoodfood.com/recipes/collection/easy-dinner-recipes", name: "Easy dinner recipes | BBC Good Food",
			category: "Bookmarks bar/Recipes", date: unix(1672531500), ext: bar},
		{uri: "https://www.seriouseats.com/the-food-lab", name: "The Food Lab | Serious Eats", category: "Bookmarks bar/Recipes", date: unix(1672531600), ext: bar},
		// Back in the outer folder after </DL>. Run, not the reader, finds
		// that this is the same page as the first.
		{uri: "https://pkg.go.dev", name: "Go Packages (again)", category: "Bookmarks bar", date: unix(1672531700), ext: bar},
		// Chrome puts "Other bookmarks" at the top level: no category.
		{uri: "https://github.com/golang/go/issues?q=is%3Aopen+label%3AProposal", name: "Issues · golang/go · GitHub", date: unix(1680000000)},
		// Chrome's internal time, microseconds since 1601, as some tools export it.
		{uri: "https://news.ycombinator.com/item?id=1", name: "Y Combinator's first item", date: unix(13330000000 - 11644473600)},
		{uri: "chrome://settings/", name: "Settings", category: "Mobile bookmarks", date: unix(1690000100)},
	})
	checkDiags(t, diags, []string{
		`0 dropped: favicons (ICON, ICON_URI) of 1 bookmark(s) not imported`,
		`0 deviation: 1 date(s) were in microseconds since 1601, not the Unix seconds of the format`,
		`0 note: the dates and flags of folders are not imported, a CATEGORY being only a name: ADD_DATE, LAST_MODIFIED`,
	})
}

func TestSafariExport(t *testing.T) {
	recs, diags := readFile(t, "safari.html")
	// Safari writes no dates: the file's date stands in.
	fd := ssd3.FormatDate(fileDate)
	checkRecords(t, recs, []want{
		{uri: "https://www.apple.com/uk/", name: "Apple", category: "Favourites", date: fd},
		{uri: "https://www.bing.com/", name: "Bing", category: "Favourites", date: fd},
		{uri: "https://www.timeout.com/london/restaurants/best-cafes-in-london", name: "The best cafés in London", category: "Cafés", date: fd},
		{uri: "https://www.theverge.com/2023/1/1/article", name: "An article to read later", category: "Reading List", date: fd},
	})
	checkDiags(t, diags, []string{
		`11 dropped: empty folder "Bookmarks Menu" not imported: a catalogue holds bookmarks, and a CATEGORY only exists on one`,
		`0 note: the dates and flags of folders are not imported, a CATEGORY being only a name: FOLDED, ID`,
		// Once for the file, not once a bookmark (issue 10, item 5).
		noDate(4, "the file's date", fileDate),
	})
}

// TestTagSoup covers what hand-edited and old files do, each case with
// the records and diagnostics it must give.
func TestTagSoup(t *testing.T) {
	base, _ := url.Parse("https://example.org/dir/")
	tests := []struct {
		name  string
		in    string
		opts  importers.Options
		want  []want
		diags []string
		// noDate bookmarks had no date: one note says so, at the end.
		noDate int
	}{
		{
			name: "no closing A, lower case, unquoted attributes",
			in:   "<dl><dt><a href=https://a.example/ add_date=1000000000>A\n<dt><a href=https://b.example/x>B</dl>",
			want: []want{
				{uri: "https://a.example/", name: "A", date: unix(1000000000)},
				{uri: "https://b.example/x", name: "B", date: ssd3.FormatDate(now)},
			},
			noDate: 1,
		},
		{
			name: "CR line ends (classic Mac OS) count as lines",
			in:   "<DL><p>\r<DT><A HREF=\"place:x\">Q</A>\r\r<DT><A HREF=\"place:y\">J</A>\r</DL>",
			diags: []string{
				`2 skipped: "Q" is a Firefox smart bookmark`,
				`4 skipped: "J" is a Firefox smart bookmark`,
			},
		},
		{
			name: "CRLF line ends count once",
			in:   "<DL><p>\r\n<DT><A HREF=\"place:x\">Q</A>\r\n\r\n<DT><A>no href</A>\r\n</DL>",
			diags: []string{
				`2 skipped: "Q" is a Firefox smart bookmark`,
				`4 skipped: link "no href" has no HREF`,
			},
		},
		{
			name:  "relative HREF resolved against --base",
			in:    `<DL><DT><A HREF="../page.html" ADD_DATE="1500000000">Rel</A></DL>`,
			opts:  importers.Options{Base: base, Now: now},
			want:  []want{{uri: "https://example.org/page.html", name: "Rel", date: unix(1500000000)}},
			diags: []string{`1 note: the relative URI "../page.html" is read against the base https://example.org/dir/: https://example.org/page.html`},
		},
		{
			// Issue 10, item 9: a NAME keeps its runs of blanks (a file
			// named "a  b" is not "a b"); line breaks, and the blanks at
			// the ends, which are the HTML's layout, do not stay.
			name:  "a NAME keeps its runs of spaces",
			in:    "<DL><DT><A HREF=\"https://s.example/\" ADD_DATE=\"1500000000\">\n   two  spaces,   three&#10;  and a break  </A></DL>",
			want:  []want{{uri: "https://s.example/", name: "two  spaces,   three and a break", date: unix(1500000000)}},
			diags: []string{`1 note: bookmark https://s.example/: the line breaks of its title are spaces in NAME "two  spaces,   three and a break"`},
		},
		{
			name:  "relative HREF without a base is skipped",
			in:    `<DL><DT><A HREF="page.html">Rel</A></DL>`,
			diags: []string{`1 skipped: record not imported: "page.html" is a relative URI; give the URL it is relative to with --base`},
		},
		{
			name:   "control characters and escape sequences never get through",
			in:     "<DL><DT><A HREF=\"https://x.example/\">Evil\x1b]0;pwned\x07 title\x1b[31m red</A><DD>line\x00one\x1b[2J</DL>",
			want:   []want{{uri: "https://x.example/", name: "Evil title red", date: ssd3.FormatDate(now), desc: "lineone"}},
			noDate: 1,
		},
		{
			name: "milliseconds and microseconds dates",
			in:   `<DL><DT><A HREF="https://m.example/" ADD_DATE="1500000000000">ms</A><DT><A HREF="https://u.example/" ADD_DATE="1500000000000000" LAST_MODIFIED="junk">us</A></DL>`,
			want: []want{
				{uri: "https://m.example/", name: "ms", date: unix(1500000000)},
				{uri: "https://u.example/", name: "us", date: unix(1500000000), ext: map[string]string{"X-LAST-MODIFIED": "junk"}},
			},
			diags: []string{
				`1 deviation: LAST_MODIFIED: "junk" is not a date in Unix seconds: kept as it is in X-LAST-MODIFIED`,
				`0 deviation: 1 date(s) were in milliseconds`,
				`0 deviation: 1 date(s) were in microseconds,`,
			},
		},
		{
			name: "unbalanced DL",
			in:   "</DL>\n<DL><DT><H3>F</H3><DL><DT><A HREF=\"https://f.example/\">in F</A>",
			want: []want{{uri: "https://f.example/", name: "in F", category: "F", date: ssd3.FormatDate(now)}},
			diags: []string{
				`1 deviation: </DL> closes a folder list that was never opened`,
				`2 deviation: the file ends inside 2 folder list(s)`,
			},
			noDate: 1,
		},
		{
			name: "empty folder name, backslash in folder name, LAST_VISIT",
			in:   `<DL><DT><H3></H3><DL><DT><H3>a\b</H3><DL><DT><A HREF="https://e.example/" LAST_VISIT="1600000000">E</A></DL></DL></DL>`,
			want: []want{{uri: "https://e.example/", name: "E", category: `(untitled)/a\b`, date: ssd3.FormatDate(now),
				ext: map[string]string{"X-LAST-VISIT": unix(1600000000)}}},
			diags:  []string{`1 note: a folder without a title: its bookmarks are filed under (untitled)`},
			noDate: 1,
		},
		{
			name: "no title and a %-escaped host: the name is cleaned too",
			in:   `<DL><DT><A HREF="http://0%80x/"></A><DT><A HREF="http://%80/"></A></DL>`,
			want: []want{
				{uri: "http://0%80x/", name: "0x", date: ssd3.FormatDate(now)},
				{uri: "http://%80/", name: "http://%80/", date: ssd3.FormatDate(now)},
			},
			diags: []string{
				`1 note: bookmark http://0%80x/ has no title: named "0x" after its URI`,
				`1 note: bookmark http://%80/ has no title: named "http://%80/" after its URI`,
			},
			noDate: 2,
		},
		{
			name:   "two HREFs: the first counts, as in a browser",
			in:     `<DL><DT><A HREF="https://first.example/" href="https://second.example/">Two</A></DL>`,
			want:   []want{{uri: "https://first.example/", name: "Two", date: ssd3.FormatDate(now)}},
			noDate: 1,
		},
		{
			// HREFLANG and TYPE are HTML's own attributes of a link, ID and
			// RATING what the Writer writes; a value the catalogue does not
			// take (Firefox's "rdf:#$..." IDs) is kept as an X- field. Any
			// other attribute is kept as X- and its name.
			name: "standard fields and other attributes",
			in: `<DL><DT><A HREF="http://a/" ADD_DATE="1" HREFLANG="fr" TYPE="text/html" ID="12" RATING="4" X-Author="Zoë" x-tags="a" TAGS="b" foo:bar="x" data-l10n-id="y">A</A>` +
				"\n<DT><H3>Lonely</H3>\n" +
				`<DT><A HREF="http://b/" ADD_DATE="1" HREFLANG="english" TYPE="nope" ID="rdf:#$1" RATING="9">B</A></DL>`,
			want: []want{
				{uri: "http://a/", name: "A", date: unix(1), ext: map[string]string{"X-AUTHOR": "Zoë", "X-TAGS": "a", "X-DATA-L10N-ID": "y"}},
				{uri: "http://b/", name: "B", date: unix(1), ext: map[string]string{"X-HREFLANG": "english", "X-TYPE": "nope", "X-ID": "rdf:#$1", "X-RATING": "9"}},
			},
			diags: []string{
				`1 dropped: TAGS "b" is not imported: an earlier attribute gave X-TAGS`,
				`1 dropped: attribute "foo:bar" is not imported: its name cannot be a field's (SSD3 2.1.3)`,
				`2 dropped: empty folder "Lonely" not imported`,
			},
		},
		{
			name:   "no title: the name comes from the URI",
			in:     `<DL><DT><A HREF="https://n.example/docs/intro.html"></A></DL>`,
			want:   []want{{uri: "https://n.example/docs/intro.html", name: "intro.html", date: ssd3.FormatDate(now)}},
			diags:  []string{`1 note: bookmark https://n.example/docs/intro.html has no title: named "intro.html" after its URI`},
			noDate: 1,
		},
		{
			name: "a date past 9999 is kept as it is and reported",
			in:   `<DL><DT><A HREF="https://y.example/" ADD_DATE="9000000000000000000">far</A></DL>`,
			want: []want{{uri: "https://y.example/", name: "far", date: ssd3.FormatDate(now), ext: map[string]string{"X-ADD-DATE": "9000000000000000000"}}},
			diags: []string{
				`1 deviation: ADD_DATE: "9000000000000000000" is past the year 9999 that DATE can hold: kept as it is in X-ADD-DATE`,
			},
			noDate: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			opts := tt.opts
			if opts.Now.IsZero() {
				opts.Now = now
			}
			recs, diags := readAll(t, strings.NewReader(tt.in), opts)
			checkRecords(t, recs, tt.want)
			if strings.HasPrefix(tt.name, "standard fields") {
				if r := recs[0]; r.Language() != "fr" || r.Type() != "text/html" || r.ID() != "12" || r.Rating() != 4 {
					t.Errorf("LANGUAGE %q, TYPE %q, ID %q, RATING %d", r.Language(), r.Type(), r.ID(), r.Rating())
				}
			}
			if tt.noDate > 0 {
				tt.diags = append(tt.diags, noDate(tt.noDate, "the time of the import", opts.Now))
			}
			checkDiags(t, diags, tt.diags)
		})
	}
}

func TestDeclaredCharset(t *testing.T) {
	in := "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<META HTTP-EQUIV=\"Content-Type\" CONTENT=\"text/html; charset=ISO-8859-1\">\n" +
		"<DL><p>\n<DT><H3>Caf\xe9s</H3>\n<DL><p>\n<DT><A HREF=\"http://www.example.com/\">Br\xfcck</A>\n</DL><p>\n</DL><p>\n"
	recs, diags := readAll(t, strings.NewReader(in), importers.Options{Now: now})
	checkRecords(t, recs, []want{{uri: "http://www.example.com/", name: "Brück", category: "Cafés", date: ssd3.FormatDate(now)}})
	checkDiags(t, diags, []string{`0 note: reading the file as windows-1252, the charset it declares`, noDate(1, "the time of the import", now)})
}

// A file that declares nothing and is not UTF-8 is read as HTML's default,
// and the message says so, not that the file declared it (issue 10).
func TestUndeclaredCharset(t *testing.T) {
	in := "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><A HREF=\"http://www.example.com/\">Br\xfcck</A>\n</DL><p>\n"
	recs, diags := readAll(t, strings.NewReader(in), importers.Options{Now: now})
	checkRecords(t, recs, []want{{uri: "http://www.example.com/", name: "Brück", date: ssd3.FormatDate(now)}})
	checkDiags(t, diags, []string{`0 note: reading the file as windows-1252, HTML's default: it declares no charset`, noDate(1, "the time of the import", now)})
	for _, d := range diags {
		if strings.Contains(d.Msg, "declares,") || strings.HasSuffix(d.Msg, "it declares") {
			t.Errorf("%q: the file declares no charset", d.Msg)
		}
	}
}

func TestUndeclaredUTF8(t *testing.T) {
	// No META, an ASCII head longer than the sniffed 1024 bytes, then UTF-8:
	// HTML's windows-1252 default would garble it.
	in := "<DL>" + strings.Repeat("<!-- padding -->\n", 100) + "<DT><A HREF=\"https://u.example/\">Zürich</A></DL>"
	recs, _ := readAll(t, strings.NewReader(in), importers.Options{Now: now})
	checkRecords(t, recs, []want{{uri: "https://u.example/", name: "Zürich", date: ssd3.FormatDate(now)}})
}

func TestHugeTokenStops(t *testing.T) {
	in := `<DL><DT><A HREF="https://a.example/">A</A>` + "\n<DT><A HREF=\"https://b.example/\" ICON=\"" +
		strings.Repeat("x", MaxToken+10) + "\">B</A></DL>"
	recs, diags := readAll(t, strings.NewReader(in), importers.Options{Now: now})
	checkRecords(t, recs, []want{{uri: "https://a.example/", name: "A", date: ssd3.FormatDate(now)}})
	checkDiags(t, diags, []string{
		`2 skipped: a tag or text here is longer than 16 MiB`,
		`2 deviation: the file ends inside 1 folder list(s)`,
		noDate(1, "the time of the import", now),
	})
}

func TestReadError(t *testing.T) {
	boom := errors.New("disk on fire")
	r := NewReader(io.MultiReader(strings.NewReader(`<DL><DT><A HREF="https://a.example/">A</A>`), errReader{boom}), importers.Options{Now: now})
	var err error
	for err == nil {
		_, err = r.Read()
	}
	if !errors.Is(err, boom) {
		t.Fatalf("Read error = %v, want %v", err, boom)
	}
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

func TestFolders(t *testing.T) {
	tests := []struct {
		folders []string
		cat     string
	}{
		{nil, ""},
		{[]string{"", "Bookmarks bar"}, "Bookmarks bar"},
		{[]string{"A", "B"}, "A/B"},
		{[]string{"News/Politics", "UK"}, `News\/Politics/UK`},
		// "\" is escaped only where it could be taken for an escape.
		{[]string{`C:\dir`}, `C:\dir`},
		{[]string{`a\`, `b\/c`}, `a\\/b\\\/c`},
	}
	for _, tt := range tests {
		got := JoinFolders(tt.folders)
		if got != tt.cat {
			t.Errorf("JoinFolders(%q) = %q, want %q", tt.folders, got, tt.cat)
		}
		var nonEmpty []string
		for _, f := range tt.folders {
			if f != "" {
				nonEmpty = append(nonEmpty, f)
			}
		}
		if back := SplitFolders(got); fmt.Sprint(back) != fmt.Sprint(nonEmpty) {
			t.Errorf("SplitFolders(%q) = %q, want %q", got, back, nonEmpty)
		}
	}
}

func TestParseTimestamp(t *testing.T) {
	tests := []struct {
		in, want, unit string
		bad            bool
	}{
		{"1700000000", "2023-11-14T22:13:20Z", "seconds", false},
		{" 1700000000 ", "2023-11-14T22:13:20Z", "seconds", false},
		{"1700000000123", "2023-11-14T22:13:20Z", "milliseconds", false},
		{"1700000000123456", "2023-11-14T22:13:20Z", "microseconds", false},
		{"13344473600000000", "2023-11-14T22:13:20Z", "microseconds since 1601", false},
		{"1700000000.5", "2023-11-14T22:13:20Z", "seconds", false},
		{"0", "", "", false},
		{"", "", "", false},
		// Before 1970, as the Writer writes a DATE of 1969.
		{"-86400", "1969-12-31T00:00:00Z", "seconds", false},
		{"-62167219201", "", "", true},
		{"yesterday", "", "", true},
	}
	for _, tt := range tests {
		got, unit, err := ParseTimestamp(tt.in)
		if (err != nil) != tt.bad {
			t.Errorf("ParseTimestamp(%q) error = %v, want error %v", tt.in, err, tt.bad)
			continue
		}
		s := ""
		if !got.IsZero() {
			s = got.Format(time.RFC3339)
		}
		if s != tt.want || unit != tt.unit {
			t.Errorf("ParseTimestamp(%q) = %s, %q; want %s, %q", tt.in, s, unit, tt.want, tt.unit)
		}
	}
}

func TestDetect(t *testing.T) {
	tests := []struct {
		name string
		head string
		want bool
	}{
		{"firefox", "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<!-- This is an automatically generated file.", true},
		{"lower-case doctype", "<!doctype netscape-bookmark-file-1>", true},
		{"no doctype", "<html><DL><p>\n<DT><A HREF=\"https://a/\">a</A>", true},
		{"no doctype, folder", "<dl><dt><h3>Folder</h3>", true},
		{"plain web page", "<!DOCTYPE html><html><body><a href=\"/\">home</a>", false},
		{"SOIF", "@FILE { http://example.org/\nTitle{5}:\tHello\n}", false},
		{"SSD3", "URI: http://example.org/\r\nNAME: x\r\n", false},
	}
	for _, tt := range tests {
		if got := Detect([]byte(tt.head)); got != tt.want {
			t.Errorf("%s: Detect = %v, want %v", tt.name, got, tt.want)
		}
	}
	for _, name := range []string{"firefox.html", "chrome.html", "safari.html", "ie6.html"} {
		b, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		if !Detect(b[:min(len(b), 4096)]) {
			t.Errorf("Detect(%s) = false", name)
		}
	}
}

// Deeply nested folders cost neither quadratic time nor memory: the
// CATEGORY path stops at MaxDepth levels.
func TestDeepFolders(t *testing.T) {
	const depth = 50_000
	in := strings.Repeat("<DT><H3>f</H3><DL>", depth) + strings.Repeat(`<DT><A HREF="https://deep.example/">deep</A>`, 1000)
	start := time.Now()
	recs, diags := readAll(t, strings.NewReader(in), importers.Options{Now: now})
	if len(recs) != 1000 {
		t.Fatalf("read %d records, want 1000", len(recs))
	}
	if want := strings.TrimSuffix(strings.Repeat("f/", MaxDepth), "/"); recs[0].Category() != want {
		t.Errorf("category has %d levels, want %d", len(SplitFolders(recs[0].Category())), MaxDepth)
	}
	checkDiags(t, diags, []string{
		"1 dropped: folder \"f\" is deeper than 64 folders, which CATEGORY keeps, the outermost: its bookmarks, and those of the folders in it, are in \"f/f/f/",
		"1 deviation: the file ends inside 50000 folder list(s)",
		noDate(1000, "the time of the import", now),
	})
	// Joining 50,000 names for each of 1,000 bookmarks would take minutes;
	// the limit is generous for a loaded machine and the race detector.
	if d := time.Since(start); d > time.Minute {
		t.Errorf("took %v", d)
	}
}

// A file of 64 folders of 2 KiB names around 20,000 bookmarks once made
// a catalogue of gigabytes, the path copied onto each bookmark: the path
// is bounded, made once and shared, each cut said once, and every
// bookmark is imported.
func TestFolderPathBound(t *testing.T) {
	t.Parallel()
	const levels, bookmarks = 64, 20_000
	var in strings.Builder
	for i := range levels {
		fmt.Fprintf(&in, "<DT><H3>%s</H3>\n<DL><p>\n", strings.Repeat(string(rune('a'+i%26)), 2048))
	}
	for i := range bookmarks {
		fmt.Fprintf(&in, "<DT><A HREF=\"https://e.example/%d\" ADD_DATE=\"1700000000\">b</A>\n", i)
	}
	recs, diags := readAll(t, strings.NewReader(in.String()), importers.Options{Now: now})
	if len(recs) != bookmarks {
		t.Fatalf("%d records, want %d", len(recs), bookmarks)
	}
	importertest.CheckCategoriesShared(t, recs, 1)
	// Seven names of 128 bytes fill the 1,024 bytes; the eighth is left
	// out with the 56 folders in it, which go unmentioned.
	if names := SplitFolders(recs[0].Category()); len(names) != 7 || names[6] != strings.Repeat("g", 125)+"..." {
		t.Errorf("CATEGORY %q", recs[0].Category())
	}
	want := []string{}
	for i := range 7 {
		want = append(want, fmt.Sprintf(`%d dropped: folder "%s..." has a name of 2048 bytes: CATEGORY keeps its first 125 bytes`, 2*i+1, strings.Repeat(string(rune('a'+i)), 57)))
	}
	want = append(want, `15 dropped: folder "hhhhh`)
	importertest.CheckDiagnostics(t, diags, want, false)
	if n := len(diags); n != 9 { // and the unclosed lists
		t.Errorf("%d diagnostics: %v", n, diags)
	}
}

// attrTag is an <A> on line 2 with n attributes A0="v" to An-1="v", each
// a field X-A0 and so on, and a duplicate of the first, which a browser
// drops (and so does the tokenizer).
func attrTag(n int) string {
	var b strings.Builder
	b.WriteString("<DL>\n<DT><A HREF=\"https://attrs.example/\" ADD_DATE=\"1\"")
	for i := range n {
		fmt.Fprintf(&b, " A%d=\"v\"", i)
	}
	b.WriteString(" a0=\"again\">x</A>\n</DL>\n")
	return b.String()
}

// An <A> of many attributes reads in linear time (it took minutes at
// 500,000); past MaxAttrs the rest are left out and the line reported.
// Of two attributes of one name the first counts, as in a browser.
func TestManyAttributes(t *testing.T) {
	start := time.Now()
	recs, diags := readAll(t, strings.NewReader(attrTag(500_000)), importers.Options{Now: now})
	if len(recs) != 1 {
		t.Fatalf("read %d records, want 1", len(recs))
	}
	// ADD_DATE and HREF are two of the first MaxAttrs.
	if got, want := len(recs[0].Extensions()), MaxAttrs-2; got != want {
		t.Errorf("%d extension fields, want %d", got, want)
	}
	checkDiags(t, diags, []string{"2 dropped: this <A> has more than 1000 attributes: the rest are not imported"})
	if d := time.Since(start); d > 60*time.Second { // about 1-3 s (11 s under -race on a loaded machine); minutes before: BenchmarkManyAttributes has the figures
		t.Errorf("took %v", d)
	}

	recs, diags = readAll(t, strings.NewReader(attrTag(MaxAttrs-3)), importers.Options{Now: now})
	ext := recs[0].Extensions()
	if len(ext) != MaxAttrs-3 || ext[0] != (ssd3.Field{Name: "X-A0", Value: "v"}) {
		t.Errorf("%d extension fields, the first %v; want %d, X-A0: v", len(ext), ext[0], MaxAttrs-3)
	}
	checkDiags(t, diags, nil)
}

// BenchmarkManyAttributes reads an <A> of 10k, 80k and 500k attributes,
// which took 0.56 s, 30 s and minutes: now linear.
func BenchmarkManyAttributes(b *testing.B) {
	for _, n := range []int{10_000, 80_000, 500_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			in := attrTag(n)
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				readAll(b, strings.NewReader(in), importers.Options{Now: now})
			}
		})
	}
}

// BenchmarkAttributesUnderTheCap reads 1 MB of <A>s of MaxAttrs-3
// attributes each: the fields of one bookmark are gathered in linear time.
func BenchmarkAttributesUnderTheCap(b *testing.B) {
	tag := attrTag(MaxAttrs - 3)
	for _, n := range []int{1, 8, 64} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			in := strings.Repeat(tag, n)
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				readAll(b, strings.NewReader(in), importers.Options{Now: now})
			}
		})
	}
}

func TestInternetExplorerExport(t *testing.T) {
	// IE 6: CRLF, no META charset, and windows-1252 text after a first KB
	// of ASCII, so only the bytes themselves can tell.
	recs, diags := readFile(t, "ie6.html")
	const ms = "http://go.microsoft.com/fwlink/?LinkId="
	visited := map[string]string{"X-LAST-VISIT": unix(1104537600)}
	checkRecords(t, recs, []want{
		{uri: ms + "30857", name: "Customize Links", category: "Links", date: unix(1104537600), ext: visited},
		{uri: ms + "30858", name: "Free Hotmail", category: "Links", date: unix(1104537600), ext: visited},
		{uri: ms + "30859", name: "Windows Marketplace", category: "Links", date: unix(1104537600), ext: visited},
		{uri: ms + "30860", name: "Windows Media", category: "Links", date: unix(1104537600), ext: visited},
		{uri: ms + "30861", name: "Windows", category: "Links", date: unix(1104537600), ext: visited},
		{uri: "http://www.example.fr/menu.html", name: "Le Café de Flore – Menu", category: "Cafés & Restaurants",
			date: unix(1136073600), ext: map[string]string{"X-LAST-VISIT": unix(1136160000)}},
	})
	checkDiags(t, diags, []string{
		"16 deviation: text that is not UTF-8 and no charset declared: its bytes are read as windows-1252",
		"0 note: the dates and flags of folders are not imported, a CATEGORY being only a name: FOLDED, ADD_DATE",
	})
}
