package detect

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/importers"
)

// samples is ../shared/samples, the real files (see its SOURCES.md).
var samples = filepath.Join("..", "..", "..", "shared", "samples")

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

// TestRealSamples: every real sample is recognised as what it is.
func TestRealSamples(t *testing.T) {
	if _, err := os.Stat(samples); err != nil {
		t.Skipf("the real samples are not here (%s): %v", samples, err)
	}
	dirs := map[string]string{"soif": "soif", "http-index-format": "httpindex", "hina-di": "hinadi", "urc": "urc", "netscape": "netscape"}
	n := 0
	for dir, want := range dirs {
		files, _ := filepath.Glob(filepath.Join(samples, dir, "*"))
		for _, path := range files {
			n++
			t.Run(filepath.Base(path), func(t *testing.T) {
				if !registered(want) {
					t.Fatalf("format %s is not registered", want)
				}
				got, err := sniffFile(t, path)
				if got != want {
					t.Errorf("Sniff = %q (%v), want %s", got, err, want)
				}
			})
		}
	}
	if n < 14 {
		t.Fatalf("found %d samples under %s, want the 14 there were", n, samples)
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

func TestFormats(t *testing.T) {
	want := "netscape soif hinadi httpindex urc"
	if got := strings.Join(Names(), " "); got != want {
		t.Errorf("Names() = %q, want %q", got, want)
	}
	for _, alias := range []string{"hina-di", "http-index-format", "html"} {
		if _, err := ByName(alias); err != nil {
			t.Errorf("ByName(%q): %v", alias, err)
		}
	}
}

func TestNotRecognised(t *testing.T) {
	for _, head := range []string{
		"",
		"URI: http://example.org/\r\nNAME: a URI-Catalogue is not imported\r\n",
		"<!DOCTYPE html>\n<html><body><p>just a web page</p></body></html>",
		"\x00\x01\x02 binary",
	} {
		f, err := Sniff([]byte(head))
		if err == nil || !errors.Is(err, ErrNotRecognised) {
			t.Errorf("Sniff(%q) = %s, %v; want ErrNotRecognised", head, f.Name, err)
			continue
		}
		if head != "" {
			for _, name := range Names() {
				if !strings.Contains(err.Error(), name) {
					t.Errorf("Sniff(%q) error %q does not list format %s", head, err, name)
				}
			}
		}
	}
}

func TestByName(t *testing.T) {
	for _, f := range Formats {
		got, err := ByName(strings.ToUpper(f.Name))
		if err != nil || got.Name != f.Name {
			t.Errorf("ByName(%q) = %q, %v", strings.ToUpper(f.Name), got.Name, err)
		}
		if f.NewReader == nil || f.Detect == nil || f.Title == "" {
			t.Errorf("format %s is incomplete", f.Name)
		}
	}
	if f, err := ByName("http-index-format"); err != nil || f.Name != "httpindex" {
		t.Errorf("ByName(http-index-format) = %q, %v", f.Name, err)
	}
	_, err := ByName("gopher")
	if err == nil || !strings.Contains(err.Error(), `"gopher"`) || !strings.Contains(err.Error(), "netscape") {
		t.Errorf("ByName(gopher) error = %v, want it to name the format and list the known ones", err)
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

// TestPipeline imports every sample and spec example, detected, through
// importers.Run into one catalogue: each gives the records a reader of the
// file counts, and every record is one the catalogue accepts.
func TestPipeline(t *testing.T) {
	realSamples, _ := filepath.Glob(filepath.Join(samples, "*", "*"))
	tests := []struct {
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
		{"../netscape/testdata/firefox.html", 6},
		{"../netscape/testdata/chrome.html", 6}, // one of 7 is a duplicate
		{"../netscape/testdata/safari.html", 4},
		{"../netscape/testdata/ie6.html", 6},
	}
	for _, f := range realSamples {
		if strings.HasSuffix(f, ".md") {
			continue
		}
		tests = append(tests, struct {
			file string
			want int
		}{f, -1})
	}
	c, err := catalogue.Read(strings.NewReader(""))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.file), func(t *testing.T) {
			in, err := os.Open(tt.file)
			if err != nil {
				t.Fatal(err)
			}
			defer in.Close()
			f, r, err := SniffReader(in)
			if err != nil {
				t.Fatal(err)
			}
			s, err := importers.Import(c, f, r, importers.ReadConfig{Source: tt.file, Options: importers.Options{Now: time.Now()}})
			if err != nil {
				t.Fatal(err)
			}
			if tt.want >= 0 && s.Imported != tt.want {
				t.Errorf("imported %d records, want %d; %s", s.Imported, tt.want, s)
				for _, d := range s.Diagnostics {
					t.Log(d.Where(tt.file), d)
				}
			}
			for _, rec := range s.Records {
				if ps := rec.Validate(); len(ps) > 0 {
					t.Errorf("record %s: %v", rec.URI, ps)
				}
			}
		})
	}
}
