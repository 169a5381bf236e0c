package xbel

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

var now = time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)

func readString(t *testing.T, s string) ([]*ssd3.Record, []ssd3.Diagnostic) {
	t.Helper()
	return importertest.ReadAll(t, NewReader(strings.NewReader(s), importers.Options{Now: now}))
}

// TestReadVariants imports what each XBEL writer writes, as a file
// modelled on its source shows it, into an empty catalogue and compares
// the catalogue written, and the diagnostics, with the golden files
// testdata/NAME.uricat and NAME.diag (go test -update rewrites them).
// The layouts:
//   - floccus.xbel: floccus's Git adapter (src/lib/adapters/Git.ts,
//     createXBEL: the XML declaration it checks for, the DOCTYPE, the
//     highestId comment) around its serializer (src/lib/serializers/Xbel.ts,
//     fast-xml-parser's builder: two spaces a level, href then id, <title>
//     first);
//   - buku.xbel: buku.py's convert_bookmark_set for "xbel" (four spaces,
//     TAGS as an attribute, html.escape and character references for
//     anything not ASCII);
//   - kde-bookmarks.xml: KDE's kbookmarks (QDomDocument's toString, one
//     space a level, <!DOCTYPE xbel>, the namespaces on <xbel>, the
//     freedesktop and KDE <metadata>, folded and toolbar on folders,
//     separators, an alias);
//   - buku-4.7.xbel: a real file, Debian's buku 4.7 `buku -e` of the
//     records it imported from testdata/sample.golden (no space after
//     PUBLIC, a <title> with attributes, no indentation);
//   - gtk-recently-used.xbel: GLib's gbookmarkfile.c (added, modified and
//     visited with microseconds, no title, mime-type and applications
//     metadata).
func TestReadVariants(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"floccus.xbel", "buku.xbel", "buku-4.7.xbel", "kde-bookmarks.xml", "gtk-recently-used.xbel"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			in, err := os.ReadFile(filepath.Join("testdata", name))
			if err != nil {
				t.Fatal(err)
			}
			if !Detect(in) {
				t.Errorf("Detect does not recognise %s", name)
			}
			recs, diags := readString(t, string(in))
			c, err := catalogue.Read(strings.NewReader(""))
			if err != nil {
				t.Fatal(err)
			}
			if _, err := c.Apply(catalogue.Add{Records: recs, AllowDuplicates: true}); err != nil {
				t.Fatalf("Add: %v", err)
			}
			var got bytes.Buffer
			if _, err := c.WriteTo(&got); err != nil {
				t.Fatal(err)
			}
			var d bytes.Buffer
			for _, x := range diags {
				d.WriteString(x.In(name).String() + "\n")
			}
			base := filepath.Join("testdata", strings.TrimSuffix(name, filepath.Ext(name)))
			importertest.CompareGolden(t, base+".uricat", got.Bytes(), *update)
			importertest.CompareGolden(t, base+".diag", d.Bytes(), *update)
		})
	}
}

