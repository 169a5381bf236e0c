package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers/importertest"
	jsonformat "github.com/uricat/uricat/importers/json"
)

// exportSample copies the exporters' sample catalogue (six valid records and
// one without DATE) to a temporary directory and returns its path.
func exportSample(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(importertest.SamplePath())
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "bookmarks.uricat")
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// The json export prints the same objects as `uricat list --json`, which
// adds to each its tags as a list and its line.
func TestExportJSONIsListJSON(t *testing.T) {
	t.Parallel()
	p := exportSample(t)
	code, list, stderr := uricat(t, "--catalogue", p, "list", "--json")
	if code != 0 {
		t.Fatalf("list --json: exit %d: %s", code, stderr)
	}
	code, export, stderr := uricat(t, "--catalogue", p, "export", "--format", "json")
	if code != 0 {
		t.Fatalf("export --format json: exit %d: %s", code, stderr)
	}
	var fromList []map[string]any
	if err := json.Unmarshal([]byte(list), &fromList); err != nil {
		t.Fatal(err)
	}
	for _, r := range fromList {
		if _, ok := r["tags"].([]any); !ok {
			t.Errorf("list --json gives %v as tags, want a list", r["tags"])
		}
		delete(r, "tags")
		delete(r, "line")
	}
	var fromExport []map[string]any
	if err := json.Unmarshal([]byte(export), &fromExport); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(fromList, fromExport) {
		t.Errorf("export --format json differs from list --json:\n--- export\n%s\n--- list\n%s", export, list)
	}
	var recs []jsonformat.Record
	if err := json.Unmarshal([]byte(export), &recs); err != nil {
		t.Fatal(err)
	}
	if len(recs) != 6 {
		t.Errorf("exported %d records, want the 6 valid ones", len(recs))
	}
	for _, r := range recs {
		if r.URI == "https://example.org/no-date" {
			t.Errorf("the record without DATE (invalid, SSD3 2.2) was exported")
		}
	}
	// The catalogue's problem is reported, but does not stop the export.
	if !strings.Contains(stderr, "DATE") {
		t.Errorf("stderr does not report the invalid record: %q", stderr)
	}
}

func TestExportSearchKeepsFileOrder(t *testing.T) {
	t.Parallel()
	p := exportSample(t)
	code, out, stderr := uricat(t, "--catalogue", p, "export", "--format", "csv", "--search", "cat:food")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var uris []string
	for _, row := range rows[1:] {
		uris = append(uris, row[0])
	}
	want := []string{"https://example.org/caf%C3%A9?a=1&b=2", "ftp://ftp.example.net/pub/file.txt", "https://example.org/paris/bistro"}
	if strings.Join(uris, " ") != strings.Join(want, " ") {
		t.Errorf("--search cat:food exported %q, want %q in file order", uris, want)
	}
}

func TestExportToFile(t *testing.T) {
	t.Parallel()
	p := exportSample(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "bookmarks.html")
	if err := os.WriteFile(out, []byte("old content"), 0o600); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := uricat(t, "--catalogue", p, "export", "--format", "netscape", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if stdout != "" {
		t.Errorf("with -o, stdout is %q, want nothing", stdout)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(data), "<!DOCTYPE NETSCAPE-Bookmark-file-1>") || strings.Count(string(data), "<DT><A ") != 6 {
		t.Errorf("%s does not hold the 6 bookmarks:\n%s", out, data)
	}
	if st, _ := os.Stat(out); st.Mode().Perm() != 0o600 {
		t.Errorf("replaced file has mode %v, want the old file's 0600", st.Mode().Perm())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
	if !strings.Contains(stderr, "exported 6 record(s) as netscape") {
		t.Errorf("stderr = %q, want a note of what was exported", stderr)
	}
}

func TestExportIntoMissingDirectory(t *testing.T) {
	t.Parallel()
	p := exportSample(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "missing-dir", "out.csv")
	code, _, stderr := uricat(t, "--catalogue", p, "export", "--format", "csv", "-o", out)
	if code != 1 || !strings.Contains(stderr, "missing-dir") {
		t.Errorf("export into a missing directory: exit %d, stderr %q; want 1 and the path", code, stderr)
	}
}

func TestExportUsageErrors(t *testing.T) {
	t.Parallel()
	p := exportSample(t)
	for _, tc := range []struct {
		args []string
		want string // in stderr
	}{
		{[]string{"export"}, "--format is required (formats: netscape, soif, hinadi, urc, json, pinboard, csv, xbel)"},
		{[]string{"export", "--format", "xml"}, `unknown format "xml" (formats: netscape, soif, hinadi, urc, json, pinboard, csv, xbel)`},
		{[]string{"export", "--format", "csv", "--search", "rating:9"}, `search term rating:9 (column 1): a rating is`},
		{[]string{"export", "--format", "csv", "extra"}, "uricat export: takes no arguments; got \"extra\"\nRun 'uricat export --help' for usage.\n"},
		{[]string{"export", "--bogus"}, "uricat export: unknown flag: --bogus\nRun 'uricat export --help' for usage.\n"},
		{[]string{"export", "--format", "csv", "-o", p}, "is the catalogue itself"},
	} {
		code, stdout, stderr := uricat(t, append([]string{"--catalogue", p}, tc.args...)...)
		if code != 2 || !strings.Contains(stderr, tc.want) || stdout != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.args, code, stdout, stderr, tc.want)
		}
	}
	if data, _ := os.ReadFile(p); !strings.HasPrefix(string(data), "URI: ") {
		t.Errorf("the catalogue was overwritten: %q", data[:min(len(data), 40)])
	}
}

