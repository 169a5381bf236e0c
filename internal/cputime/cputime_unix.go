//go:build unix

package cputime

import (
	"syscall"
	"time"
)

// Used returns the CPU time the process has used, user and system.
func Used() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
