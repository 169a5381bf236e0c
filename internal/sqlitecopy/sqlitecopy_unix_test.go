//go:build unix

package sqlitecopy

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/uricat/uricat/internal/regular"
)

func TestOpenRefusesFilesThatAreNotFiles(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		make   func(path string) error // makes path, the database or a sidecar
		suffix string
	}{
		{"-wal linked to /dev/zero", func(p string) error { return os.Symlink("/dev/zero", p) }, "-wal"},
		{"-wal a FIFO", func(p string) error { return syscall.Mkfifo(p, 0o600) }, "-wal"},
		{"-journal a FIFO", func(p string) error { return syscall.Mkfifo(p, 0o600) }, "-journal"},
		{"-journal a directory", func(p string) error { return os.Mkdir(p, 0o700) }, "-journal"},
		{"database a FIFO", func(p string) error { return syscall.Mkfifo(p, 0o600) }, ""},
		{"database linked to /dev/zero", func(p string) error { return os.Symlink("/dev/zero", p) }, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			src, tmp := filepath.Join(t.TempDir(), "places.sqlite"), t.TempDir()
			if tc.suffix != "" {
				makeDB(t, src, 3)
			}
			if err := tc.make(src + tc.suffix); err != nil {
				t.Skipf("cannot make %s: %v", tc.name, err)
			}
			within(t, func() {
				db, err := openIn(context.Background(), src, tmp)
				if err == nil {
					db.Close()
					t.Fatalf("opened a database whose %s", tc.name)
				}
				if !errors.Is(err, regular.ErrNotRegular) || !strings.Contains(err.Error(), src+tc.suffix) {
					t.Errorf("err = %v; want one naming %s, not a regular file", err, src+tc.suffix)
				}
				if _, err := Tables(src); tc.suffix == "" && err == nil {
					t.Error("Tables read it")
				}
			})
			if left := leftIn(t, tmp); len(left) != 0 {
				t.Errorf("the temporary directory holds %v", left)
			}
		})
	}
}

// childEnv, set in the environment of the test binary run again, makes
// it a process that opens the database it names, says so, and waits to
// be killed.
const childEnv = "SQLITECOPY_TEST_CHILD"

func TestMain(m *testing.M) {
	if path := os.Getenv(childEnv); path != "" {
		if _, err := Open(context.Background(), path); err != nil {
			fmt.Println("error:", err)
			os.Exit(1)
		}
		fmt.Println("open")
		select {} // till killed
	}
	os.Exit(m.Run())
}

// TestOpenRemovesTheCopyOfAKilledProcess: SIGKILL leaves a process no
// time to remove its copy; the next Open, in another process, does.
func TestOpenRemovesTheCopyOfAKilledProcess(t *testing.T) {
	t.Parallel()
	src, tmp := filepath.Join(t.TempDir(), "places.sqlite"), t.TempDir()
	makeDB(t, src, 3)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+src, "TMPDIR="+tmp)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(out).ReadString('\n')
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	if line != "open\n" {
		t.Fatalf("the child said %q", line)
	}
	left := leftIn(t, tmp)
	if len(left) != 1 || !strings.HasPrefix(left[0], fmt.Sprintf("%s%d-", copyPrefix, cmd.Process.Pid)) {
		t.Fatalf("the killed child left %v; want its copy", left)
	}
	db, err := openIn(context.Background(), src, tmp)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, name := range leftIn(t, tmp) {
		if name == left[0] {
			t.Errorf("the next open left the killed process's copy %s", name)
		}
	}
}

// TestRemoveStale: a copy another uricat reads is not removed from under
// it; one of an older version (which ctrl+c left behind) is, once old.
func TestRemoveStale(t *testing.T) {
	t.Parallel()
	tmp := t.TempDir()
	old := time.Now().Add(-2 * oldAge)
	for _, d := range []struct {
		name string
		old  bool
		kept bool
	}{
		{fmt.Sprintf("%s%d-x", copyPrefix, os.Getpid()), true, true},  // this process's
		{fmt.Sprintf("%s%d-x", copyPrefix, os.Getppid()), true, true}, // its parent's, running
		{copyPrefix + "notapid-x", true, true},
		{"uricat-other", true, true},
		{oldPrefix + "123456", false, true}, // an older version's, maybe running
		{oldPrefix + "654321", true, false},
		{oldPrefix + "x654321", true, true},
	} {
		path := filepath.Join(tmp, d.name)
		if err := os.Mkdir(path, 0o700); err != nil {
			t.Fatal(err)
		}
		if d.old {
			if err := os.Chtimes(path, old, old); err != nil {
				t.Fatal(err)
			}
		}
		defer func() {
			_, err := os.Stat(path)
			if kept := err == nil; kept != d.kept {
				t.Errorf("%s kept: %v; want %v", d.name, kept, d.kept)
			}
		}()
	}
	RemoveStale(tmp)
}
