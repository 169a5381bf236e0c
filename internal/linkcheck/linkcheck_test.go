package linkcheck

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// site is a local server whose paths behave as the list does.
func site(t *testing.T) (*httptest.Server, *sync.Map) {
	t.Helper()
	hits := &sync.Map{} // path to *atomic.Int32
	count := func(p string) {
		v, _ := hits.LoadOrStore(p, new(atomic.Int32))
		v.(*atomic.Int32).Add(1)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/ok", func(w http.ResponseWriter, r *http.Request) { count("/ok") })
	mux.HandleFunc("/404", func(w http.ResponseWriter, r *http.Request) { count("/404"); http.NotFound(w, r) })
	mux.HandleFunc("/410", func(w http.ResponseWriter, r *http.Request) { count("/410"); w.WriteHeader(http.StatusGone) })
	mux.HandleFunc("/301", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/ok", http.StatusMovedPermanently) })
	mux.HandleFunc("/308", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/301", http.StatusPermanentRedirect)
	})
	mux.HandleFunc("/302", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/ok", http.StatusFound) })
	mux.HandleFunc("/loop-a", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/loop-b", http.StatusFound) })
	mux.HandleFunc("/loop-b", func(w http.ResponseWriter, r *http.Request) { http.Redirect(w, r, "/loop-a", http.StatusFound) })
	mux.HandleFunc("/to-ftp", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "ftp://example.org/", http.StatusMovedPermanently)
	})
	mux.HandleFunc("/slow", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-time.After(2 * time.Second):
		case <-r.Context().Done():
		}
	})
	mux.HandleFunc("/nohead", func(w http.ResponseWriter, r *http.Request) {
		count("/nohead " + r.Method)
		if r.Method == http.MethodHead {
			w.WriteHeader(http.StatusMethodNotAllowed)
		}
	})
	mux.HandleFunc("/403", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusForbidden) })
	mux.HandleFunc("/500", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusInternalServerError) })
	var throttled atomic.Int32
	mux.HandleFunc("/429", func(w http.ResponseWriter, r *http.Request) {
		if throttled.Add(1) == 1 {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusTooManyRequests)
		}
	})
	mux.HandleFunc("/429-always", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "3600")
		w.WriteHeader(http.StatusTooManyRequests)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv, hits
}

func hitsOf(m *sync.Map, p string) int {
	v, ok := m.Load(p)
	if !ok {
		return 0
	}
	return int(v.(*atomic.Int32).Load())
}

func testChecker(srv *httptest.Server) *Checker {
	c := New(srv.Client(), "uricat-test")
	c.Timeout = 300 * time.Millisecond
	c.RetryDelay = 10 * time.Millisecond
	return c
}

func TestCheck(t *testing.T) {
	srv, hits := site(t)
	c := testChecker(srv)
	tests := []struct {
		path   string
		status Status
		final  string
	}{
		{"/ok", OK, ""},
		{"/404", Dead, ""},
		{"/410", Dead, ""},
		{"/301", Moved, "/ok"},
		{"/308", Moved, "/ok"}, // 308 then 301: permanent all the way
		{"/302", OK, ""},       // a temporary redirect is no move
		{"/loop-a", Unknown, ""},
		{"/to-ftp", Unknown, ""},
		{"/slow", Unknown, ""}, // past the timeout: never dead
		{"/nohead", OK, ""},    // HEAD refused, GET answers
		{"/403", Unknown, ""},  // blocked is not dead
		{"/500", Unknown, ""},
		{"/429", OK, ""}, // Retry-After honoured, then it answers
		{"/429-always", Unknown, ""},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			r := c.Check(context.Background(), srv.URL+tt.path)
			if r.Status != tt.status {
				t.Fatalf("status %s (%d, %s), want %s", r.Status, r.Code, r.Reason, tt.status)
			}
			if want := ""; tt.final != "" {
				want = srv.URL + tt.final
				if r.Final != want {
					t.Errorf("final %q, want %q", r.Final, want)
				}
			}
		})
	}
	// A dead link is asked twice before it is called dead.
	if n := hitsOf(hits, "/404"); n != 2 {
		t.Errorf("/404 asked %d times, want 2 (a retry before dead)", n)
	}
	if n := hitsOf(hits, "/nohead GET"); n != 1 {
		t.Errorf("GET after a refused HEAD: %d, want 1", n)
	}
}

