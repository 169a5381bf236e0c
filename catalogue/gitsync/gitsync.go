// Package gitsync syncs a catalogue kept in a git repository, for
// `uricat sync` and the TUI's sync key: commit the catalogue if it
// changed, pull with uricat's merge driver (set up first if the
// repository lacks it), push. It runs the git the user has (os/exec, no
// shell), with their remotes and credentials, and says what each step did
// through a callback, so that the CLI prints it and the TUI shows it.
package gitsync

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
)

// Git runs git with args in dir and returns its standard output, trimmed;
// its error carries what git said on stderr.
func Git(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(errb.String())
		if msg == "" {
			msg = err.Error()
		}
		return strings.TrimSpace(out.String()), fmt.Errorf("git %s: %s", strings.Join(args, " "), msg)
	}
	return strings.TrimSpace(out.String()), nil
}

// Repo returns the top of the git repository the catalogue at path is in,
// and the catalogue's path from there (with slashes). The error says when
// git is not installed, or the catalogue is in no repository.
func Repo(path string) (top, rel string, err error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", "", err
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	dir := filepath.Dir(abs)
	top, err = Git(dir, "rev-parse", "--show-toplevel")
	if err != nil {
		var ee *exec.Error
		if errors.As(err, &ee) {
			return "", "", fmt.Errorf("git is not installed: %w", err)
		}
		return "", "", fmt.Errorf("%s is not in a git repository (git init %s makes one)", display.Text(path), display.Text(dir))
	}
	if real, err := filepath.EvalSymlinks(top); err == nil {
		top = real
	}
	rel, err = filepath.Rel(top, abs)
	if err != nil {
		return "", "", err
	}
	return top, filepath.ToSlash(rel), nil
}

// DriverCommand is the merge driver's command line for git's config: this
// program as the shell finds it on PATH, else by its absolute path.
func DriverCommand() string {
	exe := "uricat"
	self, err := os.Executable()
	if onPath, lerr := exec.LookPath("uricat"); err == nil && (lerr != nil || !sameFile(onPath, self)) {
		exe = shellQuote(self)
	}
	return exe + " merge %O %A %B %P"
}

func sameFile(a, b string) bool {
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(fa, fb)
}

// shellQuote quotes s for the shell git runs a driver with.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// InstallDriver sets uricat's merge driver up for the repository the
// catalogue at path is in (a .gitattributes line, git config); run again,
// it changes nothing. say receives what it did, a line each.
func InstallDriver(path string, say func(string)) error {
	top, rel, err := Repo(path)
	if err != nil {
		return err
	}
	line := "/" + strings.ReplaceAll(rel, " ", "[[:space:]]") + " merge=uricat"
	attrs := filepath.Join(top, ".gitattributes")
	old, err := os.ReadFile(attrs)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	if !hasLine(string(old), line) {
		text := string(old)
		if text != "" && !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		if err := os.WriteFile(attrs, []byte(text+line+"\n"), 0o644); err != nil {
			return err
		}
		say(fmt.Sprintf("added to %s: %s", display.Text(attrs), display.Text(line)))
	}
	driver := DriverCommand()
	for _, kv := range [][2]string{
		{"merge.uricat.name", "uricat: URI-Catalogues merged record by record"},
		{"merge.uricat.driver", driver},
	} {
		if _, err := Git(top, "config", kv[0], kv[1]); err != nil {
			return err
		}
	}
	say(fmt.Sprintf("git merges %s in %s with: %s", display.Text(rel), display.Text(top), display.Text(driver)))
	return nil
}

func hasLine(text, line string) bool {
	for l := range strings.SplitSeq(text, "\n") {
		if strings.TrimSpace(l) == line {
			return true
		}
	}
	return false
}

// ConflictsError is Sync's error when the catalogue has conflicts to
// settle: the pull it ran stopped on them (Upstream names what it pulled),
// or those of the merge an earlier sync stopped are not settled yet
// (Upstream ""). Merged is the catalogue as the merge left it, both
// versions of each conflict in it (nil if it cannot be read).
type ConflictsError struct {
	Path     string
	Upstream string
	Merged   *catalogue.Snapshot
}

