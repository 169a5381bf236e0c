package main

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue/linkset"
	"github.com/uricat/uricat/internal/linkcheck"
)

// runIn runs one command as run does, with $XDG_STATE_HOME at state and
// client for the network, so that tests need not set the process's
// environment and may run in parallel.
func runIn(state string, client *http.Client, args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, client: client,
		lookupEnv: func(k string) string {
			if k == "XDG_STATE_HOME" {
				return state
			}
			return os.Getenv(k)
		}}
	root := newRootCmdFor(e, commandOf(args))
	root.SetArgs(args)
	cmd, err := root.ExecuteC()
	return e.exit(cmd, err), out.String(), errb.String()
}

// TestLinksOffline: on a machine whose resolver answers "no such host" for
// every name, `links` calls no link dead and says the machine looks
// offline, so that `rm --search link:dead` finds nothing to remove.
func TestLinksOffline(t *testing.T) {
	t.Parallel()
	state := t.TempDir()
	client := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, _, _ := net.SplitHostPort(addr)
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}}}
	var text strings.Builder
	for i := range 4 {
		fmt.Fprintf(&text, "URI: https://host%d.example/\r\nNAME: Site %d\r\nDATE: 01/02/2024 10:00:00\r\n\r\n", i, i)
	}
	path := writeCatalogue(t, text.String())
	code, stdout, stderr := runIn(state, client, "--catalogue", path, "links", "--quiet")
	if code != 0 || !strings.Contains(stdout, "checked 4 links: 0 ok, 0 moved, 0 dead, 4 unknown") || !strings.Contains(stderr, linkcheck.Offline) {
		t.Errorf("links offline: exit %d\n%s%s", code, stdout, stderr)
	}
	code, stdout, stderr = runIn(state, nil, "--catalogue", path, "rm", "--search", "link:dead", "--yes")
	if code != 0 || !strings.Contains(stdout, "no record") {
		t.Errorf("rm --search link:dead after an offline check: exit %d\n%s%s", code, stdout, stderr)
	}
	if got := string(mustRead(t, path)); got != text.String() {
		t.Errorf("the catalogue changed:\n%s", got)
	}
}

// TestLinkStateConcurrentSaves: two runs that save their results at once,
// through the catalogue's lock, both keep them: 30 and 30 make 60.
func TestLinkStateConcurrentSaves(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "uricat", "links.json")
	// A killed run's temporary file, which the next save removes.
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(filepath.Dir(path), ".links.json.uricat-tmp-0123456789abcdef")
	if err := os.WriteFile(stale, []byte("{"), 0o600); err != nil {
		t.Fatal(err)
	}
	now := time.Now().UTC()
	var runs []*linkcheck.State
	for i := range 2 {
		s, err := linkset.LoadState(path)
		if err != nil {
			t.Fatal(err)
		}
		for j := range 30 {
			s.Put(linkcheck.Result{URI: fmt.Sprintf("https://run%d.example/%d", i, j), Status: linkcheck.OK, Checked: now})
		}
		runs = append(runs, s)
	}
	var wg sync.WaitGroup
	for _, s := range runs {
		wg.Go(func() {
			if _, err := s.Save(); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	got, err := linkset.LoadState(path)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i := range 2 {
		for j := range 30 {
			if got.StatusOf(fmt.Sprintf("https://run%d.example/%d", i, j)) == linkcheck.OK {
				n++
			}
		}
	}
	if n != 60 {
		t.Errorf("%d results kept of two runs' 30 each, want 60", n)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Errorf("a killed run's temporary file is still there: %v", err)
	}
}
