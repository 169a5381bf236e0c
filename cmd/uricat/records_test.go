package main

// Tests of show, set and rm, on editCatalogue (edit_test.go).

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"
)

func TestShow(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, editCatalogue)
	code, out, errs := uricat(t, "--catalogue", path, "show", "https://bücher.de/")
	want := "URI: https://xn--bcher-kva.de/\nNAME: Bücher\nID: 7\nDATE: 01/01/2020 00:00:00\nCATEGORY: Shops\n" +
		"DESCRIPTION: two\n  lines\nX-TAGS: books, shops\n\nline 1 of " + path + "\n"
	if code != 0 || out != want || errs != "" {
		t.Errorf("exit %d, stderr %q, stdout\n%s\nwant\n%s", code, errs, out, want)
	}
	code, out, _ = uricat(t, "--catalogue", path, "show", "line:9")
	want = "URI: http://nodate.example/\nNAME: No date\n\nline 9 of " + path + "; not used: its URI, NAME or DATE is missing or invalid (SSD3 2.2):\n" +
		path + ":11:9: error: RATING \"nine\" must be an integer from 1 to 5 (3.6)\n"
	if code != 0 || !strings.HasPrefix(out, want) || !strings.Contains(out, path+":9: error: record has no DATE") {
		t.Errorf("invalid record: exit %d, stdout\n%s\nwant it to start with\n%s", code, out, want)
	}
	code, out, _ = uricat(t, "--catalogue", path, "show", "--json", "http://nodate.example/")
	var got shownRecord
	if err := json.Unmarshal([]byte(out), &got); code != 0 || err != nil {
		t.Fatalf("show --json: exit %d, %v\n%s", code, err, out)
	}
	if got.URI != "http://nodate.example/" || got.Date != "" || got.Line != 9 || got.Valid || len(got.Problems) != 2 ||
		got.Problems[0] != (shownProblem{Line: 11, Column: 9, Field: "RATING", Severity: "error", Message: `RATING "nine" must be an integer from 1 to 5 (3.6)`}) {
		t.Errorf("show --json: %+v", got)
	}
	code, out, _ = uricat(t, "--catalogue", path, "show", "--json", "id:7")
	if err := json.Unmarshal([]byte(out), &got); code != 0 || err != nil || got.Name != "Bücher" || got.Description != "two\nlines" ||
		got.Extensions["X-TAGS"] != "books, shops" || !got.Valid || got.Problems == nil || len(got.Problems) != 0 {
		t.Errorf("show --json id:7: %v %+v", err, got)
	}
}

