package safari

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"howett.net/plist"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

var fileDate = time.Date(2024, 3, 1, 12, 0, 0, 0, time.UTC)

// The package doc's table lists exactly the rows of keys, in order.
func TestDocMapping(t *testing.T) {
	var want [][]string
	for _, k := range keys {
		want = append(want, []string{k.name(), k.field, k.kind.String()})
	}
	importertest.CheckDocTable(t, ".", "Field mapping", want)
}

type dict = map[string]any

func folder(title string, children ...any) dict {
	return dict{"WebBookmarkType": "WebBookmarkTypeList", "Title": title, "WebBookmarkUUID": "5E1B3C8A-0000-4000-8000-" + strings.Repeat("0", 12), "Children": children}
}

func bookmark(url, title string) dict {
	return dict{"WebBookmarkType": "WebBookmarkTypeLeaf", "URLString": url, "URIDictionary": dict{"title": title},
		"WebBookmarkUUID": "9A7C2B1D-0000-4000-8000-" + strings.Repeat("1", 12)}
}

var added = time.Date(2023, 11, 14, 22, 13, 20, 0, time.UTC)

// safariTree is a Bookmarks.plist as Safari 17 writes it: a top list
// whose Children are the History proxy, BookmarksBar (Favorites),
// BookmarksMenu, folders of the user's and the Reading List, whose
// bookmarks have a ReadingList dictionary (DateAdded, DateLastFetched,
// DateLastViewed, PreviewText) and a ReadingListNonSync cache.
func safariTree() dict {
	rl := bookmark("https://www.theverge.com/2023/1/1/article", "An article to read later")
	rl["ReadingList"] = dict{"DateAdded": added, "DateLastFetched": added.Add(time.Minute), "DateLastViewed": added.Add(time.Hour),
		"PreviewText": "The first lines of the article, as Safari fetched them."}
	rl["ReadingListNonSync"] = dict{"neverFetchMetadata": false, "siteName": "The Verge"}
	rl["imageURL"] = "https://cdn.example/lead.jpg"
	readingList := folder("com.apple.ReadingList", rl)
	readingList["ShouldOmitFromUI"] = true
	top := folder("",
		dict{"WebBookmarkType": "WebBookmarkTypeProxy", "Title": "History", "WebBookmarkIdentifier": "History"},
		folder("BookmarksBar", bookmark("https://www.apple.com/uk/", "Apple"), folder("Go / Golang", bookmark("https://go.dev/", "The Go Programming Language"))),
		folder("BookmarksMenu"),
		folder("Cafés", bookmark("https://www.timeout.com/london/restaurants/best-cafes-in-london", "The best cafés in London")),
		readingList,
		bookmark("https://example.org/", ""),
	)
	top["WebBookmarkFileVersion"] = 1
	return top
}

