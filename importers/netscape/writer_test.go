package netscape

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/net/html"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
	"github.com/uricat/uricat/internal/display"
)

// write writes recs with a Writer and returns the file and the report.
func write(t testing.TB, recs ...*ssd3.Record) (string, []ssd3.Diagnostic) {
	t.Helper()
	return importertest.Export(t, newWriter, recs...)
}

func TestWriterFolders(t *testing.T) {
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
		{`C:\dir`, []string{`C:\dir`}},           // "\" escapes only "/" and "\"
		{"a  \\ b\n/c", []string{`a  \ b`, "c"}}, // runs of spaces stay, as in a NAME (issue 10 item 9)
		{"a \n b\tc/d", []string{"a b c", "d"}},  // a line break or a tab is a space
	} {
		if got := Folders(tc.category); fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("Folders(%q) = %q, want %q", tc.category, got, tc.want)
		}
	}
}

// bookmark is what a browser's importer reads back.
type browserMark struct {
	folder                                  string
	href, name, addDate, lastModified, tags string
	description                             string
}

// readBack reads a Netscape bookmark file with the HTML tokenizer, as
// Firefox's importer does: H3 opens a folder that the following DL holds,
// A is a bookmark, DD text its description.
func readBack(t *testing.T, data []byte) []browserMark {
	t.Helper()
	z := html.NewTokenizer(bytes.NewReader(data))
	var path []string
	var pending string // the last H3's name, until its DL opens
	var out []browserMark
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
				b := browserMark{folder: JoinFolders(path)}
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
	recs := []*ssd3.Record{
		ssd3.NewRecord(ssd3.Values{URI: "https://example.org/?a=1&b=2", Name: `Café & "Co" <menu>`, Date: d(1709294400), Category: "Food/Paris",
			Description: "line one\nline <two> & 'three'", Extensions: []ssd3.Field{{Name: "X-TAGS", Value: "food,<paris>"}}}),
		ssd3.NewRecord(ssd3.Values{URI: "http://example.com/top", Name: "Top", Date: d(1000)}),
		ssd3.NewRecord(ssd3.Values{URI: "http://example.com/tech", Name: "Tech", Date: d(2000), Category: "Tech"}),
		ssd3.NewRecord(ssd3.Values{URI: "http://example.com/bistro", Name: "Bistro", Date: d(3000), Category: "Food/Paris"}),
		ssd3.NewRecord(ssd3.Values{URI: "http://example.com/tokyo", Name: "日本", Date: d(4000), Category: "Food/Tokyo"}),
	}
	out, _ := write(t, recs...)
	got := readBack(t, []byte(out))
	// Folders in the order of their first record, records of a folder together.
	order := []int{0, 3, 4, 1, 2}
	if len(got) != len(order) {
		t.Fatalf("read back %d bookmarks, want %d:\n%s", len(got), len(order), out)
	}
	for i, j := range order {
		r, b := recs[j], got[i]
		b.description = strings.TrimSpace(b.description) // DD text runs to the next tag
		date := strconv.FormatInt(r.Date().Unix(), 10)
		want := browserMark{folder: JoinFolders(Folders(r.Category())), href: r.URI(), name: r.Name(),
			addDate: date, tags: r.Extension("X-TAGS"), description: r.Description()}
		if b != want {
			t.Errorf("bookmark %d\n got %+v\nwant %+v", i, b, want)
		}
	}
	// Chromium's bookmark_html_reader reads line by line: each bookmark,
	// title included, must be on one line.
	for _, line := range strings.Split(out, "\n") {
		if strings.Contains(line, "<DT><A ") && !strings.HasSuffix(line, "</A>") {
			t.Errorf("bookmark not on one line: %q", line)
		}
	}
	if strings.Count(out, ">Paris</H3>") != 1 {
		t.Errorf("folder Paris written more than once:\n%s", out)
	}
}

func TestHeader(t *testing.T) {
	out, _ := write(t)
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
	recs := []*ssd3.Record{
		ssd3.NewRecord(ssd3.Values{URI: "http://a/", Name: "a", Date: time.Unix(500, 0), Category: "F/G"}),
		ssd3.NewRecord(ssd3.Values{URI: "http://b/", Name: "b", Date: time.Unix(100, 0), Category: "F"}),
		ssd3.NewRecord(ssd3.Values{URI: "http://c/", Name: "c", Date: time.Unix(900, 0), Category: "F/G"}),
	}
	out, _ := write(t, recs...)
	for _, want := range []string{`<DT><H3 ADD_DATE="100" LAST_MODIFIED="900">F</H3>`, `<DT><H3 ADD_DATE="500" LAST_MODIFIED="900">G</H3>`} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q (a folder dates from its oldest to its newest bookmark):\n%s", want, out)
		}
	}
}

