package index

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uricat/uricat/archive"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// newStore returns an archive in a temporary directory holding a page for
// each URI of texts, with that text.
func newStore(t testing.TB, texts map[string]string) *archive.Store {
	t.Helper()
	s, err := archive.Open(filepath.Join(t.TempDir(), "archive"))
	if err != nil {
		t.Fatal(err)
	}
	for uri, text := range texts {
		putPage(t, s, uri, text)
	}
	return s
}

var fetched = time.Date(2026, 11, 1, 12, 0, 0, 0, time.UTC)

func putPage(t testing.TB, s *archive.Store, uri, text string) *archive.Page {
	t.Helper()
	p := &archive.Page{URI: uri, Status: 200, ContentType: "text/html", Fetched: fetched, Text: text}
	if text == "" {
		p.Failed = "not archived: application/pdf"
	}
	if err := s.Put(p); err != nil {
		t.Fatal(err)
	}
	return p
}

// lookup returns the URIs (as keys) whose pages hold term, sorted.
func lookup(t testing.TB, ix *Index, term string) []string {
	t.Helper()
	hits, err := ix.Lookup(query.TextTerm{Text: query.Fold(term)})
	if err != nil {
		t.Fatalf("Lookup(%q): %v", term, err)
	}
	return slices.Sorted(maps.Keys(hits))
}

func openIndex(t testing.TB, s *archive.Store) *Index {
	t.Helper()
	ix, err := OpenAt(filepath.Join(t.TempDir(), "index.db"), s)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ix.Close() })
	return ix
}

// TestLookup: words fold as the search language folds them, a phrase is
// its words in order, the last word a beginning, and a word inside a
// Chinese or Japanese sentence is found.
func TestLookup(t *testing.T) {
	t.Parallel()
	const (
		koln  = "https://koeln.example/"
		paris = "https://paris.example/"
		zh    = "https://zh.example/"
		ja    = "https://ja.example/"
		pdf   = "https://pdf.example/"
	)
	s := newStore(t, map[string]string{
		koln:  "# Der Kölner Dom\n\nDer Dom steht am Rhein, in KÖLN.",
		paris: "Paris est une ville de France; la Seine la traverse.",
		zh:    "我们在北京大学学习中文。今天天气很好。",
		ja:    "私は東京都に住んでいます。日本語を勉強しています。",
		pdf:   "",
	})
	ix := openIndex(t, s)
	tests := []struct {
		term string
		want []string
	}{
		{"koln", []string{koln}},
		{"KÖLNER", []string{koln}},
		{"kol", []string{koln}},
		{"dom steht", []string{koln}},
		{"steht dom", nil},
		{"am rhein in koln", []string{koln}},
		{"der", []string{koln}},
		{"de", []string{paris}}, // a whole word: too short to be a beginning
		{"ste", []string{koln}},
		{"seine", []string{paris}},
		{"北京大学", []string{zh}},
		{"大学", []string{zh}},
		{"中文", []string{zh}},
		{"学", []string{zh}},
		{"好", []string{zh}},
		{"京大学学习", []string{zh}},
		{"京大学习", nil},
		{"京东", nil},
		{"东京", nil},
		{"東京", []string{ja}},
		{"住んで", []string{ja}},
		{"日本語を勉強", []string{ja}},
		{"勉強 し", nil},
		{"pdf", nil},
		{"", nil},
	}
	for _, tc := range tests {
		if got := lookup(t, ix, tc.term); !slices.Equal(got, tc.want) {
			t.Errorf("text:%s finds %v, want %v", tc.term, got, tc.want)
		}
	}
	states, err := ix.States()
	if err != nil {
		t.Fatal(err)
	}
	for uri, want := range map[string]query.ArchiveState{koln: query.ArchiveYes, "HTTPS://KOELN.example/": query.ArchiveYes,
		pdf: query.ArchiveFailed, "https://none.example/": query.ArchiveNo} {
		if got := states(uri); got != want {
			t.Errorf("state of %s: %v, want %v", uri, got, want)
		}
	}
}

