//go:build unix

package gitsync

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// trialRecs are the records a kill trial's catalogues may hold, by URI.
var trialRecs = map[string]bool{"https://go.dev/": true, "https://example.org/": true, "https://a.example/": true, "https://b.example/": true}

// TestSyncKilled kills a sync (it, git and the merge driver: the process
// group) at a random point, or the merge driver alone, and checks that
// the catalogue in the work tree and in every commit, the clone's and
// the remote's, is whole (it reads without errors, with its records) and
// holds no conflict markers; then that syncing again, as a user would
// (removing the lock files git says to remove, redoing a merge the
// driver did not finish, settling conflicts), sends both clones' changes.
func TestSyncKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("the kill trials are skipped in -short mode")
	}
	t.Parallel()
	for i := range 12 {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			t.Parallel()
			killTrial(t, rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), uint64(i))), i%3 == 2)
		})
	}
}

// killTrial is one kill: clone b sent a bookmark, clone a added another
// (and, with conflict, both renamed one record) and syncs, killed.
func killTrial(t *testing.T, rng *rand.Rand, conflict bool) {
	bare, a, b := twoClones(t)
	bText, aText := start, start
	if conflict {
		bText = strings.Replace(start, "NAME: Example", "NAME: Example B", 1)
		aText = strings.Replace(start, "NAME: Example", "NAME: Example A", 1)
	}
	write(t, filepath.Join(b, "bookmarks.uricat"), bText+"\r\nURI: https://b.example/\r\nNAME: B\r\nDATE: 03/02/2024 10:00:00\r\n")
	commitAndPush(t, b, "from b")
	path := filepath.Join(a, "bookmarks.uricat")
	write(t, path, aText+"\r\nURI: https://a.example/\r\nNAME: A\r\nDATE: 03/02/2024 10:00:00\r\n")

	killSync(t, rng, path)
	checkWhole(t, "the work tree's", read(t, path))
	checkCommits(t, a, "--all")
	checkCommits(t, bare, "--all")

	settleAfterKill(t, a, bare)
	text := read(t, path)
	checkWhole(t, "the settled work tree's", text)
	for u := range trialRecs {
		if !strings.Contains(text, "URI: "+u+"\r\n") {
			t.Errorf("after the syncs, %s is lost:\n%s", u, text)
		}
	}
	if got, want := git(t, bare, "rev-parse", "main"), git(t, a, "rev-parse", "HEAD"); got != want {
		t.Errorf("after the syncs, the remote's main is %s, the clone's HEAD %s", got, want)
	}
	checkCommits(t, a, "--all")
	checkCommits(t, bare, "--all")
}

// killSync runs the sync of the catalogue at path in a child process and
// kills it at a random point: once it has said a random number of its
// steps (none, the commit, the pull), a random time later; its merge
// driver, one time in two, kills itself a random time after it starts.
func killSync(t *testing.T, rng *rand.Rand, path string) {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), killTrialSync+"="+path)
	if rng.IntN(2) == 0 {
		cmd.Env = append(cmd.Env, killTrialDriver+"="+time.Duration(rng.Int64N(int64(20*time.Millisecond))).String())
	}
	cmd.Stderr = io.Discard
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	steps, delay := rng.IntN(3), time.Duration(rng.Int64N(int64(400*time.Millisecond)))
	said := make(chan string)
	go func() {
		defer close(said)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			said <- sc.Text()
		}
	}()
	var lines []string
	for len(lines) < steps {
		l, ok := <-said
		if !ok {
			break
		}
		lines = append(lines, l)
	}
	kill := time.After(delay)
	for {
		select {
		case l, ok := <-said:
			if ok {
				lines = append(lines, l)
				continue
			}
			t.Logf("the sync ended before the kill (%d steps, %v later): %q: %v", steps, delay, lines, cmd.Wait())
			return
		case <-kill:
			// The group: the sync, the git it runs, and the driver git runs.
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			for l := range said {
				lines = append(lines, l)
			}
			cmd.Wait()
			t.Logf("killed %v after %d steps, having said %q", delay, steps, lines)
			return
		}
	}
}

// checkWhole fails unless text is a whole catalogue: no markers, no
// errors (a torn record lacks its fields), and its records those of the
// trial, at least the two it started with.
func checkWhole(t *testing.T, what, text string) {
	t.Helper()
	if lines := MarkerLines([]byte(text)); len(lines) > 0 {
		t.Errorf("%s catalogue holds conflict markers at lines %v:\n%s", what, lines, text)
	}
	c, err := catalogue.Read(strings.NewReader(text))
	if err != nil {
		t.Fatalf("%s catalogue: %v", what, err)
	}
	for _, p := range c.Problems() {
		if p.Kind == ssd3.Error {
			t.Errorf("%s catalogue is torn: %v\n%s", what, p, text)
		}
	}
	if n := len(c.Records()); n < 2 {
		t.Errorf("%s catalogue has %d records:\n%s", what, n, text)
	}
	for _, r := range c.Records() {
		if !trialRecs[r.URI()] {
			t.Errorf("%s catalogue holds %q:\n%s", what, r.URI(), text)
		}
	}
}

// checkCommits checks the catalogue of every commit revs reach in the
// repository dir, as checkWhole does.
func checkCommits(t *testing.T, dir string, revs ...string) {
	t.Helper()
	for _, c := range strings.Fields(git(t, dir, append([]string{"rev-list"}, revs...)...)) {
		text, err := Git(dir, "show", c+":bookmarks.uricat")
		if err != nil {
			t.Errorf("commit %s has no catalogue: %v", c, err)
			continue
		}
		checkWhole(t, "commit "+c+"'s", text+"\r\n")
	}
}

// settleAfterKill syncs the clone dir until the sync succeeds, doing
// what its errors say: the lock files a killed git left are removed (git
// names them), a merge the driver did not finish is redone with it, and
// conflicts are settled keeping ours.
func settleAfterKill(t *testing.T, dir, bare string) {
	t.Helper()
	path := filepath.Join(dir, "bookmarks.uricat")
	for range 6 {
		removeLocks(t, filepath.Join(dir, ".git"))
		removeLocks(t, bare)
		_, err := syncFile(t, path)
		var ce *ConflictsError
		switch {
		case err == nil:
			return
		case errors.As(err, &ce):
			var kept []string
			for r := range strings.SplitSeq(read(t, path), "\r\n\r\n") {
				if !strings.Contains(r, "X-CONFLICT") {
					kept = append(kept, r)
				}
			}
			write(t, path, strings.Join(kept, "\r\n\r\n"))
		case strings.Contains(err.Error(), "conflicts uricat does not settle"):
			// The driver was killed: git took the file as it was.
			git(t, dir, "checkout", "-m", "--", "bookmarks.uricat")
		default:
			t.Logf("sync after the kill: %v", err)
		}
	}
	t.Fatalf("the sync does not succeed after the kill")
}

// removeLocks removes the lock files a killed git left in the git
// directory dir, as git's message says to.
func removeLocks(t *testing.T, dir string) {
	t.Helper()
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".lock") {
			os.Remove(p)
		}
		return nil
	})
}
