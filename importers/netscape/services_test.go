package netscape

import (
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

// linkdingExport is the file linkding's "Export bookmarks" writes, in the
// shape of its exporter (bookmarks/services/exporter.py): lines joined
// with "\n\r", PRIVATE and TOREAD as 1 or 0, the tags with commas (an
// archived bookmark gets the tag linkding:archived), and the user's notes
// after the description in the <DD>, between [linkding-notes] and
// [/linkding-notes].
var linkdingExport = strings.Join([]string{
	`<!DOCTYPE NETSCAPE-Bookmark-file-1>`,
	`<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">`,
	`<TITLE>Bookmarks</TITLE>`,
	`<H1>Bookmarks</H1>`,
	`<DL><p>`,
	`<DT><A HREF="https://go.dev/" ADD_DATE="1700000000" PRIVATE="1" TOREAD="0" TAGS="go,lang">The Go Programming Language</A>`,
	`<DD>Go is an open source programming language.[linkding-notes]Read the *tour* first.` + "\n" + `Then the spec.[/linkding-notes]`,
	`<DT><A HREF="https://example.org/old" ADD_DATE="1600000000" PRIVATE="0" TOREAD="1" TAGS="linkding:archived">Old &amp; archived</A>`,
	`<DT><A HREF="https://example.org/notes-only" ADD_DATE="1650000000" PRIVATE="0" TOREAD="0" TAGS="">Notes only</A>`,
	`<DD>[linkding-notes]just notes[/linkding-notes]`,
	`</DL><p>`,
}, "\n\r")

// shioriExport is the file `shiori export` writes (internal/cmd/export.go):
// the head on one line, ADD_DATE and LAST_MODIFIED both the time the
// bookmark was modified, tags with commas, no descriptions.
const shioriExport = `<!DOCTYPE NETSCAPE-Bookmark-file-1><META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8"><TITLE>Bookmarks</TITLE><H1>Bookmarks</H1><DL>
<DT><A HREF="https://go.dev/" ADD_DATE="1700000000" LAST_MODIFIED="1700000000" TAGS="go,programming">The Go Programming Language</A>
<DT><A HREF="https://example.org/" ADD_DATE="1700000100" LAST_MODIFIED="1700000100" TAGS="">Example</A>
</DL>
`

func readServiceExport(t *testing.T, in string) []*ssd3.Record {
	t.Helper()
	if !Detect([]byte(in)) {
		t.Fatal("Detect does not recognise the export")
	}
	recs, diags := importertest.ReadAll(t, NewReader(strings.NewReader(in), importers.Options{Now: time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)}))
	for _, d := range diags {
		if d.Kind == ssd3.Skipped || d.Kind == ssd3.Dropped {
			t.Errorf("diagnostic: %s", d)
		}
	}
	return recs
}

func checkServiceRecords(t *testing.T, got, want []*ssd3.Record) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d records, want %d", len(got), len(want))
	}
	for i := range want {
		if d := importertest.Diff(got[i], want[i]); d != nil {
			t.Errorf("record %d (%s): %v", i, want[i].URI(), d)
		}
	}
}

// linkding's notes are not part of the description: they are the notes'
// X-NOTES, without linkding's markers.
func TestLinkdingExport(t *testing.T) {
	recs := readServiceExport(t, linkdingExport)
	checkServiceRecords(t, recs, []*ssd3.Record{
		ssd3.NewRecord(ssd3.Values{URI: "https://go.dev/", Name: "The Go Programming Language", Date: time.Unix(1700000000, 0).UTC(),
			Description: "Go is an open source programming language.",
			Extensions: []ssd3.Field{{Name: "X-PRIVATE", Value: "1"}, {Name: "X-TOREAD", Value: "0"}, {Name: "X-TAGS", Value: "go, lang"},
				{Name: "X-NOTES", Value: "Read the *tour* first.\nThen the spec."}}}),
		ssd3.NewRecord(ssd3.Values{URI: "https://example.org/old", Name: "Old & archived", Date: time.Unix(1600000000, 0).UTC(),
			Extensions: []ssd3.Field{{Name: "X-PRIVATE", Value: "0"}, {Name: "X-TOREAD", Value: "1"}, {Name: "X-TAGS", Value: "linkding:archived"}}}),
		ssd3.NewRecord(ssd3.Values{URI: "https://example.org/notes-only", Name: "Notes only", Date: time.Unix(1650000000, 0).UTC(),
			Extensions: []ssd3.Field{{Name: "X-PRIVATE", Value: "0"}, {Name: "X-TOREAD", Value: "0"}, {Name: "X-NOTES", Value: "just notes"}}}),
	})
}

// Shiori's export is plain Netscape: its one-line head and equal dates
// read as any browser's.
func TestShioriExport(t *testing.T) {
	recs := readServiceExport(t, shioriExport)
	checkServiceRecords(t, recs, []*ssd3.Record{
		ssd3.NewRecord(ssd3.Values{URI: "https://go.dev/", Name: "The Go Programming Language", Date: time.Unix(1700000000, 0).UTC(),
			Extensions: []ssd3.Field{{Name: "X-TAGS", Value: "go, programming"}}}),
		ssd3.NewRecord(ssd3.Values{URI: "https://example.org/", Name: "Example", Date: time.Unix(1700000100, 0).UTC()}),
	})
}
