package netscape

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/uricat/uricat/catalogue"
	netscapeimport "github.com/uricat/uricat/importers/netscape"
)

func TestFolders(t *testing.T) {
	for _, tc := range []struct {
		category string
		want     []string
	}{
		{"", nil},
		{"Food", []string{"Food"}},
		{"Food/Paris", []string{"Food", "Paris"}},
		{" Tech / Go /Parsers ", []string{"Tech", "Go", "Parsers"}},
		{"a//b/", []string{"a", "b"}},
		{"/", nil},
		{`News\/Politics/UK`, []string{"News/Politics", "UK"}}, // the importer's JoinFolders escaping
		{`a\\b`, []string{`a\b`}},
		{"a \\ b\n/c", []string{"a b", "c"}}, // "\ " is a blank, and blanks collapse
	} {
		if got := Folders(tc.category); fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("Folders(%q) = %q, want %q", tc.category, got, tc.want)
		}
	}
}

// bookmark is what a browser's importer reads back.
type bookmark struct {
	folder                                  string
	href, name, addDate, lastModified, tags string
	description                             string
}

// readBack reads a Netscape bookmark file with the HTML tokenizer, as
// Firefox's importer does: H3 opens a folder that the following DL holds,
// A is a bookmark, DD text its description.
func readBack(t *testing.T, data []byte) []bookmark {
	t.Helper()
	z := html.NewTokenizer(bytes.NewReader(data))
	var path []string
	var pending string // the last H3's name, until its DL opens
	var out []bookmark
	depth := 0
	var in string // "h3", "a", "dd"
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			if depth != 0 {
				t.Errorf("unbalanced DL: depth %d at the end", depth)
			}
			return out
		case html.StartTagToken:
			tok := z.Token()
			switch tok.Data {
			case "dl":
				depth++
				if depth > 1 {
					path = append(path, pending)
				}
			case "h3":
				in, pending = "h3", ""
			case "a":
				in = "a"
				b := bookmark{folder: netscapeimport.JoinFolders(path)}
				for _, a := range tok.Attr {
					switch a.Key {
					case "href":
						b.href = a.Val
					case "add_date":
						b.addDate = a.Val
					case "last_modified":
						b.lastModified = a.Val
					case "tags":
						b.tags = a.Val
					}
				}
				out = append(out, b)
			case "dd":
				in = "dd"
			case "dt", "p":
				in = ""
			}
		case html.EndTagToken:
			tok := z.Token()
			if tok.Data == "dl" {
				depth--
				if depth > 0 {
					path = path[:len(path)-1]
				}
			}
			in = ""
		case html.TextToken:
			text := string(z.Text())
			switch in {
			case "h3":
				pending += text
			case "a":
				out[len(out)-1].name += text
			case "dd":
				out[len(out)-1].description += text
			}
		}
	}
}

func TestWriteReadsBack(t *testing.T) {
	d := func(s int64) time.Time { return time.Unix(s, 0).UTC() }
	recs := []*catalogue.Record{
		{URI: "https://example.org/?a=1&b=2", Name: `Café & "Co" <menu>`, Date: d(1709294400), Category: "Food/Paris",
			Description: "line one\nline <two> & 'three'", Extensions: []catalogue.Field{{Name: "X-TAGS", Value: "food,<paris>"}}},
		{URI: "http://example.com/top", Name: "Top", Date: d(1000)},
		{URI: "http://example.com/tech", Name: "Tech", Date: d(2000), Category: "Tech"},
		{URI: "http://example.com/bistro", Name: "Bistro", Date: d(3000), Category: "Food/Paris"},
		{URI: "http://example.com/tokyo", Name: "日本", Date: d(4000), Category: "Food/Tokyo"},
	}
	var buf bytes.Buffer
	if err := Write(&buf, recs); err != nil {
		t.Fatal(err)
	}
	got := readBack(t, buf.Bytes())
	// Folders in the order of their first record, records of a folder together.
	order := []int{0, 3, 4, 1, 2}
	if len(got) != len(order) {
		t.Fatalf("read back %d bookmarks, want %d:\n%s", len(got), len(order), buf.String())
	}
	for i, j := range order {
		r, b := recs[j], got[i]
		b.description = strings.TrimSpace(b.description) // DD text runs to the next tag
		date := strconv.FormatInt(r.Date.Unix(), 10)
		want := bookmark{folder: netscapeimport.JoinFolders(Folders(r.Category)), href: r.URI, name: r.Name,
			addDate: date, lastModified: date, tags: r.Extension("X-TAGS"), description: r.Description}
		if b != want {
			t.Errorf("bookmark %d\n got %+v\nwant %+v", i, b, want)
		}
	}
	// Chromium's bookmark_html_reader reads line by line: each bookmark,
	// title included, must be on one line.
	for _, line := range strings.Split(buf.String(), "\n") {
		if strings.Contains(line, "<DT><A ") && !strings.HasSuffix(line, "</A>") {
			t.Errorf("bookmark not on one line: %q", line)
		}
	}
	if strings.Count(buf.String(), ">Paris</H3>") != 1 {
		t.Errorf("folder Paris written more than once:\n%s", buf.String())
	}
}

