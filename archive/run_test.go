package archive

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/uricat/uricat/internal/webpage"
)

// site serves generated article pages at http://hN.test/pN and counts the
// requests for each, and the most it was asked at once by one host.
type site struct {
	mu       sync.Mutex
	requests map[string]int
	inFlight map[string]int
	maxHost  int
	delay    time.Duration
	status   atomic.Int32 // answer with this status instead, when not 0
}

func newSite(delay time.Duration) *site {
	return &site{requests: map[string]int{}, inFlight: map[string]int{}, delay: delay}
}

func (s *site) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.requests[r.Host+r.URL.Path]++
	s.inFlight[r.Host]++
	s.maxHost = max(s.maxHost, s.inFlight[r.Host])
	s.mu.Unlock()
	defer func() { s.mu.Lock(); s.inFlight[r.Host]--; s.mu.Unlock() }()
	if s.delay > 0 {
		select {
		case <-time.After(s.delay):
		case <-r.Context().Done():
			return
		}
	}
	if code := s.status.Load(); code != 0 {
		http.Error(w, "no", int(code))
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprint(w, generatedPage(r.Host+r.URL.Path))
}

// generatedPage is an article page about name.
func generatedPage(name string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<html lang=en><head><title>Page %s</title></head><body><nav><a href=/>Home</a> <a href=/about>About</a></nav><article><h1>Page %s</h1>", name, name)
	for i := range 6 {
		fmt.Fprintf(&b, "<h2>Part %d</h2><p>This is paragraph %d of the page %s, long enough to be read as an article by anyone, with words and more words about rivers, hills and the weather.</p>", i, i, name)
	}
	b.WriteString("</article><footer>Footer text</footer></body></html>")
	return b.String()
}

func (s *site) count(key string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.requests[key]
}

func (s *site) total() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, c := range s.requests {
		n += c
	}
	return n
}

// uris are n pages spread over hosts hosts.
func uris(n, hosts int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("http://h%d.test/p%d", i%hosts, i)
	}
	return out
}

// TestRunResumes: a run stopped half-way keeps what it archived, and the
// next goes on from there: no page is fetched twice.
func TestRunResumes(t *testing.T) {
	t.Parallel()
	st := newSite(5 * time.Millisecond)
	srv := serveMux(t, st)
	s := openTemp(t)
	all := uris(60, 6)
	ctx, cancel := context.WithCancel(context.Background())
	var archived atomic.Int32
	o := Options{Jobs: 4, Client: hostsClient(srv), MaxAge: time.Hour,
		Progress: func(p Progress) {
			if p.Done == 20 {
				cancel()
			}
		},
		Archived: func(*Page) { archived.Add(1) }}
	sum, err := Run(ctx, s, all, o)
	if err != nil {
		t.Fatal(err)
	}
	if !sum.Interrupted || sum.Archived < 20 || sum.Archived >= 60 || int(archived.Load()) != sum.Archived {
		t.Fatalf("the stopped run: %+v, Archived called %d times", sum, archived.Load())
	}
	list, _ := s.List()
	if len(list) != sum.Archived {
		t.Errorf("the store holds %d pages, the summary says %d", len(list), sum.Archived)
	}
	first := sum.Archived
	before := map[string]int{}
	for _, u := range all {
		before[u] = st.count(strings.TrimPrefix(u, "http://"))
	}
	sum, err = Run(context.Background(), s, all, o)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Interrupted || sum.Archived != 60-first || sum.Skipped != first {
		t.Errorf("the second run: %+v, want %d archived and %d skipped", sum, 60-first, first)
	}
	// A page the first run archived is not asked again; one it was
	// fetching when stopped is (its first request may reach the server
	// after the count).
	for _, u := range all {
		_, done := list[u]
		if n := st.count(strings.TrimPrefix(u, "http://")); done && n != before[u] || !done && (n < 1 || n > 2) {
			t.Errorf("%s fetched %d times, %d by the first run (which archived it: %v)", u, n, before[u], done)
		}
	}
	// With MaxAge past, or --refetch, every page is fetched again.
	o.Refetch = true
	if sum, _ = Run(context.Background(), s, all[:5], o); sum.Archived != 5 {
		t.Errorf("with Refetch: %+v", sum)
	}
	o.Refetch = false
	o.Now = func() time.Time { return time.Now().Add(2 * time.Hour) }
	if sum, _ = Run(context.Background(), s, all[:5], o); sum.Archived != 5 {
		t.Errorf("after MaxAge: %+v", sum)
	}
}

