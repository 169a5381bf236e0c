package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
)

const example41 = "URI: http://google.co.uk/\r\nNAME: Google\r\nID: 1\r\nDATE: 30/10/2007 08:31:32\r\n" +
	"CATEGORY: Search Engines\r\nDESCRIPTION: A popular search engine run by Google, Inc. of the USA\r\n" +
	"RATING: 1\r\nLANGUAGE: en-us\r\nTYPE: text/html\r\n\r\n" +
	"URI: http://shadyindustries.biz/ssd/ssd3.txt\r\nNAME: SSD3 - \"Specification of URI-Catalogue format\"\r\n" +
	"ID: 2\r\nDATE: 31/10/2007 19:28:45\r\nCATEGORY: Official Documents\r\n" +
	"DESCRIPTION: The Specification for the URI-Catalogue format\r\nRATING: 2\r\nLANGUAGE: en-gb\r\nTYPE: text/plain\r\n"

// uricat runs the command in-process and returns exit code, stdout, stderr.
func uricat(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return uricatIn(t, "", args...)
}

// uricatIn is uricat with stdin as its standard input.
func uricatIn(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func writeCatalogue(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "c.uricat")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestCheck(t *testing.T) {
	t.Parallel()
	good := writeCatalogue(t, example41)
	code, out, errs := uricat(t, "check", good)
	if code != 0 || errs != "" || !strings.Contains(out, "2 records (2 valid, 0 invalid), 0 errors, 0 warnings: conforms") {
		t.Errorf("conforming file: exit %d, %q, %q", code, out, errs)
	}
	bad := writeCatalogue(t, "URI: http://a/\nNAME: A\nDATE: 31/02/2007 00:00:00\nRATING: 7\n")
	code, out, errs = uricat(t, "--catalogue", bad, "check")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	for _, want := range []string{bad + ":1: warning: 4 line(s) end in LF alone", bad + ":3:7: error: DATE \"31/02/2007 00:00:00\": February 2007 has no day 31 (3.3)",
		bad + ":4:9: error: RATING \"7\" must be an integer from 1 to 5 (3.6)", bad + ":1: error: record kept but not used: its DATE, which is required, is invalid (2.2)"} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
	if !strings.Contains(out, "1 records (0 valid, 1 invalid)") {
		t.Errorf("summary %q", out)
	}
	if code, _, errs := uricat(t, "check", filepath.Join(t.TempDir(), "missing")); code != 2 || errs == "" {
		t.Errorf("missing file: exit %d, %q", code, errs)
	}
	if code, _, _ := uricat(t, "check", t.TempDir()); code != 2 {
		t.Errorf("a directory: exit %d, want 2", code)
	}
}

func TestListJSON(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, example41+"\r\nURI: http://bad/\r\nNAME: no date\r\n\r\n"+
		"URI: http://x/\r\nNAME: =?UTF-8?Q?Caf=C3=A9?=\r\nDATE: 01/01/2020 10:00:00\r\nLANGUAGE: nope-nope-nope\r\nX-Tags: a, b\r\n")
	code, out, errs := uricat(t, "--catalogue", path, "list", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, path+":21: error: record has no DATE") {
		t.Errorf("the invalid record is not reported on stderr: %q", errs)
	}
	var got []map[string]any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if len(got) != 3 {
		t.Fatalf("%d records, want the 3 valid ones", len(got))
	}
	first := got[0]
	want := map[string]any{"uri": "http://google.co.uk/", "name": "Google", "date": "2007-10-30T08:31:32Z",
		"category": "Search Engines", "description": "A popular search engine run by Google, Inc. of the USA",
		"rating": float64(1), "language": "en-us", "type": "text/html", "id": "1"}
	for k, v := range want {
		if first[k] != v {
			t.Errorf("%s = %#v, want %#v", k, first[k], v)
		}
	}
	last := got[2]
	if last["name"] != "Café" || last["language"] != nil || last["extensions"].(map[string]any)["X-Tags"] != "a, b" {
		t.Errorf("decoded name, dropped invalid language, extensions: %v", last)
	}
}

