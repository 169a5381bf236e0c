package main

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	jsonformat "github.com/uricat/uricat/importers/json"
)

// browserExport returns the path of one of the netscape importer's fixtures.
func browserExport(name string) string {
	return filepath.Join("..", "..", "importers", "netscape", "testdata", name)
}

func openCatalogue(t *testing.T, p string) *catalogue.Catalogue {
	t.Helper()
	c, err := catalogue.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	if ps := c.Problems(); len(ps) > 0 {
		t.Errorf("the catalogue written has problems: %v", ps)
	}
	return c
}

func TestImportFirefoxTwice(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "b.uricat")
	src := browserExport("firefox.html")
	code, out, errs := uricatIn(t, "", "--catalogue", p, "import", src)
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, errs)
	}
	if want := src + ": imported 7 records, 0 records skipped as duplicates, 1 record skipped, 2 messages about values dropped (netscape)\n" +
		"6 new records have no archived page yet: uricat archive keeps their text (to search and read offline)\n"; out != want {
		t.Errorf("stdout\n got %q\nwant %q", out, want)
	}
	for _, want := range []string{
		src + `:18: skipped: "Recently Bookmarked" is a Firefox smart bookmark (a place: query), not an address`,
		src + `: dropped: favicons (ICON, ICON_URI) of 2 bookmark(s) not imported`,
	} {
		if !strings.Contains(errs, want+"\n") && !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	c := openCatalogue(t, p)
	recs := c.Valid()
	if len(recs) != 7 { // the bookmarklet too, as every reader imports it
		t.Fatalf("catalogue has %d valid records, want 7", len(recs))
	}
	r := recs[3] // DATE its LAST_MODIFIED, X-ADDED its ADD_DATE
	if r.URI() != "https://go.dev/doc/" || r.Category() != "Bookmarks Toolbar" || r.Description() != "Tutorials & references\nfor <Go>" ||
		r.Extension("X-TAGS") != "go, documentation" || !r.Date().Equal(time.Unix(1699100000, 0)) || !r.Added().Equal(time.Unix(1699000000, 0)) {
		t.Errorf("record 4 read back as %+v", jsonformat.FromRecord(r))
	}
	if recs[5].Name() != "日本 - Wikipedia" {
		t.Errorf("Unicode name read back as %q", recs[5].Name())
	}
	before, _ := os.ReadFile(p)

	// The second time, everything is a duplicate and the file is not touched.
	code, out, _ = uricatIn(t, "", "--catalogue", p, "import", src)
	if code != 0 || !strings.Contains(out, "imported 0 records, 7 records skipped as duplicates") {
		t.Fatalf("second import: exit %d, %q", code, out)
	}
	after, _ := os.ReadFile(p)
	if !bytes.Equal(before, after) {
		t.Error("importing the same file again changed the catalogue")
	}

	// Unless duplicates are allowed.
	code, out, _ = uricatIn(t, "", "--catalogue", p, "import", "--allow-duplicates", src)
	if code != 0 || !strings.Contains(out, "imported 7 records") {
		t.Fatalf("--allow-duplicates: exit %d, %q", code, out)
	}
	if n := len(openCatalogue(t, p).Valid()); n != 14 {
		t.Errorf("after --allow-duplicates the catalogue has %d records, want 14", n)
	}
}

func TestImportDryRun(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "b.uricat")
	src := browserExport("safari.html")
	code, out, errs := uricatIn(t, "", "--catalogue", p, "import", "--dry-run", src)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	want := src + ": would import 4 records, 0 records skipped as duplicates, 0 records skipped, 1 message about values dropped (netscape)\n" +
		"  + Apple <https://www.apple.com/uk/> [Favourites]\n" +
		"  + Bing <https://www.bing.com/> [Favourites]\n" +
		"  + The best cafés in London <https://www.timeout.com/london/restaurants/best-cafes-in-london> [Cafés]\n" +
		"  + An article to read later <https://www.theverge.com/2023/1/1/article> [Reading List]\n"
	if out != want {
		t.Errorf("stdout\n got %q\nwant %q", out, want)
	}
	if _, err := os.Stat(p); !os.IsNotExist(err) {
		t.Errorf("a dry run created the catalogue (stat: %v)", err)
	}
}

