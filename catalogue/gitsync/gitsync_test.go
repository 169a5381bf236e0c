package gitsync

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/gitsync/gitsynctest"
)

// TestMain makes the test binary its own merge driver: InstallDriver
// names this program (DriverCommand), and git runs it as `merge -- %O %A
// %B %P`, which it answers as uricat merge does. It also keeps the user's git
// configuration out of the tests: no system or global config, a home of
// its own, and a committer.
func TestMain(m *testing.M) {
	if base, ours, theirs, ok := gitsynctest.DriverCall(os.Args); ok {
		os.Exit(mergeDriver(base, ours, theirs))
	}
	if path := os.Getenv(killTrialSync); path != "" {
		// The sync a kill trial kills (TestSyncKilled).
		if err := Sync(path, func(s string) { fmt.Println(s) }); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	cleanup, err := gitsynctest.Isolate()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	code := m.Run()
	cleanup()
	os.Exit(code)
}

// The environment of the test binary as the process a kill trial kills
// (kill_test.go): killTrialSync names the catalogue it syncs;
// killTrialDriver, when set, is how long the merge driver runs before it
// kills itself.
const (
	killTrialSync   = "GITSYNC_KILL_TRIAL_SYNC"
	killTrialDriver = "GITSYNC_KILL_TRIAL_DRIVER"
)

// mergeDriver merges theirs into ours from base as uricat merge does,
// exiting 1 on conflicts so that git stops. In a kill trial it may kill
// itself part way (killTrialDriver).
func mergeDriver(base, ours, theirs string) int {
	if d, err := time.ParseDuration(os.Getenv(killTrialDriver)); err == nil {
		time.AfterFunc(d, func() {
			if p, err := os.FindProcess(os.Getpid()); err == nil {
				p.Kill()
			}
		})
	}
	return gitsynctest.Merge(base, ours, theirs, readSnapshot)
}

const (
	goRec      = "URI: https://go.dev/\r\nNAME: Go\r\nDATE: 01/02/2024 10:00:00\r\n"
	exampleRec = "URI: https://example.org/\r\nNAME: Example\r\nDATE: 02/02/2024 10:00:00\r\n"
	start      = goRec + "\r\n" + exampleRec
)

// git runs git in dir, failing the test on an error.
func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	out, err := Git(dir, args...)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// sync runs Sync on the catalogue of the clone dir and returns what it
// said.
func sync(t *testing.T, dir string) ([]string, error) {
	t.Helper()
	return syncFile(t, filepath.Join(dir, "bookmarks.uricat"))
}

// syncFile runs Sync on the catalogue at path and returns what it said.
func syncFile(t *testing.T, path string) ([]string, error) {
	t.Helper()
	var lines []string
	err := Sync(path, func(s string) { lines = append(lines, s) })
	return lines, err
}

// checkLines fails unless got is want.
func checkLines(t *testing.T, what string, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("%s said:\n  %s\nwant:\n  %s", what, strings.Join(got, "\n  "), strings.Join(want, "\n  "))
	}
}

// twoClones is a bare repository with a catalogue and the merge driver
// set up, and two clones of it, a and b, as two machines sharing a
// catalogue have.
func twoClones(t *testing.T) (bare, a, b string) {
	t.Helper()
	return twoClonesOf(t, "bookmarks.uricat")
}

// twoClonesOf is twoClones with the catalogue named name.
func twoClonesOf(t *testing.T, name string) (bare, a, b string) {
	t.Helper()
	root, bare, a := gitsynctest.NewRemote(t, "a")
	b = filepath.Join(root, "b")
	path := filepath.Join(a, filepath.FromSlash(name))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, path, start)
	write(t, filepath.Join(a, "notes.txt"), "notes\n")
	if err := InstallDriver(path, func(string) {}); err != nil {
		t.Fatal(err)
	}
	git(t, a, "add", "-A")
	git(t, a, "commit", "-q", "-m", "start")
	git(t, a, "push", "-q", "-u", "origin", "main")
	git(t, root, "clone", "-q", bare, b)
	git(t, b, "config", "merge.uricat.driver", DriverCommand())
	return bare, a, b
}