func TestListSortGroupSearch(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, example41)
	code, out, _ := uricat(t, "--catalogue", path, "list", "--sort", "rating:desc")
	if code != 0 || strings.Index(out, "SSD3") > strings.Index(out, "Google") {
		t.Errorf("sort rating:desc: %d\n%s", code, out)
	}
	code, out, _ = uricat(t, "--catalogue", path, "list", "--group", "language", "--json")
	var groups []struct {
		Group   string
		Records []map[string]any
	}
	if err := json.Unmarshal([]byte(out), &groups); code != 0 || err != nil || len(groups) != 2 || groups[0].Group != "en-gb" {
		t.Errorf("group: %d %v %s", code, err, out)
	}
	code, out, _ = uricat(t, "--catalogue", path, "list", "--search", "cat:official")
	if code != 0 || strings.Contains(out, "Google") || !strings.Contains(out, "SSD3") {
		t.Errorf("search: %s", out)
	}
	// The date as the TUI shows it, saying its zone (DATE is UTC, 3.3).
	if !strings.Contains(out, "2007-10-31 19:28 UTC") {
		t.Errorf("list does not show DATE 31/10/2007 19:28:45 as 2007-10-31 19:28 UTC:\n%s", out)
	}
	for _, bad := range [][]string{{"--sort", "uri"}, {"--group", "description"}, {"--sort", "category"}, {"--search", "rating:9"}} {
		code, _, errs := uricat(t, append([]string{"--catalogue", path, "list"}, bad...)...)
		if code != 2 || errs == "" {
			t.Errorf("list %v: exit %d, %q; want 2 with the reason", bad, code, errs)
		}
	}
	_, _, errs := uricat(t, "--catalogue", path, "list", "--sort", "uri")
	if !strings.Contains(errs, "3.1") || !strings.Contains(errs, "MUST NOT") {
		t.Errorf("refusal does not quote 3.1: %q", errs)
	}
}

func TestAdd(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, example41)
	code, out, errs := uricat(t, "--catalogue", path, "add", "https://bücher.de/straße", "--name", "Bücher",
		"--category", "Shops", "--rating", "4", "--language", "de", "--type", "text/html", "--description", "line one\nline two")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "Bücher") {
		t.Errorf("stdout %q", out)
	}
	data, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(data), example41) {
		t.Errorf("existing bytes changed")
	}
	added := string(data[len(example41):])
	for _, want := range []string{"\r\nURI: https://xn--bcher-kva.de/stra%C3%9Fe\r\n", "NAME: =?UTF-8?q?B=C3=BCcher?=\r\n",
		"RATING: 4\r\n", "DESCRIPTION: =?UTF-8?q?line_one=0Aline_two?=\r\n"} {
		if !strings.Contains(added, want) {
			t.Errorf("appended record lacks %q:\n%s", want, added)
		}
	}
	if code, _, errs := uricat(t, "check", path); code != 0 {
		t.Errorf("after add, check fails: %s", errs)
	}
	for _, bad := range [][]string{
		{"add", "no-scheme", "--name", "x"},
		{"add", "http://e/", "--name", ""},
		{"add", "http://e/", "--name", "x", "--rating", "6"},
		{"add", "http://e/", "--name", "x", "--language", "klingon"},
		{"add", "http://e/", "--name", "x", "--type", "html"},
		{"add", "http://e/", "--name", "x", "--id", "1"}, // 3.9: taken
	} {
		before, _ := os.ReadFile(path)
		code, _, errs := uricat(t, append([]string{"--catalogue", path}, bad...)...)
		after, _ := os.ReadFile(path)
		if code == 0 || errs == "" || !bytes.Equal(before, after) {
			t.Errorf("%v: exit %d, %q; the file must stay untouched", bad, code, errs)
		}
	}
}

func TestAddCreatesTheDefaultCatalogue(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("URICAT_CATALOGUE", "")
	t.Setenv("XDG_DATA_HOME", dir)
	path := filepath.Join(dir, "via-env.uricat")
	t.Setenv("URICAT_CATALOGUE", path)
	if code, _, errs := uricat(t, "add", "http://e/", "--name", "e"); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if _, err := os.Stat(path); err != nil {
		t.Errorf("$URICAT_CATALOGUE not used: %v", err)
	}
	other := filepath.Join(dir, "flag.uricat")
	if code, _, _ := uricat(t, "--catalogue", other, "add", "http://f/", "--name", "f"); code != 0 {
		t.Fatal("add with --catalogue failed")
	}
	if _, err := os.Stat(other); err != nil {
		t.Errorf("--catalogue does not override $URICAT_CATALOGUE: %v", err)
	}
}