func TestHeader(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf, nil); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	for _, want := range []string{"<!DOCTYPE NETSCAPE-Bookmark-file-1>\n", `<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">`,
		"<DL><p>\n</DL><p>\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if !strings.HasPrefix(out, "<!DOCTYPE NETSCAPE-Bookmark-file-1>") {
		t.Errorf("output does not start with the DOCTYPE that importers look for")
	}
}

func TestFolderDates(t *testing.T) {
	recs := []*catalogue.Record{
		{URI: "http://a/", Name: "a", Date: time.Unix(500, 0), Category: "F/G"},
		{URI: "http://b/", Name: "b", Date: time.Unix(100, 0), Category: "F"},
		{URI: "http://c/", Name: "c", Date: time.Unix(900, 0), Category: "F/G"},
	}
	var buf bytes.Buffer
	if err := Write(&buf, recs); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<DT><H3 ADD_DATE="100" LAST_MODIFIED="900">F</H3>`, `<DT><H3 ADD_DATE="500" LAST_MODIFIED="900">G</H3>`} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("output lacks %q (a folder dates from its oldest to its newest bookmark):\n%s", want, buf.String())
		}
	}
}

func TestTags(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""}, {"go", "go"}, {"go,lang", "go,lang"}, {"go, lang", "go,lang"}, {" a ,, b ,", "a,b"}, {"two words, x", "two words,x"}, {"a,\tb\n", "a,b"},
	} {
		if got := Tags(tc.in); got != tc.want {
			t.Errorf("Tags(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// Extensions that browsers have an attribute for are carried in it.
func TestAttributes(t *testing.T) {
	rec := &catalogue.Record{URI: "http://a/", Name: "a", Date: time.Unix(1, 0), Extensions: []catalogue.Field{
		{Name: "X-TAGS", Value: "x, y"}, {Name: "X-KEYWORD", Value: "kw"}, {Name: "X-FEED-URL", Value: "http://a/feed?x=1&y=2"},
		{Name: "X-LAST-VISIT", Value: "7"}, {Name: "X-OTHER", Value: "not carried"}}}
	var buf bytes.Buffer
	if err := Write(&buf, []*catalogue.Record{rec}); err != nil {
		t.Fatal(err)
	}
	want := `<DT><A HREF="http://a/" ADD_DATE="1" LAST_MODIFIED="1" TAGS="x,y" SHORTCUTURL="kw" FEEDURL="http://a/feed?x=1&amp;y=2" LAST_VISIT="7">a</A>`
	if !strings.Contains(buf.String(), want) || strings.Contains(buf.String(), "not carried") {
		t.Errorf("output lacks %s:\n%s", want, buf.String())
	}
}

// FuzzWrite: whatever the text (cleaned as the catalogue cleans imported
// text), the file reads back with the same names, folders, tags and
// descriptions, and each bookmark stays on one line.
func FuzzWrite(f *testing.F) {
	f.Add("Café & <b>", "line\n<DD>two</A>", "A/B", "x,y")
	f.Add("", "", "/", "")
	f.Fuzz(func(t *testing.T, name, desc, cat, tags string) {
		name, desc, cat, tags = catalogue.CleanText(name), catalogue.CleanText(desc), catalogue.CleanText(cat), catalogue.CleanText(tags)
		rec := &catalogue.Record{URI: "http://example.org/?a=1&b=2", Name: name, Description: desc, Category: cat,
			Date: time.Unix(5, 0).UTC(), Extensions: []catalogue.Field{{Name: "X-TAGS", Value: tags}}}
		var buf bytes.Buffer
		if err := Write(&buf, []*catalogue.Record{rec, rec}); err != nil {
			t.Fatal(err)
		}
		got := readBack(t, buf.Bytes())
		if len(got) != 2 {
			t.Fatalf("%d bookmarks read back, want 2:\n%s", len(got), buf.String())
		}
		b := got[1]
		if b.name != name || strings.TrimSpace(b.description) != strings.TrimSpace(desc) ||
			b.folder != netscapeimport.JoinFolders(Folders(cat)) || b.tags != Tags(tags) || b.href != rec.URI {
			t.Errorf("read back %+v from\n%s", b, buf.String())
		}
		for _, line := range strings.Split(buf.String(), "\n") {
			if strings.Contains(line, "<DT><A ") && !strings.HasSuffix(line, "</A>") {
				t.Errorf("bookmark not on one line: %q", line)
			}
		}
	})
}