func (e *ConflictsError) Error() string {
	n := len(Marked(e.Merged))
	if e.Upstream != "" {
		return fmt.Sprintf("the pull from %s stopped on %s in %s", display.Text(e.Upstream), plural.Of(n, "conflict"), display.Text(e.Path))
	}
	return fmt.Sprintf("%s left to settle in %s", plural.Of(n, "conflict"), display.Text(e.Path))
}

// Marked returns the conflicts of a file a merge wrote: one per version
// marked X-CONFLICT.
func Marked(s *catalogue.Snapshot) []catalogue.Conflict {
	if s == nil {
		return nil
	}
	var cs []catalogue.Conflict
	for _, r := range s.Records() {
		if catalogue.ConflictSide(r) != "" {
			cs = append(cs, catalogue.Conflict{Ours: r})
		}
	}
	return cs
}

// Sync commits, pulls and pushes the repository of the catalogue at path
// (see the package doc); say receives what each step did, a line each, as
// it happens ("committed 2 bookmarks added", "nothing new from
// origin/main"). A repository without an upstream branch is only
// committed; one without a branch checked out (a detached HEAD, a rebase
// under way) is not synced, since a commit there would belong to no
// branch. The error is a *ConflictsError when conflicts in the catalogue
// stop it.
func Sync(path string, say func(string)) error {
	top, rel, err := Repo(path)
	if err != nil {
		return err
	}
	file := filepath.Join(top, filepath.FromSlash(rel))
	if _, err := Git(top, "symbolic-ref", "-q", "HEAD"); err != nil {
		return fmt.Errorf("no branch is checked out in %s (a detached HEAD): git switch BRANCH, then sync again", display.Text(top))
	}
	if drv, _ := Git(top, "config", "--get", "merge.uricat.driver"); drv == "" {
		say("setting up uricat's merge driver for this repository:")
		if err := InstallDriver(path, say); err != nil {
			return err
		}
	}

	// A merge that stopped on conflicts: finished once they are settled.
	if _, err := Git(top, "rev-parse", "-q", "--verify", "MERGE_HEAD"); err == nil {
		if err := finishMerge(top, rel, file, say); err != nil {
			return err
		}
	}
	committed, err := commitCatalogue(top, rel, file, say)
	if err != nil {
		return err
	}
	upstream, err := Git(top, "rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{u}")
	if err != nil {
		if committed {
			say("no upstream branch: committed only (git push -u REMOTE BRANCH sets one)")
		} else {
			say("no upstream branch: nothing committed, nothing to pull or push (git push -u REMOTE BRANCH sets one)")
		}
		return nil
	}
	before := headVersion(top, rel)
	if _, err := Git(top, "pull", "--no-rebase", "--no-edit"); err != nil {
		if _, merr := Git(top, "rev-parse", "-q", "--verify", "MERGE_HEAD"); merr == nil {
			s, _ := readSnapshot(file)
			if len(Marked(s)) > 0 {
				return &ConflictsError{Path: path, Upstream: upstream, Merged: s}
			}
			// Git stopped on other files, or on the catalogue without
			// the driver's marks (it did not run): git settles them.
			files, _ := Git(top, "diff", "--name-only", "--diff-filter=U")
			return fmt.Errorf("the pull from %s stopped on conflicts uricat does not settle, in %s: settle them with git (git status lists them), then sync again",
				display.Text(upstream), display.Text(strings.Join(strings.Fields(files), ", ")))
		}
		return err
	}
	if in := DescribeChange(before, headVersion(top, rel)); in != "" {
		say(fmt.Sprintf("received from %s: %s", display.Text(upstream), in))
	} else {
		say(fmt.Sprintf("nothing new from %s", display.Text(upstream)))
	}
	ahead, _ := Git(top, "rev-list", "--count", "@{u}..HEAD")
	if n, _ := strconv.Atoi(ahead); n > 0 {
		if _, err := Git(top, "push"); err != nil {
			return err
		}
		say(fmt.Sprintf("sent %s to %s", plural.Of(n, "commit"), display.Text(upstream)))
	} else {
		say("nothing to send")
	}
	return nil
}

