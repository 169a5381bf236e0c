// Package parallel runs independent jobs on every CPU: reading a file's
// pieces, folding an index's chunks, searching shares of records.
package parallel

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Each runs job(i) for every i in [0, n) on as many goroutines as there
// are CPUs (GOMAXPROCS), at most n; with one, on the calling goroutine.
// Each goroutine takes the next i when done with one, so that a CPU that
// another program keeps busy does not hold up the rest. Goroutine g
// makes its job with worker(g), to hold what it reuses from one i to the
// next. Each returns when every job has.
func Each(n int, worker func(g int) func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers == 1 {
		job := worker(0)
		for i := range n {
			job(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for g := range workers {
		job := worker(g)
		wg.Go(func() {
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				job(i)
			}
		})
	}
	wg.Wait()
}
