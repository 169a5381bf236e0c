//go:build unix && !darwin && !freebsd && !netbsd

package catalogue

import "syscall"

// changeTime is a file's change time, in nanoseconds.
func changeTime(st *syscall.Stat_t) int64 {
	return int64(st.Ctim.Sec)*1e9 + int64(st.Ctim.Nsec)
}
