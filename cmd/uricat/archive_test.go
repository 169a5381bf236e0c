package main

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/uricat/uricat/archive"
)

// archiveSite serves an article, a PDF and a missing page, counting the
// requests.
func archiveSite(t *testing.T) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var requests atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		switch r.URL.Path {
		case "/article", "/other":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			fmt.Fprintf(w, "<html><head><title>Tides\x1b[2J</title></head><body><nav>Menu</nav><article><h1>Tides</h1><p>%s</p></article></body></html>",
				strings.Repeat("The moon pulls the sea, and twice a day the tide comes in and goes out again along the shore. ", 5))
		case "/doc.pdf":
			w.Header().Set("Content-Type", "application/pdf")
			fmt.Fprint(w, "%PDF-1.4")
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv, &requests
}

// uricatWith runs uricat with the environment vars (others unset) and
// answers on a standard input that is a terminal when terminal is true.
func uricatWith(t *testing.T, vars map[string]string, terminal bool, answers string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := runEnv(&env{stdin: strings.NewReader(answers), stdout: &out, stderr: &errb, client: http.DefaultClient,
		clock:       func() time.Time { return time.Now() },
		interactive: func(io.Reader) bool { return terminal },
		lookupEnv:   func(k string) string { return vars[k] }}, args)
	return code, out.String(), errb.String()
}

func TestArchiveCommand(t *testing.T) {
	t.Parallel()
	srv, requests := archiveSite(t)
	dir := filepath.Join(t.TempDir(), "pages")
	vars := map[string]string{"URICAT_ARCHIVE": dir, "XDG_CACHE_HOME": t.TempDir()} // the index: not in the real cache
	rec := func(path, name string) string {
		return "URI: " + srv.URL + path + "\r\nNAME: " + name + "\r\nDATE: 01/02/2024 10:00:00\r\n"
	}
	path := writeCatalogue(t, rec("/article", "Tides")+"\r\n"+rec("/doc.pdf", "Doc")+"\r\n"+rec("/gone", "Gone")+"\r\n"+
		"URI: ftp://ftp.example.org/\r\nNAME: FTP\r\nDATE: 01/02/2024 10:00:00\r\n")
	before := string(mustRead(t, path))
	code, out, errs := uricatWith(t, vars, false, "", "--catalogue", path, "archive")
	want := "archived 1 page in " + dir + "; 1 not archived (1 application/pdf); 1 failed (1 the server answered 404 Not Found); 1 not http or https, left alone\n"
	if code != 0 || out != want || errs != "" {
		t.Fatalf("archive: exit %d\n%s\nwant\n%s\nstderr %q", code, out, want, errs)
	}
	if after := string(mustRead(t, path)); after != before {
		t.Errorf("the catalogue changed:\n%s", after)
	}
	s, err := archive.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.Get(srv.URL + "/article")
	if err != nil || p.Title != "Tides" || !strings.Contains(p.Text, "twice a day the tide comes in") || strings.Contains(p.Text, "Menu") {
		t.Errorf("the archived article: %+v, %v", p, err)
	}
	// A second run fetches only what failed.
	requests.Store(0)
	code, out, _ = uricatWith(t, vars, false, "", "--catalogue", path, "archive")
	if code != 0 || !strings.HasPrefix(out, "archived 0 pages in "+dir+"; 1 failed (1 the server answered 404 Not Found); 2 skipped (archived in the last 30d)") || requests.Load() != 1 {
		t.Errorf("second run: exit %d, %d requests\n%s", code, requests.Load(), out)
	}
	// --refetch, --search, --archive-dir.
	other := filepath.Join(t.TempDir(), "other")
	code, out, _ = uricatWith(t, vars, false, "", "--catalogue", path, "archive", "--refetch", "--search", "Tides", "--archive-dir", other)
	if code != 0 || out != "archived 1 page in "+other+"\n" {
		t.Errorf("--refetch --search --archive-dir: exit %d\n%s", code, out)
	}
}