// add --tags stores X-TAGS; a URI already there, as typed or as the IRI
// it normalises to, is refused unless --allow-duplicate.
func TestAddTagsAndDuplicates(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, example41)
	code, _, errs := uricat(t, "--catalogue", path, "add", "https://bücher.de/", "--name", "Bücher", "--tags", " books, shops,,")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	data, _ := os.ReadFile(path)
	if !strings.HasSuffix(string(data), "X-TAGS: books, shops\r\n") {
		t.Errorf("X-TAGS not stored as \"books, shops\":\n%s", data)
	}
	for _, uri := range []string{"https://bücher.de/", "https://xn--bcher-kva.de/", "http://google.co.uk/", "HTTP://Google.co.uk:80"} {
		before, _ := os.ReadFile(path)
		code, out, errs := uricat(t, "--catalogue", path, "add", uri, "--name", "again")
		after, _ := os.ReadFile(path)
		if code != 1 || out != "" || !strings.Contains(errs, "uricat add: already there: ") || !strings.Contains(errs, "add --allow-duplicate") || !bytes.Equal(before, after) {
			t.Errorf("add %s again: exit %d, stdout %q, stderr %q, file changed %v; want 1, the record and the way out", uri, code, out, errs, !bytes.Equal(before, after))
		}
	}
	_, _, errs = uricat(t, "--catalogue", path, "add", "https://xn--bcher-kva.de/", "--name", "again")
	if want := "uricat add: already there: \"Bücher\", line 21 of " + path + " (https://xn--bcher-kva.de/); add --allow-duplicate to add it again\n"; !strings.Contains(errs, want) {
		t.Errorf("stderr %q lacks %q", errs, want)
	}
	if code, _, errs := uricat(t, "--catalogue", path, "add", "http://google.co.uk/", "--name", "again", "--allow-duplicate"); code != 0 {
		t.Errorf("--allow-duplicate: exit %d: %s", code, errs)
	}
	if n := strings.Count(string(mustRead(t, path)), "URI: http://google.co.uk/\r\n"); n != 2 {
		t.Errorf("%d records of http://google.co.uk/, want 2", n)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// add and set take a flag for each standard field but URI (the argument)
// and DATE (stamped, SSD3 3.3), named after it; a value refused is said
// once, naming its field once.
func TestFieldFlagsAreTheFieldsTable(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, example41)
	bad := map[string]string{ssd3.FieldName: " ", ssd3.FieldID: "0", ssd3.FieldCategory: " ",
		ssd3.FieldDescription: " ", ssd3.FieldRating: "6", ssd3.FieldLanguage: "klingon", ssd3.FieldType: "html"}
	for _, f := range ssd3.Fields {
		flag := "--" + strings.ToLower(f.Name)
		_, help, _ := uricat(t, "set", "--help")
		if f.Name == ssd3.FieldURI || f.Name == ssd3.FieldDate {
			if strings.Contains(help, flag+" ") {
				t.Errorf("set has %s", flag)
			}
			continue
		}
		if !strings.Contains(help, flag+" "+f.Name) {
			t.Errorf("set --help lacks %s %s:\n%s", flag, f.Name, help)
		}
		code, _, errs := uricat(t, "--catalogue", path, "set", "id:1", flag, bad[f.Name])
		if code != 1 || strings.Count(errs, f.Name) != 1 {
			t.Errorf("set %s %q: exit %d, %q", flag, bad[f.Name], code, errs)
		}
	}
}

