package formats

import (
	"bytes"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

// readFile reads a file with the format Sniff finds, as `uricat import`
// does (the records as the reader gives them, before Run), and returns the
// records and the diagnostics.
func readFile(t *testing.T, path string) (importers.Format, []*ssd3.Record, []ssd3.Diagnostic) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := Sniff(b[:min(len(b), HeadSize)])
	if err != nil {
		t.Fatal(err)
	}
	recs, diags := read(t, f, b)
	return f, recs, diags
}

var sampleNow = time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)

// sampleBase resolves the relative links of Shaarli's exports ("?Z-mb0g"),
// as --base does.
var sampleBase, _ = url.Parse("https://shaarli.example/")

func read(t *testing.T, f importers.Format, data []byte) ([]*ssd3.Record, []ssd3.Diagnostic) {
	t.Helper()
	return importertest.ReadAll(t, f.NewReader(bytes.NewReader(data), importers.Options{Now: sampleNow, Base: sampleBase}))
}

// TestRealSamplesRoundTrip imports every real Netscape, Pocket and
// Instapaper file, exports what it read in each format uricat writes and
// reads back (netscape, soif, hinadi, urc, json, csv), and reads the
// export again: the same records come back, every field, date, category
// and extension, and the writer reports no loss.
func TestRealSamplesRoundTrip(t *testing.T) {
	for _, dir := range []string{"netscape-bookmark-file", "pocket-instapaper-html"} {
		t.Run(dir, func(t *testing.T) {
			files, _ := filepath.Glob(filepath.Join(importertest.SharedSamples(t, dir), "*"))
			for _, path := range files {
				t.Run(filepath.Base(path), func(t *testing.T) {
					_, recs, _ := readFile(t, path)
					if len(recs) == 0 {
						t.Fatal("no records read")
					}
					for _, name := range []string{"netscape", "soif", "hinadi", "urc", "json", "csv"} {
						f, err := ByName(Writers(), name)
						if err != nil {
							t.Fatal(err)
						}
						var buf bytes.Buffer
						losses, err := Write(&buf, f, recs)
						if err != nil {
							t.Fatal(err)
						}
						if len(losses) > 0 {
							t.Errorf("%s: the writer reports losses: %v", name, losses)
						}
						back, diags := read(t, f, buf.Bytes())
						for _, d := range diags {
							if d.Kind == ssd3.Skipped || d.Kind == ssd3.Dropped {
								t.Errorf("%s: reading the export: %s", name, d)
							}
						}
						if len(back) != len(recs) {
							t.Fatalf("%s: %d records back of %d", name, len(back), len(recs))
						}
						// The netscape export groups records by folder: match by URI.
						byURI := map[string]*ssd3.Record{}
						for _, r := range back {
							byURI[r.URI()+"\x00"+r.Category()+"\x00"+r.Name()] = r
						}
						for _, r := range recs {
							g := byURI[r.URI()+"\x00"+r.Category()+"\x00"+r.Name()]
							if g == nil {
								t.Errorf("%s: %s (%q in %q) did not come back", name, r.URI(), r.Name(), r.Category())
								continue
							}
							if d := sameRecord(g, r); d != nil {
								t.Errorf("%s: %s came back changed: %s", name, r.URI(), strings.Join(d, "; "))
							}
						}
					}
				})
			}
		})
	}
}

// The browsers' JSON files are detected as their formats, and read as
// uricat's JSON (--format json) they are named, with the format to use.
func TestBrowserJSONDetected(t *testing.T) {
	for dir, want := range map[string]string{"chrome-bookmarks-json": "chromium", "firefox-bookmarks-json": "firefox-json"} {
		t.Run(dir, func(t *testing.T) {
			files, _ := filepath.Glob(filepath.Join(importertest.SharedSamples(t, dir), "*"))
			for _, path := range files {
				b, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				if f, err := Sniff(b[:min(len(b), HeadSize)]); err != nil || f.Name != want {
					t.Errorf("%s: Sniff = %s, %v; want %s", filepath.Base(path), f.Name, err, want)
				}
				f, _ := ByName(Readers(), "json")
				recs, diags := read(t, f, b)
				if len(recs) > 0 || len(diags) != 1 || !strings.Contains(diags[0].Msg, "(format "+want+")") {
					t.Errorf("%s read as our JSON: %d records, %v", filepath.Base(path), len(recs), diags)
				}
			}
		})
	}
}
