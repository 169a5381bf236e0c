package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/archive"
	"github.com/uricat/uricat/archive/index"
	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/query"
)

// runArchived runs one command as run does, with the archive in dir and
// the cache (the archive's index) in cache, so that tests need not set
// listArchived runs `list --search search` over the catalogue at path with
// the archive in dir, and gives the NAMEs it lists, in order, one space
// between them.
func listArchived(dir, cache, path, search string) (code int, names, stderr string) {
	code, stdout, stderr := runArchived(dir, cache, "--catalogue", path, "list", "--search", search)
	var got []string
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		if f := strings.Split(line, "\t"); len(f) > 1 {
			got = append(got, f[1])
		}
	}
	return code, strings.Join(got, " "), stderr
}

// the process's environment and may run in parallel.
func runArchived(dir, cache string, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb,
		lookupEnv: func(k string) string {
			switch k {
			case "URICAT_ARCHIVE":
				return dir
			case "XDG_CACHE_HOME":
				return cache
			}
			return os.Getenv(k)
		}}
	root := newRootCmdFor(e, commandOf(args))
	root.SetArgs(args)
	cmd, err := root.ExecuteC()
	return e.exit(cmd, err), out.String(), errb.String()
}

// archivedCatalogue writes a catalogue of a record for each of pages (by
// NAME; the page's text, "" for a PDF not archived) and one without a
// page, and archives the pages; it returns the catalogue's path and the
// archive's directory.
func archivedCatalogue(t *testing.T, pages map[string]string) (path, dir string) {
	t.Helper()
	dir = filepath.Join(t.TempDir(), "archive")
	store, err := archive.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	var text strings.Builder
	for _, name := range append(sortedKeys(pages), "Nopage") {
		uri := "https://" + strings.ToLower(name) + ".example/"
		fmt.Fprintf(&text, "URI: %s\r\nNAME: %s\r\nDATE: 01/02/2024 10:00:00\r\n\r\n", uri, name)
		body, ok := pages[name]
		if !ok {
			continue
		}
		p := &archive.Page{URI: uri, Status: 200, ContentType: "text/html", Title: name, Fetched: time.Now().UTC(), Text: body}
		if body == "" {
			p.Failed = archive.NotArchivedPrefix + "application/pdf"
		}
		if err := store.Put(p); err != nil {
			t.Fatal(err)
		}
	}
	return writeCatalogue(t, text.String()), dir
}

func sortedKeys(m map[string]string) []string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	for i := range keys { // a few keys: insertion sort
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}

// TestListSearchText: list --search finds records by what their archived
// pages say (folded, phrases in order, CJK inside a sentence, excluded,
// OR, with other qualifiers) and by their archive state; with text:
// terms and no sort key it ranks by how well the page matches; --json
// gives a snippet around the match; the index is built on the way.
func TestListSearchText(t *testing.T) {
	t.Parallel()
	path, dir := archivedCatalogue(t, map[string]string{
		"Koeln":  "Der Kölner Dom steht am Rhein. " + strings.Repeat("Other words of the city. ", 30),
		"Mainz":  "Mainz am Rhein, Rhein, Rhein: die Stadt am Rhein.",
		"Tokyo":  "私は東京都に住んでいます。",
		"Paris":  "La Seine traverse Paris.",
		"Report": "",
	})
	cache := t.TempDir()
	tests := []struct{ search, want string }{
		{"text:koln", "Koeln"},
		{`text:"dom steht"`, "Koeln"},
		{`text:"steht dom"`, ""},
		{"text:rhein", "Mainz Koeln"}, // ranked: Mainz's page is most about it
		{"text:住んで", "Tokyo"},
		{"-text:rhein", "Paris Report Tokyo Nopage"},
		{"text:seine OR text:東京", "Paris Tokyo"},
		{"text:rhein name:koeln", "Koeln"},
		{"archive:failed", "Report"},
		{"archive:no", "Nopage"},
		{"archive:yes -text:rhein", "Paris Tokyo"},
	}
	for _, tc := range tests {
		if code, got, stderr := listArchived(dir, cache, path, tc.search); code != 0 || got != tc.want {
			t.Errorf("list --search %q: exit %d, %q, want %q\n%s", tc.search, code, got, tc.want, stderr)
		}
	}

	code, stdout, stderr := runArchived(dir, cache, "--catalogue", path, "list", "--json", "--search", "text:kolner")
	var recs []struct{ Name, Snippet string }
	if code != 0 || json.Unmarshal([]byte(stdout), &recs) != nil || len(recs) != 1 {
		t.Fatalf("list --json --search text:kolner: exit %d\n%s%s", code, stdout, stderr)
	}
	if s := recs[0].Snippet; !strings.Contains(s, "Der Kölner Dom") || len(s) > 400 || strings.ContainsAny(s, "\n\x1b") {
		t.Errorf("snippet %q: want one short line around the match", s)
	}
}