// A name that does not resolve is dead; one that fails otherwise is not.
func TestCheckDNS(t *testing.T) {
	tr := &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, _, _ := net.SplitHostPort(addr)
		if host == "gone.example" {
			return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
		}
		return nil, &net.DNSError{Err: "server misbehaving", Name: host, IsTemporary: true}
	}}
	c := New(&http.Client{Transport: tr}, "")
	c.RetryDelay = 0
	if r := c.Check(context.Background(), "http://gone.example/"); r.Status != Dead {
		t.Errorf("unresolvable host: %s (%s), want dead", r.Status, r.Reason)
	}
	if r := c.Check(context.Background(), "http://flaky.example/"); r.Status != Unknown {
		t.Errorf("resolver failure: %s, want unknown", r.Status)
	}
}

// No more than PerHost requests to one host are ever in flight at once.
func TestRunLimitsRequestsPerHost(t *testing.T) {
	var inFlight, most atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := inFlight.Add(1)
		defer inFlight.Add(-1)
		for {
			m := most.Load()
			if n <= m || most.CompareAndSwap(m, n) {
				break
			}
		}
		time.Sleep(20 * time.Millisecond)
	}))
	defer srv.Close()
	c := testChecker(srv)
	var uris []string
	for i := range 20 {
		uris = append(uris, srv.URL+"/p"+string(rune('a'+i)))
	}
	got := 0
	c.Run(context.Background(), uris, 8, func(r Result) {
		got++
		if r.Status != OK {
			t.Errorf("%s: %s", r.URI, r.Status)
		}
	})
	if got != len(uris) {
		t.Errorf("%d results, want %d", got, len(uris))
	}
	if m := most.Load(); m > 2 || m < 1 {
		t.Errorf("%d requests at once to one host, want at most 2", m)
	}
}

// Run stops when its context is cancelled, giving what it found.
func TestRunStopsWhenCancelled(t *testing.T) {
	srv, _ := site(t)
	c := testChecker(srv)
	ctx, cancel := context.WithCancel(context.Background())
	uris := []string{srv.URL + "/ok"}
	for range 20 {
		uris = append(uris, srv.URL+"/slow")
	}
	n := 0
	done := make(chan struct{})
	go func() {
		c.Run(ctx, uris, 2, func(Result) {
			n++
			cancel()
		})
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not stop after cancel")
	}
	if n == 0 || n == len(uris) {
		t.Errorf("%d results after a cancel, want some and not all", n)
	}
}

func TestStateRoundTripAndMaxAge(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state", "links.json")
	s, err := LoadState(path, testFiles(&sync.Mutex{}))
	if err != nil {
		t.Fatal(err)
	}
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	s.Put(Result{URI: "https://a/", Status: Dead, Code: 404, Checked: now.Add(-48 * time.Hour)})
	s.Put(Result{URI: "https://b/", Status: Moved, Final: "https://c/", Checked: now.Add(-time.Hour)})
	if _, err := s.Save(); err != nil {
		t.Fatal(err)
	}
	again, err := LoadState(path, testFiles(&sync.Mutex{}))
	if err != nil {
		t.Fatal(err)
	}
	if r, _ := again.Get("https://b/"); r.Final != "https://c/" || again.StatusOf("https://a/") != Dead || again.StatusOf("https://x/") != Unchecked {
		t.Fatalf("state did not round-trip: %+v", again.res)
	}
	week, _ := ParseAge("7d")
	if !again.Fresh("https://a/", week, now) || again.Fresh("https://a/", 24*time.Hour, now) || again.Fresh("https://x/", week, now) {
		t.Error("Fresh does not follow --max-age")
	}
}

// testFiles reads and writes a state's file as the catalogue's helpers do,
// with mu for the lock that every writer of the file takes.
func testFiles(mu *sync.Mutex) Files {
	return Files{
		Open: func(path string) (*os.File, fs.FileInfo, error) {
			f, err := os.Open(path)
			if err != nil {
				return nil, nil, err
			}
			info, err := f.Stat()
			return f, info, err
		},
		Write: func(path string, write func(io.Writer) error) ([]string, error) {
			mu.Lock()
			defer mu.Unlock()
			var b bytes.Buffer
			if err := write(&b); err != nil {
				return nil, err
			}
			tmp := path + ".tmp"
			if err := os.WriteFile(tmp, b.Bytes(), 0o600); err != nil {
				return nil, err
			}
			return nil, os.Rename(tmp, path)
		},
	}
}

