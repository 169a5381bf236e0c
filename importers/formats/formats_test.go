package formats

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"howett.net/plist"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

func registered(name string) bool {
	for _, f := range Formats {
		if f.Name == name {
			return true
		}
	}
	return false
}

func sniffFile(t *testing.T, path string) (string, error) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := Sniff(b[:min(len(b), HeadSize)])
	return f.Name, err
}

// TestRealSamples: every real sample is recognised as what it is, by
// content alone, and the browsers' JSON files are named as what uricat
// does not import yet (a later issue), not taken for another format.
func TestRealSamples(t *testing.T) {
	dirs := map[string]string{"soif": "soif", "http-index-format": "httpindex", "netscape-bookmark-file": "netscape",
		"pocket-instapaper-html": "", "chrome-bookmarks-json": "chromium", "firefox-bookmarks-json": "firefox-json"}
	for dir, want := range dirs {
		t.Run(dir, func(t *testing.T) {
			files, _ := filepath.Glob(filepath.Join(importertest.SharedSamples(t, dir), "*"))
			if len(files) == 0 {
				t.Fatalf("no files in %s", dir)
			}
			for _, path := range files {
				want := want
				switch {
				case strings.Contains(filepath.Base(path), "pocket"):
					want = "pocket"
				case strings.Contains(filepath.Base(path), "instapaper"):
					want = "instapaper"
				}
				if want != "" && !registered(want) {
					t.Fatalf("format %s is not registered", want)
				}
				got, err := sniffFile(t, path)
				switch {
				case want == "" && (err == nil || !errors.Is(err, ErrUnsupported)):
					t.Errorf("%s: Sniff = %q, %v; want ErrUnsupported", filepath.Base(path), got, err)
				case want == "" && !strings.Contains(err.Error(), "export the bookmarks to an HTML file"):
					t.Errorf("%s: the error %q does not say what to do instead", filepath.Base(path), err)
				case want != "" && got != want:
					t.Errorf("%s: Sniff = %q (%v), want %s", filepath.Base(path), got, err, want)
				}
			}
		})
	}
}

// TestSpecExamples: each spec's example (laid out as the README of the specs
// says it was before transcription), and the browsers' exports.
func TestSpecExamples(t *testing.T) {
	tests := []struct{ file, want string }{
		{"testdata/soif-spec-documents.soif", "soif"},
		{"testdata/httpindex-spec.idx", "httpindex"},
		{"testdata/hinadi-wdb.hina", "hinadi"},
		{"testdata/hinadi-tamatebako.hina", "hinadi"},
		{"testdata/urc-spec-simple.urc", "urc"},
		{"testdata/urc-spec-complex.urc", "urc"},
		{"../netscape/testdata/firefox.html", "netscape"},
		{"../netscape/testdata/chrome.html", "netscape"},
		{"../netscape/testdata/safari.html", "netscape"},
		{"../netscape/testdata/ie6.html", "netscape"},
		{"../pinboard/testdata/export.json", "pinboard"},
		{"../servicecsv/testdata/pocket.csv", "pocket-csv"},
		{"../servicecsv/testdata/instapaper.csv", "instapaper-csv"},
		{"../servicecsv/testdata/raindrop.csv", "raindrop-csv"},
		{"../urllist/testdata/tabs.txt", "urls"},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.file), func(t *testing.T) {
			if !registered(tt.want) {
				t.Fatalf("format %s is not registered", tt.want)
			}
			got, err := sniffFile(t, tt.file)
			if got != tt.want {
				t.Errorf("Sniff = %q (%v), want %s", got, err, tt.want)
			}
		})
	}
}

// What we export in a format that uricat also imports is recognised as
// that format by `uricat import` without --format.
func TestImportDetectsExports(t *testing.T) {
	recs := importertest.Sample(t)
	for _, f := range Writers() {
		if f.NewReader == nil {
			continue
		}
		data, _, err := writeFixed(f, recs)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Sniff(data[:min(len(data), HeadSize)])
		if err != nil || got.Name != f.Name {
			t.Errorf("%s export detected as %q (%v)", f.Name, got.Name, err)
		}
		empty, _, _ := writeFixed(f, nil)
		if got, err := Sniff(empty); f.Name != "soif" && f.Name != "urc" && f.Name != "pinboard" && (err != nil || got.Name != f.Name) {
			// An empty SOIF or URC file is empty: nothing to recognise; an
			// empty Pinboard export is "[]", which json takes, to the same
			// effect.
			t.Errorf("%s export of no records detected as %q (%v)", f.Name, got.Name, err)
		}
	}
}