// Every format exports the sample from the command line.
func TestExportEveryFormat(t *testing.T) {
	t.Parallel()
	p := exportSample(t)
	for _, f := range []string{"netscape", "soif", "hinadi", "urc", "json", "csv"} {
		code, out, stderr := uricat(t, "--catalogue", p, "export", "--format", f)
		if code != 0 || !strings.Contains(out, "example.org/plain") || strings.Contains(out, "no-date") {
			t.Errorf("%s: exit %d, stderr %q, output:\n%s", f, code, stderr, out)
		}
	}
}

// Leaving uricat and coming back: export the catalogue as a browser's
// bookmark file, import that file into an empty catalogue, and get the same
// bookmarks, with their names, dates, categories and descriptions.
func TestExportThenImport(t *testing.T) {
	t.Parallel()
	p := exportSample(t)
	out := filepath.Join(t.TempDir(), "bookmarks.html")
	if code, _, stderr := uricat(t, "--catalogue", p, "export", "--format", "netscape", "-o", out); code != 0 {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}
	fresh := filepath.Join(t.TempDir(), "fresh.uricat")
	if code, _, stderr := uricat(t, "--catalogue", fresh, "import", out); code != 0 {
		t.Fatalf("import: exit %d: %s", code, stderr)
	}
	before, err := catalogue.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	after, err := catalogue.Open(fresh)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]*ssd3.Record{}
	for _, r := range after.Valid() {
		got[r.URI()] = r
	}
	if len(got) != len(before.Valid()) {
		t.Errorf("imported %d records, want %d", len(got), len(before.Valid()))
	}
	for _, r := range before.Valid() {
		g := got[r.URI()]
		if g == nil {
			t.Errorf("%s did not come back", r.URI())
			continue
		}
		if g.Name() != r.Name() || !g.Date().Equal(r.Date()) || g.Category() != r.Category() || g.Description() != r.Description() {
			t.Errorf("%s came back as %q %v %q %q, want %q %v %q %q", r.URI(), g.Name(), g.Date(), g.Category(), g.Description(),
				r.Name(), r.Date(), r.Category(), r.Description())
		}
	}
}

// Issue 24: no message names the temporary file an export writes through
// ("open /dir/.x.json.uricat-tmp-…"): it names the file asked for.
func TestExportErrorsNameTheFile(t *testing.T) {
	t.Parallel()
	p := exportSample(t)
	tests := []struct {
		name, out string
	}{
		{"a missing directory", filepath.Join(t.TempDir(), "missing-dir", "out.json")},
		// procfs lets nobody, not even root, create a file in it.
		{"a directory no file can be created in", "/proc/out.json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if strings.HasPrefix(tt.out, "/proc/") {
				if _, err := os.Stat("/proc/self"); err != nil {
					t.Skip("no /proc")
				}
			}
			code, _, stderr := uricat(t, "--catalogue", p, "export", "--format", "json", "-o", tt.out)
			if code != 1 || !strings.Contains(stderr, "uricat export: export to "+tt.out+": ") || strings.Contains(stderr, ".uricat-tmp-") {
				t.Errorf("exit %d, stderr %q; want 1 and a message that names %s and no temporary file", code, stderr, tt.out)
			}
		})
	}
}