// Issue 10, item 9: a NAME keeps its runs of spaces through an import (a
// file named "a  b" is not "a b"), from any format, and through the
// catalogue file.
func TestImportKeepsRunsOfSpacesInNames(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	html := filepath.Join(dir, "b.html")
	if err := os.WriteFile(html, []byte("<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n"+
		`<DT><A HREF="https://a.example/" ADD_DATE="1500000000">two  spaces,   three</A>`+"\n</DL><p>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "b.uricat")
	if code, _, errs := uricat(t, "--catalogue", p, "import", html); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	r := openCatalogue(t, p).Valid()
	if len(r) != 1 {
		t.Fatalf("imported %d records, want 1", len(r))
	}
	if r[0].Name() != "two  spaces,   three" {
		t.Errorf("NAME %q, want %q", r[0].Name(), "two  spaces,   three")
	}
}

// Records without a date of their own take the file's modification time.
func TestImportFileDate(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p := filepath.Join(dir, "b.uricat")
	data, err := os.ReadFile(browserExport("safari.html"))
	if err != nil {
		t.Fatal(err)
	}
	src := filepath.Join(dir, "Safari Bookmarks.html")
	if err := os.WriteFile(src, data, 0o644); err != nil {
		t.Fatal(err)
	}
	mtime := time.Date(2021, 7, 4, 10, 11, 12, 0, time.UTC)
	if err := os.Chtimes(src, mtime, mtime); err != nil {
		t.Fatal(err)
	}
	if code, _, errs := uricatIn(t, "", "--catalogue", p, "import", src); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, r := range openCatalogue(t, p).Valid() {
		if !r.Date().Equal(mtime) {
			t.Errorf("%s: DATE %s, want the file's time %s", r.URI(), r.Date(), mtime)
		}
	}
}

// A file that cannot be read is reported; the others are imported, and
// the exit status says something went wrong.
func TestImportMissingFile(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "b.uricat")
	missing := filepath.Join(t.TempDir(), "nope.html")
	code, out, errs := uricatIn(t, "", "--catalogue", p, "import", missing, browserExport("chrome.html"))
	// The README: 2 for a file that cannot be read, the other files
	// imported all the same.
	if code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	if want := "uricat import: " + missing + ": no such file or directory\n"; !strings.Contains(errs, want) {
		t.Errorf("stderr does not say %q:\n%s", want, errs)
	}
	if !strings.Contains(out, "chrome.html: imported 6 records, 1 record skipped as duplicates") {
		t.Errorf("stdout: %q", out)
	}
	if n := len(openCatalogue(t, p).Valid()); n != 6 {
		t.Errorf("catalogue has %d records, want 6", n)
	}
}

func TestImportStdin(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "b.uricat")
	in := "<DL><DT><A HREF=\"doc/intro.html\" ADD_DATE=\"1500000000\">Intro</A></DL>"
	// Detected from the content; the relative link needs --base.
	code, out, errs := uricatIn(t, in, "--catalogue", p, "import", "--base", "https://example.org/", "-")
	if code != 0 || out != "-: imported 1 record, 0 records skipped as duplicates, 0 records skipped (netscape)\n"+
		"1 new record has no archived page yet: uricat archive keeps their text (to search and read offline)\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	recs := openCatalogue(t, p).Valid()
	if len(recs) != 1 || recs[0].URI() != "https://example.org/doc/intro.html" || recs[0].Name() != "Intro" {
		t.Fatalf("imported %v", recs)
	}
	// Without --base the record has no absolute URI: skipped, with its line.
	code, out, errs = uricatIn(t, "\n\n"+in, "--catalogue", p, "import", "--format", "netscape", "-")
	if code != 0 || !strings.Contains(out, "imported 0 records, 0 records skipped as duplicates, 1 record skipped") ||
		!strings.Contains(errs, `-:3: skipped: record not imported: "doc/intro.html" is a relative URI; give the URL it is relative to with --base`) {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

func TestImportUsageErrors(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "b.uricat")
	tests := []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"import"}, 2, "uricat import: expects one FILE or more (\"-\" for standard input), or --from BROWSER; got 0 argument(s)\nRun 'uricat import --help' for usage.\n"},
		{[]string{"import", "--format", "gopher", "x"}, 2, `unknown format "gopher" (formats: netscape, safari, pocket, instapaper, soif,`},
		{[]string{"import", "--base", "relative/path", "x"}, 2, `--base "relative/path" is not an absolute URL`},
		{[]string{"import", "-"}, 1, "uricat import: -: no known format recognised in the first 21 bytes (formats: netscape, safari, pocket, instapaper, soif, hinadi, urc, chromium, json, pinboard, csv, xbel, pocket-csv, instapaper-csv, raindrop-csv, firefox-json, firefox, buku, httpindex, urls); name one with --format\n"},
		{[]string{"import", "--dry-ru", "x"}, 2, "uricat import: unknown flag: --dry-ru\nRun 'uricat import --help' for usage.\n"},
	}
	for _, tt := range tests {
		code, _, errs := uricatIn(t, "just some plain text\n", append([]string{"--catalogue", p}, tt.args...)...)
		if code != tt.code || !strings.Contains(errs, tt.err) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tt.args, code, errs, tt.code, tt.err)
		}
	}
	if _, err := os.Stat(p); !os.IsNotExist(err) {
		t.Error("a failed import created the catalogue")
	}
}