func TestArchivePrune(t *testing.T) {
	t.Parallel()
	srv, _ := archiveSite(t)
	dir := t.TempDir()
	vars := map[string]string{"URICAT_ARCHIVE": dir, "XDG_CACHE_HOME": t.TempDir()} // the index: not in the real cache
	both := writeCatalogue(t, "URI: "+srv.URL+"/article\r\nNAME: A\r\nDATE: 01/02/2024 10:00:00\r\n\r\nURI: "+srv.URL+"/other\r\nNAME: B\r\nDATE: 01/02/2024 10:00:00\r\n")
	if code, out, errs := uricatWith(t, vars, false, "", "--catalogue", both, "archive"); code != 0 || !strings.HasPrefix(out, "archived 2 pages") {
		t.Fatalf("archive: exit %d %s %s", code, out, errs)
	}
	// The record of /other is gone (its URI spelt otherwise in the one left).
	one := writeCatalogue(t, "URI: "+strings.ToUpper(srv.URL[:4])+srv.URL[4:]+"/article\r\nNAME: A\r\nDATE: 01/02/2024 10:00:00\r\n")
	code, out, errs := uricatWith(t, vars, false, "", "--catalogue", one, "archive", "--prune")
	if code != 1 || !strings.Contains(out, "no record: "+srv.URL+"/other\n") || !strings.Contains(errs, "nothing removed; add --yes") {
		t.Errorf("--prune with no one to ask: exit %d\n%s\n%s", code, out, errs)
	}
	code, _, _ = uricatWith(t, vars, true, "n\n", "--catalogue", one, "archive", "--prune")
	if list, _ := archive.Open(dir); code != 1 || count(t, list) != 2 {
		t.Errorf("--prune answered no: exit %d", code)
	}
	code, out, _ = uricatWith(t, vars, true, "y\n", "--catalogue", one, "archive", "--prune")
	if s, _ := archive.Open(dir); code != 0 || !strings.HasSuffix(out, "removed 1 archived page\n") || count(t, s) != 1 {
		t.Errorf("--prune answered yes: exit %d\n%s", code, out)
	}
	code, out, _ = uricatWith(t, vars, false, "", "--catalogue", one, "archive", "--prune", "--yes")
	if code != 0 || out != "nothing to prune: every archived page has a record (1 page)\n" {
		t.Errorf("--prune again: exit %d\n%s", code, out)
	}
}

func count(t *testing.T, s *archive.Store) int {
	t.Helper()
	list, err := s.List()
	if err != nil {
		t.Fatal(err)
	}
	return len(list)
}

func TestArchiveFlags(t *testing.T) {
	t.Parallel()
	got := mustParse(t, newArchiveCmd, "--search", "cat:go", "--max-age", "7d", "--jobs", "3", "--timeout", "5s", "--refetch", "--archive-dir", "/x", "--quiet")
	want := &archiveOptions{search: "cat:go", maxAge: "7d", jobs: 3, timeout: 5 * time.Second, refetch: true, dir: "/x", quiet: true}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
	path := writeCatalogue(t, example41)
	for _, args := range [][]string{{"--jobs", "0"}, {"--max-age", "soon"}, {"--timeout", "0s"}, {"--prune", "--search", "x"}, {"--yes"}, {"x"}} {
		if code, _, errs := uricatWith(t, nil, false, "", append([]string{"--catalogue", path, "archive"}, args...)...); code != 2 || errs == "" {
			t.Errorf("archive %q: exit %d, %q; want 2 and a message", args, code, errs)
		}
	}
}

