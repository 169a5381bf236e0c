//go:build !unix

package sqlitecopy

import "os"

// running reports whether a process with this pid runs: on Windows,
// FindProcess opens it, which fails for one that has ended.
func running(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	p.Release()
	return true
}
