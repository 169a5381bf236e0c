//go:build unix

package main

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestLinksKilled kills `uricat links` at random points of its run (the
// checks, the saves of its results) and checks that links.json is never
// torn, and that the next run, run to its end, keeps every result and
// leaves nothing else beside it.
func TestLinksKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("spawns processes")
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		time.Sleep(time.Duration(rand.IntN(3)) * time.Millisecond)
		// Some results of another kind: moved. Dead would do as well,
		// but the checker tries a dead link again after a pause, which
		// only makes each run longer.
		if strings.HasSuffix(r.URL.Path, "7") {
			http.Redirect(w, r, r.URL.Path+"-new", http.StatusMovedPermanently)
		}
	}))
	t.Cleanup(srv.Close)
	// Enough links for a run of some length, which the kills land
	// across: a larger catalogue only makes each run longer.
	const links = 40
	var text strings.Builder
	for i := range links {
		fmt.Fprintf(&text, "URI: %s/%d\r\nNAME: page %d\r\nDATE: 31/10/2007 19:28:00\r\n\r\n", srv.URL, i, i)
	}
	path := writeCatalogue(t, text.String())
	state := t.TempDir()
	file := filepath.Join(state, "uricat", "links.json")
	// run runs `uricat links`, killed after kill unless it is over by
	// then, and says how long it ran.
	run := func(kill time.Duration) time.Duration {
		cmd := exec.Command(os.Args[0], "--catalogue", path, "links")
		cmd.Env = append(os.Environ(), "URICAT_TEST_RUN=1", "XDG_STATE_HOME="+state)
		start := time.Now()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if kill > 0 {
			timer := time.AfterFunc(kill, func() { cmd.Process.Signal(syscall.SIGKILL) })
			defer timer.Stop()
		}
		cmd.Wait()
		return time.Since(start)
	}
	// A whole run first, for how long one takes: each kill then lands
	// somewhere in a run, its checks or its saves, at this machine's pace.
	whole := run(0)
	for i := range 20 {
		run(time.Duration(20+rand.Int64N(int64(whole/time.Millisecond)+1)) * time.Millisecond)
		data, err := os.ReadFile(file)
		if os.IsNotExist(err) {
			continue // killed before its first save
		}
		var v any
		if err != nil || json.Unmarshal(data, &v) != nil {
			t.Fatalf("kill %d: links.json torn (%d bytes): %v", i, len(data), err)
		}
	}
	run(0)
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(data), `"uri"`); n != links {
		t.Errorf("%d results kept after a whole run, want %d", n, links)
	}
	entries, _ := os.ReadDir(filepath.Dir(file))
	if len(entries) != 1 {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("left beside links.json: %v", names)
	}
}