// TestRunTwoAtOnce: two runs over the same pages at once fetch each page
// once between them.
func TestRunTwoAtOnce(t *testing.T) {
	t.Parallel()
	st := newSite(10 * time.Millisecond)
	srv := serveMux(t, st)
	s := openTemp(t)
	all := uris(40, 8)
	var wg sync.WaitGroup
	sums := make([]Summary, 2)
	for i := range sums {
		wg.Go(func() {
			store, err := Open(s.Dir()) // another process would open its own
			if err != nil {
				t.Error(err)
				return
			}
			sums[i], err = Run(context.Background(), store, all, Options{Jobs: 4, Client: hostsClient(srv)})
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if got := sums[0].Archived + sums[1].Archived; got != 40 || st.total() != 40 || sums[0].Busy+sums[1].Busy+sums[0].Skipped+sums[1].Skipped != 40 {
		t.Errorf("two runs archived %d pages with %d requests, want 40 and 40: %+v", got, st.total(), sums)
	}
}

// TestRunPolite: at most two requests at once to one host, duplicates
// asked once.
func TestRunPolite(t *testing.T) {
	t.Parallel()
	st := newSite(20 * time.Millisecond)
	srv := serveMux(t, st)
	s := openTemp(t)
	all := append(uris(30, 2), "http://H0.test:80/p0", "http://h1.test/p1")
	sum, err := Run(context.Background(), s, all, Options{Jobs: 8, Client: hostsClient(srv)})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Archived != 30 || st.maxHost > 2 || st.total() != 30 {
		t.Errorf("%+v; at most %d at once to one host, %d requests", sum, st.maxHost, st.total())
	}
}

// TestRunDeadLinkKeepsText: a page that was archived and has since died
// keeps its text; one never archived records why.
func TestRunDeadLinkKeepsText(t *testing.T) {
	t.Parallel()
	st := newSite(0)
	srv := serveMux(t, st)
	s := openTemp(t)
	o := Options{Jobs: 2, Client: hostsClient(srv), Refetch: true}
	if _, err := Run(context.Background(), s, []string{"http://a.test/kept"}, o); err != nil {
		t.Fatal(err)
	}
	st.status.Store(404)
	sum, err := Run(context.Background(), s, []string{"http://a.test/kept", "http://a.test/never"}, o)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Failed["the server answered 404 Not Found"] != 2 {
		t.Errorf("summary %+v", sum)
	}
	if p, err := s.Get("http://a.test/kept"); err != nil || p.Failed != "" || !strings.Contains(p.Text, "paragraph 3 of the page a.test/kept") {
		t.Errorf("the archived page of a dead link: %+v, %v", p, err)
	}
	if p, err := s.Get("http://a.test/never"); err != nil || p.Failed != "the server answered 404 Not Found" || p.Status != 404 {
		t.Errorf("a dead link never archived: %+v, %v", p, err)
	}
	// A failure is tried again by the next run, whatever MaxAge.
	st.status.Store(0)
	o.Refetch, o.MaxAge = false, time.Hour
	sum, _ = Run(context.Background(), s, []string{"http://a.test/kept", "http://a.test/never"}, o)
	if sum.Archived != 1 || sum.Skipped != 1 {
		t.Errorf("the run after: %+v", sum)
	}
}

// TestArchiveOne: the TUI's archive of one page.
func TestArchiveOne(t *testing.T) {
	t.Parallel()
	srv := serveMux(t, newSite(0))
	s := openTemp(t)
	p, err := s.Archive(context.Background(), "http://one.test/x", Options{Client: hostsClient(srv)})
	if err != nil || p.Title != "Page one.test/x" || p.Failed != "" {
		t.Fatalf("Archive: %+v, %v", p, err)
	}
	if got, err := s.Get("http://one.test/x"); err != nil || got.Text != p.Text {
		t.Errorf("Get after Archive: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Archive(ctx, "http://one.test/y", Options{Client: hostsClient(srv)}); err == nil {
		t.Error("a cancelled Archive did not fail")
	}
}

// TestFailureReasons: a failure is said in words that group in a summary,
// without the address of each page.
func TestFailureReasons(t *testing.T) {
	t.Parallel()
	srv := serveMux(t, newSite(0))
	addr := srv.Listener.Addr().String()
	srv.Close() // nothing listens there now
	s := openTemp(t)
	sum, err := Run(context.Background(), s, []string{"http://" + addr + "/a", "http://" + addr + "/b"}, Options{Jobs: 2})
	if err != nil || sum.Failed["connection refused"] != 2 {
		t.Errorf("%+v, %v", sum, err)
	}
}

// TestRunDeadline: a run whose context ends at a deadline stops as one
// stopped by ctrl+c does: no error, what was done kept.
func TestRunDeadline(t *testing.T) {
	t.Parallel()
	srv := serveMux(t, newSite(50*time.Millisecond))
	s := openTemp(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	sum, err := Run(ctx, s, uris(200, 2), Options{Jobs: 4, Client: hostsClient(srv)})
	if err != nil || !sum.Interrupted || sum.Archived == 0 {
		t.Errorf("%+v, %v", sum, err)
	}
}

// TestRunCutsSlowExtraction: a page whose extraction takes longer than
// the timeout (a huge or deeply nested document within the size limit)
// is cut there and noted as a failure the next run tries again; the
// other pages are archived all the same, and a page's text archived
// before is kept.
func TestRunCutsSlowExtraction(t *testing.T) {
	t.Parallel()
	srv := serveMux(t, newSite(0))
	s := openTemp(t)
	if _, err := Run(context.Background(), s, []string{"http://a.test/slow-kept"}, Options{Client: hostsClient(srv)}); err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	defer close(release)
	o := Options{Jobs: 2, Client: hostsClient(srv), Timeout: time.Second, Refetch: true}
	o.extract = func(uri string, r *webpage.Response, now time.Time) *Page {
		if strings.Contains(uri, "slow") {
			select { // as long as the test lasts, or longer than it should
			case <-release:
			case <-time.After(15 * time.Second):
			}
		}
		return FromResponse(uri, r, now)
	}
	pages := []string{"http://a.test/slow", "http://a.test/fast", "http://a.test/slow-kept"}
	start := time.Now()
	sum, err := Run(context.Background(), s, pages, o)
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("the run took %v: the extraction was not cut", took)
	}
	want := "extracting the article timed out after 1s"
	if sum.Archived != 1 || sum.Failed[want] != 2 {
		t.Errorf("summary %+v, want 1 archived and 2 %q", sum, want)
	}
	if p, err := s.Get("http://a.test/slow"); err != nil || p.Failed != want || p.Status != 200 || p.ContentType != "text/html" {
		t.Errorf("the page cut: %+v, %v", p, err)
	}
	if p, err := s.Get("http://a.test/slow-kept"); err != nil || p.Failed != "" || !strings.Contains(p.Text, "paragraph 3") {
		t.Errorf("the text archived before was not kept: %+v, %v", p, err)
	}
	if p, err := s.Get("http://a.test/fast"); err != nil || p.Failed != "" {
		t.Errorf("the page after: %+v, %v", p, err)
	}
}
