package parallel

import (
	"context"
	"fmt"
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

func TestFeed(t *testing.T) {
	t.Parallel()
	work := make(chan int)
	go Feed(context.Background(), work, []int{3, 1, 2})
	var got []int
	for v := range work {
		got = append(got, v)
	}
	if fmt.Sprint(got) != "[3 1 2]" {
		t.Errorf("fed %v, want [3 1 2] in order", got)
	}

	// Cancelled: work is closed without waiting for a taker.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	work = make(chan int)
	done := make(chan struct{})
	go func() { Feed(ctx, work, []int{1, 2, 3}); close(done) }()
	<-done
	n := 0
	for range work {
		n++
	}
	if n > 0 {
		t.Errorf("a cancelled feed sent %d items no worker asked for", n)
	}
}
