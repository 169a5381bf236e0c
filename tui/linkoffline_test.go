package tui

import (
	"context"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"

	"github.com/uricat/uricat/internal/linkcheck"
)

// TestLinkCheckOffline: L on a machine where no name resolves calls no
// link dead, and the status bar says the machine looks offline. (Not
// parallel: linkHarness shortens the checker's pause for every test.)
func TestLinkCheckOffline(t *testing.T) {
	t.Parallel()
	client := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, _, _ := net.SplitHostPort(addr)
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}}}
	h, state := linkHarness(t, dupFixture, client)
	h.keys("L")
	if h.m.links.run != nil {
		t.Fatal("the check is still running after its commands ran")
	}
	view := h.m.View()
	if !strings.Contains(view, "0 dead") || !strings.Contains(view, "no host resolved") {
		t.Errorf("after an offline check:\n%s", view)
	}
	if b, err := os.ReadFile(state); err != nil || strings.Contains(string(b), `"status": "dead"`) {
		t.Errorf("the state file: %v\n%s", err, b)
	}
	if st := h.m.links.results.status("https://example.org/"); st != linkcheck.Unknown {
		t.Errorf("a link of the offline check is %s, want unknown", st)
	}
}
