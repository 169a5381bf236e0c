// Package parallel runs independent jobs on every CPU: reading a file's
// pieces, folding an index's chunks, searching shares of records.
package parallel

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// Each runs job(i) for every i in [0, n) on as many goroutines as there
// are CPUs (GOMAXPROCS), at most n, the calling goroutine one of them.
// Each goroutine takes the next i when done with one, so that a CPU that
// another program keeps busy does not hold up the rest. Goroutine g
// makes its job with worker(g), to hold what it reuses from one i to the
// next. Each returns when every job has.
func Each(n int, worker func(g int) func(i int)) {
	var next atomic.Int64
	run := func(job func(int)) {
		for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
			job(i)
		}
	}
	var wg sync.WaitGroup
	for g := 1; g < min(runtime.GOMAXPROCS(0), n); g++ {
		job := worker(g)
		wg.Go(func() { run(job) })
	}
	// The caller works too: a new goroutine's stack grows as the job
	// needs, copied each time, where the caller's has grown already.
	if n > 0 {
		run(worker(0))
	}
	wg.Wait()
}

// Feed sends items to work in order, one at a time as workers take them,
// and closes work when all are taken or ctx is done first: the producer
// of a pool of workers that ranges over work.
func Feed[T any](ctx context.Context, work chan<- T, items []T) {
	defer close(work)
	for _, it := range items {
		select {
		case work <- it:
		case <-ctx.Done():
			return
		}
	}
}
