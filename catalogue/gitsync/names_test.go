package gitsync

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// oddNames are catalogue names git could misread: as a glob (each beside
// a file the glob matches too), as an option, as a comment or a negation
// in .gitattributes, or as the end of a pattern.
var oddNames = []struct{ name, decoy string }{
	{"br[ack]et.uricat", "braet.uricat"},
	{"a*b.uricat", "axb.uricat"},
	{"q?.uricat", "qx.uricat"},
	{`back\slash.uricat`, "backslash.uricat"},
	{"my bookmarks.uricat", ""},
	{"tab\there.uricat", ""},
	{`quo"te.uricat`, ""},
	{"-dash.uricat", ""},
	{"#hash.uricat", ""},
	{"!bang.uricat", ""},
	{"sub dir/[x].uricat", "sub dir/x.uricat"},
}

// InstallDriver writes a .gitattributes pattern that git matches to the
// catalogue, and only to it, whatever its name.
func TestInstallDriverNames(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	for _, tc := range oddNames {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			git(t, dir, "init", "-q", "-b", "main")
			path := filepath.Join(dir, filepath.FromSlash(tc.name))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			write(t, path, start)
			for range 2 {
				if err := InstallDriver(path, func(string) {}); err != nil {
					t.Fatal(err)
				}
			}
			if got := read(t, filepath.Join(dir, ".gitattributes")); strings.Count(got, "\n") != 1 {
				t.Errorf("installed twice, .gitattributes is %q, want one line", got)
			}
			if got := attr(t, dir, tc.name); got != "uricat" {
				t.Errorf("git check-attr merge %q: %q, want uricat", tc.name, got)
			}
			if tc.decoy != "" {
				if got := attr(t, dir, tc.decoy); got != "unspecified" {
					t.Errorf("git check-attr merge %q (beside %q): %q, want unspecified", tc.decoy, tc.name, got)
				}
			}
		})
	}
}

// attr is the merge attribute git gives the file rel in dir.
func attr(t *testing.T, dir, rel string) string {
	t.Helper()
	v := strings.Split(git(t, dir, "check-attr", "-z", "merge", "--", rel), "\x00")
	if len(v) < 3 {
		t.Fatalf("git check-attr -z: %q", v)
	}
	return v[2]
}

// A line that sets another merge for the catalogue, where git reads it
// after ours, would keep git from calling the driver: InstallDriver says
// so rather than that git merges with it.
func TestInstallDriverOverridden(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "main")
	path := filepath.Join(dir, "bookmarks.uricat")
	write(t, path, start)
	write(t, filepath.Join(dir, ".git", "info", "attributes"), "*.uricat merge=union\n")
	var said []string
	err := InstallDriver(path, func(s string) { said = append(said, s) })
	if err == nil || !strings.HasPrefix(err.Error(), "git does not merge bookmarks.uricat with uricat's driver") {
		t.Errorf("error %v, want that git does not merge with the driver", err)
	}
	for _, s := range said {
		if strings.HasPrefix(s, "git merges") {
			t.Errorf("InstallDriver said %q", s)
		}
	}
}

// Sync commits the catalogue alone, whatever its name, and a pull merges
// it with the driver: both clones appended a bookmark, which git's own
// line merge would stop on.
func TestSyncNames(t *testing.T) {
	t.Parallel()
	for _, tc := range oddNames {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, a, b := twoClonesOf(t, tc.name)
			if tc.decoy != "" {
				write(t, filepath.Join(a, filepath.FromSlash(tc.decoy)), "not a catalogue\n")
				git(t, a, "add", "--", literal(tc.decoy))
				git(t, a, "commit", "-q", "-m", "decoy")
				git(t, a, "push", "-q")
				git(t, b, "pull", "-q")
				write(t, filepath.Join(a, filepath.FromSlash(tc.decoy)), "changed, not the catalogue\n")
			}
			write(t, filepath.Join(b, filepath.FromSlash(tc.name)), start+"\r\nURI: https://b.example/\r\nNAME: B\r\nDATE: 03/02/2024 10:00:00\r\n")
			commitAndPush(t, b, "from b")
			path := filepath.Join(a, filepath.FromSlash(tc.name))
			write(t, path, start+"\r\nURI: https://a.example/\r\nNAME: A\r\nDATE: 03/02/2024 10:00:00\r\n")
			lines, err := syncFile(t, path)
			if err != nil {
				t.Fatal(err)
			}
			checkLines(t, "a sync that merges", lines, []string{
				"committed 1 bookmark added",
				"received from origin/main: 1 bookmark added",
				"sent 2 commits to origin/main",
			})
			if text := read(t, path); !strings.Contains(text, "NAME: A\r\n") || !strings.Contains(text, "NAME: B\r\n") || len(MarkerLines([]byte(text))) > 0 {
				t.Errorf("the merge lost a bookmark, or is git's:\n%s", text)
			}
			if tc.decoy != "" {
				if got := git(t, a, "show", "HEAD:"+tc.decoy); got != "not a catalogue" {
					t.Errorf("the sync committed %q beside the catalogue: %q", tc.decoy, got)
				}
			}
		})
	}
}

// A driver an earlier version set up, without the -- that keeps a name
// starting with a dash a name: the sync gives it one, and says so.
func TestSyncUpdatesDriver(t *testing.T) {
	t.Parallel()
	_, a, _ := twoClones(t)
	legacy := strings.TrimSuffix(DriverCommand(), " merge -- %O %A %B %P") + " merge %O %A %B %P"
	git(t, a, "config", "merge.uricat.driver", legacy)
	lines, err := sync(t, a)
	if err != nil {
		t.Fatal(err)
	}
	checkLines(t, "a sync with an earlier driver", lines, []string{
		"uricat's merge driver is now: " + DriverCommand(),
		"nothing new from origin/main",
		"nothing to send",
	})
	if got := git(t, a, "config", "merge.uricat.driver"); got != DriverCommand() {
		t.Errorf("merge.uricat.driver %q, want %q", got, DriverCommand())
	}
}