func TestFormats(t *testing.T) {
	if got, want := strings.Join(Names(Readers()), " "), "netscape safari pocket instapaper soif hinadi urc chromium json pinboard csv xbel pocket-csv instapaper-csv raindrop-csv firefox-json firefox buku httpindex urls"; got != want {
		t.Errorf("Readers = %q, want %q", got, want)
	}
	if got, want := strings.Join(Names(Writers()), " "), "netscape soif hinadi urc json pinboard csv xbel"; got != want {
		t.Errorf("Writers = %q, want %q", got, want)
	}
	for _, f := range Formats {
		if f.NewReader == nil && f.Open == nil || f.Detect == nil || f.Title == "" || len(f.Extensions) == 0 {
			t.Errorf("format %s is incomplete", f.Name)
		}
		for _, e := range f.Extensions {
			if !strings.HasPrefix(e, ".") {
				t.Errorf("format %s: extension %q has no dot", f.Name, e)
			}
		}
	}
}

func TestByName(t *testing.T) {
	for _, f := range Formats {
		got, err := ByName(Formats, strings.ToUpper(f.Name))
		if err != nil || got.Name != f.Name {
			t.Errorf("ByName(%q) = %q, %v", strings.ToUpper(f.Name), got.Name, err)
		}
	}
	for alias, want := range map[string]string{"http-index-format": "httpindex", "hina-di": "hinadi", "html": "netscape"} {
		if f, err := ByName(Readers(), alias); err != nil || f.Name != want {
			t.Errorf("ByName(%s) = %q, %v", alias, f.Name, err)
		}
	}
	for _, tc := range []struct {
		fs   []importers.Format
		name string
		want string
	}{
		{Readers(), "gopher", `unknown format "gopher" (formats: netscape, safari, pocket, instapaper, soif, hinadi, urc, chromium, json, pinboard, csv, xbel, pocket-csv, instapaper-csv, raindrop-csv, firefox-json, firefox, buku, httpindex, urls)`},
		{Writers(), "xml", `unknown format "xml" (formats: netscape, soif, hinadi, urc, json, pinboard, csv, xbel)`},
		{Writers(), "httpindex", `uricat does not write format httpindex (formats: netscape, soif, hinadi, urc, json, pinboard, csv, xbel)`},
		{Writers(), "pocket", `uricat does not write format pocket`},
	} {
		if _, err := ByName(tc.fs, tc.name); err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("ByName(%q) error = %v, want %s", tc.name, err, tc.want)
		}
	}
}

func TestNotRecognised(t *testing.T) {
	for _, head := range []string{
		"",
		"URI: http://example.org/\r\nNAME: a URI-Catalogue is not imported\r\n",
		"<!DOCTYPE html>\n<html><body><p>just a web page</p></body></html>",
		"\x00\x01\x02 binary",
		`{"some": "json"}`,
		`[1, 2, 3]`,
		"name,address\r\nAda,London\r\n",
	} {
		f, err := Sniff([]byte(head))
		if err == nil || !errors.Is(err, ErrNotRecognised) {
			t.Errorf("Sniff(%q) = %s, %v; want ErrNotRecognised", head, f.Name, err)
			continue
		}
		if head != "" {
			for _, name := range Names(Readers()) {
				if !strings.Contains(err.Error(), name) {
					t.Errorf("Sniff(%q) error %q does not list format %s", head, err, name)
				}
			}
		}
	}
}

// Chromium's Bookmarks file, as every Chromium-family browser writes it,
// is the chromium format's, not a browser's JSON refused.
func TestSniffChromium(t *testing.T) {
	head := "{\n   \"checksum\": \"0123\",\n   \"roots\": {\n      \"bookmark_bar\": {\n         \"children\": [  ],"
	if f, err := Sniff([]byte(head)); err != nil || f.Name != "chromium" {
		t.Errorf("Sniff = %s, %v; want chromium", f.Name, err)
	}
}