func TestSet(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, editCatalogue)
	code, out, errs := uricat(t, "--catalogue", path, "set", "id:7", "--rating", "4", "--category", "", "--tags", "a, b,,c", "--x", "X-SEEN=yes", "--name", "Bücher 2")
	if code != 0 || out != "changed \"Bücher 2\" in "+path+"\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errs)
	}
	rec, rest, _ := strings.Cut(string(mustRead(t, path)), "\r\n\r\n")
	for _, want := range []string{"RATING: 4", "X-TAGS: a, b, c", "X-SEEN: yes", "NAME: =?UTF-8?q?B=C3=BCcher_2?=", "DESCRIPTION: =?UTF-8?q?two=0Alines?=",
		"X-ADDED: 01/01/2020 00:00:00"} { // the DATE it had: when it was added
		if !strings.Contains(rec, want+"\r\n") && !strings.HasSuffix(rec, want) {
			t.Errorf("record lacks %q:\n%s", want, rec)
		}
	}
	if strings.Contains(rec, "CATEGORY") || strings.Contains(rec, "DATE: 01/01/2020") {
		t.Errorf("CATEGORY not cleared, or DATE not stamped (3.3):\n%s", rec)
	}
	if "\r\n\r\n"+rest != editCatalogue[strings.Index(editCatalogue, "\r\n\r\n"):] {
		t.Errorf("the other record changed:\n%s", rest)
	}
	if code, _, errs := uricat(t, "--catalogue", path, "set", "id:7", "--rating", "0", "--x", "X-SEEN="); code != 0 {
		t.Fatalf("clearing: exit %d: %s", code, errs)
	}
	if rec, _, _ := strings.Cut(string(mustRead(t, path)), "\r\n\r\n"); strings.Contains(rec, "RATING") || strings.Contains(rec, "X-SEEN") {
		t.Errorf("--rating 0 and --x X-SEEN= did not clear:\n%s", rec)
	}
	for _, tt := range []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"id:7", "--rating", "6"}, 1, "uricat set: RATING \"6\" must be an integer from 1 to 5 (3.6); nothing was changed\n"},
		{[]string{"id:7", "--name", ""}, 1, "uricat set: NAME is required"},
		{[]string{"id:7", "--language", "klingon", "--type", "html"}, 1, "LANGUAGE \"klingon\""},
		{[]string{"id:7"}, 2, "uricat set: nothing to set: give --name, --id, --category, --description, --rating, --language, --type, --tags, --add-tags, --remove-tags, --to-read, --read or --x\n"},
		{[]string{"http://nowhere/", "--rating", "1"}, 1, "uricat set: no record has the URI http://nowhere/"},
	} {
		before := mustRead(t, path)
		code, _, errs := uricat(t, append([]string{"--catalogue", path, "set"}, tt.args...)...)
		if code != tt.code || !strings.Contains(errs, tt.stderr) || string(mustRead(t, path)) != string(before) {
			t.Errorf("set %q: exit %d, stderr %q; want %d, %q and the file unchanged", tt.args, code, errs, tt.code, tt.stderr)
		}
	}
}

// A set of the values a bookmark has changes nothing: no DATE stamp, no
// write, and it says so.
func TestSetUnchanged(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, editCatalogue)
	past := time.Date(2001, 1, 1, 0, 0, 0, 0, time.UTC)
	if err := os.Chtimes(path, past, past); err != nil {
		t.Fatal(err)
	}
	before := mustRead(t, path)
	for _, args := range [][]string{
		{"id:7", "--name", "Bücher"},
		{"id:7", "--category", "Shops", "--id", "7"},
		{"https://bücher.de/", "--rating", "0", "--language", ""},
		{"id:7", "--x", "X-TAGS=books, shops"},
	} {
		code, out, errs := uricat(t, append([]string{"--catalogue", path, "set"}, args...)...)
		if code != 0 || out != "unchanged \"Bücher\" in "+path+"\n" || errs != "" {
			t.Errorf("set %q: exit %d, stdout %q, stderr %q; want 0 and unchanged", args, code, out, errs)
		}
		info, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if string(mustRead(t, path)) != string(before) || !info.ModTime().Equal(past) {
			t.Errorf("set %q wrote the file (modified %v):\n%s", args, info.ModTime(), mustRead(t, path))
		}
	}
}

func TestSetAmbiguous(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, selectCatalogue)
	before := mustRead(t, path)
	code, _, errs := uricat(t, "--catalogue", path, "set", "http://twice.example/", "--rating", "3")
	want := "uricat set: 2 records have the URI http://twice.example/; name one with line:N:\n  line 6: \"First\" (id:8)\n  line 11: \"Second\"\n"
	if code != 1 || errs != want || string(mustRead(t, path)) != string(before) {
		t.Errorf("exit %d, stderr %q; want 1 and %q", code, errs, want)
	}
	if code, _, errs := uricat(t, "--catalogue", path, "set", "line:11", "--rating", "3"); code != 0 {
		t.Errorf("set line:11: exit %d: %s", code, errs)
	}
}

