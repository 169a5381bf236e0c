package gitsync

import (
	"errors"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestMarkerLines(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		text string
		want []int
	}{
		{start, nil},
		{"URI: https://go.dev/\r\n<<<<<<< HEAD\r\nNAME: A\r\n=======\r\nNAME: B\r\n>>>>>>> origin/main\r\n", []int{2, 4, 6}},
		{"<<<<<<< HEAD\nNAME: A\n||||||| base\nNAME: O\n=======\nNAME: B\n>>>>>>> theirs", []int{1, 3, 5, 7}},
		{"<<<<<<<\r\n=======\r\n>>>>>>>\r\n", []int{1, 2, 3}},                // no labels
		{"<<<<<<<<<< ours\n==========\n>>>>>>>>>> theirs\n", []int{1, 2, 3}}, // conflict-marker-size 10
		// Not markers: in a value, indented, too short, no space before
		// the label, text after =======.
		{"NAME: =======\r\nDESCRIPTION: <<<<<<< HEAD\r\n", nil},
		{" =======\r\n\t<<<<<<< HEAD\r\n", nil},
		{"======\r\n<<<<<< HEAD\r\n", nil},
		{"<<<<<<<HEAD\r\n======= x\r\n>>>>>>>>x\r\n", nil},
		{"", nil},
	} {
		if got := MarkerLines([]byte(tc.text)); !slices.Equal(got, tc.want) {
			t.Errorf("MarkerLines(%q) = %v, want %v", tc.text, got, tc.want)
		}
	}
}

func TestMarkersErrorMessage(t *testing.T) {
	t.Parallel()
	many := make([]int, 12)
	for i := range many {
		many[i] = i + 1
	}
	for _, tc := range []struct {
		err  MarkersError
		want string
	}{
		{MarkersError{Path: "b.uricat", Lines: []int{2}},
			"git's conflict markers are in b.uricat, at line 2: not synced. Settle them: edit the file; then sync again"},
		{MarkersError{Path: "b\x1b[31m.uricat", Lines: many, Upstream: "origin/main"},
			"after the pull from origin/main, git's conflict markers are in b.uricat, at lines 1, 2, 3, 4, 5, 6, 7, 8, 9 …: not synced. Settle them: edit the file; then sync again"},
		{MarkersError{Path: "/home/me/b.uricat", Lines: []int{2, 4, 6}, Merging: true},
			"git's conflict markers are in /home/me/b.uricat, at lines 2, 4, 6: not synced. Settle them: edit the file; " +
				"or keep one side whole (git checkout --ours -- /home/me/b.uricat, or --theirs); " +
				"or merge it record by record (uricat merge --install, then git checkout -m -- /home/me/b.uricat); then sync again"},
		{MarkersError{Path: "my br[ack]et's.uricat", Lines: []int{2, 4, 6}, Merging: true},
			"git's conflict markers are in my br[ack]et's.uricat, at lines 2, 4, 6: not synced. Settle them: edit the file; " +
				`or keep one side whole (git checkout --ours -- ':(literal)my br[ack]et'\''s.uricat', or --theirs); ` +
				`or merge it record by record (uricat merge --install, then git checkout -m -- ':(literal)my br[ack]et'\''s.uricat'); then sync again`},
	} {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("Error() =\n  %q\nwant\n  %q", got, tc.want)
		}
	}
}

// conflictWithoutDriver is a conflict git merged line by line: b, a clone
// without the driver, pulled by hand what a pushed, both having changed
// one NAME. It returns b's catalogue, its markers in it.
func conflictWithoutDriver(t *testing.T) (bare, a, b, path string) {
	t.Helper()
	bare, a, b = twoClones(t)
	git(t, b, "config", "--unset", "merge.uricat.driver")
	write(t, filepath.Join(a, "bookmarks.uricat"), strings.Replace(start, "NAME: Example", "NAME: Example A", 1))
	commitAndPush(t, a, "from a")
	path = filepath.Join(b, "bookmarks.uricat")
	write(t, path, strings.Replace(start, "NAME: Example", "NAME: Example B", 1))
	git(t, b, "commit", "-q", "-a", "-m", "from b")
	if _, err := Git(b, "pull", "--no-rebase", "--no-edit"); err == nil {
		t.Fatal("git's own merge did not stop on the conflict")
	}
	if len(MarkerLines([]byte(read(t, path)))) != 3 {
		t.Fatalf("git's merge left no markers:\n%s", read(t, path))
	}
	return bare, a, b, path
}