// TestRank: the page where a word is more of the text ranks first.
func TestRank(t *testing.T) {
	t.Parallel()
	pages := map[string]string{
		"https://a.example/": "jazz " + strings.Repeat("other words here ", 50),
		"https://b.example/": "jazz jazz jazz and blues",
	}
	for i := range 10 { // a word in most pages would rank none
		pages["https://"+string(rune('c'+i))+".example/"] = "nothing of it"
	}
	s := newStore(t, pages)
	hits, err := openIndex(t, s).Lookup(query.TextTerm{Text: "jazz"})
	if err != nil {
		t.Fatal(err)
	}
	a, b := hits["https://a.example/"], hits["https://b.example/"]
	if len(hits) != 2 || a.Score < 1 || b.Score <= a.Score {
		t.Errorf("scores %v: want b above a, both above 0", hits)
	}
}

// TestOpenBuildsAgain: an index missing, corrupt, or stale (pages written
// or removed behind its back) is built again or brought up to date by
// Open, never an error.
func TestOpenBuildsAgain(t *testing.T) {
	t.Parallel()
	s := newStore(t, map[string]string{"https://a.example/": "alpha"})
	path := filepath.Join(t.TempDir(), "cache", "index.db")
	reopen := func(what string) *Index {
		t.Helper()
		ix, err := OpenAt(path, s)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		return ix
	}
	ix := reopen("missing")
	if got := lookup(t, ix, "alpha"); len(got) != 1 {
		t.Fatalf("built from the archive: alpha finds %v", got)
	}
	ix.Close()

	// Behind its back: a page added, one removed.
	putPage(t, s, "https://b.example/", "beta")
	ix = reopen("stale")
	if got := lookup(t, ix, "beta"); len(got) != 1 {
		t.Errorf("stale, a page added: beta finds %v", got)
	}
	ix.Close()
	if err := s.Remove("https://a.example/"); err != nil {
		t.Fatal(err)
	}
	ix = reopen("stale")
	if got := lookup(t, ix, "alpha"); len(got) != 0 {
		t.Errorf("stale, a page removed: alpha finds %v", got)
	}
	ix.Close()

	for _, damage := range []string{"not a database at all", "SQLite format 3\x00" + strings.Repeat("\xff", 5000)} {
		for _, suffix := range []string{"-wal", "-shm"} {
			os.Remove(path + suffix)
		}
		if err := os.WriteFile(path, []byte(damage), 0o600); err != nil {
			t.Fatal(err)
		}
		ix = reopen("corrupt")
		if got := lookup(t, ix, "beta"); len(got) != 1 {
			t.Errorf("rebuilt from a corrupt file: beta finds %v", got)
		}
		ix.Close()
	}
}

// TestPutRemove: Put and Remove keep the index up to date as pages are
// archived, a page fetched again replacing what it said.
func TestPutRemove(t *testing.T) {
	t.Parallel()
	s := newStore(t, nil)
	ix := openIndex(t, s)
	p := putPage(t, s, "https://a.example/", "first words")
	if err := ix.Put(p); err != nil {
		t.Fatal(err)
	}
	p2 := &archive.Page{URI: "https://A.example/", Fetched: fetched.Add(time.Hour), Text: "second words"}
	if err := s.Put(p2); err != nil {
		t.Fatal(err)
	}
	if err := ix.Put(p2); err != nil {
		t.Fatal(err)
	}
	if got := lookup(t, ix, "first"); len(got) != 0 {
		t.Errorf("fetched again: the old text still finds %v", got)
	}
	if got := lookup(t, ix, "second"); !slices.Equal(got, []string{ssd3.URIKey("https://a.example/")}) {
		t.Errorf("fetched again: the new text finds %v", got)
	}
	if err := s.Remove(p.URI); err != nil {
		t.Fatal(err)
	}
	if err := ix.Remove(p.URI); err != nil {
		t.Fatal(err)
	}
	if got := lookup(t, ix, "words"); len(got) != 0 {
		t.Errorf("removed: words finds %v", got)
	}
}