// commitAndPush commits every change of the clone dir and pushes it, as
// another machine would.
func commitAndPush(t *testing.T, dir, msg string) {
	t.Helper()
	git(t, dir, "commit", "-q", "-a", "-m", msg)
	git(t, dir, "push", "-q")
}

func TestSyncCleanTree(t *testing.T) {
	_, a, _ := twoClones(t)
	head := git(t, a, "rev-parse", "HEAD")
	lines, err := sync(t, a)
	if err != nil {
		t.Fatal(err)
	}
	checkLines(t, "a sync with nothing to do", lines, []string{"nothing new from origin/main", "nothing to send"})
	if now := git(t, a, "rev-parse", "HEAD"); now != head {
		t.Errorf("a sync with nothing to do committed: HEAD %s, was %s", now, head)
	}
}

func TestSyncCommitsAndPushes(t *testing.T) {
	bare, a, _ := twoClones(t)
	write(t, filepath.Join(a, "bookmarks.uricat"), start+"\r\nURI: https://a.example/\r\nNAME: A\r\nDATE: 03/02/2024 10:00:00\r\n")
	write(t, filepath.Join(a, "notes.txt"), "changed, not the catalogue\n")
	lines, err := sync(t, a)
	if err != nil {
		t.Fatal(err)
	}
	checkLines(t, "a sync of a new bookmark", lines, []string{
		"committed 1 bookmark added",
		"nothing new from origin/main",
		"sent 1 commit to origin/main",
	})
	if msg := git(t, bare, "log", "-1", "--format=%s", "main"); msg != "uricat sync: 1 bookmark added" {
		t.Errorf("the remote's last commit is %q", msg)
	}
	// The catalogue alone is committed: the user's other changes are theirs.
	if st := git(t, a, "status", "--porcelain"); st != "M notes.txt" {
		t.Errorf("git status after a sync: %q, want notes.txt modified still", st)
	}
}

func TestSyncPulls(t *testing.T) {
	_, a, b := twoClones(t)
	write(t, filepath.Join(b, "bookmarks.uricat"), start+"\r\nURI: https://b.example/\r\nNAME: B\r\nDATE: 03/02/2024 10:00:00\r\n")
	commitAndPush(t, b, "from b")
	lines, err := sync(t, a)
	if err != nil {
		t.Fatal(err)
	}
	checkLines(t, "a sync that pulls", lines, []string{"received from origin/main: 1 bookmark added", "nothing to send"})
	if text := read(t, filepath.Join(a, "bookmarks.uricat")); !strings.Contains(text, "https://b.example/") {
		t.Errorf("the pulled bookmark is not in the catalogue:\n%s", text)
	}
}

// Both sides changed the catalogue, different records: the merge driver
// merges them, and the merge goes out with the local commit.
func TestSyncMergeDriverSettles(t *testing.T) {
	bare, a, b := twoClones(t)
	write(t, filepath.Join(b, "bookmarks.uricat"), strings.Replace(start, "NAME: Go", "NAME: Go (b)", 1))
	commitAndPush(t, b, "from b")
	write(t, filepath.Join(a, "bookmarks.uricat"), strings.Replace(start, "NAME: Example", "NAME: Example (a)", 1))
	lines, err := sync(t, a)
	if err != nil {
		t.Fatal(err)
	}
	checkLines(t, "a sync that merges", lines, []string{
		"committed 1 bookmark changed",
		"received from origin/main: 1 bookmark changed",
		"sent 2 commits to origin/main",
	})
	text := read(t, filepath.Join(a, "bookmarks.uricat"))
	if !strings.Contains(text, "NAME: Go (b)") || !strings.Contains(text, "NAME: Example (a)") || strings.Contains(text, "<<<<") {
		t.Errorf("the merge lost a change, or is git's:\n%s", text)
	}
	if got := git(t, bare, "show", "main:bookmarks.uricat"); got != strings.TrimSpace(text) {
		t.Errorf("the remote has\n%s\nwant\n%s", got, text)
	}
}

