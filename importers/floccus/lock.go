package floccus

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/uricat/uricat/catalogue/gitsync"
	"github.com/uricat/uricat/internal/display"
)

// lockPrefix is the name floccus gives the tags that lock the repository
// while it syncs: floccus-lock-MILLISECONDS (Unix time), pushed to the
// remote and renewed while it runs, deleted when it is done.
const lockPrefix = "floccus-lock-"

// LockTimeout is how long floccus holds a lock tag good for: an older
// one is a sync that ended without deleting it, which floccus itself
// overrides.
const LockTimeout = 15 * time.Minute

// LockedError is Sync's refusal while floccus holds the repository: its
// newest lock tag on the remote is younger than LockTimeout. Nothing was
// pushed.
type LockedError struct {
	Remote string
	Tag    string
	Age    time.Duration
}

// Error says who holds the lock, since when, and that nothing was sent.
func (e *LockedError) Error() string {
	return fmt.Sprintf("floccus is syncing with %s (its lock %s was set %s ago): nothing sent; sync again once it is done (a lock older than %s is ignored)",
		display.Text(e.Remote), display.Text(e.Tag), e.Age.Round(time.Second), LockTimeout)
}

// remoteOf is the remote of the upstream branch, "" without one.
func remoteOf(top string) string {
	branch, err := gitsync.Git(top, "symbolic-ref", "--short", "HEAD")
	if err != nil {
		return ""
	}
	remote, _ := gitsync.Git(top, "config", "--get", "branch."+branch+".remote")
	return remote
}

// lockOf asks the remote for floccus's newest lock tag younger than
// LockTimeout: nil when there is none.
func lockOf(top, remote string, now time.Time) (*LockedError, error) {
	out, err := gitsync.Git(top, "ls-remote", "--tags", "--", remote)
	if err != nil {
		return nil, fmt.Errorf("cannot ask %s for floccus's lock: %w", display.Text(remote), err)
	}
	var tags []int64
	for line := range strings.SplitSeq(out, "\n") {
		_, ref, _ := strings.Cut(line, "\t")
		ms, ok := strings.CutPrefix(ref, "refs/tags/"+lockPrefix)
		if n, err := strconv.ParseInt(ms, 10, 64); ok && err == nil {
			tags = append(tags, n)
		}
	}
	if len(tags) == 0 {
		return nil, nil
	}
	newest := slices.Max(tags)
	age := now.Sub(time.UnixMilli(newest))
	if age >= LockTimeout {
		return nil, nil
	}
	return &LockedError{Remote: remote, Tag: lockPrefix + strconv.FormatInt(newest, 10), Age: max(age, 0)}, nil
}

// waitLock waits, up to o.Wait, while floccus holds the repository,
// saying so once; the error is a *LockedError when it still does.
func waitLock(top string, o Options, say func(string)) error {
	remote := remoteOf(top)
	if remote == "" {
		return nil
	}
	deadline := o.now().Add(o.Wait)
	for said := false; ; said = true {
		l, err := lockOf(top, remote, o.now())
		if err != nil || l == nil {
			return err
		}
		if !said && o.Wait > 0 {
			say(fmt.Sprintf("floccus is syncing with %s (its lock %s was set %s ago): waiting up to %s", display.Text(remote), display.Text(l.Tag), l.Age.Round(time.Second), o.Wait))
		}
		if !o.now().Before(deadline) {
			return l
		}
		time.Sleep(min(o.Poll, deadline.Sub(o.now())))
	}
}