// checkNothingSent fails unless the sync left HEAD and the remote as
// they were.
func checkNothingSent(t *testing.T, bare, dir, head, remote string) {
	t.Helper()
	if now := git(t, dir, "rev-parse", "HEAD"); now != head {
		t.Errorf("the sync committed: HEAD %s, was %s", now, head)
	}
	if now := git(t, bare, "rev-parse", "main"); now != remote {
		t.Errorf("the sync pushed: the remote's main is %s, was %s", now, remote)
	}
	if bad := commitsWithMarkers(t, bare, "bookmarks.uricat", "main"); len(bad) > 0 {
		t.Errorf("the remote's commits %v hold conflict markers", bad)
	}
}

// commitsWithMarkers returns the commits, of those revs reach in the
// repository dir, whose catalogue rel holds git's conflict markers.
func commitsWithMarkers(t *testing.T, dir, rel string, revs ...string) []string {
	t.Helper()
	var bad []string
	for _, c := range strings.Fields(git(t, dir, append([]string{"rev-list"}, revs...)...)) {
		if text, err := Git(dir, "show", c+":"+rel); err == nil && len(MarkerLines([]byte(text))) > 0 {
			bad = append(bad, c)
		}
	}
	return bad
}

// Git's markers in the catalogue, from a pull by hand in a clone without
// the driver: the sync refuses, says where they are and how to settle
// them, and commits and sends nothing; done as it says, the sync goes on.
func TestSyncRefusesGitMarkers(t *testing.T) {
	t.Parallel()
	bare, _, b, path := conflictWithoutDriver(t)
	head, remote := git(t, b, "rev-parse", "HEAD"), git(t, bare, "rev-parse", "main")
	lines, err := sync(t, b)
	var me *MarkersError
	if !errors.As(err, &me) || !slices.Equal(me.Lines, []int{6, 8, 10}) || !me.Merging || me.Upstream != "" {
		t.Fatalf("error %#v (%v), want a MarkersError at lines 6, 8, 10, in a merge", err, err)
	}
	if !strings.Contains(err.Error(), "git checkout -m -- "+path) {
		t.Errorf("the error does not say how to redo the merge: %v", err)
	}
	// The clone had no driver: the sync set it up, and said so.
	if len(lines) == 0 || lines[0] != "setting up uricat's merge driver for this repository:" {
		t.Errorf("the sync said %q", lines)
	}
	checkNothingSent(t, bare, b, head, remote)

	// Redone with the driver: both versions are records, to settle.
	git(t, b, "checkout", "-m", "--", "bookmarks.uricat")
	_, err = sync(t, b)
	var ce *ConflictsError
	if !errors.As(err, &ce) || len(Marked(ce.Merged)) != 1 {
		t.Fatalf("after git checkout -m: error %v, want 1 conflict to settle", err)
	}
	write(t, path, strings.Replace(start, "NAME: Example", "NAME: Example B", 1))
	lines, err = sync(t, b)
	if err != nil {
		t.Fatal(err)
	}
	checkLines(t, "a sync once it is settled", lines, []string{
		"committed the merge the last sync stopped",
		"nothing new from origin/main",
		"sent 2 commits to origin/main",
	})
}

// Markers committed by hand (git commit -a after the pull), or in the
// work tree with no merge under way: refused before anything is
// committed or sent.
func TestSyncRefusesCommittedMarkers(t *testing.T) {
	t.Parallel()
	bare, _, b, path := conflictWithoutDriver(t)
	git(t, b, "commit", "-q", "-a", "--no-edit")
	head, remote := git(t, b, "rev-parse", "HEAD"), git(t, bare, "rev-parse", "main")
	_, err := sync(t, b)
	var me *MarkersError
	if !errors.As(err, &me) || me.Merging || len(me.Lines) != 3 {
		t.Fatalf("error %v, want a MarkersError, no merge under way", err)
	}
	if want := "git's conflict markers are in " + path + ", at lines 6, 8, 10: not synced. Settle them: edit the file; then sync again"; err.Error() != want {
		t.Errorf("error %q\nwant  %q", err, want)
	}
	checkNothingSent(t, bare, b, head, remote)

	// Pasted into the file: not committed either.
	git(t, b, "reset", "-q", "--hard", "origin/main")
	head = git(t, b, "rev-parse", "HEAD")
	write(t, path, start+"\r\n<<<<<<< Updated upstream\r\n")
	if _, err := sync(t, b); !errors.As(err, &me) || !slices.Equal(me.Lines, []int{9}) {
		t.Fatalf("error %v, want a MarkersError at line 9", err)
	}
	checkNothingSent(t, bare, b, head, remote)
}

