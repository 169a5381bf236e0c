//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestListJSONLinkStateFIFO: a FIFO in the place of links.json does not
// hang `list --json`: it says the file is not a regular file, and lists.
func TestListJSONLinkStateFIFO(t *testing.T) {
	t.Parallel()
	state := t.TempDir()
	fifo := filepath.Join(state, "uricat", "links.json")
	if err := os.MkdirAll(filepath.Dir(fifo), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	path := writeCatalogue(t, example41)
	type answer struct {
		code           int
		stdout, stderr string
	}
	done := make(chan answer, 1)
	go func() {
		code, stdout, stderr := runIn(state, nil, "--catalogue", path, "list", "--json")
		done <- answer{code, stdout, stderr}
	}()
	select {
	case a := <-done:
		if a.code != 0 || !strings.Contains(a.stdout, "google.co.uk") || !strings.Contains(a.stderr, fifo+" is a named pipe (FIFO), not a regular file") {
			t.Errorf("list --json with a FIFO for links.json: exit %d\n%s%s", a.code, a.stdout, a.stderr)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("list --json hangs on a FIFO in the place of links.json")
	}
}