// TestReadMapping checks each mapping of the package doc on one file.
func TestReadMapping(t *testing.T) {
	t.Parallel()
	const in = `<?xml version="1.0"?>
<xbel version="1.0"><title>Mine</title>
<folder id="f1"><title>Go</title><desc>about Go</desc>
 <folder><title>Docs/Specs</title>
  <bookmark href="https://go.dev/ref/spec" id="b1" added="2020-01-02T03:04:05Z" modified="2021-01-02T03:04:05Z" visited="2022-01-02T03:04:05+01:00" TAGS="go,spec" lang="en">
   <title> The spec </title><desc>Read it
twice</desc>
   <info><metadata owner="https://github.com/uricat/uricat"><field name="RATING">4</field><field name="X-NOTES">a &amp; b</field></metadata><metadata owner="http://x/"><y/></metadata></info>
  </bookmark>
 </folder>
</folder>
<bookmark href="https://a.example/" added="2020-01-02" modified="2019-01-01T00:00:00Z"><title>A</title></bookmark>
<bookmark href="https://b.example/" modified="2019-01-01T00:00:00Z" added="soon"><title>B</title></bookmark>
</xbel>`
	recs, diags := readString(t, in)
	if len(recs) != 3 {
		t.Fatalf("%d records, want 3; %v", len(recs), diags)
	}
	date := func(s string) time.Time { t, _ := time.Parse(time.RFC3339, s); return t }
	want := []*ssd3.Record{
		ssd3.NewRecord(ssd3.Values{URI: "https://go.dev/ref/spec", Name: "The spec", Category: `Go/Docs\/Specs`, Description: "Read it\ntwice",
			Date: date("2021-01-02T03:04:05Z"), Rating: 4, Extensions: []ssd3.Field{
				{Name: FieldID, Value: "b1"}, {Name: "X-TAGS", Value: "go, spec"}, {Name: "X-LANG", Value: "en"},
				{Name: FieldInfo, Value: `<metadata owner="http://x/"><y/></metadata>`}, {Name: "X-NOTES", Value: "a & b"},
				{Name: ssd3.FieldAdded, Value: "02/01/2020 03:04:05"}, {Name: "X-LAST-VISIT", Value: "02/01/2022 02:04:05"}}}),
		ssd3.NewRecord(ssd3.Values{URI: "https://a.example/", Name: "A", Date: date("2020-01-02T00:00:00Z"),
			Extensions: []ssd3.Field{{Name: "X-LAST-MODIFIED", Value: "01/01/2019 00:00:00"}}}),
		ssd3.NewRecord(ssd3.Values{URI: "https://b.example/", Name: "B", Date: date("2019-01-01T00:00:00Z"),
			Extensions: []ssd3.Field{{Name: "X-XBEL-ADDED", Value: "soon"}}}),
	}
	for i := range want {
		if d := importertest.Diff(recs[i], want[i]); d != nil {
			t.Errorf("record %d: %v", i, d)
		}
	}
	importertest.CheckDiagnostics(t, diags, []string{
		`3 dropped: folder "Go": its description "about Go" not imported`,
		`13 deviation: added of <bookmark>: "soon" is not a date: kept as it is`,
		"0 note: the attributes of folders are not imported, a CATEGORY being only a name: id",
	}, true)
	for _, d := range diags {
		if d.Line == 0 && d.Kind != ssd3.Info {
			t.Errorf("diagnostic without a line: %s", d)
		}
	}
}

// TestReadBadXML: bad XML is a diagnostic naming line and column and what
// is wrong; the bookmarks before it are imported; the reader never fails.
func TestReadBadXML(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, in  string
		recs      int
		line, col int
		msg       string
	}{
		{"mismatched", "<xbel>\n<bookmark href=\"https://a/\"><title>a</title></bookmark>\n<bookmark href=\"https://b/\"><title>b</titel></bookmark></xbel>", 1, 3, 0, "element <title> closed by </titel>"},
		{"cut short", "<xbel>\n<folder><title>f</title>\n<bookmark href=\"https://a/\"><title>a</title></bookmark>\n", 1, 4, 0, "unexpected EOF"},
		{"not xbel", "<?xml version=\"1.0\"?>\n<rss><channel/></rss>", 0, 2, 1, "the root element is <rss>, not <xbel>"},
		{"empty", "", 0, 1, 1, "no <xbel> element"},
		{"bad attribute", "<xbel>\n  <bookmark href=https://a/><title>a</title></bookmark></xbel>", 0, 2, 0, "unquoted or missing attribute value"},
		{"bad entity", "<xbel><bookmark href=\"https://a/\"><title>a &bogus; b</title></bookmark></xbel>", 0, 1, 0, "invalid character entity &bogus;"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			recs, diags := readString(t, tc.in)
			if len(recs) != tc.recs {
				t.Errorf("%d records, want %d", len(recs), tc.recs)
			}
			var found bool
			for _, d := range diags {
				if d.Kind == ssd3.Skipped && d.Line == tc.line && (tc.col == 0 || d.Column == tc.col) && strings.Contains(d.Msg, tc.msg) {
					found = true
				}
			}
			if !found {
				t.Errorf("no skipped diagnostic at line %d column %d saying %q: %v", tc.line, tc.col, tc.msg, diags)
			}
		})
	}
}

