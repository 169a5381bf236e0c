package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue"
)

// selectCatalogue has, at lines 1, 6, 11, 16 and 20: an IRI stored as its
// URI, a URI twice, an ID written with a leading zero, a record with an
// invalid URI and a file: URI.
const selectCatalogue = "URI: https://xn--bcher-kva.de/\r\nNAME: =?UTF-8?q?B=C3=BCcher?=\r\nDATE: 01/01/2020 00:00:00\r\nID: 07\r\n\r\n" +
	"URI: http://twice.example/\r\nNAME: First\r\nDATE: 01/01/2020 00:00:00\r\nID: 8\r\n\r\n" +
	"URI: http://twice.example/\r\nNAME: Second\r\nDATE: 01/01/2020 00:00:00\r\nCATEGORY: x\r\n\r\n" +
	"URI: http://a b/\r\nNAME: Broken\r\nDATE: 01/01/2020 00:00:00\r\n\r\n" +
	"URI: file:///etc/hosts\r\nNAME: Hosts\r\nDATE: 01/01/2020 00:00:00\r\n"

func TestSelectRecord(t *testing.T) {
	t.Parallel()
	c, err := catalogue.Open(writeCatalogue(t, selectCatalogue))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		sel  string
		line int    // of the record found, 0 for none
		code int    // of the error
		msg  string // in the error
	}{
		{"https://xn--bcher-kva.de/", 1, 0, ""},
		{"https://bücher.de/", 1, 0, ""},
		{"HTTPS://Bücher.de:443", 1, 0, ""},
		{"id:7", 1, 0, ""},
		{"id:007", 1, 0, ""},
		{"id:8", 6, 0, ""},
		{"line:11", 11, 0, ""},
		{"line:16", 16, 0, ""},
		{"file:///etc/hosts", 20, 0, ""},
		{"http://twice.example/", 0, exitRefused, "2 records have the URI http://twice.example/; name one with line:N:\n  line 6: \"First\" (id:8)\n  line 11: \"Second\""},
		{"http://nowhere.example/", 0, exitRefused, "no record has the URI http://nowhere.example/ in "},
		{"Bücher", 0, exitRefused, "(SELECTOR is a URI, id:N, line:N or the handle N that list shows)"},
		{"id:9", 0, exitRefused, "no record has ID 9"},
		{"line:2", 0, exitRefused, "no record starts at line 2 of "},
		{"id:x", 0, exitUsage, "id:x: ID"},
		{"id:", 0, exitUsage, "id:: ID"},
		{"line:0", 0, exitUsage, "line:0: line:N needs a line number, 1 or more"},
	}
	for _, tt := range tests {
		r, err := selectRecord(c, tt.sel)
		if tt.line != 0 {
			if err != nil || r.Line() != tt.line {
				t.Errorf("%s: %v, %v; want the record at line %d", tt.sel, r, err, tt.line)
			}
			continue
		}
		code := (&env{stderr: &strings.Builder{}}).exit(nil, err)
		if err == nil || code != tt.code || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: %v (exit %d); want exit %d and %q", tt.sel, err, code, tt.code, tt.msg)
		}
	}
}

