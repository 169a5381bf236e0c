package xbel

import (
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

// TestGolden: the sample catalogue, written, is testdata/sample.golden.
func TestGolden(t *testing.T) {
	t.Parallel()
	importertest.CheckGolden(t, Format.NewWriter, *update)
}

// TestRoundTrip: what the Writer writes, the Reader reads back as the same
// records, in the same order when the records of a folder come together.
func TestRoundTrip(t *testing.T) {
	t.Parallel()
	importertest.RoundTrip(t, Format, importertest.Imported(importertest.Tricky()))
	importertest.CheckReadsBack(t, Format, importertest.Imported(importertest.Added(t)), true)
}

// TestRoundTripGenerated: many records, folders recurring out of order:
// each comes back whole, once.
func TestRoundTripGenerated(t *testing.T) {
	t.Parallel()
	recs := importertest.Imported(importertest.Generate(300))
	out, notes := importertest.Export(t, Format.NewWriter, recs...)
	if len(notes) > 0 {
		t.Errorf("the writer reports losses: %v", notes)
	}
	got, diags := importertest.ReadAll(t, NewReader(strings.NewReader(out), importers.Options{Now: now}))
	for _, d := range diags {
		if d.Kind == ssd3.Skipped || d.Kind == ssd3.Dropped {
			t.Errorf("reading our own output: %s", d)
		}
	}
	byURI := map[string]*ssd3.Record{}
	for _, r := range got {
		byURI[r.URI()] = r
	}
	if len(got) != len(recs) || len(byURI) != len(recs) {
		t.Fatalf("%d records read back (%d URIs), want %d", len(got), len(byURI), len(recs))
	}
	for _, want := range recs {
		if d := importertest.Diff(sorted(byURI[want.URI()]), sorted(want)); d != nil {
			t.Errorf("%s: %v", want.URI(), d)
		}
	}
}

func sorted(r *ssd3.Record) *ssd3.Record {
	c := r.Clone()
	m := map[string]string{}
	var names []string
	for _, f := range c.Extensions() {
		m[f.Name] = f.Value
		names = append(names, f.Name)
	}
	var fs []ssd3.Field
	for _, n := range sortStrings(names) {
		fs = append(fs, ssd3.Field{Name: n, Value: m[n]})
	}
	c.SetExtensions(fs)
	return c
}

func sortStrings(s []string) []string {
	for i := range s {
		for j := i + 1; j < len(s); j++ {
			if s[j] < s[i] {
				s[i], s[j] = s[j], s[i]
			}
		}
	}
	return s
}

// TestVariantsRoundTrip: a file of each program, imported, exported and
// imported again, gives the same records: what they keep in <info> comes
// back, with the namespaces it needs declared.
func TestVariantsRoundTrip(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"floccus.xbel", "buku.xbel", "kde-bookmarks.xml", "gtk-recently-used.xbel"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			recs, _ := readString(t, readTestdata(t, name))
			out, notes := importertest.Export(t, Format.NewWriter, recs...)
			if len(notes) > 0 {
				t.Errorf("the writer reports losses: %v", notes)
			}
			back, diags := readString(t, out)
			for _, d := range diags {
				if d.Kind == ssd3.Skipped || d.Kind == ssd3.Dropped {
					t.Errorf("reading the export: %s", d)
				}
			}
			if len(back) != len(recs) {
				t.Fatalf("%d records back, want %d", len(back), len(recs))
			}
			for i := range recs {
				if d := importertest.Diff(back[i], recs[i]); d != nil {
					t.Errorf("%s: %v", recs[i].URI(), d)
				}
			}
			if strings.Contains(out, "<bookmark:") && !strings.Contains(out, `xmlns:bookmark="http://www.freedesktop.org/standards/desktop-bookmarks"`) {
				t.Errorf("the export uses bookmark: without declaring it:\n%s", out)
			}
		})
	}
}

// TestWriterNotes: what XBEL cannot hold is left out and said, naming the
// record.
func TestWriterNotes(t *testing.T) {
	t.Parallel()
	d := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, tc := range []struct {
		name string
		rec  *ssd3.Record
		want []string
	}{
		{"controls", ssd3.NewRecord(ssd3.Values{URI: "https://a.example/", Name: "a\x1b[31mb", Date: d, Description: "x\x07y"}),
			[]string{"control characters and escape sequences left out of NAME, DESCRIPTION"}},
		{"category", ssd3.NewRecord(ssd3.Values{URI: "https://b.example/", Name: "b", Date: d, Category: "a// b /"}),
			[]string{`CATEGORY "a// b /" is written as the folder path "a/b"`}},
		{"blank name", ssd3.NewRecord(ssd3.Values{URI: "https://c.example/", Name: " c ", Date: d}),
			[]string{`NAME " c " reads back as "c"`}},
		{"mime type", ssd3.NewRecord(ssd3.Values{URI: "https://e.example/", Name: "e", Date: d, Extensions: []ssd3.Field{{Name: FieldInfo, Value: `<metadata owner="http://freedesktop.org"><mime:mime-type type="text/plain"/></metadata>`}}}),
			[]string{`X-XBEL-INFO gives the mime type "text/plain", which reads back as TYPE`}},
		{"bad info", ssd3.NewRecord(ssd3.Values{URI: "https://d.example/", Name: "d", Date: d, Extensions: []ssd3.Field{{Name: FieldInfo, Value: "<a>"}}}),
			nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out := importertest.CheckWriterNotes(t, Format, tc.rec, tc.want)
			if _, err := Decode(strings.NewReader(string(out))); err != nil {
				t.Errorf("the output is not XML: %v\n%s", err, out)
			}
		})
	}
}
