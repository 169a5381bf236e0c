package archive

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
)

func openTemp(t *testing.T) *Store {
	t.Helper()
	s, err := Open(filepath.Join(t.TempDir(), "archive"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

var when = time.Date(2026, 11, 28, 12, 30, 45, 123456789, time.UTC)

// TestPutGet: what is put is what is got, made safe: no escape sequence
// or control character in the header or the text, header values on one
// line, invisible characters kept for the display to mark.
func TestPutGet(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   Page
		want Page
	}{
		{"plain",
			Page{URI: "https://example.org/a", FinalURL: "https://example.org/b", Status: 200, ContentType: "text/html", Title: "A page", Byline: "Ann", Language: "en", SiteName: "Ex", Fetched: when, Size: 1234, Text: "# A page\n\nSome text.\n"},
			Page{URI: "https://example.org/a", FinalURL: "https://example.org/b", Status: 200, ContentType: "text/html", Title: "A page", Byline: "Ann", Language: "en", SiteName: "Ex", Fetched: when, Size: 1234, Text: "# A page\n\nSome text.\n"}},
		{"hostile title",
			Page{URI: "https://example.org/", Title: "Hi\x1b]52;c;ZWNobyBoaQ==\x07 there\x1b[2J\r\nURI: https://evil/", Fetched: when},
			Page{URI: "https://example.org/", Title: "Hi there URI: https://evil/", Fetched: when}},
		{"hostile text",
			Page{URI: "https://example.org/", Text: "a\x1b[31mred\x1b[0m\x00\u009b2J b\r\nc\u202eevil\u200b", Fetched: when},
			Page{URI: "https://example.org/", Text: "ared b\nc\u202eevil\u200b", Fetched: when}},
		{"failed",
			Page{URI: "https://example.org/x.pdf", Status: 200, ContentType: "application/pdf", Failed: "not archived: application/pdf", Fetched: when},
			Page{URI: "https://example.org/x.pdf", Status: 200, ContentType: "application/pdf", Failed: "not archived: application/pdf", Fetched: when}},
		{"text that looks like a header",
			Page{URI: "https://example.org/", Text: "\nURI: https://other/\n\nTitle: no\n", Fetched: when},
			Page{URI: "https://example.org/", Text: "\nURI: https://other/\n\nTitle: no\n", Fetched: when}},
		{"local time", Page{URI: "https://example.org/", Fetched: when.In(time.FixedZone("X", 3600))},
			Page{URI: "https://example.org/", Fetched: when}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := openTemp(t)
			if err := s.Put(&tt.in); err != nil {
				t.Fatal(err)
			}
			got, err := s.Get(tt.in.URI)
			if err != nil {
				t.Fatal(err)
			}
			if !samePage(got, &tt.want) {
				t.Errorf("got  %+v\nwant %+v", got, tt.want)
			}
			raw, _ := os.ReadFile(s.Path(tt.in.URI))
			header, _, _ := strings.Cut(string(raw), "\n\n")
			if strings.ContainsAny(string(raw), "\x1b\x00\r\u009b") {
				t.Errorf("the file holds a control character: %q", raw)
			}
			if n := strings.Count("\n"+header, "\nURI: "); n != 1 {
				t.Errorf("the header has %d URI lines: %q", n, header)
			}
		})
	}
}

func samePage(a, b *Page) bool {
	x, y := *a, *b
	if !x.Fetched.Equal(y.Fetched) {
		return false
	}
	x.Fetched, y.Fetched = time.Time{}, time.Time{}
	return x == y
}

// TestSpellings: two spellings of one URI share a file; another URI has
// another.
func TestSpellings(t *testing.T) {
	t.Parallel()
	s := openTemp(t)
	if err := s.Put(&Page{URI: "HTTP://Example.ORG:80", Text: "one", Fetched: when}); err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{"http://example.org/", "http://example.org:80/", "http://EXAMPLE.org"} {
		p, err := s.Get(u)
		if err != nil || p.Text != "one" {
			t.Errorf("Get(%q) = %v, %v; want the page put as HTTP://Example.ORG:80", u, p, err)
		}
		if s.Path(u) != s.Path("HTTP://Example.ORG:80") {
			t.Errorf("Path(%q) differs", u)
		}
	}
	if _, err := s.Get("https://example.org/"); !errors.Is(err, ErrNotArchived) {
		t.Errorf("Get of another URI: %v, want ErrNotArchived", err)
	}
	if _, err := s.Stat("https://example.org/"); !errors.Is(err, ErrNotArchived) {
		t.Errorf("Stat of another URI: %v, want ErrNotArchived", err)
	}
}

// TestHostileURI: no URI names a file outside the store's directory.
func TestHostileURI(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	s, err := Open(filepath.Join(root, "a", "archive"))
	if err != nil {
		t.Fatal(err)
	}
	uris := []string{
		"http://../../../etc/passwd", "http://%2e%2e/%2e%2e/x", "file:///../../x", "../../x", "/etc/passwd",
		"http://a/b/../../../../x", "http://..\\..\\x/", "http://.", "http://..", "http://a\x00b/", ".",
		"http://" + strings.Repeat("a", 300) + "/", "http://ex ample/", "javascript:alert(1)", "http://[::1]/",
	}
	for _, u := range uris {
		if dir := filepath.Dir(s.Path(u)); dir != s.Dir() {
			t.Errorf("Path(%q) = %q: outside %s", u, s.Path(u), s.Dir())
		}
		if err := s.Put(&Page{URI: u, FinalURL: u, Title: u, Fetched: when}); err != nil {
			t.Errorf("Put(%q): %v", u, err)
		}
	}
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if !d.IsDir() && filepath.Dir(path) != s.Dir() {
			t.Errorf("%s written outside the store", path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	list, err := s.List()
	if err != nil || len(list) != len(uris) {
		t.Errorf("List: %d pages, %v; want %d", len(list), err, len(uris))
	}
}

// TestPutKeepsLater: a page fetched later than the one being put stays.
func TestPutKeepsLater(t *testing.T) {
	t.Parallel()
	s := openTemp(t)
	u := "https://example.org/"
	for _, p := range []Page{{URI: u, Text: "later", Fetched: when}, {URI: u, Text: "earlier", Fetched: when.Add(-time.Hour)}} {
		if err := s.Put(&p); err != nil {
			t.Fatal(err)
		}
	}
	if p, err := s.Get(u); err != nil || p.Text != "later" {
		t.Errorf("got %v, %v; want the later page", p, err)
	}
	if err := s.Put(&Page{URI: u, Text: "latest", Fetched: when.Add(time.Hour)}); err != nil {
		t.Fatal(err)
	}
	if p, err := s.Get(u); err != nil || p.Text != "latest" {
		t.Errorf("got %v, %v; want the latest page", p, err)
	}
}

// bigText is a page's text that says whether it is whole: n lines, and
// the last names n.
func bigText(writer, n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "writer %d line %d of a long page that is written whole or not at all\n", writer, i)
	}
	fmt.Fprintf(&b, "end %d %d\n", writer, n)
	return b.String()
}

// whole reports whether text is a bigText.
func whole(text string) bool {
	var w, n int
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	if _, err := fmt.Sscanf(lines[len(lines)-1], "end %d %d", &w, &n); err != nil {
		return false
	}
	return text == bigText(w, n)
}

// TestConcurrentPut: writers putting one page at once leave one whole
// page, never a mix or a torn one, and readers meanwhile see whole pages.
func TestConcurrentPut(t *testing.T) {
	t.Parallel()
	s := openTemp(t)
	u := "https://example.org/shared"
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Go(func() {
			for i := range 20 {
				if err := s.Put(&Page{URI: u, Text: bigText(w, 500+i), Fetched: when}); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Go(func() {
		for range 100 {
			p, err := s.Get(u)
			if errors.Is(err, ErrNotArchived) {
				continue
			}
			if err != nil || !whole(p.Text) {
				t.Errorf("a reader saw a torn page: %v", err)
				return
			}
		}
	})
	wg.Wait()
	p, err := s.Get(u)
	if err != nil || !whole(p.Text) {
		t.Fatalf("after the writers: %v, whole %v", err, err == nil && whole(p.Text))
	}
}

// TestPutKilled: a writer killed at any point leaves whole pages (or
// none) and no file List reads as a page but cannot parse.
func TestPutKilled(t *testing.T) {
	if dir := os.Getenv("URICAT_ARCHIVE_TEST_WRITER"); dir != "" {
		s, err := Open(dir)
		if err != nil {
			os.Exit(2)
		}
		for i := 0; ; i++ {
			_ = s.Put(&Page{URI: fmt.Sprintf("https://example.org/%d", i%7), Text: bigText(0, 2000+i), Fetched: time.Now()})
		}
	}
	t.Parallel()
	if testing.Short() {
		t.Skip("starts and kills writers")
	}
	s := openTemp(t)
	for round := range 5 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestPutKilled$")
		cmd.Env = append(os.Environ(), "URICAT_ARCHIVE_TEST_WRITER="+s.Dir())
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Killed once it writes (a slow machine starts it slowly), at
		// a different moment of its writing each round.
		for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
			if names, _ := s.files(); len(names) > 0 {
				break
			}
		}
		time.Sleep(time.Duration(7*round) * time.Millisecond)
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}
	list, err := s.List()
	if err != nil {
		t.Fatalf("after kills: %v", err)
	}
	if len(list) == 0 {
		t.Fatal("the writers wrote nothing")
	}
	n := 0
	err = s.Walk(func(p *Page) error {
		n++
		if !whole(p.Text) {
			return fmt.Errorf("%s: torn", p.URI)
		}
		return nil
	})
	if err != nil || n != len(list) {
		t.Fatalf("Walk: %d pages, %v; List says %d", n, err, len(list))
	}
}

// TestStatListWalkRemove: the header alone, every page, and removal.
func TestStatListWalkRemove(t *testing.T) {
	t.Parallel()
	s := openTemp(t)
	pages := []Page{
		{URI: "https://a.example/", Title: "A", Fetched: when, Size: 10, Text: "aaaa"},
		{URI: "https://b.example/x.pdf", Failed: "not archived: application/pdf", Fetched: when},
	}
	for i := range pages {
		if err := s.Put(&pages[i]); err != nil {
			t.Fatal(err)
		}
	}
	// A damaged file is named, and the others are still listed.
	bad := filepath.Join(s.Dir(), "bad-0.txt")
	if err := os.WriteFile(bad, []byte("no header here"), 0o600); err != nil {
		t.Fatal(err)
	}
	// A writer's temporary file is not a page.
	if err := os.WriteFile(filepath.Join(s.Dir(), tmpPrefix+"123"), []byte("URI: x"), 0o600); err != nil {
		t.Fatal(err)
	}
	info, err := s.Stat("https://a.example")
	if err != nil || info.Title != "A" || info.TextLen != 4 || info.Size != 10 || !info.Fetched.Equal(when) {
		t.Errorf("Stat = %+v, %v", info, err)
	}
	list, err := s.List()
	if err == nil || !strings.Contains(err.Error(), bad) {
		t.Errorf("List's error %v does not name %s", err, bad)
	}
	if len(list) != 2 || list["https://b.example/x.pdf"].Failed == "" || list["https://a.example/"].Title != "A" {
		t.Errorf("List = %+v", list)
	}
	var seen []string
	err = s.Walk(func(p *Page) error { seen = append(seen, p.URI); return nil })
	if err == nil || len(seen) != 2 {
		t.Errorf("Walk saw %v, %v", seen, err)
	}
	if err := s.Remove("https://a.example/"); err != nil {
		t.Fatal(err)
	}
	if err := s.Remove("https://a.example/"); err != nil {
		t.Errorf("removing twice: %v", err)
	}
	if _, err := s.Get("https://a.example/"); !errors.Is(err, ErrNotArchived) {
		t.Errorf("Get after Remove: %v", err)
	}
}

func TestWayback(t *testing.T) {
	t.Parallel()
	tests := []struct {
		uri   string
		added time.Time
		want  string
	}{
		{"https://example.org/a?b=c", time.Date(2019, 3, 4, 5, 6, 7, 0, time.FixedZone("X", 3600)), "https://web.archive.org/web/20190304040607/https://example.org/a?b=c"},
		{"http://example.org/", time.Time{}, "https://web.archive.org/web/http://example.org/"},
	}
	for _, tt := range tests {
		if got := Wayback(tt.uri, tt.added); got != tt.want {
			t.Errorf("Wayback(%q, %v) = %q, want %q", tt.uri, tt.added, got, tt.want)
		}
	}
}

func TestDefaultDir(t *testing.T) {
	t.Setenv("URICAT_ARCHIVE", "/x/archive")
	if got := DefaultDir(); got != "/x/archive" {
		t.Errorf("with URICAT_ARCHIVE: %q", got)
	}
	t.Setenv("URICAT_ARCHIVE", "")
	t.Setenv("XDG_DATA_HOME", "/data")
	if got := DefaultDir(); got != filepath.Join("/data", "uricat", "archive") {
		t.Errorf("with XDG_DATA_HOME: %q", got)
	}
}

// TestStoreModel: random Puts, Removes, Gets and Lists over a few URIs,
// each spelt several ways, agree with a map keyed by the URI's key in
// which a page fetched earlier than the one kept is not put.
func TestStoreModel(t *testing.T) {
	t.Parallel()
	spellings := [][]string{
		{"http://a.example/", "HTTP://A.EXAMPLE", "http://a.example:80/"},
		{"https://b.example/x?q=1", "https://B.example:443/x?q=1", "https://b.example/%78?q=1"},
		{"http://c.example/p%2fq", "http://c.example/p%2Fq"},
		{"mailto:someone@example.org", "MAILTO:someone@example.org"},
	}
	for seed := range int64(20) {
		rng := rand.New(rand.NewPCG(uint64(seed), 1))
		s := openTemp(t)
		model := map[int]Page{} // by index of spellings
		for step := range 200 {
			i := rng.IntN(len(spellings))
			uri := spellings[i][rng.IntN(len(spellings[i]))]
			switch op := rng.IntN(10); {
			case op < 5:
				p := Page{URI: uri, Text: fmt.Sprintf("step %d", step), Fetched: when.Add(time.Duration(rng.IntN(50)) * time.Minute)}
				if err := s.Put(&p); err != nil {
					t.Fatal(err)
				}
				if old, ok := model[i]; !ok || !old.Fetched.After(p.Fetched) {
					model[i] = p
				}
			case op < 6:
				if err := s.Remove(uri); err != nil {
					t.Fatal(err)
				}
				delete(model, i)
			case op < 9:
				got, err := s.Get(uri)
				want, ok := model[i]
				switch {
				case !ok && !errors.Is(err, ErrNotArchived):
					t.Fatalf("seed %d step %d: Get(%q) = %v, %v; want not archived", seed, step, uri, got, err)
				case ok && (err != nil || !samePage(got, &want)):
					t.Fatalf("seed %d step %d: Get(%q) = %+v, %v; want %+v", seed, step, uri, got, err, want)
				}
			default:
				list, err := s.List()
				if err != nil || len(list) != len(model) {
					t.Fatalf("seed %d step %d: List has %d pages, %v; the model %d", seed, step, len(list), err, len(model))
				}
				for j, p := range model {
					if info, ok := list[ssd3.URIKey(spellings[j][0])]; !ok || info.URI != p.URI || !info.Fetched.Equal(p.Fetched) {
						t.Fatalf("seed %d step %d: List[%q] = %+v, want %+v", seed, step, spellings[j][0], info, p)
					}
				}
			}
		}
	}
}

// TestOpenRead: reading makes no archive: a missing directory is
// fs.ErrNotExist and stays missing, a file is refused, and an archive
// there is read, its writers' files left alone.
func TestOpenRead(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "archive")
	if _, err := OpenRead(dir); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("OpenRead of a missing directory: %v, want fs.ErrNotExist", err)
	}
	if _, err := os.Stat(dir); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("OpenRead made the directory: %v", err)
	}
	file := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenRead(file); err == nil {
		t.Error("OpenRead of a file: no error")
	}
	w, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Put(&Page{URI: "https://go.dev/", Text: "Go", Fetched: time.Now().UTC()}); err != nil {
		t.Fatal(err)
	}
	temp := filepath.Join(dir, tmpPrefix+"old")
	if err := os.WriteFile(temp, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-2 * staleTemp)
	if err := os.Chtimes(temp, old, old); err != nil {
		t.Fatal(err)
	}
	r, err := OpenRead(dir)
	if err != nil {
		t.Fatal(err)
	}
	if p, err := r.Get("https://go.dev/"); err != nil || p.Text != "Go" {
		t.Errorf("Get through OpenRead: %v, %v", p, err)
	}
	if _, err := os.Stat(temp); err != nil {
		t.Errorf("OpenRead removed a writer's file: %v", err)
	}
}
