// Package linkcheck checks whether http and https links still lead
// somewhere, politely: at most a few requests at once to one host,
// Retry-After honoured, HEAD first and GET where HEAD is refused,
// redirects followed with loops detected, and a second try before a link
// is called dead. A blocked or slow site is never called dead: what cannot
// be told is Unknown.
//
// Results are kept in a State, a JSON file keyed by URI, so that a check
// changes no bookmark (no DATE moves, no diff in a synced catalogue) and a
// run that was interrupted goes on where it stopped.
package linkcheck

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/uricat/uricat/internal/parallel"
)

// Status is what a check found.
type Status string

// The statuses, as the search language's link: term names them.
const (
	OK        Status = "ok"        // the link answers (2xx, after temporary redirects)
	Moved     Status = "moved"     // a permanent redirect (301, 308) to a page that answers
	Dead      Status = "dead"      // 404, 410, or a host name that does not resolve, twice
	Unknown   Status = "unknown"   // timeouts, 5xx, 403, 429, redirect loops: cannot tell
	Unchecked Status = "unchecked" // never checked (not a Result's status: the lack of one)
)

// Statuses are the statuses a search may ask for, in order.
var Statuses = []Status{OK, Moved, Dead, Unknown, Unchecked}

// Result is one check of one URI.
type Result struct {
	URI     string    `json:"uri"`
	Status  Status    `json:"status"`
	Code    int       `json:"code,omitempty"`  // the last HTTP status (a Moved link's: the redirect's), 0 for none
	Final   string    `json:"final,omitempty"` // where a Moved link moved to
	Reason  string    `json:"reason,omitempty"`
	Checked time.Time `json:"checked"`

	// hostFound says the check reached the host (an answer, or a failure
	// after its name resolved): the machine is online.
	hostFound bool
}

// Checker checks links. Its zero value is not usable: see New.
type Checker struct {
	// Client makes the requests; its CheckRedirect is replaced (the
	// checker follows redirects itself, to tell moved from ok).
	Client *http.Client
	// PerHost is how many requests may be in flight to one host at once.
	PerHost int
	// Timeout bounds each request.
	Timeout time.Duration
	// MaxRetryAfter is the longest Retry-After the checker waits; a
	// longer one makes the link Unknown.
	MaxRetryAfter time.Duration
	// RetryDelay is the pause before the second try of a link that
	// looked dead.
	RetryDelay time.Duration
	// UserAgent names the checker to the sites it asks.
	UserAgent string
	// Now is the clock results are stamped with.
	Now func() time.Time

	hosts HostLimit
}

// PerHost is how many requests at once uricat asks of one host, by
// default: a site is not hammered.
const PerHost = 2

// New returns a checker over client with polite defaults: 2 requests at
// once to one host, 10 s a request.
func New(client *http.Client, userAgent string) *Checker {
	if client == nil {
		client = &http.Client{}
	}
	return &Checker{Client: client, PerHost: PerHost, Timeout: 10 * time.Second, MaxRetryAfter: 60 * time.Second,
		RetryDelay: 2 * time.Second, UserAgent: userAgent, Now: time.Now}
}

// maxRedirects is how many redirects a check follows.
const maxRedirects = 10

