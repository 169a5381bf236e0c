package tui

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/gitsync"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/tui/theme"
)

// harnessAt loads the catalogue file at path into a model, as newHarness
// does with a file of its own.
func harnessAt(t *testing.T, path string, w, h int) *harness {
	t.Helper()
	c, err := catalogue.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	c.Now = func() time.Time { return fixedNow }
	hs := &harness{t: t, m: newModel(Options{Path: path, Catalogue: c, Theme: theme.Plain()})}
	hs.send(tea.WindowSizeMsg{Width: w, Height: h})
	hs.run(hs.m.Init())
	return hs
}

// gitIn runs git in dir or fails the test.
func gitIn(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, err := exec.Command("git", append([]string{"-C", dir}, args...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// TestSyncKeyCommitsPullsAndPushes: in a clone of a repository another
// clone pushed a new bookmark to, Y commits the user's rating, pulls
// (the list shows the bookmark), pushes, and says so.
func TestSyncKeyCommitsPullsAndPushes(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	root := t.TempDir()
	t.Setenv("HOME", root)
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	for _, k := range []string{"GIT_AUTHOR", "GIT_COMMITTER"} {
		t.Setenv(k+"_NAME", "t")
		t.Setenv(k+"_EMAIL", "t@example.org")
	}
	bare, a, b := filepath.Join(root, "remote.git"), filepath.Join(root, "a"), filepath.Join(root, "b")
	gitIn(t, root, "init", "-q", "--bare", "-b", "main", bare)
	gitIn(t, root, "clone", "-q", bare, a)
	gitIn(t, a, "checkout", "-q", "-b", "main")
	if err := os.WriteFile(filepath.Join(a, "bookmarks.uricat"), []byte(fixture), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, a, "add", "bookmarks.uricat")
	gitIn(t, a, "commit", "-q", "-m", "start")
	gitIn(t, a, "push", "-q", "-u", "origin", "main")
	gitIn(t, root, "clone", "-q", bare, b)
	for _, d := range []string{a, b} {
		// Merges here need git's own text merge only; the driver is set
		// so that sync does not set up this test's binary as one.
		gitIn(t, d, "config", "merge.uricat.driver", "false")
	}
	otherProcess(t, filepath.Join(b, "bookmarks.uricat"), func(o *catalogue.Catalogue) {
		apply(t, o, catalogue.Add{Records: []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "https://laptop.example/", Name: "From the laptop"})}})
	})
	gitIn(t, b, "commit", "-q", "-am", "laptop")
	gitIn(t, b, "push", "-q")

	h := harnessAt(t, filepath.Join(a, "bookmarks.uricat"), 120, 30)
	h.selectName("Google")
	h.keys("4")
	h.keys("Y")
	want := "synced: committed 1 bookmark changed; received from origin/main: 1 bookmark added; sent 2 commits to origin/main"
	if h.m.status.msg != want {
		t.Errorf("status %q, want %q", h.m.status.msg, want)
	}
	if find2(h.m.allRows(), "From the laptop") == nil {
		t.Error("the list does not show what the pull brought")
	}
	if log := gitIn(t, bare, "log", "--oneline", "main"); !strings.Contains(log, "uricat sync: 1 bookmark changed") {
		t.Errorf("the remote lacks the rating's commit:\n%s", log)
	}
}

// Outside a repository Y says how to make one (as uricat sync does), and
// the ? help lists it.
func TestSyncKeyOutsideARepositorySaysHow(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 24)
	if h.m.sync.notRepo == nil {
		t.Skip("the test's temporary directory is in a git repository")
	}
	h.keys("Y")
	if msg := h.m.status.msg; !strings.Contains(msg, "not synced") || !strings.Contains(msg, "git init") || !strings.Contains(msg, "uricat merge --install") {
		t.Errorf("Y outside a repository: status %q", msg)
	}
	h.keys("?")
	if !strings.Contains(h.m.View(), "git sync") {
		t.Errorf("? does not list Y:\n%s", h.m.View())
	}
}

