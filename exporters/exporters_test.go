package exporters

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/exporters/hinadi"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// exportTime is the clock of the Hina-Di header's Date in golden files.
var exportTime = time.Date(2026, 11, 21, 15, 4, 5, 0, time.UTC)

func loadSample(t testing.TB) []*catalogue.Record {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "sample.uricat"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	c, err := catalogue.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	recs := c.Valid()
	if len(recs) != 6 || c.Len() != 7 {
		t.Fatalf("sample.uricat: %d valid records of %d, want 6 of 7", len(recs), c.Len())
	}
	return recs
}

// writeFixed writes with f, with a fixed clock where the format has one.
func writeFixed(f Format, recs []*catalogue.Record) ([]byte, error) {
	var buf bytes.Buffer
	write := f.Write
	if f.Name == "hinadi" {
		write = (&hinadi.Writer{Now: func() time.Time { return exportTime }}).Write
	}
	err := write(&buf, recs)
	return buf.Bytes(), err
}

// TestGolden checks every format's output for the sample catalogue, which
// has non-ASCII text, quotes, ";", "%", "<", "&" and multi-line
// descriptions, against testdata/FORMAT.golden (go test -update rewrites them).
func TestGolden(t *testing.T) {
	recs := loadSample(t)
	for _, f := range Formats {
		t.Run(f.Name, func(t *testing.T) {
			got, err := writeFixed(f, recs)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", f.Name+".golden")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("output differs from %s (go test -update rewrites it after review):\n--- got\n%s\n--- want\n%s", path, got, want)
			}
		})
	}
}

// TestEmpty: no records is a valid, almost empty file in every format.
func TestEmpty(t *testing.T) {
	want := map[string]string{"json": "[]\n", "csv": "uri,name,date,category,description,rating,language,type,id\r\n",
		"soif": "", "urc": ""}
	for _, f := range Formats {
		got, err := writeFixed(f, nil)
		if err != nil {
			t.Errorf("%s: %v", f.Name, err)
			continue
		}
		if w, ok := want[f.Name]; ok && string(got) != w {
			t.Errorf("%s: empty export is %q, want %q", f.Name, got, w)
		}
		switch f.Name {
		case "netscape":
			if !strings.HasPrefix(string(got), "<!DOCTYPE NETSCAPE-Bookmark-file-1>") || strings.Contains(string(got), "<DT>") {
				t.Errorf("netscape: empty export is %q", got)
			}
		case "hinadi":
			if string(got) != "HINA/2.2beta\r\nUser-Agent: uricat\r\nContent-Type: text/plain; charset=UTF-8\r\nDate: Sat, 21 Nov 2026 15:04:05 GMT\r\n\r\n" {
				t.Errorf("hinadi: empty export is %q", got)
			}
		}
	}
}

func TestByName(t *testing.T) {
	for _, name := range []string{"netscape", "soif", "hinadi", "urc", "json", "csv", "CSV"} {
		f, err := ByName(name)
		if err != nil || !strings.EqualFold(f.Name, name) || f.Write == nil || f.Ext == "" || f.Title == "" {
			t.Errorf("ByName(%q) = %+v, %v", name, f, err)
		}
	}
	_, err := ByName("xml")
	if err == nil {
		t.Fatal(`ByName("xml") succeeded`)
	}
	for _, name := range Names() {
		if !strings.Contains(err.Error(), name) {
			t.Errorf("error %q does not list format %s", err, name)
		}
	}
}

// failingWriter fails once more than n bytes are written, like a full disk.
type failingWriter struct{ n int }

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, errors.New("disk full")
	}
	w.n -= len(p)
	return len(p), nil
}

// A write error reaches the caller, in every format, whether it happens at
// the first byte or at the last.
func TestWriteErrors(t *testing.T) {
	recs := loadSample(t)
	for _, f := range Formats {
		full, err := writeFixed(f, recs)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{0, len(full) / 2, len(full) - 1} {
			if err := f.Write(&failingWriter{n: n}, recs); err == nil || !strings.Contains(err.Error(), "disk full") {
				t.Errorf("%s: write failing after %d of %d bytes returned %v", f.Name, n, len(full), err)
			}
		}
	}
}