func TestRm(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, selectCatalogue)
	before := string(mustRead(t, path))
	// All or none: one SELECTOR that names nothing removes nothing.
	if code, _, errs := uricat(t, "--catalogue", path, "rm", "id:7", "http://nowhere/"); code != 1 || !strings.Contains(errs, "no record has the URI http://nowhere/") || string(mustRead(t, path)) != before {
		t.Errorf("rm with a bad SELECTOR: exit %d, %q", code, errs)
	}
	code, out, errs := uricat(t, "--catalogue", path, "rm", "id:7", "https://xn--bcher-kva.de/", "line:16")
	want := "removed \"Bücher\" <https://xn--bcher-kva.de/> (line 1) from " + path + "\nremoved \"Broken\" (no valid URI) (line 16) from " + path + "\n"
	if code != 0 || out != want {
		t.Errorf("exit %d, stderr %q, stdout\n%s\nwant\n%s", code, errs, out, want)
	}
	if data := string(mustRead(t, path)); strings.Contains(data, "Bücher") || strings.Contains(data, "Broken") || !strings.Contains(data, "NAME: First") {
		t.Errorf("after rm:\n%s", data)
	}
}

func TestRmSearch(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, selectCatalogue)
	before := string(mustRead(t, path))
	code, out, errs := uricat(t, "--catalogue", path, "rm", "--search", "cat:x")
	if code != 1 || out != "1 record(s) match \"cat:x\":\n  line 11: \"Second\" <http://twice.example/>\n" ||
		errs != "uricat rm: nothing removed: add --yes to remove these 1 record(s)\n" || string(mustRead(t, path)) != before {
		t.Errorf("without --yes: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if code, out, _ := uricat(t, "--catalogue", path, "rm", "--search", "cat:nothing", "--yes"); code != 0 || out != "no record matches \"cat:nothing\"; nothing removed\n" {
		t.Errorf("no match: exit %d, %q", code, out)
	}
	if code, _, errs := uricat(t, "--catalogue", path, "rm", "--search", "cat:x", "--yes"); code != 0 || strings.Contains(string(mustRead(t, path)), "Second") {
		t.Errorf("with --yes: exit %d, %q", code, errs)
	}
	// Issue 22: a blank search would match every record; it is a usage
	// error, as an empty one is, and removes nothing.
	for _, args := range [][]string{{"rm"}, {"rm", "id:8", "--search", "cat:x"}, {"rm", "--search", "rating:9"},
		{"rm", "--search", "", "--yes"}, {"rm", "--search", " ", "--yes"}, {"rm", "--search", "\t\n", "--yes"}} {
		before := string(mustRead(t, path))
		if code, _, errs := uricat(t, append([]string{"--catalogue", path}, args...)...); code != 2 || !strings.Contains(errs, "Run 'uricat rm --help' for usage.") ||
			string(mustRead(t, path)) != before {
			t.Errorf("%q: exit %d, stderr %q, file changed %v; want 2, the pointer to --help and the file as it was", args, code, errs, string(mustRead(t, path)) != before)
		}
	}
}

// Issue 24: show printed nothing for a URI (or NAME, DATE) the record
// has but that is invalid; it shows what the file holds, marked.
func TestShowInvalidRequiredField(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, record string
		want         string // a line show prints
	}{
		{"URI without a scheme", "URI: not a uri\r\nNAME: Bad\r\nDATE: 31/10/2007 19:03:34\r\n", "URI: not a uri  ⟨invalid: not used⟩\n"},
		{"DATE not a date", "URI: http://a/\r\nNAME: A\r\nDATE: 31/02/2007 19:03:34\r\n", "DATE: 31/02/2007 19:03:34  ⟨invalid: not used⟩\n"},
		{"valid", "URI: http://a/\r\nNAME: A\r\nDATE: 31/10/2007 19:03:34\r\n", "URI: http://a/\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeCatalogue(t, tt.record)
			code, out, errs := uricat(t, "--catalogue", path, "show", "line:1")
			if code != 0 || !strings.Contains(out, tt.want) {
				t.Errorf("exit %d, stdout %q, want a line %q; stderr %q", code, out, tt.want, errs)
			}
		})
	}
}
