package firefox

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pierrec/lz4/v4"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

// modernBackup is a backup as Firefox 115 and later write it (on one line;
// here on several, which changes nothing): typeCode beside type, the tags
// of a bookmark in "tags", its keyword and POST data, a separator, a
// place: query, and the tags root empty.
const modernBackup = `{"guid":"root________","title":"","index":0,"dateAdded":1700000000000000,"lastModified":1700000000000000,"id":1,"typeCode":2,"type":"text/x-moz-place-container","root":"placesRoot","children":[
 {"guid":"menu________","title":"menu","index":0,"dateAdded":1700000000000000,"lastModified":1700000000000000,"id":2,"typeCode":2,"type":"text/x-moz-place-container","root":"bookmarksMenuFolder","children":[
  {"guid":"a1","title":"In the menu","index":0,"dateAdded":1704164645000123,"lastModified":1704164645000123,"id":7,"typeCode":1,"iconUri":"https://menu.example/favicon.ico","type":"text/x-moz-place","uri":"https://menu.example/"},
  {"guid":"a2","title":"","index":1,"dateAdded":1700000000000000,"lastModified":1700000000000000,"id":8,"typeCode":3,"type":"text/x-moz-place-separator"},
  {"guid":"a3","title":"Most Visited","index":2,"dateAdded":1700000000000000,"lastModified":1700000000000000,"id":9,"typeCode":1,"type":"text/x-moz-place","uri":"place:sort=8&maxResults=10"}]},
 {"guid":"toolbar_____","title":"toolbar","index":1,"dateAdded":1700000000000000,"lastModified":1700000000000000,"id":3,"typeCode":2,"type":"text/x-moz-place-container","root":"toolbarFolder","children":[
  {"guid":"f1","title":"News/Politics","index":0,"dateAdded":1700000000000000,"lastModified":1700000000000000,"id":10,"typeCode":2,"type":"text/x-moz-place-container","children":[
   {"guid":"a4","title":"Tagged","index":0,"dateAdded":1704164645000123,"lastModified":1706933106000456,"id":11,"typeCode":1,"tags":"zeta,alpha","type":"text/x-moz-place","uri":"https://tagged.example/"}]}]},
 {"guid":"tags________","title":"tags","index":2,"dateAdded":1700000000000000,"lastModified":1700000000000000,"id":4,"typeCode":2,"type":"text/x-moz-place-container","root":"tagsFolder"},
 {"guid":"unfiled_____","title":"unfiled","index":3,"dateAdded":1700000000000000,"lastModified":1700000000000000,"id":5,"typeCode":2,"type":"text/x-moz-place-container","root":"unfiledBookmarksFolder","children":[
  {"guid":"a5","title":"Search","index":0,"dateAdded":1706933106000456,"lastModified":1704164645000123,"id":12,"typeCode":1,"keyword":"s","postData":"q=%s&x=1","type":"text/x-moz-place","uri":"https://search.example/?q=x"},
  {"guid":"a6","title":"Described","index":1,"dateAdded":1704164645000123,"id":13,"typeCode":1,"annos":[{"name":"bookmarkProperties/description","flags":0,"expires":4,"value":"What I wrote"}],"type":"text/x-moz-place","uri":"https://described.example/"}]},
 {"guid":"mobile______","title":"mobile","index":4,"dateAdded":1700000000000000,"lastModified":1700000000000000,"id":6,"typeCode":2,"type":"text/x-moz-place-container","root":"mobileFolder"}]}`

// modernWant is what modernBackup holds, as the database test's records.
var modernWant = []want{
	{uri: "https://menu.example/", name: "In the menu", date: "02/01/2024 03:04:05"},
	{uri: "https://tagged.example/", name: "Tagged", date: "03/02/2024 04:05:06", category: `Bookmarks Toolbar/News\/Politics`,
		ext: map[string]string{"X-ADDED": "02/01/2024 03:04:05", "X-TAGS": "alpha, zeta", "X-BROWSER-ROOT": "toolbar"}},
	{uri: "https://search.example/?q=x", name: "Search", date: "03/02/2024 04:05:06", category: "Other Bookmarks",
		ext: map[string]string{"X-LAST-MODIFIED": "02/01/2024 03:04:05", "X-KEYWORD": "s", "X-POST-DATA": "q=%s&x=1", "X-BROWSER-ROOT": "other"}},
	{uri: "https://described.example/", name: "Described", date: "02/01/2024 03:04:05", category: "Other Bookmarks", description: "What I wrote",
		ext: map[string]string{"X-BROWSER-ROOT": "other"}},
}

// jsonlz4 compresses json as Firefox writes a .jsonlz4 file.
func jsonlz4(t testing.TB, json []byte) []byte {
	t.Helper()
	buf := make([]byte, lz4.CompressBlockBound(len(json)))
	n, err := lz4.CompressBlock(json, buf, nil)
	if err != nil {
		t.Fatal(err)
	}
	out := append([]byte(LZ4Magic), binary.LittleEndian.AppendUint32(nil, uint32(len(json)))...)
	return append(out, buf[:n]...)
}

