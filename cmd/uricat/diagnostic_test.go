package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/cataloguetest"
	"github.com/uricat/uricat/importers"
)

// oneForm is the form of every diagnostic a command prints
// (catalogue.Diagnostic.String): FILE, then :LINE, :LINE:COLUMN or
// :@OFFSET when known, then the kind, then the message.
func oneForm(file string) *regexp.Regexp {
	return regexp.MustCompile(`^` + regexp.QuoteMeta(file) + `(:[0-9]+(:[0-9]+)?|:@[0-9]+)?: (error|warning|skipped|dropped|deviation|note): \S`)
}

// The commands that only read the catalogue (list, categories, tags,
// export) summarise a flood of its problems as import does, and point to
// check, which lists them all (issue 22: half a million broken lines wrote
// 58 MB to stderr).
func TestReadingCommandsSummariseTheCatalogueProblems(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	b.WriteString("URI: http://a/\r\nNAME: a\r\nDATE: 01/01/2020 00:00:00\r\nCATEGORY: c\r\n")
	for i := range 1000 {
		fmt.Fprintf(&b, "junk %d\r\n", i)
	}
	path := writeCatalogue(t, b.String())
	form := oneForm(path)
	for _, args := range [][]string{{"list"}, {"list", "--json"}, {"categories"}, {"tags"}, {"export", "--format", "csv"}} {
		code, out, errs := uricat(t, append([]string{"--catalogue", path}, args...)...)
		lines := strings.Split(strings.TrimSuffix(errs, "\n"), "\n")
		if code != 0 || !strings.Contains(out, "http://a/") && args[0] != "categories" && args[0] != "tags" || len(lines) != importers.FloodKeep+2 {
			t.Errorf("%q: exit %d, %d lines on stderr, want 0 and %d:\n%s", args, code, len(lines), importers.FloodKeep+2, errs)
			continue
		}
		for _, want := range []string{path + ":10:1: error: and 995 more like this, the last at line 1004, column 1\n",
			path + ": note: 1000 problems in all, summarised above; `uricat check` lists them all\n"} {
			if !strings.Contains(errs, want) {
				t.Errorf("%q: stderr lacks %q:\n%s", args, want, errs)
			}
		}
		for _, l := range lines {
			if !form.MatchString(l) {
				t.Errorf("%q: %q is not in the one form FILE:LINE:COLUMN: kind: message", args, l)
			}
		}
	}
	if _, _, errs := uricat(t, "check", path); strings.Count(errs, "is not a field") != 1000 {
		t.Errorf("check does not list every problem: %d of 1000", strings.Count(errs, "is not a field"))
	}
}

// check prints each problem of the file, and each note, in the one form,
// with its line and, when known, its column: the catalogue's diagnostics
// as catalogue.Diagnostic formats them, nothing else.
func TestCheckPrintsDiagnosticsInOneForm(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, "URI: http://a/\r\nNAME: A\r\nDATE: 31/02/2007 00:00:00\r\nRATING: 7\r\n\r\n"+
		"URI: http://b/\nNAME: =?UTF-8?Q?B=1B[2J?=\nDATE: 01/01/2020 00:00:00\nLANGUAGE: english\n")
	code, _, errs := uricat(t, "check", path)
	if code != exitRefused {
		t.Errorf("exit %d, want %d", code, exitRefused)
	}
	c, err := catalogue.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, p := range c.Problems() {
		want = append(want, p.In(path).String())
	}
	want = append(want, path+`:6: note: NAME holds control characters or escape sequences, not shown: "B"`)
	if got := strings.Split(strings.TrimSuffix(errs, "\n"), "\n"); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("stderr:\n%s\nwant:\n%s", errs, strings.Join(want, "\n"))
	}
	for _, w := range []string{
		path + `:3:7: error: DATE "31/02/2007 00:00:00": February 2007 has no day 31 (3.3)`,
		path + `:4:9: error: RATING "7" must be an integer from 1 to 5 (3.6)`,
		path + `:1: error: record kept but not used: its DATE, which is required, is invalid (2.2)`,
		path + `:6: warning: 4 line(s) end in LF alone, the first here (2.1.2: lines end in CRLF)`,
	} {
		if !strings.Contains(errs, w+"\n") {
			t.Errorf("stderr lacks %q:\n%s", w, errs)
		}
	}
	form := oneForm(path)
	for _, l := range strings.Split(strings.TrimSuffix(errs, "\n"), "\n") {
		if !form.MatchString(l) {
			t.Errorf("%q is not in the one form FILE:LINE:COLUMN: kind: message", l)
		}
	}
	if found := cataloguetest.FieldSaidTwice(errs); found != nil {
		t.Errorf("check says %q:\n%s", found, errs)
	}
}