// Both sides changed one field of one record: the pull stops with both
// versions in the file; a sync before they are settled says so, and one
// after finishes the merge.
func TestSyncConflictInCatalogue(t *testing.T) {
	_, a, b := twoClones(t)
	path := filepath.Join(a, "bookmarks.uricat")
	write(t, filepath.Join(b, "bookmarks.uricat"), strings.Replace(start, "NAME: Example", "NAME: Example B", 1))
	commitAndPush(t, b, "from b")
	write(t, path, strings.Replace(start, "NAME: Example", "NAME: Example A", 1))
	lines, err := sync(t, a)
	checkLines(t, "a sync that stops", lines, []string{"committed 1 bookmark changed"})
	var ce *ConflictsError
	if !errors.As(err, &ce) || ce.Upstream != "origin/main" || len(Marked(ce.Merged)) != 1 {
		t.Fatalf("error %#v (%v), want a ConflictsError from origin/main with 1 conflict", err, err)
	}
	if want := "the pull from origin/main stopped on 1 conflict in " + path; err.Error() != want {
		t.Errorf("error %q, want %q", err, want)
	}
	text := read(t, path)
	if !strings.Contains(text, "NAME: Example A") || !strings.Contains(text, "NAME: Example B") || !strings.Contains(text, "X-CONFLICT: theirs") {
		t.Fatalf("the merged file lost a version:\n%s", text)
	}

	// Not settled yet: nothing is committed.
	lines, err = sync(t, a)
	checkLines(t, "a sync before the conflict is settled", lines, nil)
	if !errors.As(err, &ce) || ce.Upstream != "" || err.Error() != "1 conflict left to settle in "+path {
		t.Fatalf("error %v, want 1 conflict left to settle", err)
	}

	// Settled, keeping ours: the sync commits the merge and sends it.
	write(t, path, strings.Replace(start, "NAME: Example", "NAME: Example A", 1))
	lines, err = sync(t, a)
	if err != nil {
		t.Fatal(err)
	}
	checkLines(t, "a sync once it is settled", lines, []string{
		"committed the merge the last sync stopped",
		"nothing new from origin/main",
		"sent 2 commits to origin/main",
	})
	if _, err := Git(a, "rev-parse", "-q", "--verify", "MERGE_HEAD"); err == nil {
		t.Error("the merge is still in progress")
	}
}

// A conflict in another file stops git, and the catalogue has none: the
// error says where the conflicts are, and that git settles them.
func TestSyncConflictElsewhere(t *testing.T) {
	_, a, b := twoClones(t)
	write(t, filepath.Join(b, "notes.txt"), "b's notes\n")
	commitAndPush(t, b, "from b")
	write(t, filepath.Join(a, "notes.txt"), "a's notes\n")
	git(t, a, "commit", "-q", "-a", "-m", "from a")
	_, err := sync(t, a)
	var ce *ConflictsError
	if err == nil || errors.As(err, &ce) {
		t.Fatalf("error %v, want one that is not the catalogue's conflicts", err)
	}
	if want := "the pull from origin/main stopped on conflicts uricat does not settle, in notes.txt: settle them with git (git status lists them), then sync again"; err.Error() != want {
		t.Errorf("error %q\nwant  %q", err, want)
	}

	// Settled with git but not committed: the sync commits the merge.
	write(t, filepath.Join(a, "notes.txt"), "both\n")
	git(t, a, "add", "notes.txt")
	lines, err := sync(t, a)
	if err != nil {
		t.Fatal(err)
	}
	checkLines(t, "a sync once it is settled", lines, []string{
		"committed the merge the last sync stopped",
		"nothing new from origin/main",
		"sent 2 commits to origin/main",
	})
}