// add keeps the page it fetched for the title in the archive, from that
// one request; --no-fetch and --name archive nothing.
func TestAddArchivesPage(t *testing.T) {
	t.Parallel()
	srv, requests := archiveSite(t)
	dir := t.TempDir()
	vars := map[string]string{"URICAT_ARCHIVE": dir}
	path := writeCatalogue(t, example41)
	code, out, errs := uricatWith(t, vars, false, "", "--catalogue", path, "add", srv.URL+"/article")
	if code != 0 || errs != "" || out != "added \"Tides\" to "+path+"\n" || requests.Load() != 1 {
		t.Fatalf("add: exit %d, %d requests\n%s%s", code, requests.Load(), out, errs)
	}
	s, err := archive.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.Get(srv.URL + "/article")
	if err != nil || p.Title != "Tides" || p.Status != 200 || !strings.Contains(p.Text, "twice a day the tide comes in") {
		t.Errorf("the page add archived: %+v, %v", p, err)
	}
	for _, args := range [][]string{{srv.URL + "/other", "--no-fetch"}, {srv.URL + "/other", "--name", "Other"}} {
		if code, _, errs := uricatWith(t, vars, false, "", append([]string{"--catalogue", path, "add", "--allow-duplicate"}, args...)...); code != 0 {
			t.Fatalf("add %q: exit %d %s", args, code, errs)
		}
		if _, err := s.Stat(srv.URL + "/other"); err == nil {
			t.Errorf("add %q archived the page", args)
		}
	}
	if requests.Load() != 1 {
		t.Errorf("%d requests", requests.Load())
	}
}

// An import never fetches: its summary says how many new records have no
// archived page, and what makes one.
func TestImportSaysUnarchived(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	vars := map[string]string{"URICAT_ARCHIVE": dir}
	s, err := archive.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Put(&archive.Page{URI: "https://kept.example/", Text: "kept", Fetched: time.Now()}); err != nil {
		t.Fatal(err)
	}
	in := `<DL><DT><A HREF="https://kept.example/" ADD_DATE="1500000000">Kept</A><DT><A HREF="https://new.example/a" ADD_DATE="1500000000">New</A>` +
		`<DT><A HREF="http://new.example/b" ADD_DATE="1500000000">B</A><DT><A HREF="ftp://ftp.example/" ADD_DATE="1500000000">FTP</A></DL>`
	path := filepath.Join(t.TempDir(), "c.uricat")
	const note = "2 new records have no archived page yet: uricat archive keeps their text (to search and read offline)\n"
	for _, tt := range []struct {
		args []string
		note bool
	}{{[]string{"--dry-run"}, false}, {nil, true}, {nil, false}} {
		var out bytes.Buffer
		code := runEnv(&env{stdin: strings.NewReader(in), stdout: &out, stderr: io.Discard, lookupEnv: func(k string) string { return vars[k] }},
			append([]string{"--catalogue", path, "import", "-"}, tt.args...))
		if code != 0 || strings.HasSuffix(out.String(), note) != tt.note {
			t.Errorf("import %q: exit %d\n%s", tt.args, code, out.String())
		}
	}
}

// A page another run is archiving (its claim fresh) is left to it, and
// the summary says so.
func TestArchiveLeavesBusyPages(t *testing.T) {
	t.Parallel()
	srv, requests := archiveSite(t)
	dir := t.TempDir()
	s, err := archive.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	claim := filepath.Join(dir, ".claim-"+filepath.Base(s.Path(srv.URL+"/other")))
	if err := os.WriteFile(claim, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	path := writeCatalogue(t, "URI: "+srv.URL+"/article\r\nNAME: A\r\nDATE: 01/02/2024 10:00:00\r\n\r\nURI: "+srv.URL+"/other\r\nNAME: B\r\nDATE: 01/02/2024 10:00:00\r\n")
	code, out, _ := uricatWith(t, map[string]string{"URICAT_ARCHIVE": dir}, false, "", "--catalogue", path, "archive")
	if code != 0 || out != "archived 1 page in "+dir+"; 1 left to another run archiving them\n" || requests.Load() != 1 {
		t.Errorf("exit %d, %d requests\n%s", code, requests.Load(), out)
	}
}