// import prints what it has to say about each file in the same form as
// check: the file, the line (CSV) or byte offset (SOIF), the kind.
func TestImportPrintsDiagnosticsInOneForm(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	csvFile := filepath.Join(dir, "in.csv")
	soifFile := filepath.Join(dir, "in.soif")
	files := map[string]string{
		csvFile: "uri,name,date,rating,language\r\nhttp://a/,a,2024-03-01T12:00:00Z,9,english\r\nnot a uri,b,2024-03-01T12:00:00Z\r\n",
		// SOIF 2: Title{3} is the wrong size; its diagnostic is at the
		// pair's byte offset.
		soifFile: "@FILE { http://s.example/\nTitle{3}:\tabcdef\nDescription{1}:\tz\n}\n",
	}
	for name, text := range files {
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cat := filepath.Join(dir, "c.uricat")
	code, _, errs := uricat(t, "--catalogue", cat, "import", csvFile, soifFile)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, w := range []string{
		csvFile + `:2: dropped: RATING "9" must be an integer from 1 to 5 (3.6): left out`,
		csvFile + `:2: dropped: LANGUAGE "english": the first subtag must be a 2- or 3-letter ISO 639 code`,
		csvFile + `:3: skipped: record not imported: "not%20a%20uri" is a relative URI; give the URL it is relative to with --base`,
		soifFile + `:@26: deviation: Title{3}: the size does not match the data`,
	} {
		if !strings.Contains(errs, w) {
			t.Errorf("stderr lacks %q:\n%s", w, errs)
		}
	}
	csvForm, soifForm := oneForm(csvFile), oneForm(soifFile)
	for _, l := range strings.Split(strings.TrimSuffix(errs, "\n"), "\n") {
		if !csvForm.MatchString(l) && !soifForm.MatchString(l) {
			t.Errorf("%q is not in the one form FILE:LINE: kind: message", l)
		}
	}
}

// set and add refuse a bad value with a message that names its field
// once: "uricat set: NAME must not be blank", never "NAME NAME must not be
// blank" (issue 10).
func TestRefusedValuesNameTheirFieldOnce(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, example41)
	flags := [][]string{
		{"--name", " "}, {"--rating", "9"}, {"--language", "english"}, {"--type", "text"}, {"--id", "0"},
		{"--category", "\t"}, {"--description", " "}, {"--x", "X-A= "}, {"--x", "Y-B=v"},
	}
	for _, f := range flags {
		for _, cmd := range [][]string{{"set", "http://google.co.uk/"}, {"add", "http://new.example/", "--name", "New"}} {
			args := append(append([]string{"--catalogue", path}, cmd...), f...)
			code, _, errs := uricat(t, args...)
			if code == 0 {
				// Some values are taken (a blank CATEGORY clears it);
				// only a refusal has a message to check.
				continue
			}
			if found := cataloguetest.FieldSaidTwice(errs); found != nil {
				t.Errorf("%q says %q: %s", args, found, errs)
			}
		}
	}
	// At least the plainly bad ones are refused, each naming its field.
	for _, f := range [][]string{{"--name", " ", "NAME"}, {"--rating", "9", "RATING"}, {"--language", "english", "LANGUAGE"}, {"--id", "0", "ID"}} {
		code, _, errs := uricat(t, "--catalogue", path, "set", "http://google.co.uk/", f[0], f[1])
		if code != exitRefused || !strings.Contains(errs, "uricat set: "+f[2]+" ") {
			t.Errorf("set %s %q: exit %d, stderr %q; want it refused, naming %s", f[0], f[1], code, errs, f[2])
		}
	}
}