// Every real sample of ../shared/samples imports, detected from its content.
func TestImportRealSamples(t *testing.T) {
	t.Parallel()
	dir := filepath.Join("..", "..", "..", "shared", "samples")
	var files []string
	// Every file a program wrote, in folders too (a profile's
	// bookmarkbackups/); truth.json is what a sample holds, written to
	// compare an import against, and the .md files say where they came from.
	_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() && d.Name() != "truth.json" && filepath.Ext(path) != ".md" {
			files = append(files, path)
		}
		return nil
	})
	if len(files) == 0 {
		t.Skipf("no samples in %s: the shared samples are not beside the repository", dir)
	}
	p := filepath.Join(t.TempDir(), "b.uricat")
	for _, f := range files {
		code, out, errs := uricatIn(t, "", "--catalogue", p, "import", f)
		if code != 0 || !strings.HasPrefix(out, f+": imported ") {
			t.Errorf("%s: exit %d, stdout %q, stderr:\n%s", filepath.Base(f), code, out, errs)
		}
	}
	c := openCatalogue(t, p)
	if len(c.Valid()) == 0 {
		t.Error("no sample gave a record")
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("connection reset") }

// A file that breaks off half-way adds nothing: the records read before the
// error are taken back. The other files are imported.
func TestImportReadErrorTakesBack(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "b.uricat")
	in := io.MultiReader(strings.NewReader(`<!DOCTYPE NETSCAPE-Bookmark-file-1><DL><DT><A HREF="https://a.example/">A</A><DT><A HREF="https://b.example/">B</A>`+
		strings.Repeat(" ", 10000)), failingReader{})
	var out, errb bytes.Buffer
	code := run([]string{"--catalogue", p, "import", "-", browserExport("safari.html")}, in, &out, &errb)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if !strings.Contains(errb.String(), "uricat import: -: connection reset; nothing was imported from -") {
		t.Errorf("stderr: %s", errb.String())
	}
	recs := openCatalogue(t, p).Valid()
	if len(recs) != 4 {
		t.Fatalf("catalogue has %d records, want the 4 of safari.html", len(recs))
	}
	for _, r := range recs {
		if strings.Contains(r.URI(), "a.example") || strings.Contains(r.URI(), "b.example") {
			t.Errorf("record %s of the broken input was kept", r.URI())
		}
	}
}

// Files of different formats in one run, each detected; a URI in two files
// is imported once, in a dry run as in a real one.
func TestImportSeveralFormats(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "b.uricat")
	urc := filepath.Join("..", "..", "importers", "formats", "testdata")
	args := []string{"--catalogue", p, "import", filepath.Join(urc, "urc-spec-complex.urc"), filepath.Join(urc, "urc-spec-simple.urc"), browserExport("safari.html")}
	for _, dry := range []bool{true, false} {
		a := args
		if dry {
			a = append(append([]string(nil), args[:3]...), append([]string{"--dry-run"}, args[3:]...)...)
		}
		code, out, errs := uricatIn(t, "", a...)
		if code != 0 {
			t.Fatalf("dry=%v: exit %d: %s", dry, code, errs)
		}
		verb := "imported"
		if dry {
			verb = "would import"
		}
		for _, want := range []string{
			"urc-spec-complex.urc: " + verb + " 4 records, 0 records skipped as duplicates, 0 records skipped (urc)\n",
			"urc-spec-simple.urc: " + verb + " 0 records, 1 record skipped as duplicates, 0 records skipped (urc)\n",
			"safari.html: " + verb + " 4 records, 0 records skipped as duplicates, 0 records skipped, 1 message about values dropped (netscape)\n",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("dry=%v: stdout lacks %q:\n%s", dry, want, out)
			}
		}
	}
	if n := len(openCatalogue(t, p).Valid()); n != 8 {
		t.Errorf("catalogue has %d records, want 8", n)
	}
}

