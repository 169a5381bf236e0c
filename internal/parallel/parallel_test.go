package parallel

import (
	"runtime"
	"sync"
	"testing"
)

// TestEachRunsEveryJobOnce: every i in [0, n) is run exactly once, by one
// of at most GOMAXPROCS (and at most n) workers, each made once; with one
// CPU, on the calling goroutine.
func TestEachRunsEveryJobOnce(t *testing.T) {
	for _, procs := range []int{1, 2, 5} {
		old := runtime.GOMAXPROCS(procs)
		for _, n := range []int{0, 1, 2, 3, 100, 1000} {
			var mu sync.Mutex
			runs := make([]int, n)
			made := map[int]int{}
			Each(n, func(g int) func(int) {
				mu.Lock()
				made[g]++
				mu.Unlock()
				return func(i int) {
					mu.Lock()
					runs[i]++
					mu.Unlock()
				}
			})
			for i, r := range runs {
				if r != 1 {
					t.Fatalf("GOMAXPROCS %d, n %d: job %d ran %d times", procs, n, i, r)
				}
			}
			if len(made) > min(procs, n) {
				t.Fatalf("GOMAXPROCS %d, n %d: %d workers made", procs, n, len(made))
			}
			for g, k := range made {
				if k != 1 || g < 0 || g >= procs {
					t.Fatalf("GOMAXPROCS %d, n %d: worker %d made %d times", procs, n, g, k)
				}
			}
		}
		runtime.GOMAXPROCS(old)
	}
}