func TestSyncNoUpstream(t *testing.T) {
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "main")
	write(t, filepath.Join(dir, "bookmarks.uricat"), start)
	lines, err := sync(t, dir)
	if err != nil {
		t.Fatal(err)
	}
	setup := lines[:min(3, len(lines))]
	if len(setup) < 3 || setup[0] != "setting up uricat's merge driver for this repository:" ||
		!strings.HasPrefix(setup[1], "added to ") || !strings.HasSuffix(setup[1], ".gitattributes: /bookmarks.uricat merge=uricat") ||
		!strings.HasPrefix(setup[2], "git merges bookmarks.uricat in ") {
		t.Errorf("the first sync did not set the driver up: %q", setup)
	}
	checkLines(t, "a first sync without an upstream", lines[len(setup):], []string{
		"committed .gitattributes (the merge driver, for the other clones)",
		"committed 2 bookmarks added",
		"no upstream branch: committed only (git push -u REMOTE BRANCH sets one)",
	})
	lines, err = sync(t, dir)
	if err != nil {
		t.Fatal(err)
	}
	checkLines(t, "a sync with nothing to commit, without an upstream", lines, []string{
		"no upstream branch: nothing committed, nothing to pull or push (git push -u REMOTE BRANCH sets one)",
	})
}

// On a detached HEAD a commit would belong to no branch: the sync refuses
// before it commits.
func TestSyncDetachedHead(t *testing.T) {
	_, a, _ := twoClones(t)
	git(t, a, "checkout", "-q", "--detach")
	head := git(t, a, "rev-parse", "HEAD")
	write(t, filepath.Join(a, "bookmarks.uricat"), start+"\r\nURI: https://a.example/\r\nNAME: A\r\nDATE: 03/02/2024 10:00:00\r\n")
	lines, err := sync(t, a)
	checkLines(t, "a sync on a detached HEAD", lines, nil)
	if want := "no branch is checked out in " + a + " (a detached HEAD): git switch BRANCH, then sync again"; err == nil || err.Error() != want {
		t.Errorf("error %v\nwant  %s", err, want)
	}
	if now := git(t, a, "rev-parse", "HEAD"); now != head {
		t.Error("the sync committed on a detached HEAD")
	}
}

// A push the remote refuses is the sync's error, with what git said; the
// commit stays, to be sent by the next sync.
func TestSyncPushRefused(t *testing.T) {
	bare, a, _ := twoClones(t)
	hook := filepath.Join(bare, "hooks", "pre-receive")
	write(t, hook, "#!/bin/sh\necho 'no pushes today' >&2\nexit 1\n")
	if err := os.Chmod(hook, 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(a, "bookmarks.uricat"), goRec)
	lines, err := sync(t, a)
	checkLines(t, "a sync whose push is refused", lines, []string{"committed 1 bookmark removed", "nothing new from origin/main"})
	if err == nil || !strings.HasPrefix(err.Error(), "git push: ") || !strings.Contains(err.Error(), "no pushes today") {
		t.Errorf("error %v, want git push's", err)
	}
}

func TestSyncNotARepository(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "bookmarks.uricat")
	write(t, path, start)
	_, err := sync(t, dir)
	if want := path + " is not in a git repository (git init " + dir + " makes one)"; err == nil || err.Error() != want {
		t.Errorf("error %v\nwant  %s", err, want)
	}
}

// InstallDriver run again changes nothing; a path with a space is one
// .gitattributes pattern, quoted, which replaces the one an earlier
// version wrote.
func TestInstallDriver(t *testing.T) {
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "main")
	path := filepath.Join(dir, "my bookmarks.uricat")
	write(t, path, start)
	write(t, filepath.Join(dir, ".gitattributes"), "*.txt text\r\n/my[[:space:]]bookmarks.uricat merge=uricat\r\n")
	var said []string
	for range 2 {
		if err := InstallDriver(path, func(s string) { said = append(said, s) }); err != nil {
			t.Fatal(err)
		}
	}
	if len(said) != 3 || !strings.HasPrefix(said[0], "replaced in ") || !strings.HasSuffix(said[0], `: /my[[:space:]]bookmarks.uricat merge=uricat with "/my bookmarks.uricat" merge=uricat`) {
		t.Errorf("InstallDriver said %q", said)
	}
	if got, want := read(t, filepath.Join(dir, ".gitattributes")), "*.txt text\r\n\"/my bookmarks.uricat\" merge=uricat\r\n"; got != want {
		t.Errorf(".gitattributes %q, want %q", got, want)
	}
	if got := git(t, dir, "check-attr", "merge", "--", "my bookmarks.uricat"); got != "my bookmarks.uricat: merge: uricat" {
		t.Errorf("git check-attr: %q", got)
	}
	if got := git(t, dir, "config", "merge.uricat.driver"); got != DriverCommand() {
		t.Errorf("merge.uricat.driver %q, want %q", got, DriverCommand())
	}
}