// Every field is written where the Reader finds it again: the browsers'
// attributes from their X- fields (dates as Unix seconds), LANGUAGE as
// HTML's HREFLANG, TYPE, ID, RATING, and other extensions under their own
// names, which browsers pass over.
func TestAttributes(t *testing.T) {
	rec := ssd3.NewRecord(ssd3.Values{URI: "http://a/", Name: "a", Date: time.Unix(1, 0), Rating: 4, Language: "fr", Type: "text/html", ID: "7",
		Extensions: []ssd3.Field{
			{Name: "X-OTHER", Value: "kept <too>"}, {Name: "X-TAGS", Value: "x, y"}, {Name: "X-KEYWORD", Value: "kw"},
			{Name: "X-FEED-URL", Value: "http://a/feed?x=1&y=2"}, {Name: "X-LAST-VISIT", Value: "29/03/2019 18:40:52"},
			{Name: "X-LAST-MODIFIED", Value: "not a date"}, {Name: "X-PRIVATE", Value: "1"}, {Name: "X-DATA-COVER", Value: "http://a/c.png"}}})
	out, losses := write(t, rec)
	// The extensions in the record's order, which is the order an import
	// found them in.
	want := `<DT><A HREF="http://a/" ADD_DATE="1" X-OTHER="kept &lt;too&gt;" TAGS="x,y" SHORTCUTURL="kw" FEEDURL="http://a/feed?x=1&amp;y=2" LAST_VISIT="1553884852" X-LAST-MODIFIED="not a date" PRIVATE="1" DATA-COVER="http://a/c.png" HREFLANG="fr" TYPE="text/html" ID="7" RATING="4">a</A>`
	if !strings.Contains(out, want) {
		t.Errorf("output lacks\n%s\n%s", want, out)
	}
	if len(losses) > 0 {
		t.Errorf("losses reported: %v", losses)
	}
}

// FuzzWrite: whatever the text (cleaned as the catalogue cleans imported
// text), the file reads back, through the HTML tokenizer as Firefox reads
// it, with the same names, folders, tags and descriptions, and each
// bookmark stays on one line for Chromium's line reader.
func FuzzWrite(f *testing.F) {
	f.Add("Café & <b>", "line\n<DD>two</A>", "A/B", "x,y")
	f.Add("", "", "/", "")
	f.Fuzz(func(t *testing.T, name, desc, cat, tags string) {
		name, desc, cat, tags = display.Clean(name), display.Clean(desc), display.Clean(cat), display.Clean(tags)
		rec := ssd3.NewRecord(ssd3.Values{URI: "http://example.org/?a=1&b=2", Name: name, Description: desc, Category: cat,
			Date: time.Unix(5, 0).UTC(), Extensions: []ssd3.Field{{Name: "X-TAGS", Value: tags}}})
		out, _ := write(t, rec, rec)
		got := readBack(t, []byte(out))
		if len(got) != 2 {
			t.Fatalf("%d bookmarks read back, want 2:\n%s", len(got), out)
		}
		b := got[1]
		if b.name != name || strings.TrimSpace(b.description) != strings.TrimSpace(desc) ||
			b.folder != JoinFolders(Folders(cat)) || b.tags != strings.Join(ssd3.SplitTags(tags), ",") || b.href != rec.URI() {
			t.Errorf("read back %+v from\n%s", b, out)
		}
		for _, line := range strings.Split(out, "\n") {
			if strings.Contains(line, "<DT><A ") && !strings.HasSuffix(line, "</A>") {
				t.Errorf("bookmark not on one line: %q", line)
			}
		}
	})
}

// deepRecord is a record whose CATEGORY is n folders deep, "f1/f2/...".
func deepRecord(n int) *ssd3.Record {
	names := make([]string, n)
	for i := range names {
		names[i] = "f" + strconv.Itoa(i+1)
	}
	return ssd3.NewRecord(ssd3.Values{URI: "http://deep.example/", Name: "deep", Date: time.Unix(1e9, 0).UTC(),
		Category: strings.Join(names, "/")})
}

// A CATEGORY deeper than MaxDepth costs output as long as it is, not the
// square of its depth (20,000 levels wrote 2.4 GB): the folders from the
// 64th on are written as one, named with their path, and reported.
func TestWriterDeepCategory(t *testing.T) {
	rec := deepRecord(5_000)
	start := time.Now()
	out, diags := write(t, rec)
	if d := time.Since(start); d > 5*time.Second { // milliseconds now; 16.6 s before
		t.Errorf("took %v", d)
	}
	if len(out) > 2*len(rec.Category())+10_000 {
		t.Errorf("%d bytes written for a CATEGORY of %d", len(out), len(rec.Category()))
	}
	if len(diags) != 1 || !strings.HasPrefix(diags[0].String(),
		`deviation: record http://deep.example/: CATEGORY has 5000 folders, and a reader takes 64 levels: the folders from the 64th on are written as one folder named "f64/f65/`) {
		t.Errorf("diagnostics %v", diags)
	}
	recs, _ := readAll(t, strings.NewReader(out), importers.Options{Now: now})
	if len(recs) != 1 {
		t.Fatalf("%d records read back", len(recs))
	}
	// That folder's name, longer than a reader keeps of one, is cut.
	path := SplitFolders(recs[0].Category())
	last := strings.Join(SplitFolders(rec.Category())[MaxDepth-1:], "/")[:importers.MaxFolderName-3] + "..."
	if len(path) != MaxDepth || path[MaxDepth-2] != "f63" || path[MaxDepth-1] != last {
		t.Errorf("read back %d levels, the last two %q", len(path), path[max(0, len(path)-2):])
	}

	// MaxDepth levels are written as they are.
	rec = deepRecord(MaxDepth)
	out, diags = write(t, rec)
	recs, _ = readAll(t, strings.NewReader(out), importers.Options{Now: now})
	if len(diags) != 0 || len(recs) != 1 || recs[0].Category() != rec.Category() {
		t.Errorf("%d levels: diagnostics %v, read back %d records", MaxDepth, diags, len(recs))
	}
}

// BenchmarkWriterDeepCategory writes a record whose CATEGORY is 1k, 10k
// and 100k folders deep: linear in the CATEGORY (10k levels were 0.6 GB).
func BenchmarkWriterDeepCategory(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			rec := deepRecord(n)
			var out string
			for b.Loop() {
				out, _ = write(b, rec)
			}
			b.ReportMetric(float64(len(out)), "bytes-out")
		})
	}
}
