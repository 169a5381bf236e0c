package main

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/uricat/uricat/archive"
)

const readCatalogue = "URI: https://go.dev/blog/\r\nNAME: The Go Blog\r\nDATE: 06/05/2019 07:08:09\r\n\r\n" +
	"URI: https://none.example/\r\nNAME: Never archived\r\nDATE: 06/05/2019 07:08:09\r\n\r\n" +
	"URI: https://pdf.example/a.pdf\r\nNAME: A PDF\r\nDATE: 06/05/2019 07:08:09\r\n\r\n" +
	"URI: https://evil.example/\r\nNAME: Evil\r\nDATE: 06/05/2019 07:08:09\r\n"

var readFetched = time.Date(2026, 11, 20, 10, 30, 0, 0, time.UTC)

// readArchive makes a catalogue and an archive beside it with the blog's
// page, the PDF's failure and a hostile page.
func readArchive(t *testing.T) (catalogue, dir string) {
	t.Helper()
	catalogue = writeCatalogue(t, readCatalogue)
	dir = filepath.Join(t.TempDir(), "archive")
	st, err := archive.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []*archive.Page{
		{URI: "https://go.dev/blog/", Title: "The Go Blog", Fetched: readFetched, Size: 99, Status: 200, ContentType: "text/html",
			Text: "## Generics\n\nGo 1.18 adds **generics**.\n"},
		{URI: "https://pdf.example/a.pdf", Fetched: readFetched, Status: 200, ContentType: "application/pdf", Failed: "not archived: application/pdf"},
		{URI: "https://evil.example/", Title: "Evil \u202Etitle", Fetched: readFetched, Status: 200, ContentType: "text/html",
			Text: "Click &#27;]52;c;ZXZpbA==&#7; \u202Egnp.exe\n"},
	} {
		if err := st.Put(p); err != nil {
			t.Fatal(err)
		}
	}
	return catalogue, dir
}

// TestReadToAPipe: plain Markdown that starts with the title, the URI and
// when the page was archived; a record with no copy, or a failed one,
// exits 1 and says how to make one.
func TestReadToAPipe(t *testing.T) {
	t.Parallel()
	cat, dir := readArchive(t)
	for _, tc := range []struct {
		name, sel      string
		code           int
		stdout, stderr string
	}{
		{"archived", "https://go.dev/blog/", 0,
			"# The Go Blog\n\n<https://go.dev/blog/> · archived 2026-11-20 10:30 UTC\n\n---\n\n## Generics\n\nGo 1.18 adds **generics**.\n", ""},
		{"by handle", "1", 0, "# The Go Blog\n", ""},
		{"none", "https://none.example/", 1, "",
			"uricat read: no archived copy of https://none.example/: `uricat archive --search uri:https://none.example/` makes one\n"},
		{"failed", "https://pdf.example/a.pdf", 1, "",
			"uricat read: no archived copy of https://pdf.example/a.pdf: not archived: application/pdf (2026-11-20 10:30 UTC); `uricat archive --refetch --search uri:https://pdf.example/a.pdf` tries again\n"},
		{"hostile", "https://evil.example/", 0, "# Evil ⟨U+202E⟩title\n", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			code, out, errs := uricat(t, "--catalogue", cat, "read", "--archive-dir", dir, tc.sel)
			if code != tc.code || !strings.HasPrefix(out, tc.stdout) || errs != tc.stderr {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d, %q…, %q", code, out, errs, tc.code, tc.stdout, tc.stderr)
			}
			if strings.ContainsAny(out, "\x1b\x07\u202E") {
				t.Errorf("a control or bidi character from the page reached the output: %q", out)
			}
		})
	}
}

// TestReadMakesNoArchive: with no archive directory read says how to make
// one, and makes no directory.
func TestReadMakesNoArchive(t *testing.T) {
	t.Parallel()
	cat := writeCatalogue(t, readCatalogue)
	dir := filepath.Join(t.TempDir(), "archive")
	code, _, errs := uricat(t, "--catalogue", cat, "read", "--archive-dir", dir, "https://go.dev/blog/")
	if code != 1 || !strings.Contains(errs, "no archived copy of https://go.dev/blog/: `uricat archive --search uri:https://go.dev/blog/` makes one") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	if _, err := os.Stat(dir); err == nil {
		t.Error("read made the archive directory")
	}
}

