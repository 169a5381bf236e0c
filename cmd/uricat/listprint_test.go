package main

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// largestWrite is a writer that keeps what it is given and the size of the
// largest write; with term, list takes it for a terminal.
type largestWrite struct {
	bytes.Buffer
	largest int
	term    bool
}

func (w *largestWrite) terminal() bool { return w.term }

func (w *largestWrite) WriteString(s string) (int, error) {
	w.largest = max(w.largest, len(s))
	return w.Buffer.WriteString(s)
}

func (w *largestWrite) Write(p []byte) (int, error) {
	w.largest = max(w.largest, len(p))
	return w.Buffer.Write(p)
}

// list writes its lines as it makes them, a buffer at a time, rather than
// making the whole text first: a large catalogue's list starts at once
// (list | head), and the process does not hold its text twice. Table:
// to a pipe and in columns, short and --long.
func TestListWritesAsItGoes(t *testing.T) {
	t.Parallel()
	const records = 3000
	var text strings.Builder
	for i := range records {
		fmt.Fprintf(&text, "URI: https://example.com/page/%d\r\nNAME: Page number %d of a long list\r\nDATE: 31/10/2007 19:03:34\r\nCATEGORY: Lists/Long\r\nDESCRIPTION: Record %d\r\n\r\n", i, i, i)
	}
	path := writeCatalogue(t, text.String())
	for _, tc := range []struct {
		name     string
		terminal bool
		args     []string
		lines    int
	}{
		{"pipe", false, []string{"list"}, records},
		{"pipe --long", false, []string{"list", "--long"}, records},
		{"columns", true, []string{"list"}, records},
		{"columns --long", true, []string{"list", "--long"}, 2 * records},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out := largestWrite{term: tc.terminal}
			var errb bytes.Buffer
			if code := run(append([]string{"--catalogue", path}, tc.args...), strings.NewReader(""), &out, &errb); code != 0 {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			if n := strings.Count(out.String(), "\n"); n != tc.lines {
				t.Errorf("%d lines, want %d", n, tc.lines)
			}
			if out.largest > 64<<10 {
				t.Errorf("a write of %d bytes of %d: the text was made whole before it was written", out.largest, out.Len())
			}
		})
	}
}

// With text: terms and no sort key, list ranks by how well each page
// matches, best first; pages that match as well keep their file order,
// and records found by another term, with no page that matches, come
// last in file order.
func TestListRanksEqualsInFileOrder(t *testing.T) {
	t.Parallel()
	same := "Rhein und Wein."
	path, dir := archivedCatalogue(t, map[string]string{
		"Alpha": same,
		"Bravo": same,
		"Mainz": "Rhein, Rhein, Rhein am Rhein.",
		"Oslo":  "Fjord.",
		"Zulu":  same,
	})
	cache := t.TempDir()
	for _, tc := range []struct{ search, want string }{
		{"text:rhein", "Mainz Alpha Bravo Zulu"},
		{"text:rhein OR name:nopage OR name:oslo", "Mainz Alpha Bravo Zulu Oslo Nopage"},
		{"text:wein", "Alpha Bravo Zulu"},
	} {
		if code, got, stderr := listArchived(dir, cache, path, tc.search); code != 0 || got != tc.want {
			t.Errorf("list --search %q: exit %d, %q, want %q\n%s", tc.search, code, got, tc.want, stderr)
		}
	}
	// A sort key given, the ranking is not applied.
	code, stdout, _ := runArchived(dir, cache, "--catalogue", path, "list", "--sort", "name:desc", "--search", "text:rhein")
	if first, _, _ := strings.Cut(stdout, "\n"); code != 0 || !strings.Contains(first, "\tZulu\t") {
		t.Errorf("--sort name:desc: first line %q, want Zulu's", first)
	}
}