// check warns about an X- field that differs only in case from one uricat
// reads (SSD3 2.1.3: names are case-sensitive, so X-Tags holds no tags),
// and still says the file conforms, which it does.
func TestCheckMiscasedExtension(t *testing.T) {
	t.Parallel()
	const rec = "URI: http://a/\r\nNAME: A\r\nDATE: 31/10/2007 19:03:34\r\n"
	tests := []struct {
		name, extra string
		code        int
		stderr, out string
	}{
		{"X-Tags", "X-Tags: go\r\n", 0, ":4: warning: X-Tags is not X-TAGS", "0 errors, 1 warnings: conforms to SSD3"},
		{"X-TAGS", "X-TAGS: go\r\n", 0, "", "0 errors, 0 warnings: conforms to SSD3"},
		{"X-Tags and LF", "X-Tags: go\n", 1, "warning: X-Tags is not X-TAGS", "0 errors, 2 warnings: does not conform"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeCatalogue(t, rec+tt.extra)
			code, out, errs := uricat(t, "check", path)
			if code != tt.code || !strings.Contains(out, tt.out) || (tt.stderr == "") != (errs == "") || !strings.Contains(errs, tt.stderr) {
				t.Errorf("exit %d, want %d; stdout %q, want %q; stderr %q, want %q", code, tt.code, out, tt.out, errs, tt.stderr)
			}
		})
	}
}

// add and import add a URI that looks like one the catalogue has (the
// same loose key), and say which record it looks like.
func TestAddAndImportLookAlike(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, example41)
	code, out, errs := uricat(t, "--catalogue", path, "add", "https://www.google.co.uk/?utm_source=x", "--name", "Google again")
	if code != 0 || !strings.Contains(out, "added") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if want := path + `: warning: https://www.google.co.uk/?utm_source=x looks like "Google" (line 1); added all the same`; !strings.Contains(errs, want) {
		t.Errorf("stderr %q lacks %q", errs, want)
	}
	src := filepath.Join(t.TempDir(), "in.html")
	if err := os.WriteFile(src, []byte("<!DOCTYPE NETSCAPE-Bookmark-file-1>\n<DL><p>\n<DT><A HREF=\"http://shadyindustries.biz/ssd/ssd3.txt#top\">SSD3 again</A>\n<DT><A HREF=\"https://example.org/new\">New</A>\n</DL>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs = uricat(t, "--catalogue", path, "import", src)
	if code != 0 || !strings.Contains(out, "imported 2 records") {
		t.Fatalf("import: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if want := src + `: warning: record http://shadyindustries.biz/ssd/ssd3.txt#top looks like "SSD3 - \"Specification of URI-Catalogue format\"" (line 11); imported all the same`; !strings.Contains(errs, want) {
		t.Errorf("stderr %q lacks %q", errs, want)
	}
	if strings.Contains(errs, "example.org/new") {
		t.Errorf("stderr %q: a new URI looks like nothing", errs)
	}
}

// TestCheckNotesInFileOrder: check's notes of hidden text, looked at a
// share of records at a time on every CPU, come out in the file's order,
// every one, problems first, then the notes, then the summary.
func TestCheckNotesInFileOrder(t *testing.T) {
	t.Parallel()
	var text strings.Builder
	var want []string
	n := 3*hiddenTextShare + 10
	for i := range n {
		name := fmt.Sprintf("Page %d", i)
		if i%997 == 5 || i == n-1 {
			name = ssd3.EncodeText(fmt.Sprintf("Page \x1b[31m%d", i))
			want = append(want, fmt.Sprintf(":%d: note: NAME holds control characters", 5*i+1)) // the record's line
		}
		if i > 0 {
			text.WriteString("\r\n")
		}
		fmt.Fprintf(&text, "URI: http://h%d.example/\r\nNAME: %s\r\nDATE: 01/02/2020 10:00:00\r\nRATING: 3\r\n", i, name)
	}
	path := writeCatalogue(t, text.String())
	code, out, errs := uricat(t, "check", path)
	if code != 0 || !strings.Contains(out, fmt.Sprintf("%d records (%d valid, 0 invalid), 0 errors", n, n)) {
		t.Fatalf("exit %d, %q, %.500q", code, out, errs)
	}
	lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
	if len(lines) != len(want) {
		t.Fatalf("%d lines on stderr, want %d:\n%s", len(lines), len(want), errs)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], path+w) {
			t.Errorf("line %d: %q, want it to start %q", i+1, lines[i], path+w)
		}
	}
}

// --no-fetch beside --name is redundant, not an error: scripts may always
// pass it.
func TestAddNoFetchWithName(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "b.uricat")
	code, out, errs := uricat(t, "--catalogue", path, "add", "https://example.org/", "--name", "E", "--no-fetch")
	if code != 0 || !strings.Contains(out, `added "E"`) {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
}