// TestReadAtATerminal: rendered at the terminal's width, through the
// pager, with the page's escapes kept out (the colours are the pty
// test's: a buffer gets none).
func TestReadAtATerminal(t *testing.T) {
	t.Parallel()
	cat, dir := readArchive(t)
	for _, sel := range []string{"https://go.dev/blog/", "https://evil.example/"} {
		var stdout, stderr bytes.Buffer
		var paged string
		e := &env{stdin: strings.NewReader(""), stdout: &stdout, stderr: &stderr, catalogue: cat,
			lookupEnv: func(k string) string { return map[string]string{"TERM": "xterm-256color"}[k] }}
		o := &readOptions{selector: sel, archiveDir: dir,
			terminal: func(io.Writer) (int, bool) { return 60, true },
			dark:     func() bool { return true },
			pager:    func(_ *env, text string) error { paged = text; return nil }}
		if err := o.run(e); err != nil {
			t.Fatalf("%s: %v", sel, err)
		}
		plain := ansi.Strip(paged)
		for _, l := range strings.Split(plain, "\n") {
			if ansi.StringWidth(l) > 60 {
				t.Errorf("%s: a line wider than the terminal's 60: %q", sel, l)
			}
		}
		if !strings.Contains(plain, "archived 2026-11-20 10:30 UTC") {
			t.Errorf("%s: no archive date in %q", sel, plain)
		}
		for _, bad := range []string{"\x1b]", "\x07", "\u202E"} {
			if strings.Contains(paged, bad) {
				t.Errorf("%s: %q from the page reached the terminal: %q", sel, bad, paged)
			}
		}
	}
}

// TestReadAndWaybackFlags: what read's and open --wayback's flags make
// of their options.
func TestReadAndWaybackFlags(t *testing.T) {
	t.Parallel()
	if got, want := mustParse(t, newReadCmd, "id:3", "--archive-dir", "/a"), (&readOptions{selector: "id:3", archiveDir: "/a"}); got.selector != want.selector || got.archiveDir != want.archiveDir {
		t.Errorf("read options = %+v, want %+v", got, want)
	}
	if got := mustParse(t, newOpenCmd, "id:3", "--wayback"); !got.wayback || got.selector != "id:3" {
		t.Errorf("open --wayback options = %+v", got)
	}
}

// TestOpenWayback: open --wayback opens the Wayback Machine's copy of the
// page as it was on the record's DATE (not Setenv-free: $BROWSER).
func TestOpenWayback(t *testing.T) {
	path := writeCatalogue(t, readCatalogue)
	opened := fakeBrowser(t)
	if code, out, errs := uricat(t, "--catalogue", path, "open", "--wayback", "https://none.example/"); code != 0 || out != "" || errs != "" {
		t.Errorf("open --wayback: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if code, _, errs := uricat(t, "--catalogue", path, "open", "--wayback", "--search", "evil"); code != 0 {
		t.Errorf("open --wayback --search: exit %d, stderr %q", code, errs)
	}
	got, _ := os.ReadFile(opened)
	want := "https://web.archive.org/web/20190506070809/https://none.example/\nhttps://web.archive.org/web/20190506070809/https://evil.example/\n"
	if string(got) != want {
		t.Errorf("opened %q, want %q", got, want)
	}
}

// TestLinksGiveTheCopiesOfLostPages: under a dead or moved link, links
// gives the Wayback Machine's address from the record's DATE and, when
// the page is archived, the uricat read that shows it.
func TestLinksGiveTheCopiesOfLostPages(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/ok", "/new":
		case "/old":
			http.Redirect(w, r, "/new", http.StatusMovedPermanently)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	dir := filepath.Join(t.TempDir(), "archive")
	st, err := archive.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Put(&archive.Page{URI: srv.URL + "/gone", Fetched: readFetched, ContentType: "text/html", Text: "What it said.\n"}); err != nil {
		t.Fatal(err)
	}
	path := writeCatalogue(t, "URI: "+srv.URL+"/ok\r\nNAME: Fine\r\nDATE: 01/02/2024 10:00:00\r\n\r\n"+
		"URI: "+srv.URL+"/gone\r\nNAME: Gone\r\nDATE: 01/02/2024 10:00:00\r\n\r\n"+
		"URI: "+srv.URL+"/old\r\nNAME: Moved\r\nDATE: 03/02/2024 11:00:00\r\n")
	vars := map[string]string{"URICAT_ARCHIVE": dir, "XDG_STATE_HOME": t.TempDir()}
	code, out, errs := uricatWith(t, vars, false, "", "--catalogue", path, "links")
	if code != 0 {
		t.Fatalf("links: exit %d\n%s%s", code, out, errs)
	}
	for _, want := range []string{
		"        archived 2026-11-20 10:30 UTC: uricat read " + srv.URL + "/gone\n",
		"        as bookmarked: https://web.archive.org/web/20240201100000/" + srv.URL + "/gone\n",
		"        as bookmarked: https://web.archive.org/web/20240203110000/" + srv.URL + "/old\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("links output lacks %q:\n%s", want, out)
		}
	}
	if strings.Count(out, "uricat read") != 1 || strings.Contains(out, "/ok\n") {
		t.Errorf("copies given for a link not lost, or not archived:\n%s", out)
	}
}