func encode(t testing.TB, v any, format int) []byte {
	t.Helper()
	b, err := plist.Marshal(v, format)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func readAll(t testing.TB, data []byte) ([]*ssd3.Record, []ssd3.Diagnostic) {
	t.Helper()
	return importertest.ReadAll(t, NewReader(bytes.NewReader(data), importers.Options{FileDate: fileDate}))
}

// Safari's binary file, and the XML that plutil makes of it, read alike:
// folders to CATEGORY under the names Safari shows, the Reading List a
// category of its own with its dates and preview text.
func TestBookmarks(t *testing.T) {
	want := []*ssd3.Record{
		ssd3.NewRecord(ssd3.Values{URI: "https://www.apple.com/uk/", Name: "Apple", Category: "Favorites", Date: fileDate}),
		ssd3.NewRecord(ssd3.Values{URI: "https://go.dev/", Name: "The Go Programming Language", Category: "Favorites/Go - Golang", Date: fileDate}),
		ssd3.NewRecord(ssd3.Values{URI: "https://www.timeout.com/london/restaurants/best-cafes-in-london", Name: "The best cafés in London",
			Category: "Cafés", Date: fileDate}),
		ssd3.NewRecord(ssd3.Values{URI: "https://www.theverge.com/2023/1/1/article", Name: "An article to read later", Category: "Reading List",
			Date: added, Description: "The first lines of the article, as Safari fetched them.",
			Extensions: []ssd3.Field{{Name: "X-LAST-VISIT", Value: "14/11/2023 23:13:20"}}}),
		ssd3.NewRecord(ssd3.Values{URI: "https://example.org/", Name: "example.org", Date: fileDate}),
	}
	for name, format := range map[string]int{"binary": plist.BinaryFormat, "XML": plist.XMLFormat} {
		t.Run(name, func(t *testing.T) {
			data := encode(t, safariTree(), format)
			if !Detect(data) {
				t.Fatalf("Detect does not recognise it: %q", data[:min(len(data), 200)])
			}
			recs, diags := readAll(t, data)
			importertest.CheckDiagnostics(t, diags, []string{"0 note: 4 bookmarks had no date: DATE set to the file's date"}, true)
			if len(recs) != len(want) {
				t.Fatalf("%d records, want %d", len(recs), len(want))
			}
			for i := range want {
				if d := importertest.Diff(recs[i], want[i]); d != nil {
					t.Errorf("record %d (%s): %v", i, want[i].URI(), d)
				}
			}
		})
	}
}

func TestDetect(t *testing.T) {
	for _, tc := range []struct {
		head string
		want bool
	}{
		{"bplist00\xd1\x01\x02", true},
		{"<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"http://www.apple.com/DTDs/PropertyList-1.0.dtd\">\n<plist version=\"1.0\">\n<dict>\n\t<key>Children</key>\n\t<array>\n\t\t<dict>\n\t\t\t<key>WebBookmarkType</key>", true},
		{"<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>CFBundleName</key></dict></plist>", false},
		{"<!DOCTYPE NETSCAPE-Bookmark-file-1>", false},
		{"bplist", false},
	} {
		if got := Detect([]byte(tc.head)); got != tc.want {
			t.Errorf("Detect(%q) = %v", tc.head, got)
		}
	}
}

// What is not Safari's bookmarks, or not whole, is reported, and what can
// be read is.
func TestBadInput(t *testing.T) {
	bad := folder("",
		"a string",
		dict{"WebBookmarkType": "WebBookmarkTypeLeaf", "URIDictionary": dict{"title": "no URL"}},
		dict{"WebBookmarkType": "WebBookmarkTypeLeaf", "URLString": 5, "URIDictionary": dict{"title": "a number"}},
		dict{"WebBookmarkType": "WebBookmarkTypeList", "Title": "BookmarksBar", "Children": "not a list"},
		dict{"WebBookmarkType": "WebBookmarkTypeSomethingNew"},
		dict{"WebBookmarkType": "WebBookmarkTypeLeaf", "URLString": "https://a.example/", "ReadingList": dict{"DateAdded": "yesterday"}},
	)
	for _, tc := range []struct {
		name  string
		data  []byte
		uris  []string
		diags []string
	}{
		{"empty", nil, nil, []string{"0 skipped: the file is empty"}},
		{"not a plist", []byte("bplist00 and then nothing of one"), nil, []string{"0 skipped: not a property list that can be read"}},
		{"another plist", encode(t, dict{"CFBundleName": "x"}, plist.BinaryFormat), nil, []string{"0 skipped: a property list, but not Safari's bookmarks"}},
		{"cut short", encode(t, safariTree(), plist.BinaryFormat)[:300], nil, []string{"0 skipped: not a property list that can be read"}},
		{"bad items", encode(t, bad, plist.BinaryFormat), []string{"https://a.example/"}, []string{
			"0 skipped: item 1 of the top is not a dictionary: not a bookmark",
			`0 skipped: folder "Favorites": its Children is not a list`,
			`0 skipped: item 5 of the top has WebBookmarkType "WebBookmarkTypeSomethingNew", which uricat does not know`,
			"0 skipped: item 2 of the top: record not imported: URI is required",
			"0 skipped: item 3 of the top: record not imported: URI is required",
			"0 dropped: item 6 of the top: ReadingList.DateAdded is not a date: left out",
			"0 note: 1 bookmark had no date",
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			recs, diags := readAll(t, tc.data)
			var uris []string
			for _, r := range recs {
				uris = append(uris, r.URI())
			}
			if strings.Join(uris, " ") != strings.Join(tc.uris, " ") {
				t.Errorf("records %q, want %q", uris, tc.uris)
			}
			importertest.CheckDiagnostics(t, diags, tc.diags, true)
		})
	}
}

// A binary Bookmarks.plist of 990 nested folders that share one title of
// 4 KiB, a bookmark in each (24 KB once made 3.9 GB of CATEGORY): each
// folder's path is made once, within the bound on a CATEGORY, each cut
// said once, and every bookmark is imported.
func TestFolderPathBound(t *testing.T) {
	t.Parallel()
	const depth = 990
	title := strings.Repeat("t", 4096)
	inner := folder(title, bookmark("https://e.example/990", "b"))
	for i := depth - 1; i > 0; i-- {
		inner = folder(title, bookmark("https://e.example/"+strings.Repeat("i", i%7+1), "b"), inner)
	}
	data := encode(t, folder("", inner), plist.BinaryFormat)
	if len(data) > 64<<10 {
		t.Fatalf("the property list is %d bytes: its title is not shared", len(data))
	}
	recs, diags := readAll(t, data)
	if len(recs) != depth {
		t.Fatalf("%d records, want %d", len(recs), depth)
	}
	importertest.CheckCategoriesShared(t, recs, 8)
	cut := title[:importers.MaxFolderName-3] + "..."
	if want := strings.TrimSuffix(strings.Repeat(cut+"/", 7), "/"); recs[depth-1].Category() != want {
		t.Errorf("CATEGORY of %d bytes, want the 7 outermost names cut to %d bytes", len(recs[depth-1].Category()), len(cut))
	}
	var want []string
	for range 7 {
		want = append(want, `0 dropped: folder "tttt`)
	}
	want = append(want, `0 dropped: folder "tttt`, "0 note: 990 bookmarks had no date")
	importertest.CheckDiagnostics(t, diags, want, true)
}