// UnreadableError is Sync's error when the catalogue file cannot be read.
type UnreadableError struct{ Err error }

func (e *UnreadableError) Error() string { return e.Err.Error() }
func (e *UnreadableError) Unwrap() error { return e.Err }

// readSnapshot reads the catalogue file at path.
func readSnapshot(path string) (*catalogue.Snapshot, error) {
	f, _, err := catalogue.OpenInput(path)
	if err != nil {
		return nil, &UnreadableError{err}
	}
	defer f.Close()
	c, err := catalogue.Read(f)
	if err != nil {
		return nil, &UnreadableError{fmt.Errorf("%s: %w", path, err)}
	}
	return c.Snapshot(), nil
}

// finishMerge concludes a merge that stopped on the catalogue's conflicts,
// once none is left in the file.
func finishMerge(top, rel, file string, say func(string)) error {
	s, err := readSnapshot(file)
	if err != nil {
		return err
	}
	if len(Marked(s)) > 0 {
		return &ConflictsError{Path: file, Merged: s}
	}
	if _, err := Git(top, "add", "--", rel); err != nil {
		return err
	}
	if _, err := Git(top, "commit", "--no-edit"); err != nil {
		return fmt.Errorf("the catalogue's conflicts are settled, but the merge cannot be committed (other files may have conflicts): %w", err)
	}
	say("committed the merge the last sync stopped")
	return nil
}

// commitCatalogue commits the catalogue alone, if it changed, and says
// whether it did.
func commitCatalogue(top, rel, file string, say func(string)) (committed bool, err error) {
	status, err := Git(top, "status", "--porcelain", "--", rel)
	if err != nil {
		return false, err
	}
	if status == "" {
		return false, nil
	}
	before := headVersion(top, rel)
	now, rerr := readSnapshot(file)
	what := "the catalogue"
	if rerr == nil {
		if d := DescribeChange(before, now); d != "" {
			what = d
		}
	}
	if _, err := Git(top, "add", "--", rel); err != nil {
		return false, err
	}
	if _, err := Git(top, "commit", "-m", "uricat sync: "+what, "--", rel); err != nil {
		return false, err
	}
	say("committed " + what)
	return true, nil
}

// headVersion reads the catalogue as HEAD has it; nil when HEAD has none.
func headVersion(top, rel string) *catalogue.Snapshot {
	text, err := Git(top, "show", "HEAD:"+rel)
	if err != nil {
		return nil
	}
	c, err := catalogue.Read(strings.NewReader(text))
	if err != nil {
		return nil
	}
	return c.Snapshot()
}

// DescribeChange says how after differs from before, by records' URIs:
// "2 bookmarks added, 1 bookmark changed"; "" when nothing did.
func DescribeChange(before, after *catalogue.Snapshot) string {
	old := map[string]string{}
	if before != nil {
		for _, r := range before.Records() {
			old[catalogue.URIKey(r.URI())] = strings.TrimSpace(r.Raw())
		}
	}
	var added, changed int
	seen := map[string]bool{}
	if after != nil {
		for _, r := range after.Records() {
			k := catalogue.URIKey(r.URI())
			seen[k] = true
			switch raw, ok := old[k]; {
			case !ok:
				added++
			case raw != strings.TrimSpace(r.Raw()):
				changed++
			}
		}
	}
	removed := 0
	for k := range old {
		if !seen[k] {
			removed++
		}
	}
	var parts []string
	if added > 0 {
		parts = append(parts, plural.Of(added, "bookmark")+" added")
	}
	if changed > 0 {
		parts = append(parts, plural.Of(changed, "bookmark")+" changed")
	}
	if removed > 0 {
		parts = append(parts, plural.Of(removed, "bookmark")+" removed")
	}
	return strings.Join(parts, ", ")
}