func readBackup(t testing.TB, data []byte) ([]*ssd3.Record, []ssd3.Diagnostic) {
	t.Helper()
	return importertest.ReadAll(t, NewBackupReader(bytes.NewReader(data), importers.Options{Now: now}))
}

// TestBackup reads a backup as Firefox writes it, plain and compressed,
// through the file (Open) and as a stream.
func TestBackup(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "bookmarks-2024-02-03.json")
	compressed := filepath.Join(dir, "bookmarks-2024-02-03_4_abc.jsonlz4")
	for path, data := range map[string][]byte{plain: []byte(modernBackup), compressed: jsonlz4(t, []byte(modernBackup))} {
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		if !DetectBackup(data[:min(len(data), 512)]) {
			t.Errorf("%s is not detected", filepath.Base(path))
		}
		recs, diags := readBackup(t, data)
		checkRecords(t, recs, modernWant)
		where := "0 skipped: "
		if path == compressed {
			where += "at byte 790 of the decompressed JSON: "
		}
		importertest.CheckDiagnostics(t, diags, []string{
			where + `"Most Visited" is a Firefox smart bookmark (a place: query), not an address`,
			"0 note: 1 separator(s) not imported",
		}, true)
		s, err := importers.NewPlan(false).ReadFile(context.Background(), BackupFormat, path, importers.ReadConfig{Options: importers.Options{Now: now}})
		if err != nil {
			t.Fatal(err)
		}
		checkRecords(t, s.Records, modernWant)
	}
}

