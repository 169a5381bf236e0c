package importers_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/csv"
	"github.com/uricat/uricat/importers/importertest"
	"github.com/uricat/uricat/importers/json"
	"github.com/uricat/uricat/importers/netscape"
	"github.com/uricat/uricat/importers/pinboard"
	"github.com/uricat/uricat/importers/servicecsv"
)

// toReadWriters are the formats whose files can hold the reading list:
// Netscape's TOREAD, uricat's JSON and CSV.
var toReadWriters = []importers.Format{netscape.Format, json.Format, csv.Format}

// toReadOf maps each record's URI to whether it is on the reading list.
func toReadOf(recs []*ssd3.Record) map[string]bool {
	m := map[string]bool{}
	for _, r := range recs {
		m[r.URI()] = ssd3.ToRead(r)
	}
	return m
}

// checkToRead: recs have the reading list want (by URI), and keep it
// through every format that can hold it.
func checkToRead(t *testing.T, recs []*ssd3.Record, want map[string]bool) {
	t.Helper()
	got := toReadOf(recs)
	for uri, w := range want {
		if got[uri] != w {
			t.Errorf("%s: to read %v, want %v", uri, got[uri], w)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d records, want %d", len(got), len(want))
	}
	for _, f := range toReadWriters {
		back := importertest.RoundTrip(t, f, recs)
		again := toReadOf(readAll(t, f, back))
		for uri, w := range want {
			if again[uri] != w {
				t.Errorf("through %s, %s: to read %v, want %v", f.Name, uri, again[uri], w)
			}
		}
	}
}

// TestReadStateImports: each service's export keeps its read state as
// the reading list, and an export to a format that can hold it keeps it
// again.
func TestReadStateImports(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		format importers.Format
		data   string
		want   map[string]bool
	}{
		{"pocket-csv", servicecsv.PocketFormat, "title,url,time_added,tags,status\r\n" +
			"A,https://a.example/,1705312345,,unread\r\nB,https://b.example/,1705312346,x|y,archive\r\n",
			map[string]bool{"https://a.example/": true, "https://b.example/": false}},
		{"instapaper-csv", servicecsv.InstapaperFormat, "URL,Title,Selection,Folder,Timestamp\r\n" +
			"https://a.example/,A,,Unread,1695830400\r\nhttps://b.example/,B,,Archive,1695830401\r\nhttps://c.example/,C,,Mine,1695830402\r\n",
			map[string]bool{"https://a.example/": true, "https://b.example/": false, "https://c.example/": false}},
		{"pinboard", pinboard.Format, `[{"href":"https://a.example/","description":"A","time":"2020-01-02T03:04:05Z","shared":"yes","toread":"yes","tags":""},` +
			`{"href":"https://b.example/","description":"B","time":"2020-01-02T03:04:05Z","shared":"yes","toread":"no","tags":""}]`,
			map[string]bool{"https://a.example/": true, "https://b.example/": false}},
		{"netscape", netscape.Format, "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n" +
			`<DT><A HREF="https://a.example/" ADD_DATE="1577934245" TOREAD="1">A</A>` + "\n" +
			`<DT><A HREF="https://b.example/" ADD_DATE="1577934245" TOREAD="0">B</A>` + "\n" +
			`<DT><A HREF="https://c.example/" ADD_DATE="1577934245">C</A>` + "\n</DL><p>\n",
			map[string]bool{"https://a.example/": true, "https://b.example/": false, "https://c.example/": false}},
		// linkding's export (bookmarks/services/exporter.py): lines joined
		// by "\n\r", TOREAD "1" for unread and "0" for read on every link.
		{"linkding", netscape.Format, "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n\r" +
			`<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">` + "\n\r<TITLE>Bookmarks</TITLE>\n\r<H1>Bookmarks</H1>\n\r<DL><p>\n\r" +
			`<DT><A HREF="https://a.example/" ADD_DATE="1577934245" PRIVATE="0" TOREAD="1" TAGS="go">A</A>` + "\n\r<DD>later\n\r" +
			`<DT><A HREF="https://b.example/" ADD_DATE="1577934245" PRIVATE="1" TOREAD="0" TAGS="linkding:archived">B</A>` + "\n\r</DL><p>",
			map[string]bool{"https://a.example/": true, "https://b.example/": false}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			checkToRead(t, readAll(t, tc.format, []byte(tc.data)), tc.want)
		})
	}
}

// TestReadStateSamples: the real Pocket and Instapaper HTML exports: the
// bookmarks of their "Unread" sections are on the reading list, the
// others not, and stay so through every format that can hold it.
func TestReadStateSamples(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(samples, "pocket-instapaper-html")
	for _, tc := range []struct {
		file   string
		format importers.Format
		unread int
	}{
		{"worldbrain-memex_bookmark-exports-test-data_pocketInput.html", netscape.PocketFormat, 3},
		{"worldbrain-memex_bookmark-exports-test-data_instapaperInput.html", netscape.InstapaperFormat, 2},
	} {
		t.Run(tc.format.Name, func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(filepath.Join(dir, tc.file))
			if err != nil {
				t.Skipf("no real files to read: ../shared/samples/pocket-instapaper-html is not beside the repository (%v)", err)
			}
			recs := readAll(t, tc.format, data)
			want := map[string]bool{}
			n := 0
			for _, r := range recs {
				want[r.URI()] = strings.EqualFold(r.Category(), "Unread")
				if want[r.URI()] {
					n++
				}
			}
			if n != tc.unread {
				t.Fatalf("%d records of %d in Unread, want %d", n, len(recs), tc.unread)
			}
			checkToRead(t, recs, want)
		})
	}
}
