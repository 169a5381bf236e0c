package netscape

import (
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
)

// What real browsers write comes in, and goes out, as they need it: each
// case is a bookmark as Firefox or Chromium exports it, the record it
// becomes, and what the <A> line of our export of it holds (and lacks).
func TestBrowserRoundTrip(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, a       string // the <A> of a browser's file
		uri, tags     string // what the record holds
		noExt         string // a field the record must not have
		written, lost []string
	}{
		{name: "brackets in a query are kept, encoded", a: `<A HREF="https://shop.example/list?filter[status]=open&a[]=1" ADD_DATE="1700000000">Shop</A>`,
			uri: "https://shop.example/list?filter%5Bstatus%5D=open&a%5B%5D=1", written: []string{`HREF="https://shop.example/list?filter%5Bstatus%5D=open&amp;a%5B%5D=1"`}},
		{name: "a keyword's placeholder stays %s", a: `<A HREF="https://duckduckgo.com/?q=%s" ADD_DATE="1700000000" SHORTCUTURL="d">DDG</A>`,
			uri: "https://duckduckgo.com/?q=%s", written: []string{`HREF="https://duckduckgo.com/?q=%s"`, `SHORTCUTURL="d"`}, lost: []string{"%25s"}},
		{name: "a bookmarklet with brackets is kept, as every reader keeps it", a: `<A HREF="javascript:(function(){var a=[1];alert(a[0])})()" ADD_DATE="1700000000">JS</A>`,
			uri: "javascript:(function()%7Bvar%20a=%5B1%5D;alert(a%5B0%5D)%7D)()", written: []string{`HREF="javascript:(function()%7Bvar%20a=%5B1%5D;alert(a%5B0%5D)%7D)()"`}},
		{name: "a quote is &quot;", a: `<A HREF="https://q.example/" ADD_DATE="1700000000">say &quot;hi&quot;</A>`,
			uri: "https://q.example/", written: []string{`>say &quot;hi&quot;</A>`}, lost: []string{"&#34;"}},
		{name: "LAST_MODIFIED equal to ADD_DATE says nothing", a: `<A HREF="https://m.example/" ADD_DATE="1700000000" LAST_MODIFIED="1700000000">M</A>`,
			uri: "https://m.example/", noExt: "X-LAST-MODIFIED", written: []string{`ADD_DATE="1700000000">`}},
		{name: "tags in the catalogue's form, written as browsers write them", a: `<A HREF="https://t.example/" ADD_DATE="1700000000" TAGS="go,lang , web">T</A>`,
			uri: "https://t.example/", tags: "go, lang, web", written: []string{`TAGS="go,lang,web"`}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			recs, diags := readAll(t, strings.NewReader(header+"<DT>"+tc.a+"\n</DL><p>\n"), importers.Options{Now: now})
			if len(recs) != 1 {
				t.Fatalf("%d records, want 1; diagnostics %v", len(recs), diags)
			}
			r := recs[0]
			if r.URI() != tc.uri {
				t.Errorf("URI %q, want %q", r.URI(), tc.uri)
			}
			if got := r.Extension(ssd3.FieldTags); got != tc.tags {
				t.Errorf("X-TAGS %q, want %q", got, tc.tags)
			}
			if tc.noExt != "" && r.Extension(tc.noExt) != "" {
				t.Errorf("%s %q invented", tc.noExt, r.Extension(tc.noExt))
			}
			out, _ := write(t, r)
			for _, w := range tc.written {
				if !strings.Contains(out, w) {
					t.Errorf("export lacks %s:\n%s", w, out)
				}
			}
			for _, l := range tc.lost {
				if strings.Contains(out, l) {
					t.Errorf("export has %s:\n%s", l, out)
				}
			}
		})
	}
}

