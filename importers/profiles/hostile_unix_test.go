//go:build unix

package profiles

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestDiscoverRefusesFilesThatAreNotFiles: a profiles.ini or a Local
// State that is a FIFO (which hung discovery) or a link to /dev/zero
// (which filled memory) is a problem naming it, found at once; the
// profiles are found all the same.
func TestDiscoverRefusesFilesThatAreNotFiles(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, file string
		make       func(string) error
		want       string
		found      int
	}{
		{"profiles.ini a FIFO", ".mozilla/firefox/profiles.ini", func(p string) error { return syscall.Mkfifo(p, 0o600) }, "named pipe (FIFO)", 1},
		{"profiles.ini linked to /dev/zero", ".mozilla/firefox/profiles.ini", func(p string) error { return os.Symlink("/dev/zero", p) }, "character device", 1},
		{"Local State a FIFO", ".config/vivaldi/Local State", func(p string) error { return syscall.Mkfifo(p, 0o600) }, "named pipe (FIFO)", 1},
		{"Local State linked to /dev/zero", ".config/vivaldi/Local State", func(p string) error { return os.Symlink("/dev/zero", p) }, "character device", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			home := t.TempDir()
			put(t, home, map[string]string{".config/vivaldi/Default/Bookmarks": "{}"})
			path := filepath.Join(home, filepath.FromSlash(tc.file))
			if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := tc.make(path); err != nil {
				t.Skipf("cannot make %s: %v", tc.name, err)
			}
			done := make(chan struct{})
			var found []Profile
			var problems []error
			go func() {
				defer close(done)
				found, problems = Discover(Env{Home: home}, Browsers)
			}()
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatal("discovery blocked")
			}
			if len(found) != tc.found {
				t.Errorf("found %v; want %d profile(s)", rows(home, found), tc.found)
			}
			if len(problems) != 1 || !strings.Contains(problems[0].Error(), path) || !strings.Contains(problems[0].Error(), tc.want) {
				t.Errorf("problems %v; want one naming %s, %s", problems, path, tc.want)
			}
		})
	}
}

// TestDiscoverRefusesALargeProfilesINI: a profiles.ini larger than any
// real one is refused, with its size bound, not read whole.
func TestDiscoverRefusesALargeProfilesINI(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	put(t, home, map[string]string{".mozilla/firefox/profiles.ini": "[General]\n" + strings.Repeat(";\n", maxINI)})
	_, problems := Discover(Env{Home: home}, Browsers)
	if len(problems) != 1 || !strings.Contains(problems[0].Error(), "profiles.ini holds more than 1 MiB") {
		t.Errorf("problems %v; want one saying profiles.ini is too large", problems)
	}
}
