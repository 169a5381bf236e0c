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