// A name from a file or from git reaches a message as text, never as a
// control sequence.
func TestConflictsErrorMessage(t *testing.T) {
	for _, tc := range []struct {
		err  ConflictsError
		want string
	}{
		{ConflictsError{Path: "a.uricat", Upstream: "origin/main"}, "the pull from origin/main stopped on 0 conflicts in a.uricat"},
		{ConflictsError{Path: "a\x1b[31m.uricat", Upstream: "origin/main"}, "the pull from origin/main stopped on 0 conflicts in a.uricat"},
		{ConflictsError{Path: "a\x1b[31m.uricat"}, "0 conflicts left to settle in a.uricat"},
	} {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("Error() = %q, want %q", got, tc.want)
		}
	}
}

func TestDescribeChange(t *testing.T) {
	snap := func(text string) *catalogue.Snapshot {
		c, err := catalogue.Read(strings.NewReader(text))
		if err != nil {
			t.Fatal(err)
		}
		return c.Snapshot()
	}
	for _, tc := range []struct {
		before, after *catalogue.Snapshot
		want          string
	}{
		{nil, snap(start), "2 bookmarks added"},
		{snap(start), snap(start), ""},
		{snap(start), snap(goRec), "1 bookmark removed"},
		{snap(start), snap(strings.Replace(start, "NAME: Go", "NAME: Golang", 1) + "\r\nURI: https://a.example/\r\nNAME: A\r\nDATE: 03/02/2024 10:00:00\r\n"), "1 bookmark added, 1 bookmark changed"},
		{snap(start), nil, "2 bookmarks removed"},
	} {
		if got := DescribeChange(tc.before, tc.after); got != tc.want {
			t.Errorf("DescribeChange = %q, want %q", got, tc.want)
		}
	}
}

// The first sync of a clone of an empty repository commits the catalogue
// and the merge driver's .gitattributes, pushes the branch to the one
// remote and makes it the upstream; a second clone gets both, and the
// next sync pulls and pushes as usual.
func TestSyncEmptyRemote(t *testing.T) {
	root, bare, a := gitsynctest.NewRemote(t, "a")
	write(t, filepath.Join(a, "bookmarks.uricat"), start)
	lines, err := sync(t, a)
	if err != nil {
		t.Fatal(err)
	}
	joined := strings.Join(lines, "\n")
	for _, want := range []string{"committed .gitattributes (the merge driver, for the other clones)", "committed 2 bookmarks added",
		"sent main to origin, which had no such branch: it is the upstream branch now"} {
		if !strings.Contains(joined, want) {
			t.Errorf("the first sync did not say %q:\n%s", want, joined)
		}
	}
	if st := git(t, a, "status", "--porcelain"); st != "" {
		t.Errorf("the first sync left changes uncommitted:\n%s", st)
	}
	if up := git(t, a, "rev-parse", "--abbrev-ref", "@{u}"); up != "origin/main" {
		t.Errorf("upstream %q", up)
	}
	b := filepath.Join(root, "b")
	git(t, root, "clone", "-q", bare, b)
	if attrs, err := os.ReadFile(filepath.Join(b, ".gitattributes")); err != nil || !strings.Contains(string(attrs), "merge=uricat") {
		t.Errorf("the second clone has no merge driver line: %q, %v", attrs, err)
	}
	lines, err = sync(t, a)
	if err != nil {
		t.Fatal(err)
	}
	checkLines(t, "the second sync", lines, []string{"nothing new from origin/main", "nothing to send"})
}
