package buku

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

// schema is buku's table, as buku 4 creates it.
const schema = `CREATE TABLE bookmarks (id integer PRIMARY KEY, URL text NOT NULL UNIQUE, metadata text default '', tags text default ',', desc text default '', flags integer default 0)`

var fileDate = time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)

// newDB creates dir/bookmarks.db with buku's schema and rows, each
// URL, metadata, tags, desc, flags.
func newDB(t testing.TB, dir string, rows ...[]any) string {
	t.Helper()
	path := filepath.Join(dir, "bookmarks.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(schema); err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if _, err := db.Exec(`INSERT INTO bookmarks (URL, metadata, tags, desc, flags) VALUES (?, ?, ?, ?, ?)`, r...); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, fileDate, fileDate); err != nil {
		t.Fatal(err)
	}
	return path
}

func read(t testing.TB, path string) importers.Summary {
	t.Helper()
	s, err := importers.NewPlan(false).ReadFile(context.Background(), Format, path, importers.ReadConfig{})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range s.Records {
		importertest.CheckRecord(t, r, true)
	}
	return s
}

func show(r *ssd3.Record) string {
	var b strings.Builder
	b.WriteString(r.URI() + " | " + r.Name() + " | " + ssd3.FormatDate(r.Date()) + " | " + r.Description())
	for _, e := range r.Extensions() {
		b.WriteString(" | " + e.Name + "=" + e.Value)
	}
	return b.String()
}

func check(t *testing.T, s importers.Summary, want []string, diags []string) {
	t.Helper()
	var got []string
	for _, r := range s.Records {
		got = append(got, show(r))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("records\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	importertest.CheckDiagnostics(t, s.Diagnostics, diags, true)
}

// TestReader reads every column of buku's table.
func TestReader(t *testing.T) {
	path := newDB(t, t.TempDir(),
		[]any{"https://example.org/", "Example", ",tag1,tag two,", "What it is\nin two lines", 0},
		[]any{"https://immutable.example/", "Kept title", ",", "", 1},
		[]any{"https://untitled.example/page", "", ",,", "", nil},
		[]any{"not a url", "Bad", ",x,", "", 0},
	)
	s := read(t, path)
	check(t, s, []string{
		"https://example.org/ | Example | 06/05/2024 07:08:09 | What it is\nin two lines | X-TAGS=tag1, tag two",
		"https://immutable.example/ | Kept title | 06/05/2024 07:08:09 |  | X-BUKU-FLAGS=1",
		"https://untitled.example/page | page | 06/05/2024 07:08:09 | ",
	}, []string{
		"0 skipped: bookmarks id 4: record not imported",
		"0 note: 3 bookmarks had no date: DATE set to the file's date, 06/05/2024 07:08:09",
	})
}

// TestRealDatabase reads a bookmarks.db that buku 4.7 wrote
// (buku --nostdin -a https://example.org tag1,tag2 --title T -c desc;
// buku --nostdin -a https://example.com/x --title Imm --immutable 1).
func TestRealDatabase(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bookmarks.db")
	b, err := os.ReadFile(filepath.Join("testdata", "bookmarks.db"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(path, fileDate, fileDate); err != nil {
		t.Fatal(err)
	}
	if !Detect(path) {
		t.Error("not detected")
	}
	check(t, read(t, path), []string{
		"https://example.org | T | 06/05/2024 07:08:09 | desc | X-TAGS=tag1, tag2",
		"https://example.com/x | Imm | 06/05/2024 07:08:09 |  | X-BUKU-FLAGS=1",
	}, []string{"0 note: 2 bookmarks had no date"})
}

// TestHostile: what a database may hold that no text field may: control
// characters, escape sequences, invalid UTF-8, a huge title, values of
// another type than the schema says. Nothing of it reaches a record.
func TestHostile(t *testing.T) {
	huge := strings.Repeat("é", 5<<20)
	path := newDB(t, t.TempDir(),
		[]any{"https://a.example/\x1b[31m", "A\x1b]0;owned\x07\x00b\xff", ",t\x1b[2J,\xfe,", "d\x9b31m", "x"},
		[]any{"https://b.example/", huge, ",", "", 0},
		[]any{[]byte("https://c.example/"), 42, 7, []byte{0xff}, 0},
	)
	s := read(t, path)
	if len(s.Records) != 3 {
		t.Fatalf("%d records: %v", len(s.Records), s.Diagnostics)
	}
	if got := s.Records[0].Name(); got != "Ab" {
		t.Errorf("NAME %q", got)
	}
	if got := s.Records[1].Name(); got != huge {
		t.Errorf("the huge NAME is %d bytes, want %d", len(got), len(huge))
	}
	if got := s.Records[2].Name() + "|" + s.Records[2].Extension("X-TAGS"); got != "42|7" {
		t.Errorf("NAME|X-TAGS %q", got)
	}
}

// TestNotBuku: a database that is not buku's is not detected, and not
// read.
func TestNotBuku(t *testing.T) {
	path := filepath.Join(t.TempDir(), "other.db")
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`CREATE TABLE bookmarks (id integer PRIMARY KEY, link text)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if Detect(path) {
		t.Error("detected as buku")
	}
	if _, _, err := Open(path, importers.Options{}); err == nil || !strings.Contains(err.Error(), "not a buku database") {
		t.Errorf("Open: %v", err)
	}
}

func TestMappingDoc(t *testing.T) {
	var want [][]string
	for _, m := range mapping {
		want = append(want, m[:])
	}
	importertest.CheckDocTable(t, ".", "Field mapping", want)
}