// TestSelectText: rm --search selects by text: terms too.
func TestSelectText(t *testing.T) {
	t.Parallel()
	path, dir := archivedCatalogue(t, map[string]string{"Koeln": "Der Kölner Dom", "Bonn": "Bonn"})
	code, stdout, stderr := runArchived(dir, t.TempDir(), "--catalogue", path, "rm", "--search", "text:dom", "--yes")
	if got := string(mustRead(t, path)); code != 0 || strings.Contains(got, "Koeln") || !strings.Contains(got, "Bonn") {
		t.Errorf("rm --search text:dom: exit %d\n%s%s\nleft:\n%s", code, stdout, stderr, got)
	}
}

// TestArchiveIndexes: an archive run indexes the pages as it writes them,
// so that the search after it finds them; --reindex builds the index
// again from the files.
func TestArchiveIndexes(t *testing.T) {
	t.Parallel()
	srv, _ := archiveSite(t)
	dir := filepath.Join(t.TempDir(), "pages")
	vars := map[string]string{"URICAT_ARCHIVE": dir, "XDG_CACHE_HOME": t.TempDir()}
	rec := func(path, name string) string {
		return "URI: " + srv.URL + path + "\r\nNAME: " + name + "\r\nDATE: 01/02/2024 10:00:00\r\n\r\n"
	}
	path := writeCatalogue(t, rec("/article", "Tides")+rec("/doc.pdf", "Doc")+rec("/gone", "Gone"))
	if code, out, errs := uricatWith(t, vars, false, "", "--catalogue", path, "archive"); code != 0 || errs != "" {
		t.Fatalf("archive: exit %d\n%s%s", code, out, errs)
	}
	ixPath := index.PathFrom(dir, func(k string) string { return vars[k] })
	fi, err := os.Stat(ixPath)
	if err != nil {
		t.Fatalf("the run made no index: %v", err)
	}
	// A page not fetched (404) or not kept (a PDF) is a try that failed.
	for search, want := range map[string]string{"text:tide": "Tides", `text:"twice a day"`: "Tides", "archive:failed": "Doc Gone",
		"archive:yes": "Tides", "archive:no": ""} {
		code, out, errs := uricatWith(t, vars, false, "", "--catalogue", path, "list", "--search", search)
		var got []string
		for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
			if f := strings.Split(line, "\t"); len(f) > 1 {
				got = append(got, f[1])
			}
		}
		if code != 0 || strings.Join(got, " ") != want {
			t.Errorf("list --search %s: exit %d, %q, want %q\n%s", search, code, got, want, errs)
		}
	}
	if after, err := os.Stat(ixPath); err != nil || !after.ModTime().Equal(fi.ModTime()) {
		t.Errorf("the searches after the run changed the index: it was not up to date (%v)", err)
	}
	code, out, errs := uricatWith(t, vars, false, "", "--catalogue", path, "archive", "--reindex")
	if code != 0 || !strings.HasPrefix(out, "indexed 3 archived pages of "+dir+" in ") {
		t.Errorf("archive --reindex: exit %d\n%s%s", code, out, errs)
	}
}

