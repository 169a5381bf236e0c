// Package cputime measures the CPU time the process has used (and its
// peak memory), for benchmarks whose figures must mean something on a
// shared machine, where wall time measures the neighbours too.
package cputime

import (
	"testing"
	"time"
)

// Report adds a cpu-ms/op metric to b: the CPU time per operation since
// start (a value of Used), garbage collection included.
func Report(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(Used()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}