// TestTwoWriters: two handles on one index (two processes' worth of
// connections), writing at once, lose nothing and fail nothing.
func TestTwoWriters(t *testing.T) {
	t.Parallel()
	s := newStore(t, nil)
	path := filepath.Join(t.TempDir(), "index.db")
	var wg sync.WaitGroup
	for w := range 2 {
		ix, err := OpenAt(path, s)
		if err != nil {
			t.Fatal(err)
		}
		defer ix.Close()
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 50 {
				p := &archive.Page{URI: "https://w" + string(rune('a'+w)) + ".example/" + string(rune('a'+i%26)) + string(rune('a'+i/26)), Fetched: fetched, Text: "shared word"}
				if err := s.Put(p); err != nil {
					t.Error(err)
					return
				}
				if err := ix.Put(p); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	ix, err := OpenAt(path, s)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	if got := lookup(t, ix, "shared"); len(got) != 100 {
		t.Errorf("two writers of 50 pages each: %d pages found", len(got))
	}
}

// TestLookupUnranked: a term found in more pages than a lookup ranks
// finds them all the same, each scored 1; after a write, the pages'
// keys are read again.
func TestLookupUnranked(t *testing.T) {
	t.Parallel()
	pages := map[string]string{}
	for i := range 30 {
		pages[fmt.Sprintf("https://p%d.example/", i)] = "common words"
	}
	s := newStore(t, pages)
	ix := openIndex(t, s)
	ix.rankLimit = 10
	for round := range 2 {
		hits, err := ix.Lookup(query.TextTerm{Text: "com"})
		if err != nil {
			t.Fatal(err)
		}
		if len(hits) != 30+round || hits["https://p7.example/"].Score != 1 {
			t.Errorf("round %d: %d hits (p7: %v), want %d scored 1", round, len(hits), hits["https://p7.example/"], 30+round)
		}
		p := putPage(t, s, "https://new.example/", "common again")
		if err := ix.Put(p); err != nil {
			t.Fatal(err)
		}
	}
}

// TestOpenRebuiltBuildsOnce: uricat archive --reindex builds the index
// once, whether it was missing or up to date, and it answers after.
func TestOpenRebuiltBuildsOnce(t *testing.T) {
	t.Parallel()
	s := newStore(t, map[string]string{"https://a.example/": "tides twice a day"})
	path := filepath.Join(t.TempDir(), "index.db")
	for _, state := range []string{"missing", "up to date"} {
		ix, err := OpenRebuilt(path, s)
		if err != nil {
			t.Fatal(err)
		}
		if ix.builds != 1 {
			t.Errorf("%s: built %d times, want once", state, ix.builds)
		}
		if got := lookup(t, ix, "tide"); !slices.Equal(got, []string{"https://a.example/"}) {
			t.Errorf("%s: text:tide found %q", state, got)
		}
		ix.Close()
	}
}

// TestOpenDirMakesNothing: opening the index to search an archive that
// does not exist says so (fs.ErrNotExist) and makes no directory.
func TestOpenDirMakesNothing(t *testing.T) {
	t.Parallel()
	tmp := t.TempDir()
	dir, cache := filepath.Join(tmp, "archive"), filepath.Join(tmp, "cache")
	ix, err := OpenDir(filepath.Join(cache, "index.db"), dir)
	if err == nil {
		ix.Close()
	}
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("OpenDir of no archive: %v, want fs.ErrNotExist", err)
	}
	for _, d := range []string{dir, cache} {
		if _, err := os.Stat(d); err == nil {
			t.Errorf("OpenDir made %s", d)
		}
	}
}

// TestSearchesReadMapped: the index is read through mmap, which a
// one-shot search's reads cost a fraction of reading through SQLite's
// cache.
func TestSearchesReadMapped(t *testing.T) {
	t.Parallel()
	ix := openIndex(t, newStore(t, map[string]string{"https://a.example/": "tides"}))
	var n int64
	if err := ix.db.QueryRow(`PRAGMA mmap_size`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n < 1<<28 {
		t.Errorf("mmap_size %d, want the index mapped", n)
	}
}

// TestLookupBeginnings: a word's beginning of any length finds the pages
// of every word it begins and no other, from the heads (three or four
// characters) or the words it expands into (five or more), which are an
// OR of the index's tokens rather than FTS5's copy of their lists into
// one.
func TestLookupBeginnings(t *testing.T) {
	t.Parallel()
	const a, b, c, d = "https://a.example/", "https://b.example/", "https://c.example/", "https://d.example/"
	s := newStore(t, map[string]string{
		a: "the nation", b: "nationalism and nationwide", c: "a national park", d: "nat natter",
	})
	ix := openIndex(t, s)
	tests := []struct {
		term string
		want []string
	}{
		{"nat", []string{a, b, c, d}},
		{"nati", []string{a, b, c}},
		{"natio", []string{a, b, c}},
		{"nation", []string{a, b, c}},
		{"nationa", []string{b, c}},
		{"nationw", []string{b}},
		{"natt", []string{d}},
		{"nationx", nil},
		{"the nat", []string{a}},
	}
	for _, tc := range tests {
		if got := lookup(t, ix, tc.term); !slices.Equal(got, tc.want) {
			t.Errorf("text:%s finds %q, want %q", tc.term, got, tc.want)
		}
	}
	for _, tc := range []struct{ table, term, want string }{
		{"words", "nationa", `"national" OR "nationalism"`}, {"words", "nationx", ""}, {"words", "nati", ""},
		{"words", "the nation", ""}, {"heads", "nat", `"nat" OR "nati" OR "natt"`}, {"heads", "nati", ""},
	} {
		if got, err := ix.expand(context.Background(), tc.table, tc.term); err != nil || got != tc.want {
			t.Errorf("expand(%s, %q) = %q, %v; want %q", tc.table, tc.term, got, err, tc.want)
		}
	}
	// A page written then removed: its words and heads come and go.
	e := putPage(t, s, "https://e.example/", "nationhood")
	if err := ix.Put(e); err != nil {
		t.Fatal(err)
	}
	if got := lookup(t, ix, "nationh"); !slices.Equal(got, []string{e.URI}) {
		t.Errorf("text:nationh after a Put finds %q", got)
	}
	if err := ix.Remove(b); err != nil {
		t.Fatal(err)
	}
	for term, want := range map[string][]string{"nationw": nil, "nationa": {c}, "nati": {a, c, e.URI}} {
		if got := lookup(t, ix, term); !slices.Equal(got, want) {
			t.Errorf("text:%s after a Remove finds %q, want %q", term, got, want)
		}
	}
}

// TestOpenRebuildsOtherSchema: an index of tables of another version
// (an older uricat's) is built again on opening, and answers with the
// tables of this one.
func TestOpenRebuildsOtherSchema(t *testing.T) {
	t.Parallel()
	s := newStore(t, map[string]string{"https://a.example/": "national parks"})
	path := filepath.Join(t.TempDir(), "index.db")
	ix, err := OpenAt(path, s)
	if err != nil {
		t.Fatal(err)
	}
	// As version 2 left it: no vocab, heads of three characters.
	for _, stmt := range []string{`DROP TABLE vocab`, `DROP TABLE headvocab`, `DELETE FROM heads`, `UPDATE meta SET value = '2' WHERE name = 'schema'`} {
		if _, err := ix.db.Exec(stmt); err != nil {
			t.Fatal(err)
		}
	}
	ix.Close()
	ix, err = OpenAt(path, s)
	if err != nil {
		t.Fatal(err)
	}
	defer ix.Close()
	if ix.builds != 1 {
		t.Errorf("an index of schema 2 built %d times on opening, want once", ix.builds)
	}
	for _, term := range []string{"nati", "nationa"} {
		if got := lookup(t, ix, term); len(got) != 1 {
			t.Errorf("text:%s finds %q after the rebuild", term, got)
		}
	}
}
