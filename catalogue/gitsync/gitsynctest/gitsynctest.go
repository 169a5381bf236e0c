// Package gitsynctest holds what the tests of the packages that sync a
// catalogue through git share: a git configuration of their own, the
// test binary standing in for uricat as the merge driver, and a remote
// repository with a clone of it. It imports catalogue, not gitsync, so
// that gitsync's own tests can use it.
package gitsynctest

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue"
)

// DriverCall reports whether args, a test binary's arguments, are git
// running it as the merge driver (`merge -- %O %A %B %P`, as
// gitsync.DriverCommand names it), and with which files.
func DriverCall(args []string) (base, ours, theirs string, ok bool) {
	if len(args) == 7 && args[1] == "merge" && args[2] == "--" {
		return args[3], args[4], args[5], true
	}
	return "", "", "", false
}

// Merge merges theirs into ours from base as uricat merge does, each read
// with read, and writes ours; it returns the driver's exit status: 1 on
// conflicts, so that git stops, 2 on an error.
func Merge(base, ours, theirs string, read func(path string) (*catalogue.Snapshot, error)) int {
	var snaps [3]*catalogue.Snapshot
	for i, p := range []string{base, ours, theirs} {
		s, err := read(p)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		snaps[i] = s
	}
	merged, conflicts := catalogue.MergeFile(snaps[0], snaps[1], snaps[2])
	if _, err := catalogue.WriteFile(ours, func(w io.Writer) error {
		_, err := merged.WriteTo(w)
		return err
	}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	if len(conflicts) > 0 {
		return 1
	}
	return 0
}

// Isolate keeps the user's git configuration out of the tests, for a
// TestMain before it runs them: no system or global config, a home of
// their own, a committer, and messages in English. It returns the
// function that removes the home.
func Isolate() (cleanup func(), err error) {
	home, err := os.MkdirTemp("", "gitsync-home")
	if err != nil {
		return nil, err
	}
	for _, k := range []string{"GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY", "GIT_CEILING_DIRECTORIES"} {
		os.Unsetenv(k)
	}
	for k, v := range map[string]string{
		"HOME": home, "XDG_CONFIG_HOME": home, "GIT_CONFIG_NOSYSTEM": "1",
		"GIT_CONFIG_GLOBAL": filepath.Join(home, "gitconfig"), "GIT_TERMINAL_PROMPT": "0",
		"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
		"GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org",
		"LC_ALL": "C", "LANGUAGE": "",
	} {
		os.Setenv(k, v)
	}
	return func() { os.RemoveAll(home) }, nil
}

// NewRemote makes, in a directory of the test's, a bare repository
// (remote.git, "the server") and a clone of it named clone, on branch
// main, and returns the three paths; the directory's links are
// resolved, as git gives paths. It skips the test when git is not
// installed.
func NewRemote(t testing.TB, clone string) (root, bare, dir string) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	root = t.TempDir()
	if real, err := filepath.EvalSymlinks(root); err == nil {
		root = real
	}
	bare, dir = filepath.Join(root, "remote.git"), filepath.Join(root, clone)
	git(t, root, "init", "-q", "--bare", "-b", "main", bare)
	git(t, root, "clone", "-q", bare, dir)
	git(t, dir, "checkout", "-q", "-b", "main")
	return root, bare, dir
}

// git runs git with args in dir, failing t on an error, and returns its
// output, trimmed.
func git(t testing.TB, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s in %s: %v\n%s", strings.Join(args, " "), dir, err, out)
	}
	return strings.TrimSpace(string(out))
}