func TestDetect(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		head string
		want bool
	}{
		{FloccusProlog + floccusOpen, true},
		{"\xef\xbb\xbf  <xbel>", true},
		{"<?xml version=\"1.0\"?>\n<!-- made by hand -->\n<!DOCTYPE xbel>\n<xbel>", true},
		{"<!doctype XBEL PUBLIC \"x\">", true},
		{"<?xml version=\"1.0\"?><xbel\n version=\"1.0\">", true},
		{"<?xml version=\"1.0\"?><xbelx>", false},
		{"<?xml version=\"1.0\"?><plist version=\"1.0\">", false},
		{"<!DOCTYPE NETSCAPE-Bookmark-file-1>", false},
		{"<html><body>xbel</body></html>", false},
		{"<?xml version=\"1.0\"", false},
		{"", false},
	} {
		if got := Detect([]byte(tc.head)); got != tc.want {
			t.Errorf("Detect(%q) = %v, want %v", tc.head, got, tc.want)
		}
	}
}

func readTestdata(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestReadBounds: input past the bounds that keep memory bounded is a
// diagnostic, and what came before it is imported.
func TestReadBounds(t *testing.T) {
	t.Parallel()
	first := "<xbel>\n<bookmark href=\"https://a/\"><title>a</title></bookmark>\n"
	var attrs strings.Builder
	for i := range MaxAttrs + 5 {
		fmt.Fprintf(&attrs, ` a%d="v"`, i)
	}
	for _, tc := range []struct {
		name, in string
		recs     int
		want     string
	}{
		{"long title", first + "<bookmark href=\"https://b/\"><title>" + strings.Repeat("x", MaxToken+10) + "</title></bookmark></xbel>", 1, "skipped: bad XML: a tag or text here is longer than the 16 MiB read at once"},
		{"deep", first + strings.Repeat("<folder><title>f</title>", MaxDepth+1) + "</xbel>", 1, fmt.Sprintf("skipped: bad XML: folders nested deeper than %d", MaxDepth)},
		{"attributes", first + "<bookmark href=\"https://b/\"" + attrs.String() + "/></xbel>", 2, fmt.Sprintf("dropped: this <bookmark> has %d attributes: those after the first %d are not imported", MaxAttrs+6, MaxAttrs)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			recs, diags := readString(t, tc.in)
			if len(recs) != tc.recs {
				t.Errorf("%d records, want %d", len(recs), tc.recs)
			}
			for _, d := range diags {
				if d.Line == 3 && strings.Contains(d.String(), tc.want) {
					return
				}
			}
			t.Errorf("no diagnostic %q on line 3 among %d", tc.want, len(diags))
		})
	}
}

// TestReadIOError: an error reading the input is the Reader's and
// Decode's error, not a diagnostic about the XML; the bookmarks before it
// are read.
func TestReadIOError(t *testing.T) {
	t.Parallel()
	boom := errors.New("disk on fire")
	in := func() io.Reader {
		return io.MultiReader(strings.NewReader("<xbel>\n<bookmark href=\"https://a/\"><title>a</title></bookmark>\n<bookmark href=\"https://b/\">"), iotest.ErrReader(boom))
	}
	r := NewReader(in(), importers.Options{Now: now})
	if rec, err := r.Read(); err != nil || rec.URI() != "https://a/" {
		t.Fatalf("first Read = %v, %v", rec, err)
	}
	if _, err := r.Read(); !errors.Is(err, boom) {
		t.Errorf("second Read error = %v, want %v", err, boom)
	}
	var pe *ParseError
	if _, err := Decode(in()); !errors.Is(err, boom) || errors.As(err, &pe) {
		t.Errorf("Decode error = %v, want %v and no ParseError", err, boom)
	}
}