// A sync that stopped on conflicts takes in the file the merge left and
// opens the problems view on them.
func TestSyncConflictsOpenTheProblemsView(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 30)
	text := conflictedText(t)
	if err := os.WriteFile(h.m.store.Path(), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	c, _ := catalogue.Read(strings.NewReader(text))
	h.m.sync.running = true
	h.send(syncDoneMsg{err: &gitsync.ConflictsError{Path: h.m.store.Path(), Upstream: "origin/main", Merged: c.Snapshot()}})
	if !strings.Contains(h.m.status.msg, "sync stopped on 1 conflict") {
		t.Errorf("status %q", h.m.status.msg)
	}
	if v := h.m.View(); !strings.Contains(v, "Problems") || !strings.Contains(v, "merge conflict") {
		t.Fatalf("the problems view is not open on the conflict:\n%s", v)
	}
}

// A sync refused for git's conflict markers says where they are and how
// to settle them, with the TUI's keys.
func TestSyncMarkersMessage(t *testing.T) {
	t.Parallel()
	h := newHarness(t, fixture, 100, 30)
	h.m.sync.running = true
	h.send(syncDoneMsg{err: &gitsync.MarkersError{Path: "b.uricat", Lines: []int{6, 8, 10}, Merging: true}})
	want := "not synced: git's conflict markers are in b.uricat, at lines 6, 8, 10 (! lists them). Settle them: edit the file; " +
		"or keep one side whole (git checkout --ours -- b.uricat, or --theirs); " +
		"or merge it record by record (uricat merge --install, then git checkout -m -- b.uricat); then Y again"
	if h.m.status.msg != want || h.m.sync.running {
		t.Errorf("status %q\nwant   %q", h.m.status.msg, want)
	}
}

// TestSyncKeyWithTheBrowser: with a browser file, Y takes in what floccus
// pushed and says first what came from the browser.
func TestSyncKeyWithTheBrowser(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	root := t.TempDir()
	t.Setenv("HOME", root)
	t.Setenv("GIT_CONFIG_NOSYSTEM", "1")
	for _, k := range []string{"GIT_AUTHOR", "GIT_COMMITTER"} {
		t.Setenv(k+"_NAME", "t")
		t.Setenv(k+"_EMAIL", "t@example.org")
	}
	bare, a, fl := filepath.Join(root, "remote.git"), filepath.Join(root, "a"), filepath.Join(root, "floccus")
	gitIn(t, root, "init", "-q", "--bare", "-b", "main", bare)
	gitIn(t, root, "clone", "-q", bare, a)
	gitIn(t, a, "checkout", "-q", "-b", "main")
	if err := os.WriteFile(filepath.Join(a, "bookmarks.uricat"), []byte(fixture), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, a, "add", "bookmarks.uricat")
	gitIn(t, a, "commit", "-q", "-m", "start")
	gitIn(t, a, "push", "-q", "-u", "origin", "main")
	gitIn(t, a, "config", "merge.uricat.driver", "false")
	gitIn(t, a, "config", "uricat.browserFile", "bookmarks.xbel")
	gitIn(t, root, "clone", "-q", bare, fl)
	xbelText := `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE xbel PUBLIC "+//IDN python.org//DTD XML Bookmark Exchange Language 1.0//EN//XML" "http://pyxml.sourceforge.net/topics/dtds/xbel.dtd">
<xbel version="1.0">
<!--- highestId :3: for Floccus bookmark sync browser extension -->

<folder id="1">
  <title>Toolbar</title>
  <bookmark href="https://www.rust-lang.org/" id="2">
    <title>Rust</title>
  </bookmark>
  <bookmark href="https://ziglang.org/" id="3">
    <title>Zig</title>
  </bookmark>
</folder>
</xbel>`
	if err := os.WriteFile(filepath.Join(fl, "bookmarks.xbel"), []byte(xbelText), 0o644); err != nil {
		t.Fatal(err)
	}
	gitIn(t, fl, "add", "bookmarks.xbel")
	gitIn(t, fl, "commit", "-q", "-m", "Floccus update")
	gitIn(t, fl, "push", "-q")

	h := harnessAt(t, filepath.Join(a, "bookmarks.uricat"), 200, 30)
	h.keys("Y")
	if want := "synced: 2 bookmarks from the browser: 2 added;"; !strings.HasPrefix(h.m.status.msg, want) {
		t.Errorf("status %q, want it to start %q", h.m.status.msg, want)
	}
	if find2(h.m.allRows(), "Zig") == nil {
		t.Error("the list does not show what came from the browser")
	}
}
