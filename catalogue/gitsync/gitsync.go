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
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/plural"
)

// Git runs git with args in dir and returns its standard output, trimmed;
// its error (a *GitError) carries the command and what git said.
func Git(dir string, args ...string) (string, error) {
	out, err := gitBytes(dir, args...)
	return strings.TrimSpace(string(out)), err
}

// Show returns the bytes of the file path (from the repository's top)
// as the commit rev has it, as git stored them: Git's output is trimmed,
// and a catalogue's last line break is part of its last record.
func Show(top, rev, path string) ([]byte, error) {
	return gitBytes(top, "show", rev+":"+path)
}

// gitBytes is Git with the output as git wrote it: a file's bytes.
func gitBytes(dir string, args ...string) ([]byte, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		said := strings.TrimSpace(errb.String())
		if said == "" {
			// Some refusals are on stdout ("nothing added to commit").
			said = strings.TrimSpace(out.String())
		}
		return out.Bytes(), &GitError{Args: args, Said: said, Err: err}
	}
	return out.Bytes(), nil
}

// GitError is the error of a git command that failed: the command, what
// git said about it (its stderr, else its stdout), and how it ended.
type GitError struct {
	Args []string
	Said string
	Err  error // an *exec.ExitError, or an *exec.Error when git cannot run
}

// Error is "git ARGS: what git said", safe to show (display): the
// arguments hold file names, and git quotes files.
func (e *GitError) Error() string {
	said := e.Said
	if said == "" {
		said = e.Err.Error()
	}
	return "git " + display.Text(strings.Join(e.Args, " ")) + ": " + display.Lines(said)
}

// Unwrap returns how the command ended.
func (e *GitError) Unwrap() error { return e.Err }

// literal makes the path rel (from the repository's top) a pathspec that
// names that file alone: git reads a pathspec as a glob, so that
// "br[ack]et.uricat" would also name braet.uricat.
func literal(rel string) string { return ":(literal)" + rel }

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

// driverArgs are the merge driver's arguments, as git expands them: "--"
// first, so that a catalogue whose name starts with a dash (%P) is a name
// and not an option; legacyDriverArgs are those of earlier versions.
const (
	driverArgs       = " merge -- %O %A %B %P"
	legacyDriverArgs = " merge %O %A %B %P"
)