// fakeBrowser makes $BROWSER a script that writes its arguments to a file,
// whose path it returns.
func fakeBrowser(t *testing.T) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fake browser is a shell script")
	}
	dir := t.TempDir()
	out := filepath.Join(dir, "opened")
	script := filepath.Join(dir, "browser")
	if err := os.WriteFile(script, []byte("#!/bin/sh\nprintf '%s\\n' \"$@\" >> '"+out+"'\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("BROWSER", script)
	return out
}

func TestOpen(t *testing.T) {
	path := writeCatalogue(t, selectCatalogue)
	opened := fakeBrowser(t)
	read := func() string { b, _ := os.ReadFile(opened); return string(b) }
	if code, out, errs := uricat(t, "--catalogue", path, "open", "https://bücher.de/"); code != 0 || out != "" || errs != "" {
		t.Errorf("open: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if got := read(); got != "https://xn--bcher-kva.de/\n" {
		t.Errorf("$BROWSER got %q", got)
	}
	code, _, errs := uricat(t, "--catalogue", path, "open", "file:///etc/hosts")
	if code != 1 || !strings.Contains(errs, "uricat open: file:///etc/hosts is a file: URI") || !strings.Contains(errs, "add --yes to open it") {
		t.Errorf("file: without --yes: exit %d, stderr %q", code, errs)
	}
	if got := read(); got != "https://xn--bcher-kva.de/\n" {
		t.Errorf("file: opened without --yes: %q", got)
	}
	if code, _, errs := uricat(t, "--catalogue", path, "open", "--yes", "file:///etc/hosts"); code != 0 || read() != "https://xn--bcher-kva.de/\nfile:///etc/hosts\n" {
		t.Errorf("--yes: exit %d, stderr %q, opened %q", code, errs, read())
	}
	// Issue 22: a mailto: that would attach a local file is asked first.
	mail := writeCatalogue(t, "URI: mailto:x@example.org?subject=hi&attach=/root/.ssh/id_rsa\r\nNAME: m\r\nDATE: 01/01/2020 00:00:00\r\n")
	code, _, errs = uricat(t, "--catalogue", mail, "open", "line:1")
	if want := "uricat open: mailto:x@example.org?subject=hi&attach=/root/.ssh/id_rsa asks the mail program to attach or read a local file (attach=/root/.ssh/id_rsa); add --yes to open it\n"; code != 1 || errs != want {
		t.Errorf("mailto: with attach= without --yes: exit %d, stderr %q; want 1 and %q", code, errs, want)
	}
	if got := read(); got != "https://xn--bcher-kva.de/\nfile:///etc/hosts\n" {
		t.Errorf("mailto: with attach= opened without --yes: %q", got)
	}
	code, _, errs = uricat(t, "--catalogue", path, "open", "--yes", "line:16")
	if code != 1 || !strings.Contains(errs, "the record at line 16 has no valid URI") {
		t.Errorf("a record with no valid URI: exit %d, stderr %q", code, errs)
	}
	t.Setenv("BROWSER", "/nonexistent/browser")
	t.Setenv("PATH", t.TempDir())
	code, _, errs = uricat(t, "--catalogue", path, "open", "id:8")
	if code != 1 || !strings.Contains(errs, "uricat open: no program to open URIs: set $BROWSER or install xdg-open") {
		t.Errorf("no opener: exit %d, stderr %q", code, errs)
	}
}

func TestCategoriesAndTags(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, example41+"\r\n"+
		"URI: http://a/\r\nNAME: a\r\nDATE: 01/01/2020 00:00:00\r\nCATEGORY: search engines\r\nX-TAGS: web, Go,, \r\n\r\n"+
		"URI: http://b/\r\nNAME: b\r\nDATE: 01/01/2020 00:00:00\r\nCATEGORY: Search Engines\r\nX-TAGS: go,web\r\n\r\n"+
		"URI: http://c/\r\nNAME: not used: no date\r\nCATEGORY: Hidden\r\nX-TAGS: hidden\r\n")
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"categories"}, "1  Official Documents\n2  Search Engines\n1  search engines\n"},
		{[]string{"tags"}, "1  Go\n1  go\n2  web\n"},
		{[]string{"categories", "--json"}, `[
  {
    "name": "Official Documents",
    "count": 1
  },
  {
    "name": "Search Engines",
    "count": 2
  },
  {
    "name": "search engines",
    "count": 1
  }
]
`},
		{[]string{"tags", "--json"}, `[
  {
    "name": "Go",
    "count": 1
  },
  {
    "name": "go",
    "count": 1
  },
  {
    "name": "web",
    "count": 2
  }
]
`},
	}
	for _, tt := range tests {
		code, out, errs := uricat(t, append([]string{"--catalogue", path}, tt.args...)...)
		if code != 0 || out != tt.want {
			t.Errorf("%s: exit %d, stderr %q, stdout\n%s\nwant\n%s", tt.args, code, errs, out, tt.want)
		}
		if !strings.Contains(errs, "record has no DATE") {
			t.Errorf("%s: the invalid record is not reported: %q", tt.args, errs)
		}
	}
	if code, out, _ := uricat(t, "--catalogue", filepath.Join(t.TempDir(), "new"), "tags", "--json"); code != 0 || out != "[]\n" {
		t.Errorf("no catalogue: tags --json = %d %q, want []", code, out)
	}
}

// open --search opens the best match, as the TUI ranks it (a NAME that
// starts with the word before a DESCRIPTION that holds it); --all opens
// every match best first, refusing without --yes above 5 when no one is
// at a terminal to ask.
func TestOpenSearch(t *testing.T) {
	opened := fakeBrowser(t)
	var text strings.Builder
	text.WriteString("URI: https://desc.example/\r\nNAME: Notes\r\nDATE: 31/10/2007 19:28:00\r\nDESCRIPTION: about the go blog\r\n\r\n")
	text.WriteString("URI: https://go.dev/blog/\r\nNAME: Go blog\r\nDATE: 31/10/2007 19:28:00\r\n\r\n")
	for i := range 6 {
		fmt.Fprintf(&text, "URI: https://many.example/%d\r\nNAME: Many %d\r\nDATE: 31/10/2007 19:28:00\r\n\r\n", i, i)
	}
	path := writeCatalogue(t, text.String())
	code, out, errs := uricat(t, "--catalogue", path, "open", "--search", "blog")
	if b, _ := os.ReadFile(opened); code != 0 || string(b) != "https://go.dev/blog/\n" || !strings.Contains(out, `opened "Go blog"`) {
		t.Errorf("open --search blog: exit %d, %q, %q; opened %q", code, out, errs, b)
	}
	code, _, errs = uricat(t, "--catalogue", path, "open", "--search", "many", "--all")
	if code != 1 || !strings.Contains(errs, "6 records match") {
		t.Errorf("--all with 6 matches and no --yes: exit %d, %q", code, errs)
	}
	os.Remove(opened)
	if code, _, errs := uricat(t, "--catalogue", path, "open", "--search", "many", "--all", "--yes"); code != 0 {
		t.Errorf("--all --yes: exit %d, %q", code, errs)
	}
	if b, _ := os.ReadFile(opened); strings.Count(string(b), "\n") != 6 {
		t.Errorf("--all --yes opened %q", b)
	}
}
