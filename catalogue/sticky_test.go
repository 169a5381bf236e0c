//go:build unix

package catalogue

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestExplainSticky: a save refused in a sticky directory, of a file that
// is another user's, says what and why and what to do; any other refusal
// is left as it was.
func TestExplainSticky(t *testing.T) {
	t.Parallel()
	sticky := fs.ModeDir | fs.ModeSticky | 0o777
	tests := []struct {
		name          string
		mode          fs.FileMode
		file, dir, me uint32
		explained     bool
	}{
		{"another's file in a sticky directory", sticky, 1001, 0, 1002, true},
		{"my file", sticky, 1002, 0, 1002, false},
		{"my directory", sticky, 1001, 1002, 1002, false},
		{"not sticky", fs.ModeDir | 0o777, 1001, 0, 1002, false},
		{"root, whom no sticky bit stops", sticky, 1001, 1001, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			bare := &fs.PathError{Op: "replace", Path: "/shared/c.uricat", Err: syscall.EPERM}
			err := explainSticky("/shared/c.uricat", "/shared", tt.mode, tt.file, tt.dir, tt.me, bare)
			if !tt.explained {
				if err != error(bare) {
					t.Errorf("explained: %v", err)
				}
				return
			}
			for _, want := range []string{"/shared/c.uricat cannot be replaced: its directory /shared is sticky", "belongs to user ", "1001", "not to you", "nothing was written", "chown"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("%q lacks %q", err, want)
				}
			}
			if !errors.Is(err, syscall.EPERM) {
				t.Errorf("%v does not wrap EPERM", err)
			}
		})
	}
}

// TestStickyDirectorySaveSaysWhy: another user saving root's catalogue,
// writable by all, in a sticky directory (as /tmp is) is refused by the
// kernel; the message says why, not a bare "operation not permitted".
func TestStickyDirectorySaveSaysWhy(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns a process")
	}
	if os.Geteuid() != 0 {
		t.Skip("needs root, to run the saver as another user")
	}
	base, err := os.MkdirTemp("", "uricat-sticky-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(base) })
	bin := filepath.Join(base, "catalogue.test")
	self, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, self, 0o755); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(base, "shared")
	if err := os.Mkdir(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(base, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o777|fs.ModeSticky); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "c.uricat")
	writeFile(t, path, twoRecords, 0o666)
	if err := os.Chmod(path, 0o666); err != nil { // whatever the umask
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "-test.run=^$")
	cmd.Env = append(os.Environ(), "URICAT_TEST_SAVE_ONCE="+path)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.CombinedOutput()
	if err == nil {
		t.Fatalf("the save in a sticky directory succeeded:\n%s", out)
	}
	for _, want := range []string{path + " cannot be replaced: its directory " + dir + " is sticky", "belongs to user root (0)", "not to you"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the message lacks %q:\n%s", want, out)
		}
	}
	if data, _ := os.ReadFile(path); string(data) != twoRecords {
		t.Errorf("the file changed:\n%s", data)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("left in the directory: %v", entries)
	}
}