// DriverCommand is the merge driver's command line for git's config: this
// program as the shell finds it on PATH, else by its absolute path.
func DriverCommand() string {
	exe := "uricat"
	self, err := os.Executable()
	if onPath, lerr := exec.LookPath("uricat"); err == nil && (lerr != nil || !sameFile(onPath, self)) {
		exe = shellQuote(self)
	}
	return exe + driverArgs
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
// catalogue at path is in (a .gitattributes line, git config), and checks
// that git now merges the catalogue with it; run again, it changes
// nothing. say receives what it did, a line each.
func InstallDriver(path string, say func(string)) error {
	top, rel, err := Repo(path)
	if err != nil {
		return err
	}
	if err := addAttributes(top, rel, say); err != nil {
		return err
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
	// A later line, or .git/info/attributes, may set another merge for
	// the file: then git would not call the driver, whatever we wrote.
	got, err := Git(top, "check-attr", "-z", "merge", "--", rel)
	if err != nil {
		return err
	}
	if v := strings.Split(got, "\x00"); len(v) < 3 || v[2] != "uricat" {
		return fmt.Errorf("git does not merge %s with uricat's driver, though %s says so: another attributes line sets merge for it (git check-attr -a -- %s tells which)",
			display.Text(rel), display.Text(filepath.Join(top, ".gitattributes")), display.Text(rel))
	}
	say(fmt.Sprintf("git merges %s in %s with: %s", display.Text(rel), display.Text(top), display.Text(driver)))
	return nil
}

// addAttributes makes the repository's .gitattributes say that git
// merges the file rel with the driver: it adds the line, or replaces the
// one an earlier version wrote, whose pattern a name with glob
// characters did not match.
func addAttributes(top, rel string, say func(string)) error {
	line := attrPattern(rel) + " merge=uricat"
	legacy := "/" + strings.ReplaceAll(rel, " ", "[[:space:]]") + " merge=uricat"
	attrs := filepath.Join(top, ".gitattributes")
	old, err := os.ReadFile(attrs)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	text := string(old)
	lines := strings.Split(text, "\n")
	switch i := slices.IndexFunc(lines, func(l string) bool { return strings.TrimSpace(l) == legacy }); {
	case hasLine(text, line):
		return nil
	case i >= 0:
		lines[i] = line + strings.TrimPrefix(lines[i], strings.TrimRight(lines[i], "\r"))
		text = strings.Join(lines, "\n")
		say(fmt.Sprintf("replaced in %s: %s with %s", display.Text(attrs), display.Text(legacy), display.Text(line)))
	default:
		if text != "" && !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		text += line + "\n"
		say(fmt.Sprintf("added to %s: %s", display.Text(attrs), display.Text(line)))
	}
	if err := os.WriteFile(attrs, []byte(text), 0o644); err != nil {
		return fmt.Errorf("cannot set the merge driver up: %w", err)
	}
	return nil
}

// attrPattern is the .gitattributes pattern that matches the file rel
// (from the repository's top) and no other: anchored by a leading slash
// (which also keeps a name starting with # or ! from being a comment or
// a negation), its glob characters escaped, and quoted C-style, as git
// reads it, when it holds what would end a pattern (a space, a tab) or
// what a pattern cannot hold bare (a quote, a control character).
func attrPattern(rel string) string {
	var b strings.Builder
	b.WriteByte('/')
	quote := false
	for i := 0; i < len(rel); i++ {
		c := rel[i]
		if strings.IndexByte(`\[]*?`, c) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(c)
		quote = quote || c <= ' ' || c == '"' || c == 0x7f
	}
	if !quote {
		return b.String()
	}
	return cQuote(b.String())
}

// cQuote quotes s as git unquotes a C-style string: \" \\ \t \n, and
// other control bytes in octal; the rest, UTF-8 included, as it is.
func cQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\n':
			b.WriteString(`\n`)
		case c < ' ' || c == 0x7f:
			fmt.Fprintf(&b, "\\%03o", c)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
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
		if ssd3.ConflictSide(r) != "" {
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
	return SyncWith(path, say, Hooks{})
}

// Hooks are what SyncWith runs between Sync's steps, for a file synced
// beside the catalogue (a browser's bookmarks): each gets the
// repository's top and the upstream branch ("" when there is none), and
// its error stops the sync there. A nil hook is skipped.
type Hooks struct {
	// BeforePull runs once the catalogue is committed, before the pull.
	BeforePull func(top, upstream string) error
	// AfterPull runs once the pull merged without conflicts (or, without
	// an upstream, once the catalogue is committed); what it commits is
	// pushed.
	AfterPull func(top, upstream string) error
	// BeforePush runs just before the push.
	BeforePush func(top, upstream string) error
}

func (h Hooks) run(f func(top, upstream string) error, top, upstream string) error {
	if f == nil {
		return nil
	}
	return f(top, upstream)
}

// SyncWith is Sync with hooks run between its steps.
func SyncWith(path string, say func(string), h Hooks) error {
	top, rel, err := Repo(path)
	if err != nil {
		return err
	}
	file := filepath.Join(top, filepath.FromSlash(rel))
	committed, err := commitLocal(path, top, rel, file, say)
	if err != nil {
		return err
	}
	upstream, err := Git(top, "rev-parse", "--abbrev-ref", "--symbolic-full-name", "@{u}")
	if err != nil {
		if upstream, err = trackRemote(top, say); err != nil {
			return err
		}
		if upstream == "" {
			return localOnly(top, committed, h, say)
		}
	}
	return pullAndPush(path, top, rel, file, upstream, h, say)
}

// commitLocal is a sync's first steps, in the repository alone: the
// driver set up, no markers, a stopped merge finished, the attributes
// and the catalogue committed; committed reports whether it committed.
func commitLocal(path, top, rel, file string, say func(string)) (committed bool, err error) {
	if _, err := Git(top, "symbolic-ref", "-q", "HEAD"); err != nil {
		return false, fmt.Errorf("no branch is checked out in %s (a detached HEAD): git switch BRANCH, then sync again", display.Text(top))
	}
	if err := setUpDriver(path, top, say); err != nil {
		return false, err
	}
	// A merge git made line by line (a pull without the driver) leaves
	// its markers: never committed, never sent.
	if err := checkMarkers(path, file, top, ""); err != nil {
		return false, err
	}
	// A merge that stopped on conflicts: finished once they are settled.
	if _, err := Git(top, "rev-parse", "-q", "--verify", "MERGE_HEAD"); err == nil {
		if err := finishMerge(top, rel, file, say); err != nil {
			return false, err
		}
	}
	if err := commitAttributes(top, say); err != nil {
		return false, err
	}
	return commitCatalogue(top, rel, file, say)
}

// localOnly is the rest of a sync whose branch has no upstream, and whose
// remote has no such branch: the hooks after the pull run on the local
// commits alone, and it says what was done.
func localOnly(top string, committed bool, h Hooks, say func(string)) error {
	head := mustGit(top, "rev-parse", "-q", "--verify", "HEAD")
	if err := h.run(h.AfterPull, top, ""); err != nil {
		return err
	}
	if committed || mustGit(top, "rev-parse", "-q", "--verify", "HEAD") != head {
		say("no upstream branch: committed only (git push -u REMOTE BRANCH sets one)")
	} else {
		say("no upstream branch: nothing committed, nothing to pull or push (git push -u REMOTE BRANCH sets one)")
	}
	return nil
}

// pullAndPush is the rest of a sync with an upstream: pull (merging with
// the driver), the hooks, push what is ahead.
func pullAndPush(path, top, rel, file, upstream string, h Hooks, say func(string)) error {
	if err := h.run(h.BeforePull, top, upstream); err != nil {
		return err
	}
	before := headVersion(top, rel)
	if _, err := Git(top, "pull", "--no-rebase", "--no-edit"); err != nil {
		if err := pullStopped(path, top, rel, upstream, err, say); err != nil {
			return err
		}
	}
	if in := DescribeChange(before, headVersion(top, rel)); in != "" {
		say(fmt.Sprintf("received from %s: %s", display.Text(upstream), in))
	} else {
		say(fmt.Sprintf("nothing new from %s", display.Text(upstream)))
	}
	// What came in may hold markers another clone committed.
	if err := checkMarkers(path, file, top, upstream); err != nil {
		return err
	}
	if err := h.run(h.AfterPull, top, upstream); err != nil {
		return err
	}
	ahead, _ := Git(top, "rev-list", "--count", "@{u}..HEAD")
	if n, _ := strconv.Atoi(ahead); n > 0 {
		if err := h.run(h.BeforePush, top, upstream); err != nil {
			return err
		}
		if _, err := Git(top, "push"); err != nil {
			return err
		}
		say(fmt.Sprintf("sent %s to %s", plural.Of(n, "commit"), display.Text(upstream)))
	} else {
		say("nothing to send")
	}
	return nil
}

// pullStopped says why the pull (its error pullErr) stopped; when the
// merge driver failed on the catalogue (it was killed, or git could not
// run it), it merges the catalogue here, as the driver does, and, when
// that settles the merge, commits it and returns nil.
func pullStopped(path, top, rel, upstream string, pullErr error, say func(string)) error {
	if _, err := Git(top, "rev-parse", "-q", "--verify", "MERGE_HEAD"); err != nil {
		return pullErr
	}
	file := filepath.Join(top, filepath.FromSlash(rel))
	if err := checkMarkers(path, file, top, upstream); err != nil {
		return err
	}
	s, _ := readSnapshot(file)
	if len(Marked(s)) > 0 {
		return &ConflictsError{Path: path, Upstream: upstream, Merged: s}
	}
	out, _ := Git(top, "diff", "--name-only", "-z", "--diff-filter=U")
	unmerged := strings.Split(strings.TrimRight(out, "\x00"), "\x00")
	// The catalogue unmerged, without the driver's marks: the driver did
	// not finish, and git left our version alone in the file, which the
	// next commit would take, theirs dropped.
	if i := slices.Index(unmerged, rel); i >= 0 {
		merged, conflicts, err := mergeStages(top, rel, file)
		if err != nil {
			return err
		}
		if merged != nil {
			say(fmt.Sprintf("uricat's merge driver did not merge %s (git could not run it, or it was stopped): merged here", display.Text(rel)))
			if conflicts > 0 {
				return &ConflictsError{Path: path, Upstream: upstream, Merged: merged}
			}
			if len(unmerged) == 1 {
				return commitMerge(top, rel)
			}
			unmerged = slices.Delete(unmerged, i, i+1)
		}
	}
	// Git stopped on other files, or on the catalogue deleted on one
	// side: git settles them.
	return fmt.Errorf("the pull from %s stopped on conflicts uricat does not settle, in %s: settle them with git (git status lists them), then sync again",
		display.Text(upstream), display.Text(strings.Join(unmerged, ", ")))
}

// mergeStages merges the versions of the catalogue rel that git's index
// holds while a merge is stopped (the common one, ours, theirs) as the
// merge driver does, into the work tree's file. merged is nil when the
// index lacks ours or theirs (one side deleted the file): no merge of
// records settles that.
func mergeStages(top, rel, file string) (merged *catalogue.Snapshot, conflicts int, err error) {
	var snaps [3]*catalogue.Snapshot
	for i := range snaps {
		text, err := gitBytes(top, "show", fmt.Sprintf(":%d:%s", i+1, rel))
		if err != nil {
			if i == 0 {
				continue // both sides added the file: no common version
			}
			return nil, 0, nil
		}
		c, err := catalogue.Read(bytes.NewReader(text))
		if err != nil {
			return nil, 0, &UnreadableError{fmt.Errorf("%s as git's merge has it: %w", rel, err)}
		}
		snaps[i] = c.Snapshot()
	}
	merged, cs := catalogue.MergeFile(snaps[0], snaps[1], snaps[2])
	if _, err := catalogue.WriteFile(file, func(w io.Writer) error {
		_, err := merged.WriteTo(w)
		return err
	}); err != nil {
		return nil, 0, fmt.Errorf("cannot write the merged catalogue: %w", err)
	}
	return merged, len(cs), nil
}

// setUpDriver sets uricat's merge driver up when the repository has none,
// and gives one an earlier version set up the "--" that keeps a name
// starting with a dash from being read as an option.
func setUpDriver(path, top string, say func(string)) error {
	drv, _ := Git(top, "config", "--get", "merge.uricat.driver")
	switch {
	case drv == "":
		say("setting up uricat's merge driver for this repository:")
		return InstallDriver(path, say)
	case strings.HasSuffix(drv, legacyDriverArgs):
		drv = strings.TrimSuffix(drv, legacyDriverArgs) + driverArgs
		if _, err := Git(top, "config", "merge.uricat.driver", drv); err != nil {
			return err
		}
		say("uricat's merge driver is now: " + display.Text(drv))
	}
	return nil
}

// MarkersError is Sync's refusal of a catalogue that holds git's conflict
// markers: git merged it line by line, without uricat's driver (a clone
// without it, or a pull by hand), and committing or sending that would
// spread a broken catalogue. Lines are the markers' lines (1-based).
// Upstream names what the sync pulled, when the markers came with that
// pull; Merging says whether git's merge is still under way, so that git
// checkout can take a side or redo it.
type MarkersError struct {
	Path     string
	Lines    []int
	Upstream string
	Merging  bool
}

// maxMarkerLines is how many of the markers' lines a MarkersError names.
const maxMarkerLines = 9

// Error says where the markers are and how to settle them: "WHERE: not
// synced. Settle them: SETTLE; then sync again" (Where, Settle).
func (e *MarkersError) Error() string {
	return e.Where() + ": not synced. Settle them: " + e.Settle() + "; then sync again"
}

// Where says where the markers are: "git's conflict markers are in PATH,
// at lines 6, 8, 10", safe to show (display).
func (e *MarkersError) Where() string {
	var b strings.Builder
	if e.Upstream != "" {
		fmt.Fprintf(&b, "after the pull from %s, ", display.Text(e.Upstream))
	}
	at := "line"
	if len(e.Lines) > 1 {
		at = "lines"
	}
	fmt.Fprintf(&b, "git's conflict markers are in %s, at %s", display.Text(e.Path), at)
	for i, l := range e.Lines[:min(len(e.Lines), maxMarkerLines)] {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, " %d", l)
	}
	if len(e.Lines) > maxMarkerLines {
		b.WriteString(" …")
	}
	return b.String()
}

// Settle says how to settle the markers: edit the file, and while git's
// merge is under way, take a side or redo the merge with the driver.
func (e *MarkersError) Settle() string {
	if !e.Merging {
		return "edit the file"
	}
	name := display.Text(shellArg(e.Path))
	return fmt.Sprintf("edit the file; or keep one side whole (git checkout --ours -- %s, or --theirs); or merge it record by record (uricat merge --install, then git checkout -m -- %s)", name, name)
}

// shellArg is path as one argument of a git command the user types: a
// literal pathspec when it holds glob characters, quoted for the shell
// when it holds more than letters, digits and . _ - / + @ , : =.
func shellArg(path string) string {
	if strings.ContainsAny(path, `*?[\`) {
		path = literal(path)
	}
	if strings.Trim(path, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-/+@,:=") == "" {
		return path
	}
	return shellQuote(path)
}

// checkMarkers refuses the catalogue file (path as the user named it)
// when it holds git's conflict markers; upstream is what the sync pulled,
// "" before it pulls.
func checkMarkers(path, file, top, upstream string) error {
	text, err := os.ReadFile(file)
	if errors.Is(err, os.ErrNotExist) {
		return nil // a removal is committed as any change is
	}
	if err != nil {
		return &UnreadableError{err}
	}
	lines := MarkerLines(text)
	if len(lines) == 0 {
		return nil
	}
	_, merr := Git(top, "rev-parse", "-q", "--verify", "MERGE_HEAD")
	return &MarkersError{Path: path, Lines: lines, Upstream: upstream, Merging: merr == nil}
}

// MarkerLines returns the lines (1-based) of text that are git's conflict
// markers: "<<<<<<< ours", "||||||| base" (diff3), "=======" and
// ">>>>>>> theirs", seven characters or more (a conflict-marker-size
// attribute makes them longer). No SSD3 line can be one: a line is a
// field ("NAME: value") or blank, so these are never the catalogue's
// own text, and the catalogue's reader reports each as not a field.
func MarkerLines(text []byte) []int {
	var lines []int
	for n := 1; len(text) > 0; n++ {
		line := text
		if i := bytes.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			text = nil
		}
		if isMarker(bytes.TrimSuffix(line, []byte("\r"))) {
			lines = append(lines, n)
		}
	}
	return lines
}

// isMarker says whether line (without its line break) is a conflict
// marker: a run of seven or more of one marker character, then the end
// of the line, or (but for "=") a space and a label.
func isMarker(line []byte) bool {
	if len(line) < 7 || strings.IndexByte("<|=>", line[0]) < 0 {
		return false
	}
	run := len(line) - len(bytes.TrimLeft(line, string(line[:1])))
	switch {
	case run < 7:
		return false
	case run == len(line):
		return true
	}
	return line[0] != '=' && line[run] == ' '
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
	if err := commitMerge(top, rel); err != nil {
		return err
	}
	say("committed the merge the last sync stopped")
	return nil
}

// commitMerge commits the merge under way, once the catalogue rel is
// settled.
func commitMerge(top, rel string) error {
	if _, err := Git(top, "add", "--", literal(rel)); err != nil {
		return err
	}
	if _, err := Git(top, "commit", "--no-edit"); err != nil {
		return fmt.Errorf("the catalogue's conflicts are settled, but the merge cannot be committed (other files may have conflicts): %w", err)
	}
	return nil
}

// commitCatalogue commits the catalogue alone, if it changed, and says
// whether it did.
func commitCatalogue(top, rel, file string, say func(string)) (committed bool, err error) {
	status, err := Git(top, "status", "--porcelain", "--", literal(rel))
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
	if _, err := Git(top, "add", "--", literal(rel)); err != nil {
		return false, err
	}
	if _, err := Git(top, "commit", "-m", "uricat sync: "+what, "--", literal(rel)); err != nil {
		return false, err
	}
	say("committed " + what)
	return true, nil
}

// commitAttributes commits .gitattributes when it changed and holds the
// merge driver's line (setUpDriver, or merge --install, wrote it): a
// clone without it would merge the catalogue line by line.
func commitAttributes(top string, say func(string)) error {
	const name = ".gitattributes"
	status, err := Git(top, "status", "--porcelain", "--", literal(name))
	if err != nil || status == "" {
		return err
	}
	text, err := os.ReadFile(filepath.Join(top, name))
	if err != nil || !strings.Contains(string(text), "merge=uricat") {
		return nil // not ours to commit
	}
	if _, err := Git(top, "add", "--", literal(name)); err != nil {
		return err
	}
	if _, err := Git(top, "commit", "-m", "uricat sync: the catalogue's merge driver in "+name, "--", literal(name)); err != nil {
		return err
	}
	say("committed " + name + " (the merge driver, for the other clones)")
	return nil
}

// trackRemote gives the branch checked out, which has no upstream, the
// one remote of the repository as its upstream: pushing the branch there
// when the remote lacks it (a clone of an empty repository), else
// tracking the remote's branch of that name. It returns the upstream
// ("origin/main"), or "" when there is no one remote to choose.
func trackRemote(top string, say func(string)) (string, error) {
	remotes := strings.Fields(mustGit(top, "remote"))
	branch := mustGit(top, "symbolic-ref", "--short", "HEAD")
	if len(remotes) != 1 || branch == "" {
		return "", nil
	}
	remote := remotes[0]
	heads, err := Git(top, "ls-remote", "--heads", remote, "refs/heads/"+branch)
	if err != nil {
		return "", fmt.Errorf("the branch %s has no upstream, and %s cannot be reached to give it one: %w", display.Text(branch), display.Text(remote), err)
	}
	upstream := remote + "/" + branch
	if heads == "" {
		if _, err := Git(top, "push", "-u", "--", remote, branch); err != nil {
			return "", err
		}
		say(fmt.Sprintf("sent %s to %s, which had no such branch: it is the upstream branch now", display.Text(branch), display.Text(remote)))
		return upstream, nil
	}
	if _, err := Git(top, "fetch", "--", remote, branch); err != nil {
		return "", err
	}
	if _, err := Git(top, "branch", "--set-upstream-to="+upstream); err != nil {
		return "", err
	}
	say(fmt.Sprintf("%s is the upstream branch now", display.Text(upstream)))
	return upstream, nil
}

// mustGit is Git's output, "" on an error: for questions whose failure
// is an answer (no remote, no branch).
func mustGit(dir string, args ...string) string {
	out, err := Git(dir, args...)
	if err != nil {
		return ""
	}
	return out
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
			old[ssd3.URIKey(r.URI())] = strings.TrimSpace(r.Raw())
		}
	}
	var added, changed int
	seen := map[string]bool{}
	if after != nil {
		for _, r := range after.Records() {
			k := ssd3.URIKey(r.URI())
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