// The browsers' root folders come in as X-BROWSER-ROOT and go back out
// flagged, so that Firefox and Chromium put them in the real toolbar and
// Other Bookmarks; a menu folder merely titled "Bookmarks Toolbar" stays
// a menu folder, and a mobile root a folder of its own.
func TestBrowserRoots(t *testing.T) {
	t.Parallel()
	in := header +
		`<DT><A HREF="https://menu.example/" ADD_DATE="1700000000">Menu</A>` + "\n" +
		`<DT><H3 ADD_DATE="1700000000">Bookmarks Toolbar</H3>` + "\n<DL><p>\n" +
		`<DT><A HREF="https://fake.example/" ADD_DATE="1700000000">In a menu folder</A>` + "\n</DL><p>\n" +
		`<DT><H3 ADD_DATE="1700000000" LAST_MODIFIED="1700000000" PERSONAL_TOOLBAR_FOLDER="true">Bookmarks Toolbar</H3>` + "\n<DL><p>\n" +
		`<DT><A HREF="https://bar.example/" ADD_DATE="1700000000">On the bar</A>` + "\n" +
		`<DT><H3>News</H3>` + "\n<DL><p>\n" +
		`<DT><A HREF="https://news.example/" ADD_DATE="1700000000">News</A>` + "\n</DL><p>\n</DL><p>\n" +
		`<DT><H3 UNFILED_BOOKMARKS_FOLDER="true">Other Bookmarks</H3>` + "\n<DL><p>\n" +
		`<DT><A HREF="https://other.example/" ADD_DATE="1700000000">Other</A>` + "\n</DL><p>\n" +
		`<DT><H3>Mobile Bookmarks</H3>` + "\n<DL><p>\n" +
		`<DT><A HREF="https://phone.example/" ADD_DATE="1700000000" X-BROWSER-ROOT="mobile">Phone</A>` + "\n</DL><p>\n</DL><p>\n"
	first, _, out, losses := reexport(t, in)
	want := map[string][2]string{ // URI: CATEGORY, X-BROWSER-ROOT
		"https://menu.example/":  {"", ""},
		"https://fake.example/":  {"Bookmarks Toolbar", ""},
		"https://bar.example/":   {"Bookmarks Toolbar", "toolbar"},
		"https://news.example/":  {"Bookmarks Toolbar/News", "toolbar"},
		"https://other.example/": {"Other Bookmarks", "other"},
		"https://phone.example/": {"Mobile Bookmarks", "mobile"},
	}
	for _, r := range first {
		w := want[r.URI()]
		if r.Category() != w[0] || r.Extension("X-BROWSER-ROOT") != w[1] {
			t.Errorf("%s: CATEGORY %q, X-BROWSER-ROOT %q; want %q, %q", r.URI(), r.Category(), r.Extension("X-BROWSER-ROOT"), w[0], w[1])
		}
	}
	for _, s := range []string{
		`PERSONAL_TOOLBAR_FOLDER="true">Bookmarks Toolbar</H3>`,
		`UNFILED_BOOKMARKS_FOLDER="true">Other Bookmarks</H3>`,
		`X-BROWSER-ROOT="mobile">Phone</A>`,
	} {
		if strings.Count(out, s) != 1 {
			t.Errorf("export has %q %d times, want once:\n%s", s, strings.Count(out, s), out)
		}
	}
	if n := strings.Count(out, ">Bookmarks Toolbar</H3>"); n != 2 {
		t.Errorf("%d folders named Bookmarks Toolbar, want 2 (the menu's and the real one):\n%s", n, out)
	}
	if strings.Contains(out, `X-BROWSER-ROOT="toolbar"`) || strings.Contains(out, `X-BROWSER-ROOT="other"`) {
		t.Errorf("the root written on the bookmarks too, which the folder's flag says:\n%s", out)
	}
	if len(losses) > 0 {
		t.Errorf("losses: %v", losses)
	}
}

// A record whose X-BROWSER-ROOT names the toolbar but whose CATEGORY was
// moved out of the toolbar's folder is written where CATEGORY says, its
// root as an attribute, with a note.
func TestBrowserRootMovedAway(t *testing.T) {
	t.Parallel()
	bar := ssd3.NewRecord(ssd3.Values{URI: "https://bar.example/", Name: "Bar", Category: "Bookmarks Toolbar", Date: now,
		Extensions: []ssd3.Field{{Name: "X-BROWSER-ROOT", Value: "toolbar"}}})
	moved := ssd3.NewRecord(ssd3.Values{URI: "https://moved.example/", Name: "Moved", Category: "Programming", Date: now,
		Extensions: []ssd3.Field{{Name: "X-BROWSER-ROOT", Value: "toolbar"}}})
	out, losses := write(t, bar, moved)
	if !strings.Contains(out, `<H3 ADD_DATE="1748770200" LAST_MODIFIED="1748770200">Programming</H3>`) ||
		!strings.Contains(out, `X-BROWSER-ROOT="toolbar">Moved</A>`) {
		t.Errorf("the moved record is not in a menu folder with its root as an attribute:\n%s", out)
	}
	if len(losses) != 1 || !strings.Contains(losses[0].Msg, "which CATEGORY \"Programming\" is not in") {
		t.Errorf("losses %v, want one note of the moved record", losses)
	}
}
