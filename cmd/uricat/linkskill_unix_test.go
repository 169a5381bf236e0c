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
		if strings.HasSuffix(r.URL.Path, "7") {
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	const links = 300
	var text strings.Builder
	for i := range links {
		fmt.Fprintf(&text, "URI: %s/%d\r\nNAME: page %d\r\nDATE: 31/10/2007 19:28:00\r\n\r\n", srv.URL, i, i)
	}
	path := writeCatalogue(t, text.String())
	state := t.TempDir()
	file := filepath.Join(state, "uricat", "links.json")
	run := func(kill time.Duration) {
		cmd := exec.Command(os.Args[0], "--catalogue", path, "links")
		cmd.Env = append(os.Environ(), "URICAT_TEST_RUN=1", "XDG_STATE_HOME="+state)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		if kill > 0 {
			time.Sleep(kill)
			cmd.Process.Signal(syscall.SIGKILL)
		}
		cmd.Wait()
	}
	for i := range 20 {
		run(time.Duration(20+rand.IntN(1500)) * time.Millisecond)
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