// Markers another clone sent: the sync takes them in, says so and sends
// nothing of its own until they are settled.
func TestSyncRefusesPulledMarkers(t *testing.T) {
	t.Parallel()
	bare, a, b, _ := conflictWithoutDriver(t)
	git(t, b, "commit", "-q", "-a", "--no-edit")
	git(t, b, "push", "-q")
	lines, err := sync(t, a)
	var me *MarkersError
	if !errors.As(err, &me) || me.Upstream != "origin/main" || len(me.Lines) != 3 {
		t.Fatalf("error %v, want a MarkersError after the pull", err)
	}
	checkLines(t, "a sync that pulls markers", lines, []string{"received from origin/main: 1 bookmark changed"})
	// Settled: the sync commits and sends the settled file.
	write(t, filepath.Join(a, "bookmarks.uricat"), strings.Replace(start, "NAME: Example", "NAME: Example B", 1))
	if _, err := sync(t, a); err != nil {
		t.Fatal(err)
	}
	if got := git(t, bare, "show", "main:bookmarks.uricat"); len(MarkerLines([]byte(got))) > 0 {
		t.Errorf("the remote's catalogue holds markers still:\n%s", got)
	}
}

// A git command that fails says what git said, stdout when git said
// nothing on stderr, and shows no control sequence from the arguments.
func TestGitErrorSaysWhat(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "main")
	_, err := Git(dir, "commit", "-m", "x\x1b[2J")
	if want := "git commit -m x: On branch main"; err == nil || !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), "nothing to commit") {
		t.Errorf("error %q, want %q… nothing to commit…", err, want)
	}
}

// A merge driver that fails (here one that does nothing but exit 1, as
// one killed or missing leaves things) leaves the catalogue unmerged, our
// version alone in it: the sync merges it itself rather than let the
// next commit drop theirs.
func TestSyncDriverFailed(t *testing.T) {
	t.Parallel()
	bare, a, b := twoClones(t)
	git(t, a, "config", "merge.uricat.driver", "false")
	write(t, filepath.Join(b, "bookmarks.uricat"), start+"\r\nURI: https://b.example/\r\nNAME: B\r\nDATE: 03/02/2024 10:00:00\r\n")
	commitAndPush(t, b, "from b")
	path := filepath.Join(a, "bookmarks.uricat")
	write(t, path, start+"\r\nURI: https://a.example/\r\nNAME: A\r\nDATE: 03/02/2024 10:00:00\r\n")
	lines, err := sync(t, a)
	if err != nil {
		t.Fatal(err)
	}
	checkLines(t, "a sync whose driver failed", lines, []string{
		"committed 1 bookmark added",
		"uricat's merge driver did not merge bookmarks.uricat (git could not run it, or it was stopped): merged here",
		"received from origin/main: 1 bookmark added",
		"sent 2 commits to origin/main",
	})
	for _, text := range []string{read(t, path), git(t, bare, "show", "main:bookmarks.uricat")} {
		if !strings.Contains(text, "NAME: A\r\n") || !strings.Contains(text, "NAME: B\r\n") {
			t.Errorf("the merge lost a bookmark:\n%s", text)
		}
	}

	// Both changed one NAME: the conflict is left to settle, as the
	// driver leaves it.
	git(t, b, "pull", "-q", "--no-rebase")
	write(t, filepath.Join(b, "bookmarks.uricat"), strings.Replace(read(t, path), "NAME: Go", "NAME: Go B", 1))
	commitAndPush(t, b, "from b")
	write(t, path, strings.Replace(read(t, path), "NAME: Go", "NAME: Go A", 1))
	_, err = sync(t, a)
	var ce *ConflictsError
	if !errors.As(err, &ce) || len(Marked(ce.Merged)) != 1 || !strings.Contains(read(t, path), "X-CONFLICT: theirs") {
		t.Fatalf("error %v, want 1 conflict to settle, marked in the file", err)
	}
}