// TestBackupOneLongLine reads, from a file, a backup on one line longer
// than the line limit of a stream: Firefox writes a backup on one line.
func TestBackupOneLongLine(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"type":"text/x-moz-place-container","root":"placesRoot","children":[`)
	title := strings.Repeat("x", 1000)
	n := 0
	for b.Len() <= 2<<20 {
		if n > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`{"type":"text/x-moz-place","title":"` + title + `","dateAdded":1700000000000000,"uri":"https://e.example/` + itoa(int64(n)) + `"}`)
		n++
	}
	b.WriteString("]}")
	path := filepath.Join(t.TempDir(), "bookmarks.json")
	if err := os.WriteFile(path, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := importers.NewPlan(false).ReadFile(context.Background(), BackupFormat, path, importers.ReadConfig{MaxLine: 1 << 20, Options: importers.Options{Now: now}})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Records) != n {
		t.Errorf("%d records, want %d", len(s.Records), n)
	}
}

// TestBackupSample reads the real backup in shared/samples: Firefox's own
// test file, of the older form (no typeCode, English root titles).
func TestBackupSample(t *testing.T) {
	dir := importertest.SharedSamples(t, "firefox-bookmarks-json")
	data, err := os.ReadFile(filepath.Join(dir, "floorp-firefox_browser-places-tests-unit_bookmarks.glue.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !DetectBackup(data) {
		t.Error("not detected")
	}
	recs, diags := readBackup(t, data)
	checkRecords(t, recs, []want{
		{uri: "http://example.com/", name: "examplejson", date: "28/01/2009 15:53:04", ext: map[string]string{"X-ADDED": "28/01/2009 15:52:52"}},
		{uri: "http://example.com/", name: "examplejson", date: "28/01/2009 15:53:04", category: "Bookmarks Toolbar", ext: map[string]string{"X-ADDED": "28/01/2009 15:52:52", "X-BROWSER-ROOT": "toolbar"}},
	})
	importertest.CheckDiagnostics(t, diags, nil, true)
}

// TestBackupShapes reads backups that Firefox does not write but a file
// may hold: keys in another order, old tag folders, broken JSON, lies in
// a .jsonlz4 header. Each reads what can be read, and says what not.
func TestBackupShapes(t *testing.T) {
	lz := jsonlz4(t, []byte(`{"type":"text/x-moz-place-container","children":[{"type":"text/x-moz-place","uri":"https://a.example/"}]}`))
	lying := bytes.Clone(lz)
	binary.LittleEndian.PutUint32(lying[len(LZ4Magic):], 0xffffffff)
	broken := bytes.Clone(lz)
	copy(broken[len(LZ4Magic)+4:], "\xff\xff\xff\xff\xff\xff")
	for _, tc := range []struct {
		name  string
		in    []byte
		want  []string // NAME [CATEGORY]
		diags []string
	}{
		{"children before title", []byte(`{"children":[{"children":[{"children":[{"uri":"https://a.example/","title":"A","dateAdded":1}],"title":"Inner","type":"text/x-moz-place-container"}],"root":"toolbarFolder"}]}`),
			[]string{"A [Bookmarks Toolbar/Inner]"}, nil},
		{"tags folder of old backups", []byte(`{"type":"text/x-moz-place-container","root":"placesRoot","children":[` +
			`{"type":"text/x-moz-place-container","root":"tagsFolder","title":"Tags","children":[{"type":"text/x-moz-place-container","title":"go","children":[{"type":"text/x-moz-place","uri":"https://go.dev/"}]}]},` +
			`{"type":"text/x-moz-place-container","root":"unfiledBookmarksFolder","children":[{"type":"text/x-moz-place","title":"Go","uri":"https://go.dev/","tags":"go","dateAdded":1}]}]}`),
			[]string{"Go [Other Bookmarks]"}, []string{"0 note: 1 entries of the Tags folder not imported"}},
		{"cut short", []byte(`{"children":[{"uri":"https://a.example/","title":"A"},{"uri":"https://b.exa`),
			[]string{"A []"}, []string{"0 skipped: the JSON ends inside", "0 note: 1 bookmark had no date"}},
		{"syntax error", []byte(`{"children":[{"uri":"https://a.example/","title":"A"},}`),
			[]string{"A []"}, []string{"0 skipped: not valid JSON here", "0 note: 1 bookmark had no date"}},
		{"wrong types", []byte(`{"children":[{"uri":"https://a.example/","title":7,"dateAdded":"x","tags":["a"],"annos":{"a":1}},3,{"type":"text/x-moz-place"}]}`),
			[]string{"a.example []"}, []string{
				`0 deviation: "title" is a JSON number here`,
				"0 deviation: dateAdded x is not a date",
				`0 deviation: "tags" is a JSON array here`,
				`0 deviation: "annos" is not an array`,
				`0 note: bookmark https://a.example/ has no title: named "a.example" after its URI`,
				"0 deviation: a number among the children",
				`0 skipped: bookmark "" has no "uri"`,
				"0 note: 1 bookmark had no date",
			}},
		{"syntax error in annos", []byte(`{"children":[{"uri":"https://a.example/","title":"A"},{"uri":"https://b.example/","annos":[{"name":1 x]}]}`),
			[]string{"A []"}, []string{"0 skipped: not valid JSON here", "0 note: 1 bookmark had no date"}},
		{"an array", []byte(`[{"uri":"https://a.example/"}]`), nil, []string{"0 skipped: the file is a JSON array, not the object of a Firefox bookmark backup"}},
		{"empty", nil, nil, []string{"0 skipped: the file is empty"}},
		{"lz4", lz, []string{"a.example []"}, []string{`0 note: at byte 49 of the decompressed JSON: bookmark https://a.example/ has no title: named "a.example" after its URI`, "0 note: 1 bookmark had no date"}},
		{"lz4 size lies", lying, nil, []string{"0 skipped: the .jsonlz4 header gives a size of 4294967295 bytes"}},
		{"lz4 broken", broken, nil, []string{"0 skipped: the LZ4 data of the .jsonlz4 file is broken"}},
		{"lz4 cut in header", []byte(LZ4Magic + "\x01"), nil, []string{"0 skipped: the .jsonlz4 file is cut short in its header"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			recs, diags := readBackup(t, tc.in)
			var got []string
			for _, r := range recs {
				got = append(got, r.Name()+" ["+r.Category()+"]")
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("records\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			importertest.CheckDiagnostics(t, diags, tc.diags, tc.diags != nil)
		})
	}
}

// A backup's chain of folders with long titles, bookmarks in each: each
// folder's path is made once, within the bound on a CATEGORY, each cut
// said once at its folder, and every bookmark imported.
func TestBackupFolderChain(t *testing.T) {
	t.Parallel()
	const depth, each = 2_000, 10
	title := strings.Repeat("y", 300)
	var b strings.Builder
	b.WriteString(`{"guid":"root________","typeCode":2,"root":"placesRoot","children":[{"guid":"toolbar_____","typeCode":2,"root":"toolbarFolder","children":[`)
	for i := range depth {
		fmt.Fprintf(&b, `{"typeCode":2,"title":"%d-%s","children":[`, i+1, title)
		for j := range each {
			fmt.Fprintf(&b, `{"typeCode":1,"title":"b","dateAdded":1700000000000000,"uri":"https://e.example/%d/%d"},`, i, j)
		}
	}
	b.WriteString(`{"typeCode":1,"title":"b","dateAdded":1700000000000000,"uri":"https://e.example/last"}`)
	b.WriteString(strings.Repeat("]}", depth+2))
	recs, diags := readBackup(t, []byte(b.String()))
	if len(recs) != depth*each+1 {
		t.Fatalf("%d records, want %d", len(recs), depth*each+1)
	}
	importertest.CheckCategoriesShared(t, recs, 7)
	last := ssd3.SplitCategory(recs[len(recs)-1].Category())
	if len(last) != 8 || last[0] != "Bookmarks Toolbar" || last[7] != "7-"+title[:123]+"..." {
		t.Errorf("CATEGORY %q", recs[len(recs)-1].Category())
	}
	var want []string
	for i := range 7 {
		want = append(want, fmt.Sprintf(`0 dropped: folder "%d-yyy`, i+1))
	}
	want = append(want, `0 dropped: folder "8-yyy`)
	importertest.CheckDiagnostics(t, diags, want, true)
}
