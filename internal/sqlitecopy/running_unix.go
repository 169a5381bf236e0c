//go:build unix

package sqlitecopy

import (
	"errors"
	"syscall"
)

// running reports whether a process with this pid runs: signal 0 tests
// that without sending anything; EPERM is a process of another user.
func running(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