// Checkable reports whether uri is a link the checker checks: http and
// https; other schemes are left alone.
func Checkable(uri string) bool {
	u, err := url.Parse(uri)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// Check checks uri: the first answer, and for one that looks dead (or is
// throttled) a second, after RetryDelay (or the Retry-After asked).
func (c *Checker) Check(ctx context.Context, uri string) Result {
	r := c.follow(ctx, uri)
	if ctx.Err() != nil {
		return r.Result
	}
	wait := c.RetryDelay
	switch {
	case r.Status == Dead:
	case r.Code == http.StatusTooManyRequests || r.Code == http.StatusServiceUnavailable:
		if r.retryAfter < 0 || r.retryAfter > c.MaxRetryAfter {
			return r.Result
		}
		wait = max(r.retryAfter, wait)
	default:
		return r.Result
	}
	if !sleep(ctx, wait) {
		return r.Result
	}
	return c.follow(ctx, uri).Result
}

// attempt is one Result, with the Retry-After its last answer asked for
// (-1 for none).
type attempt struct {
	Result
	retryAfter time.Duration
}

// follow requests uri and the redirects it answers with.
func (c *Checker) follow(ctx context.Context, uri string) attempt {
	res := attempt{Result: Result{URI: uri, Checked: c.Now().UTC()}, retryAfter: -1}
	seen := map[string]bool{}
	cur := uri
	permanent := true // every redirect so far was permanent
	redirected := false
	firstCode := 0
	for hop := 0; ; hop++ {
		if seen[cur] {
			res.Status, res.Reason = Unknown, "redirect loop at "+cur
			return res
		}
		if hop > maxRedirects {
			res.Status, res.Reason = Unknown, fmt.Sprintf("more than %d redirects", maxRedirects)
			return res
		}
		seen[cur] = true
		resp, err := c.request(ctx, cur)
		if err != nil {
			res.Status, res.Reason = classifyError(err)
			res.hostFound = res.hostFound || resolved(err)
			return res
		}
		res.hostFound = true
		res.Code = resp.code
		if resp.retryAfter >= 0 {
			res.retryAfter = resp.retryAfter
		}
		switch {
		case resp.code >= 300 && resp.code < 400 && resp.location != "":
			next, err := url.Parse(cur)
			if err == nil {
				next, err = next.Parse(resp.location)
			}
			if err != nil || (next.Scheme != "http" && next.Scheme != "https") {
				res.Status, res.Reason = Unknown, "redirect to "+resp.location
				return res
			}
			if resp.code != http.StatusMovedPermanently && resp.code != http.StatusPermanentRedirect {
				permanent = false
			}
			if !redirected {
				firstCode = resp.code
			}
			redirected = true
			cur = next.String()
			continue
		case resp.code >= 200 && resp.code < 300:
			res.Status = OK
			if redirected && permanent {
				res.Status, res.Final, res.Code = Moved, cur, firstCode
			}
		case resp.code == http.StatusNotFound || resp.code == http.StatusGone:
			res.Status = Dead
		default:
			res.Status = Unknown
		}
		res.Reason = http.StatusText(resp.code)
		return res
	}
}

// answer is what one request found.
type answer struct {
	code       int
	location   string
	retryAfter time.Duration
}

// request asks for uri, HEAD first and GET if the server refuses HEAD,
// without following redirects, within the host's limit.
func (c *Checker) request(ctx context.Context, uri string) (answer, error) {
	host := hostOf(uri)
	release, err := c.hosts.Acquire(ctx, host, c.PerHost)
	if err != nil {
		return answer{}, err
	}
	defer release()
	a, err := c.do(ctx, http.MethodHead, uri)
	if err == nil && (a.code == http.StatusMethodNotAllowed || a.code == http.StatusForbidden || a.code == http.StatusNotImplemented) {
		a, err = c.do(ctx, http.MethodGet, uri)
	}
	return a, err
}

func (c *Checker) do(ctx context.Context, method, uri string) (answer, error) {
	ctx, cancel := context.WithTimeout(ctx, c.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, uri, nil)
	if err != nil {
		return answer{}, err
	}
	if c.UserAgent != "" {
		req.Header.Set("User-Agent", c.UserAgent)
	}
	client := *c.Client
	client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	resp, err := client.Do(req)
	if err != nil {
		return answer{}, err
	}
	// The body is not wanted: a little is read so the connection can be
	// kept, the rest dropped.
	_, _ = io.CopyN(io.Discard, resp.Body, 4<<10)
	resp.Body.Close()
	return answer{code: resp.StatusCode, location: resp.Header.Get("Location"), retryAfter: parseRetryAfter(resp.Header.Get("Retry-After"), c.Now())}, nil
}

// HostLimit bounds the requests in flight to each host, for every
// program of uricat's that asks many pages of the web (the link checks,
// refresh): a site is not hammered. Its zero value is ready to use.
type HostLimit struct {
	mu    sync.Mutex
	hosts map[string]chan struct{}
}

// Acquire waits, till ctx ends, for one of the per slots of host (HostOf a
// URI); release gives it back.
func (l *HostLimit) Acquire(ctx context.Context, host string, per int) (release func(), err error) {
	l.mu.Lock()
	if l.hosts == nil {
		l.hosts = map[string]chan struct{}{}
	}
	sem, ok := l.hosts[host]
	if !ok {
		sem = make(chan struct{}, max(per, 1))
		l.hosts[host] = sem
	}
	l.mu.Unlock()
	select {
	case sem <- struct{}{}:
		return func() { <-sem }, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// hostOf is the host a link's requests count against.
func hostOf(uri string) string {
	u, err := url.Parse(uri)
	if err != nil {
		return uri
	}
	return strings.ToLower(u.Hostname())
}

// HostOf returns the host of uri, for progress ("checking example.org").
func HostOf(uri string) string { return hostOf(uri) }

// classifyError tells a name that does not resolve (Dead) from every other
// failure (Unknown: a timeout, a refused connection, a TLS error).
func classifyError(err error) (Status, string) {
	var dns *net.DNSError
	if errors.As(err, &dns) && dns.IsNotFound {
		return Dead, "no such host " + dns.Name
	}
	var ue *url.Error
	if errors.As(err, &ue) && ue.Timeout() || errors.Is(err, context.DeadlineExceeded) {
		return Unknown, "timed out"
	}
	if errors.Is(err, context.Canceled) {
		return Unknown, "interrupted"
	}
	msg := err.Error()
	if errors.As(err, &ue) {
		msg = ue.Err.Error()
	}
	return Unknown, msg
}

// resolved reports whether err, a request's failure, came after the host's
// name resolved: not a DNS error, nor a timeout or an interruption, which
// may have come while resolving.
func resolved(err error) bool {
	var dns *net.DNSError
	var ue *url.Error
	return !errors.As(err, &dns) && !(errors.As(err, &ue) && ue.Timeout()) &&
		!errors.Is(err, context.DeadlineExceeded) && !errors.Is(err, context.Canceled)
}

// parseRetryAfter reads a Retry-After header (seconds, or an HTTP date);
// -1 for none or one it cannot read.
func parseRetryAfter(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return -1
	}
	if n, err := strconv.Atoi(v); err == nil && n >= 0 {
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0)
	}
	return -1
}

// sleep waits d, or until ctx is done; it reports whether it waited d.
func sleep(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// Offline is the reason of the links a run did not call dead because no
// host at all resolved, and what a run that found so says.
const Offline = "no host resolved: the machine looks offline; nothing was marked dead"

// Run checks uris with jobs workers and calls found with each result, from
// one goroutine at a time, in the order they finish; it returns when all
// are checked or ctx is done (the results found so far were given).
//
// A machine without a network, or whose resolver answers "no such host"
// for every name, would otherwise call every link dead (and a search for
// link:dead would offer to delete them all). So a host that does not
// resolve is called dead only once another host of the run has been
// reached: until then such results wait, and if none is ever reached
// they are given as Unknown, for the reason Offline, and Run reports
// offline.
func (c *Checker) Run(ctx context.Context, uris []string, jobs int, found func(Result)) (offline bool) {
	work := make(chan string)
	results := make(chan Result)
	var wg sync.WaitGroup
	for range max(jobs, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for u := range work {
				r := c.Check(ctx, u)
				if ctx.Err() != nil && r.Reason == "interrupted" {
					continue // not checked after all
				}
				results <- r
			}
		}()
	}
	go parallel.Feed(ctx, work, uris)
	go func() { wg.Wait(); close(results) }()
	online := false
	var held []Result // dead for a name that did not resolve, while no host was reached
	for r := range results {
		switch {
		case online:
		case r.hostFound:
			online = true
			for _, h := range held {
				found(h)
			}
			held = nil
		case r.Status == Dead:
			held = append(held, r)
			continue
		}
		found(r)
	}
	for _, h := range held {
		h.Status, h.Reason = Unknown, Offline
		found(h)
	}
	return len(held) > 0
}
