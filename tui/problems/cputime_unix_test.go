//go:build unix

package problems

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used (user + system). The
// benchmarks report it next to wall time, since on a loaded machine wall
// time says more about the load than about the code.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
