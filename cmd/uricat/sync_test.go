package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// gitFixture is a bare repository and clones of it, with a uricat binary
// set up as their merge driver, as two machines sharing a catalogue are.
type gitFixture struct {
	t   *testing.T
	bin string
	env []string
}

func newGitFixture(t *testing.T) *gitFixture {
	t.Helper()
	if testing.Short() {
		t.Skip("git end-to-end test skipped in -short mode")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	dir := t.TempDir()
	bin := uricatBinary(t)
	home := filepath.Join(dir, "home")
	if err := os.MkdirAll(home, 0o755); err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+home, "GIT_CONFIG_NOSYSTEM=1",
		"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.org", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.org")
	return &gitFixture{t: t, bin: bin, env: env}
}

func (g *gitFixture) run(dir, name string, args ...string) (int, string) {
	g.t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Env = dir, g.env
	out, err := cmd.CombinedOutput()
	code := 0
	if x, ok := err.(*exec.ExitError); ok {
		code = x.ExitCode()
	} else if err != nil {
		g.t.Fatalf("%s %v: %v", name, args, err)
	}
	return code, string(out)
}

func (g *gitFixture) must(dir, name string, args ...string) string {
	g.t.Helper()
	code, out := g.run(dir, name, args...)
	if code != 0 {
		g.t.Fatalf("%s %s: exit %d\n%s", name, strings.Join(args, " "), code, out)
	}
	return out
}

// uricat runs the binary on the clone's catalogue.
func (g *gitFixture) uricat(clone string, args ...string) (int, string) {
	g.t.Helper()
	return g.run(clone, g.bin, append([]string{"--catalogue", filepath.Join(clone, "bookmarks.uricat")}, args...)...)
}

func TestSyncAndMergeDriverEndToEnd(t *testing.T) {
	t.Parallel()
	g := newGitFixture(t)
	root := t.TempDir()
	bare := filepath.Join(root, "remote.git")
	g.must(root, "git", "init", "-q", "--bare", "-b", "main", bare)
	a, b := filepath.Join(root, "a"), filepath.Join(root, "b")
	g.must(root, "git", "clone", "-q", bare, a)
	g.must(a, "git", "checkout", "-q", "-b", "main")
	if err := os.WriteFile(filepath.Join(a, "bookmarks.uricat"), []byte(
		"URI: https://go.dev/\r\nNAME: Go\r\nDATE: 01/02/2024 10:00:00\r\n\r\n"+
			"URI: https://example.org/\r\nNAME: Example\r\nDATE: 02/02/2024 10:00:00\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out := g.uricat(a, "merge", "--install"); code != 0 {
		t.Fatalf("merge --install: %d\n%s", code, out)
	}
	attrs := g.must(a, "cat", ".gitattributes")
	if !strings.Contains(attrs, "/bookmarks.uricat merge=uricat") {
		t.Fatalf(".gitattributes: %q", attrs)
	}
	g.must(a, "git", "add", ".gitattributes", "bookmarks.uricat")
	g.must(a, "git", "commit", "-q", "-m", "start")
	g.must(a, "git", "push", "-q", "-u", "origin", "main")
	g.must(root, "git", "clone", "-q", bare, b)

	// Each side changes the catalogue through the CLI; sync merges them
	// without a conflict (b sets up the driver itself).
	if code, out := g.uricat(a, "add", "https://a.example/", "--name", "From A"); code != 0 {
		t.Fatalf("add: %s", out)
	}
	if code, out := g.uricat(a, "sync"); code != 0 {
		t.Fatalf("sync a: %d\n%s", code, out)
	}
	if code, out := g.uricat(b, "set", "https://go.dev/", "--rating", "5"); code != 0 {
		t.Fatalf("set: %s", out)
	}
	code, out := g.uricat(b, "sync")
	if code != 0 || !strings.Contains(out, "received from origin/main: 1 bookmark added") || !strings.Contains(out, "sent") {
		t.Fatalf("sync b: %d\n%s", code, out)
	}
	if code, out := g.uricat(a, "sync"); code != 0 || !strings.Contains(out, "1 bookmark changed") {
		t.Fatalf("sync a again: %d\n%s", code, out)
	}
	fa, fb := string(mustRead(t, filepath.Join(a, "bookmarks.uricat"))), string(mustRead(t, filepath.Join(b, "bookmarks.uricat")))
	if fa != fb || !strings.Contains(fa, "From A") || !strings.Contains(fa, "RATING: 5") {
		t.Fatalf("the clones differ or lost a change:\na:\n%s\nb:\n%s", fa, fb)
	}

	// A true conflict: git stops, both versions are in the file, check
	// reports it, and sync finishes once it is settled.
	g.uricat(a, "set", "https://example.org/", "--name", "Example A")
	g.uricat(b, "set", "https://example.org/", "--name", "Example B")
	if code, out := g.uricat(a, "sync"); code != 0 {
		t.Fatalf("sync a: %d\n%s", code, out)
	}
	code, out = g.uricat(b, "sync")
	if code != 1 || !strings.Contains(out, "conflict") {
		t.Fatalf("sync b with a conflict: exit %d, want 1\n%s", code, out)
	}
	path := filepath.Join(b, "bookmarks.uricat")
	text := string(mustRead(t, path))
	if !strings.Contains(text, "NAME: Example A") || !strings.Contains(text, "NAME: Example B") || !strings.Contains(text, "X-CONFLICT: theirs") {
		t.Fatalf("the merged file lost a version:\n%s", text)
	}
	if code, out := g.uricat(b, "check"); !strings.Contains(out, "merge conflict") {
		t.Fatalf("check does not report the conflict (exit %d):\n%s", code, out)
	}
	// Settled by keeping ours: the marked version goes.
	recs := strings.Split(text, "\r\n\r\n")
	var kept []string
	for _, r := range recs {
		if !strings.Contains(r, "X-CONFLICT") {
			kept = append(kept, r)
		}
	}
	if err := os.WriteFile(path, []byte(strings.Join(kept, "\r\n\r\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out := g.uricat(b, "sync"); code != 0 || !strings.Contains(out, "committed the merge") {
		t.Fatalf("sync after settling: %d\n%s", code, out)
	}
	if code, out := g.uricat(a, "sync"); code != 0 {
		t.Fatalf("sync a at last: %d\n%s", code, out)
	}
	if fa, fb := string(mustRead(t, filepath.Join(a, "bookmarks.uricat"))), string(mustRead(t, path)); fa != fb || !strings.Contains(fa, "Example B") {
		t.Fatalf("after settling, the clones differ:\na:\n%s\nb:\n%s", fa, fb)
	}
}

func TestMergeCopies(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "bookmarks.uricat")
	write := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(path, "URI: https://go.dev/\r\nNAME: Go\r\nDATE: 01/02/2024 10:00:00\r\n")
	sync := filepath.Join(dir, "bookmarks.sync-conflict-20260101-101010-ABCDEFG.uricat")
	write(sync, "URI: https://go.dev/\r\nNAME: Go\r\nDATE: 01/02/2024 10:00:00\r\n\r\nURI: https://new.example/\r\nNAME: New\r\nDATE: 01/03/2024 10:00:00\r\n")
	dropbox := filepath.Join(dir, "bookmarks (Jane's conflicted copy 2026-01-01).uricat")
	write(dropbox, "URI: https://go.dev/\r\nNAME: Go, renamed\r\nDATE: 01/02/2024 10:00:00\r\n")
	write(filepath.Join(dir, "bookmarks-old.uricat"), "not a copy")

	code, _, stderr := uricat(t, "--catalogue", path, "check")
	if code != 0 || strings.Count(stderr, "conflict copy") != 2 {
		t.Fatalf("check: exit %d, want both copies noted:\n%s", code, stderr)
	}
	code, stdout, stderr := uricat(t, "--catalogue", path, "merge", "--copies")
	if code != 1 {
		t.Fatalf("merge --copies: exit %d, want 1 (a conflict)\n%s%s", code, stdout, stderr)
	}
	got := string(mustRead(t, path))
	for _, want := range []string{"NAME: New", "NAME: Go\r\n", "NAME: Go, renamed", "X-CONFLICT: theirs: NAME differs"} {
		if !strings.Contains(got, want) {
			t.Errorf("the catalogue lacks %q:\n%s", want, got)
		}
	}
	for _, p := range []string{sync, dropbox} {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%s not removed", p)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "bookmarks-old.uricat")); err != nil {
		t.Error("a file that is no copy was touched")
	}
}

// A catalogue whose name starts with a dash: git gives it to the merge
// driver after --, as a name (both clones append a bookmark, which git's
// line merge would stop on); and git's own conflict markers in it are
// refused, exit 1, with where they are.
func TestSyncDashNameEndToEnd(t *testing.T) {
	t.Parallel()
	g := newGitFixture(t)
	root := t.TempDir()
	bare, a, b := filepath.Join(root, "remote.git"), filepath.Join(root, "a"), filepath.Join(root, "b")
	g.must(root, "git", "init", "-q", "--bare", "-b", "main", bare)
	g.must(root, "git", "clone", "-q", bare, a)
	g.must(a, "git", "checkout", "-q", "-b", "main")
	const name = "-dash.uricat"
	run := func(clone string, args ...string) (int, string) {
		t.Helper()
		return g.run(clone, g.bin, append([]string{"--catalogue", filepath.Join(clone, name)}, args...)...)
	}
	if err := os.WriteFile(filepath.Join(a, name), []byte("URI: https://go.dev/\r\nNAME: Go\r\nDATE: 01/02/2024 10:00:00\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out := run(a, "merge", "--install"); code != 0 || !strings.Contains(out, " merge -- %O %A %B %P") {
		t.Fatalf("merge --install: %d\n%s", code, out)
	}
	g.must(a, "git", "add", "-A")
	g.must(a, "git", "commit", "-q", "-m", "start")
	g.must(a, "git", "push", "-q", "-u", "origin", "main")
	g.must(root, "git", "clone", "-q", bare, b)

	for _, c := range []struct{ clone, uri string }{{a, "https://a.example/"}, {b, "https://b.example/"}} {
		if code, out := run(c.clone, "add", c.uri, "--name", "From "+c.uri); code != 0 {
			t.Fatalf("add: %s", out)
		}
		if code, out := run(c.clone, "sync"); code != 0 {
			t.Fatalf("sync %s: exit %d\n%s", c.clone, code, out)
		}
	}
	path := filepath.Join(b, name)
	if text := string(mustRead(t, path)); !strings.Contains(text, "https://a.example/") || !strings.Contains(text, "https://b.example/") {
		t.Fatalf("the merge lost a bookmark:\n%s", text)
	}

	head := g.must(b, "git", "rev-parse", "HEAD")
	f, err := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("<<<<<<< HEAD\r\n")
	f.Close()
	code, out := run(b, "sync")
	if want := "uricat sync: git's conflict markers are in " + path + ", at line "; code != 1 || !strings.Contains(out, want) || !strings.Contains(out, "then sync again") {
		t.Errorf("sync of a catalogue with a marker: exit %d, want 1 and %q…\n%s", code, want, out)
	}
	if now := g.must(b, "git", "rev-parse", "HEAD"); now != head {
		t.Error("the sync committed the marker")
	}
}

// TestSyncBrowserFileEndToEnd: --browser-file once, remembered; what
// floccus added comes in, said in one line, and the file goes out.
func TestSyncBrowserFileEndToEnd(t *testing.T) {
	t.Parallel()
	g := newGitFixture(t)
	root := t.TempDir()
	bare, a, fl := filepath.Join(root, "remote.git"), filepath.Join(root, "a"), filepath.Join(root, "floccus")
	g.must(root, "git", "init", "-q", "--bare", "-b", "main", bare)
	g.must(root, "git", "clone", "-q", bare, a)
	g.must(a, "git", "checkout", "-q", "-b", "main")
	if err := os.WriteFile(filepath.Join(a, "bookmarks.uricat"), []byte("URI: https://go.dev/\r\nNAME: Go\r\nDATE: 01/02/2024 10:00:00\r\nRATING: 5\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	g.must(a, "git", "add", "bookmarks.uricat")
	g.must(a, "git", "commit", "-q", "-m", "start")
	g.must(a, "git", "push", "-q", "-u", "origin", "main")
	// floccus's first sync: its file, in its layout.
	g.must(root, "git", "clone", "-q", bare, fl)
	if err := os.WriteFile(filepath.Join(fl, "bookmarks.xbel"), []byte(`<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE xbel PUBLIC "+//IDN python.org//DTD XML Bookmark Exchange Language 1.0//EN//XML" "http://pyxml.sourceforge.net/topics/dtds/xbel.dtd">
<xbel version="1.0">
<!--- highestId :2: for Floccus bookmark sync browser extension -->

<folder id="1">
  <title>Toolbar</title>
  <bookmark href="https://www.rust-lang.org/" id="2">
    <title>Rust</title>
  </bookmark>
</folder>
</xbel>`), 0o644); err != nil {
		t.Fatal(err)
	}
	g.must(fl, "git", "add", "bookmarks.xbel")
	g.must(fl, "git", "commit", "-q", "-m", "Floccus update")
	g.must(fl, "git", "push", "-q")

	code, out := g.uricat(a, "sync", "--browser-file", filepath.Join(a, "bookmarks.xbel"))
	if code != 0 || !strings.Contains(out, "1 bookmark from the browser: 1 added") || !strings.Contains(out, "sent") {
		t.Fatalf("sync --browser-file: %d\n%s", code, out)
	}
	if cfg := g.must(a, "git", "config", "uricat.browserFile"); strings.TrimSpace(cfg) != "bookmarks.xbel" {
		t.Errorf("remembered %q", cfg)
	}
	if text := string(mustRead(t, filepath.Join(a, "bookmarks.uricat"))); !strings.Contains(text, "CATEGORY: Toolbar") {
		t.Errorf("the browser's bookmark is not in the catalogue:\n%s", text)
	}
	code, out = g.uricat(a, "sync")
	if code != 0 || !strings.Contains(out, "nothing new from the browser") || !strings.Contains(out, "nothing to send") {
		t.Fatalf("sync again: %d\n%s", code, out)
	}
}