func TestSniffReaderKeepsHead(t *testing.T) {
	in := "<!DOCTYPE NETSCAPE-Bookmark-file-1>\n" + strings.Repeat("<!-- x -->\n", 2000)
	f, r, err := SniffReader(strings.NewReader(in))
	if err != nil || f.Name != "netscape" {
		t.Fatalf("SniffReader = %q, %v", f.Name, err)
	}
	b, _ := io.ReadAll(r)
	if string(b) != in {
		t.Fatalf("the reader gave %d bytes, want the %d of the input", len(b), len(in))
	}
}

// TestPipeline imports every spec example and our own fixtures, detected,
// through importers.Import into one catalogue: each gives the records a
// reader of the file counts, and every record is one the catalogue
// accepts. TestPipelineRealSamples does the same with the real files.
func TestPipeline(t *testing.T) {
	c, err := catalogue.Read(strings.NewReader(""))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		file string
		want int // records imported
	}{
		{"testdata/soif-spec-documents.soif", 2},
		{"testdata/httpindex-spec.idx", 3},
		{"testdata/hinadi-wdb.hina", 1},
		{"testdata/hinadi-tamatebako.hina", 1},
		{"testdata/urc-spec-simple.urc", 1},
		// Four URLs (the two copies of draft -00 are at different hosts),
		// but the -01.txt came with the simple example: a duplicate.
		{"testdata/urc-spec-complex.urc", 3},
		{"../netscape/testdata/firefox.html", 7}, // with its bookmarklet
		{"../netscape/testdata/chrome.html", 6},  // one of 7 is a duplicate
		{"../netscape/testdata/safari.html", 4},
		{"../netscape/testdata/ie6.html", 6},
	} {
		pipeline(t, c, tt.file, tt.want)
	}
}

func TestPipelineRealSamples(t *testing.T) {
	c, err := catalogue.Read(strings.NewReader(""))
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"soif", "http-index-format", "netscape-bookmark-file", "pocket-instapaper-html"} {
		t.Run(dir, func(t *testing.T) {
			files, _ := filepath.Glob(filepath.Join(importertest.SharedSamples(t, dir), "*"))
			for _, f := range files {
				pipeline(t, c, f, -1)
			}
		})
	}
}

func pipeline(t *testing.T, c *catalogue.Catalogue, file string, want int) {
	t.Run(filepath.Base(file), func(t *testing.T) {
		in, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		defer in.Close()
		f, r, err := SniffReader(in)
		if err != nil {
			t.Fatal(err)
		}
		s, err := importers.Import(c, f, r, importers.ReadConfig{Source: file, Options: importers.Options{Now: time.Now()}})
		if err != nil {
			t.Fatal(err)
		}
		if want >= 0 && s.Imported != want {
			t.Errorf("imported %d records, want %d; %s", s.Imported, want, s)
			for _, d := range s.Diagnostics {
				t.Log(d.In(file))
			}
		}
		for _, rec := range s.Records {
			if ps := rec.Validate(); len(ps) > 0 {
				t.Errorf("record %s: %v", rec.URI(), ps)
			}
		}
	})
}

// Safari's Bookmarks.plist, binary as Safari writes it or XML as plutil
// makes it, is Safari's whatever the formats before it look for.
func TestSniffSafari(t *testing.T) {
	tree := map[string]any{"WebBookmarkType": "WebBookmarkTypeList", "Title": "", "Children": []any{
		map[string]any{"WebBookmarkType": "WebBookmarkTypeLeaf", "URLString": "https://go.dev/", "URIDictionary": map[string]any{"title": "<A HREF=\"x\">Go</A>"}},
	}}
	for _, format := range []int{plist.BinaryFormat, plist.XMLFormat} {
		b, err := plist.Marshal(tree, format)
		if err != nil {
			t.Fatal(err)
		}
		if f, err := Sniff(b); err != nil || f.Name != "safari" {
			t.Errorf("%s: Sniff = %q, %v", plist.FormatNames[format], f.Name, err)
		}
	}
}