// TestSaveMergesConcurrentRuns: two runs that save at once each keep
// their results (for a URI both checked, the newer check): the second to
// save does not erase what the first saved.
func TestSaveMergesConcurrentRuns(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "links.json")
	lock := &sync.Mutex{}
	now := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
	var runs []*State
	for range 2 {
		s, err := LoadState(path, testFiles(lock))
		if err != nil {
			t.Fatal(err)
		}
		runs = append(runs, s)
	}
	for i, s := range runs {
		for j := range 30 {
			s.Put(Result{URI: fmt.Sprintf("https://run%d.example/%d", i, j), Status: OK, Checked: now})
		}
		// Both checked this one; the second run's check is newer.
		s.Put(Result{URI: "https://both.example/", Status: []Status{Dead, OK}[i], Checked: now.Add(time.Duration(i) * time.Minute)})
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
	got, err := LoadState(path, testFiles(lock))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(got.res); n != 61 {
		t.Errorf("%d results in the file after two runs of 30 and one shared, want 61", n)
	}
	if st := got.StatusOf("https://both.example/"); st != OK {
		t.Errorf("the link both runs checked is %s, want the newer check's ok", st)
	}
}

// TestLoadStateRefusesAFIFO: a FIFO in the state file's place is refused
// at once, naming the file, rather than read forever.
func TestLoadStateRefusesAFIFO(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "links.json")
	refuse := testFiles(&sync.Mutex{})
	refuse.Open = func(path string) (*os.File, fs.FileInfo, error) {
		return nil, nil, fmt.Errorf("%s is a named pipe (FIFO), not a regular file", path)
	}
	_, err := LoadState(path, refuse)
	if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "link results") {
		t.Errorf("LoadState of a FIFO: %v, want an error naming it as the link results", err)
	}
	if _, err := LoadState(path, Files{}); err == nil {
		t.Error("LoadState without Files accepted")
	}
}

// TestRunOffline: when no host of a run resolves (a resolver answering
// "no such host" for every name), no link is called dead: each is unknown,
// for the reason Offline, and Run says so. Once one host answers, a name
// that does not resolve is dead again.
func TestRunOffline(t *testing.T) {
	t.Parallel()
	srv, _ := site(t)
	nxdomain := func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, _, _ := net.SplitHostPort(addr)
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	local := func(ctx context.Context, network, addr string) (net.Conn, error) {
		host, _, _ := net.SplitHostPort(addr)
		if host == "127.0.0.1" {
			return (&net.Dialer{}).DialContext(ctx, network, addr)
		}
		return nxdomain(ctx, network, addr)
	}
	tests := []struct {
		name        string
		dial        func(context.Context, string, string) (net.Conn, error)
		uris        []string
		wantOffline bool
		want        map[Status]int
	}{
		{"every lookup fails", nxdomain, []string{"http://a.example/", "http://b.example/x", "https://c.example/", "http://a.example/2"}, true, map[Status]int{Unknown: 4}},
		{"one host answers", local, []string{"http://a.example/", srv.URL + "/ok", "http://b.example/"}, false, map[Status]int{Dead: 2, OK: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := New(&http.Client{Transport: &http.Transport{DialContext: tt.dial}}, "")
			c.RetryDelay = 0
			got := map[Status]int{}
			offline := c.Run(context.Background(), tt.uris, 2, func(r Result) {
				got[r.Status]++
				if r.Status == Unknown && r.Reason != Offline {
					t.Errorf("%s: unknown for %q, want %q", r.URI, r.Reason, Offline)
				}
			})
			if offline != tt.wantOffline || !maps.Equal(got, tt.want) {
				t.Errorf("offline %v, %v; want %v, %v", offline, got, tt.wantOffline, tt.want)
			}
		})
	}
}

func TestParseAge(t *testing.T) {
	for in, want := range map[string]time.Duration{"7d": 7 * 24 * time.Hour, "36h": 36 * time.Hour, "0": 0, "0.5d": 12 * time.Hour} {
		if got, err := ParseAge(in); err != nil || got != want {
			t.Errorf("ParseAge(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "x", "-1d", "7 days"} {
		if _, err := ParseAge(bad); err == nil {
			t.Errorf("ParseAge(%q) accepted", bad)
		}
	}
}
