//go:build unix

package regular

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// within fails the test if f has not returned after a while: what it
// tests must never block on a FIFO.
func within(t *testing.T, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("blocked: still reading after 10 seconds")
	}
}

func TestReadFileRefusesWhatIsNotARegularFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "profiles.ini")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	zero := filepath.Join(dir, "Local State")
	if err := os.Symlink("/dev/zero", zero); err != nil {
		t.Fatal(err)
	}
	big := filepath.Join(dir, "big")
	if err := os.WriteFile(big, make([]byte, 2000), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, path, want string
		is               error
	}{
		{"FIFO", fifo, "named pipe (FIFO)", ErrNotRegular},
		{"link to /dev/zero", zero, "character device", ErrNotRegular},
		{"directory", dir, "a directory", ErrNotRegular},
		{"too large", big, "more than 1 KiB", ErrTooLarge},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			within(t, func() {
				data, err := ReadFile(tc.path, 1<<10)
				if err == nil || !errors.Is(err, tc.is) || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), tc.path) {
					t.Errorf("ReadFile(%s) = %d bytes, %v; want an error naming the file and saying %q", tc.name, len(data), err, tc.want)
				}
			})
		})
	}
}
