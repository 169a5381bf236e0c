package archive

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/linkcheck"
	"github.com/uricat/uricat/internal/parallel"
	"github.com/uricat/uricat/internal/webpage"
)

// Options are how pages are archived, by Run or Archive.
type Options struct {
	Jobs      int           // pages fetched at once (at most linkcheck.PerHost to one host)
	Timeout   time.Duration // the longest one page's fetch may take, body included, and then its extraction (default 10 s each)
	MaxAge    time.Duration // a page archived less than this ago is not fetched again (0: never)
	Refetch   bool          // fetch every page, however recently it was archived
	Client    *http.Client  // makes the requests (default http.DefaultClient)
	UserAgent string        // names uricat to the sites it asks
	Now       func() time.Time
	// Progress, if set, is told of each page done, from one goroutine
	// at a time.
	Progress func(Progress)
	// Archived, if set, is given each page written to the store, from
	// one goroutine at a time (the search index keeps itself up to date
	// with it).
	Archived func(*Page)

	since time.Time // when the run began, by Now
	// extract makes a page from an answer: FromResponse, but in tests.
	extract func(uri string, r *webpage.Response, now time.Time) *Page
}

// Progress is where a run is.
type Progress struct {
	Done, Total int
	URI         string  // the page just done
	Host        string  // its host
	Rate        float64 // pages fetched a second so far
	Outcome     Outcome // what became of it
	Reason      string  // why it was not archived, or was skipped
}

// Outcome is what became of one page of a run.
type Outcome int

// The outcomes.
const (
	Archived    Outcome = iota // its text is kept
	NotArchived                // fetched, but a kind that is not kept (a PDF, an image)
	Failed                     // not fetched: the server's answer, a timeout...
	Skipped                    // archived recently, or being archived by another run
	Cut                        // archived, but the page went on past the size limit
)

// Summary is what a run did.
type Summary struct {
	Archived    int            // pages whose text is kept (Cut ones included)
	Cut         int            // of which cut at the size limit
	NotArchived map[string]int // fetched but not kept, by reason ("not archived: application/pdf")
	Failed      map[string]int // not fetched, by reason
	Skipped     int            // archived less than MaxAge ago
	Busy        int            // left to another run that was archiving them
	Interrupted bool           // the run was stopped before the end (what was done is kept)
}

// defaultTimeout is how long one page may take unless told.
const defaultTimeout = 10 * time.Second