// An http-index-format listing without a 300 line needs --base: without
// it the import of that file fails with a clear message and adds nothing.
func TestImportListingNeedsBase(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "b.uricat")
	listing := "200: filename content-length last-modified file-type\n201: \"notes.txt\" 12 Sat%2C%2001%20Jan%202000%2000%3A00%3A00 FILE\n"
	code, _, errs := uricatIn(t, listing, "--catalogue", p, "import", "-")
	if code != 1 || !strings.Contains(errs, "--base") || !strings.Contains(errs, "nothing was imported from -") {
		t.Fatalf("without --base: exit %d, stderr %q", code, errs)
	}
	code, out, errs := uricatIn(t, listing, "--catalogue", p, "import", "--base", "ftp://ftp.example.org/pub/", "-")
	if code != 0 || !strings.Contains(out, "imported 1 record") {
		t.Fatalf("with --base: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	recs := openCatalogue(t, p).Valid()
	if len(recs) != 1 || recs[0].URI() != "ftp://ftp.example.org/pub/notes.txt" {
		t.Fatalf("imported %v", recs)
	}
}

// An import whose save fails says nothing was imported, and never printed
// "imported" before finding out.
func TestImportSummaryIsHonestWhenTheSaveFails(t *testing.T) {
	t.Parallel()
	p := filepath.Join(t.TempDir(), "b.uricat")
	if err := os.WriteFile(p, []byte("URI: https://x.example/\r\nNAME: X\r\nDATE: 01/01/2020 00:00:00\r\n"), 0o444); err != nil {
		t.Fatal(err)
	}
	code, out, errs := uricatIn(t, "", "--catalogue", p, "import", browserExport("safari.html"))
	if code != 1 || strings.Contains(out, "imported") || !strings.Contains(errs, "nothing was imported") || !strings.Contains(errs, "read-only") {
		t.Errorf("exit %d\nstdout %q\nstderr %q", code, out, errs)
	}
}

// Issue 24: a file that cannot be read at all exits 2, as the README says;
// one read but not imported exits 1; 2 wins over 1.
func TestImportExitCodes(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	empty := filepath.Join(dir, "empty.html")
	if err := os.WriteFile(empty, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "missing.html")
	tests := []struct {
		name   string
		files  []string
		code   int
		stderr string
	}{
		{"missing", []string{missing}, 2, "uricat import: " + missing + ": no such file or directory\n"},
		{"missing, format named", []string{"--format", "netscape", missing}, 2, missing + ": no such file or directory\n"},
		{"a directory", []string{dir}, 2, dir + " is a directory, not a regular file"},
		{"no known format", []string{empty}, 1, "no known format"},
		{"unknown format and missing", []string{empty, missing}, 2, "no such file or directory"},
		{"missing and unknown format", []string{missing, empty}, 2, "no known format"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), "b.uricat")
			code, _, errs := uricat(t, append([]string{"--catalogue", p, "import"}, tt.files...)...)
			if code != tt.code || !strings.Contains(errs, tt.stderr) {
				t.Errorf("exit %d, want %d; stderr %q, want %q", code, tt.code, errs, tt.stderr)
			}
		})
	}
}

// import --category and --tags label a batch: every record goes under
// the category (its own folders below it) and gets the tags; --quiet
// prints nothing when every file is imported, for cron.
func TestImportLabelsAndQuiet(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	html := filepath.Join(dir, "bookmarks.html")
	if err := os.WriteFile(html, []byte("<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><H3>News</H3>\n<DL><p>\n"+
		"<DT><A HREF=\"https://news.example/\" ADD_DATE=\"1533327176\" TAGS=\"daily\">News</A>\n</DL><p>\n"+
		"<DT><A HREF=\"https://top.example/\" ADD_DATE=\"1533327176\">Top</A>\n<DT><A HREF=\"javascript:\">broken</A>\n</DL><p>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "b.uricat")
	code, out, errs := uricat(t, "--catalogue", p, "import", "--quiet", "--category", "Work/2026", "--tags", "batch, Daily", html)
	if code != 0 || out != "" || errs != "" {
		t.Errorf("--quiet: exit %d, stdout %q, stderr %q; want 0 and nothing", code, out, errs)
	}
	c := openCatalogue(t, p)
	got := map[string][2]string{}
	for _, r := range c.Valid() {
		got[r.URI()] = [2]string{r.Category(), r.Extension(ssd3.FieldTags)}
	}
	if want := [2]string{"Work/2026/News", "daily, batch"}; got["https://news.example/"] != want {
		t.Errorf("news: %q, want %q", got["https://news.example/"], want)
	}
	if want := [2]string{"Work/2026", "batch, Daily"}; got["https://top.example/"] != want {
		t.Errorf("top: %q, want %q", got["https://top.example/"], want)
	}
}