// TestSearchMakesNoArchive: a search with text: or archive: terms where
// there is no archive finds no page and makes no directory, neither the
// archive's nor the index's cache.
func TestSearchMakesNoArchive(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, "URI: https://a.example/\r\nNAME: A\r\nDATE: 01/02/2024 10:00:00\r\n\r\n")
	for search, want := range map[string]string{"text:tide": "", "archive:yes": "", "archive:no": "A", "-text:tide": "A"} {
		tmp := t.TempDir()
		dir, cache := filepath.Join(tmp, "archive"), filepath.Join(tmp, "cache")
		code, out, errs := runArchived(dir, cache, "--catalogue", path, "list", "--search", search)
		var got []string
		for line := range strings.SplitSeq(strings.TrimSpace(out), "\n") {
			if f := strings.Split(line, "\t"); len(f) > 1 {
				got = append(got, f[1])
			}
		}
		if code != 0 || strings.Join(got, " ") != want {
			t.Errorf("list --search %s: exit %d, %q, want %q\n%s", search, code, got, want, errs)
		}
		for _, d := range []string{dir, cache} {
			if _, err := os.Stat(d); err == nil {
				t.Errorf("list --search %s made %s", search, d)
			}
		}
	}
}

// TestTUIArchivePrepare: the TUI's PrepareArchive (tuiArchive), run for
// a catalogue's search index before a search or while searches are
// typed, changes no answer: the text: searches find what they find
// without it; and with no archive it makes no archive and no index.
func TestTUIArchivePrepare(t *testing.T) {
	t.Parallel()
	path, dir := archivedCatalogue(t, map[string]string{"Tides": "tides twice a day", "Moon": "moon phases and tides", "Pdf": ""})
	c, err := catalogue.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	recs := c.Valid()
	envOf := func(dir, cache string) *env {
		return &env{lookupEnv: func(k string) string {
			return map[string]string{"URICAT_ARCHIVE": dir, "XDG_CACHE_HOME": cache}[k]
		}}
	}
	texts := []string{"text:tide", "text:moon", "-text:twice", "text:tides archive:yes", "archive:failed"}
	search := func(answer func(context.Context, *query.Query) *query.Query, qix *query.Index, text string) string {
		q, err := query.Parse(text)
		if err != nil {
			return err.Error()
		}
		hits, err := qix.Search(context.Background(), answer(context.Background(), q), nil)
		if err != nil {
			return err.Error()
		}
		var names []string
		for _, pos := range query.Rank(hits) {
			names = append(names, recs[pos].Name())
		}
		return strings.Join(names, " ")
	}
	cache := t.TempDir()
	cold, _ := envOf(dir, cache).tuiArchive()
	want := map[string]string{}
	for _, text := range texts {
		want[text] = search(cold, query.NewIndex(recs, 1), text)
	}
	if want["text:tide"] != "Moon Tides" && want["text:tide"] != "Tides Moon" {
		t.Fatalf("text:tide finds %q", want["text:tide"])
	}

	answer, prepare := envOf(dir, cache).tuiArchive()
	qix := query.NewIndex(nil, 0).Prepare(recs, 1) // folded by prepare
	done := make(chan struct{})
	go func() {
		defer close(done)
		prepare(context.Background(), qix)
	}()
	for _, text := range texts { // typed while it runs
		if got := search(answer, qix, text); got != want[text] {
			t.Errorf("%s during the warming finds %q, want %q", text, got, want[text])
		}
	}
	<-done
	next := qix.Next(recs, 2) // an edit's new search index
	prepare(context.Background(), next)
	for _, text := range texts {
		if got := search(answer, next, text); got != want[text] {
			t.Errorf("%s after the warming finds %q, want %q", text, got, want[text])
		}
	}

	tmp := t.TempDir()
	none, cacheNone := filepath.Join(tmp, "archive"), filepath.Join(tmp, "cache")
	answer, prepare = envOf(none, cacheNone).tuiArchive()
	prepare(context.Background(), qix)
	if got := search(answer, qix, "text:tide"); got != "" {
		t.Errorf("with no archive text:tide finds %q", got)
	}
	for _, d := range []string{none, cacheNone} {
		if _, err := os.Stat(d); err == nil {
			t.Errorf("the warming made %s", d)
		}
	}
}
