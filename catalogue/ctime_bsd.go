//go:build darwin || freebsd || netbsd

package catalogue

import "syscall"

// changeTime is a file's change time, in nanoseconds: these systems name
// it Ctimespec.
func changeTime(st *syscall.Stat_t) int64 {
	return int64(st.Ctimespec.Sec)*1e9 + int64(st.Ctimespec.Nsec)
}