func (o *Options) defaults() {
	if o.Timeout <= 0 {
		o.Timeout = defaultTimeout
	}
	if o.Client == nil {
		o.Client = http.DefaultClient
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.extract == nil {
		o.extract = FromResponse
	}
}

// Run archives the pages of uris (once each, however spelt) with
// o.Jobs pages at once and returns what it did. When ctx ends it stops,
// and what was archived stays. Its error is the store's (a full disk): a
// page that cannot be fetched is only counted.
func Run(ctx context.Context, s *Store, uris []string, o Options) (Summary, error) {
	o.defaults()
	o.since = o.Now().UTC()
	sum := Summary{NotArchived: map[string]int{}, Failed: map[string]int{}}
	uris = unique(uris)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var hosts linkcheck.HostLimit
	work := make(chan string)
	results := make(chan result)
	var wg sync.WaitGroup
	for range max(o.Jobs, 1) {
		wg.Go(func() {
			for u := range work {
				results <- s.archive(ctx, u, &o, &hosts)
			}
		})
	}
	go parallel.Feed(ctx, work, uris)
	go func() { wg.Wait(); close(results) }()
	start, fetched, done := time.Now(), 0, 0
	var storeErr error
	for r := range results {
		if r.err != nil {
			// A page stopped by the end of ctx is not done; any other
			// error is the store's, and ends the run.
			if storeErr == nil && ctx.Err() == nil {
				storeErr = r.err
				cancel()
			}
			continue
		}
		done++
		if r.outcome != Skipped {
			fetched++
		}
		sum.count(r)
		if r.written != nil && o.Archived != nil {
			o.Archived(r.written)
		}
		if o.Progress != nil {
			o.Progress(Progress{Done: done, Total: len(uris), URI: r.uri, Host: linkcheck.HostOf(r.uri),
				Rate: float64(fetched) / max(time.Since(start).Seconds(), 1e-3), Outcome: r.outcome, Reason: r.reason})
		}
	}
	sum.Interrupted = done < len(uris)
	return sum, storeErr
}

// count adds r to the summary.
func (sum *Summary) count(r result) {
	switch r.outcome {
	case Archived:
		sum.Archived++
	case Cut:
		sum.Archived++
		sum.Cut++
	case NotArchived:
		sum.NotArchived[r.reason]++
	case Failed:
		sum.Failed[r.reason]++
	case Skipped:
		if r.reason == reasonClaim {
			sum.Busy++
		} else {
			sum.Skipped++
		}
	}
}

// unique is uris without a second spelling of any.
func unique(uris []string) []string {
	seen := make(map[string]bool, len(uris))
	out := uris[:0:0]
	for _, u := range uris {
		if k := ssd3.URIKey(u); !seen[k] {
			seen[k] = true
			out = append(out, u)
		}
	}
	return out
}

// result is what became of one page.
type result struct {
	uri     string
	outcome Outcome
	reason  string
	written *Page // the page written to the store, if one was
	err     error // the store failed, or the run was stopped
}

// Archive fetches uri's page now and keeps it, as a run does for each of
// its pages (the TUI archives one page with it): the page written, or an
// error. A page that could not be fetched is no error: its Failed says
// why, and an earlier archived text of it is kept.
func (s *Store) Archive(ctx context.Context, uri string, o Options) (*Page, error) {
	o.defaults()
	o.Refetch = true
	var hosts linkcheck.HostLimit
	r := s.archive(ctx, uri, &o, &hosts)
	switch {
	case r.err != nil:
		return nil, r.err
	case r.outcome == Skipped:
		return nil, fmt.Errorf("%s: %s", uri, r.reason)
	case r.written == nil:
		return &Page{URI: uri, Failed: r.reason, Fetched: o.Now().UTC()}, nil
	}
	return r.written, nil
}

// Skip reasons.
const (
	reasonRecent = "archived recently"
	reasonClaim  = "being archived by another run"
)

// archive fetches and keeps one page, unless it was archived recently or
// another run is at it.
func (s *Store) archive(ctx context.Context, uri string, o *Options, hosts *linkcheck.HostLimit) result {
	res := result{uri: uri}
	now := o.Now()
	if _, err := s.fresh(uri, o, now); err == nil {
		res.outcome, res.reason = Skipped, reasonRecent
		return res
	}
	release, ok := s.claim(uri, 2*o.Timeout+time.Minute)
	if !ok {
		res.outcome, res.reason = Skipped, reasonClaim
		return res
	}
	defer release()
	// Asked again under the claim: another run may have archived the
	// page between the first look and the claim.
	old, oldErr := s.fresh(uri, o, now)
	if oldErr == nil {
		res.outcome, res.reason = Skipped, reasonClaim
		return res
	}
	resp, err := fetch(ctx, uri, o, hosts)
	if ctx.Err() != nil {
		res.err = ctx.Err()
		return res
	}
	var p *Page
	if err != nil {
		p = &Page{URI: uri, Fetched: now.UTC(), Failed: failure(err, o.Timeout)}
		if resp != nil {
			p.FinalURL, p.Status = resp.URL, resp.Status
		}
		res.outcome, res.reason = Failed, p.Failed
		// A dead link's archived text is what the archive is for.
		if old.URI != "" && old.Failed == "" {
			return res
		}
	} else {
		p = extractWithin(uri, resp, now, o.Timeout, o.extract)
		switch {
		case strings.HasPrefix(p.Failed, extractTimedOut):
			res.outcome, res.reason = Failed, p.Failed
			if old.URI != "" && old.Failed == "" {
				return res // the text kept before stays
			}
		case p.Failed != "":
			res.outcome, res.reason = NotArchived, p.Failed
		case resp.Truncated:
			res.outcome, res.reason = Cut, fmt.Sprintf("cut at %d MB", webpage.MaxBytes>>20)
		default:
			res.outcome = Archived
		}
	}
	if err := s.Put(p); err != nil {
		res.err = err
		return res
	}
	res.written = p
	return res
}

// errStale is fresh's answer for a page that is to be fetched.
var errStale = errors.New("to be fetched")

// fresh returns the Info of uri's page (empty if none) and nil if it
// need not be fetched now: archived (or of a kind not kept) within
// MaxAge, or with Refetch, since the run began.
func (s *Store) fresh(uri string, o *Options, now time.Time) (Info, error) {
	old, err := s.Stat(uri)
	switch {
	case err != nil:
		return Info{}, err
	case !kept(old):
	case o.Refetch:
		if !o.since.IsZero() && !old.Fetched.Before(o.since) {
			return old, nil
		}
	case o.MaxAge <= 0 || now.Sub(old.Fetched) < o.MaxAge:
		return old, nil
	}
	return old, errStale
}

// kept reports whether a page in the store need not be fetched again
// soon: its text is kept, or its kind is not (a failure is tried again).
func kept(i Info) bool { return i.Failed == "" || strings.HasPrefix(i.Failed, NotArchivedPrefix) }

// fetch gets uri within o's timeout and the host's limit.
func fetch(ctx context.Context, uri string, o *Options, hosts *linkcheck.HostLimit) (*webpage.Response, error) {
	release, err := hosts.Acquire(ctx, linkcheck.HostOf(uri), linkcheck.PerHost)
	if err != nil {
		return nil, err
	}
	defer release()
	ctx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	return webpage.Get(ctx, o.Client, uri, o.UserAgent)
}

// failure says why a fetch failed, in words that group in a summary.
func failure(err error, timeout time.Duration) string {
	var se *webpage.StatusError
	var dns *net.DNSError
	var ue *url.Error
	switch {
	case errors.As(err, &se):
		return se.Error()
	case errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ue) && ue.Timeout():
		return "timed out after " + timeout.String()
	case errors.As(err, &dns) && dns.IsNotFound:
		return "no such host"
	case errors.Is(err, webpage.ErrScheme):
		return webpage.ErrScheme.Error()
	case errors.Is(err, syscall.ECONNREFUSED):
		return "connection refused"
	case errors.Is(err, syscall.ECONNRESET):
		return "connection reset"
	case errors.As(err, &ue):
		return ue.Err.Error()
	}
	return err.Error()
}

// claimPrefix starts the name of the file a run holds while it archives a
// page, so that another run leaves the page alone.
const claimPrefix = ".claim-"

// claim takes uri's page for this run, unless another run holds it. A
// claim older than stale was left by a run that was killed, and is taken
// over. A store where no claim can be made (read-only) claims nothing.
func (s *Store) claim(uri string, stale time.Duration) (release func(), ok bool) {
	path := filepath.Join(s.dir, claimPrefix+filepath.Base(s.Path(uri)))
	for try := 0; try < 2; try++ {
		f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
		if err == nil {
			f.Close()
			return func() { _ = os.Remove(path) }, true
		}
		if !errors.Is(err, os.ErrExist) {
			return func() {}, true
		}
		fi, err := os.Stat(path)
		if err == nil && time.Since(fi.ModTime()) < stale {
			return nil, false
		}
		if err == nil {
			_ = os.Remove(path)
		}
		// Stale and removed, or released meanwhile: once more.
	}
	return nil, false
}
