package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"time"

	"github.com/adrg/xdg"
	"github.com/charmbracelet/bubbles/progress"
	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/linkset"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/linkcheck"
	"github.com/uricat/uricat/internal/plural"
)

// linksOptions are the flags of `uricat links`.
type linksOptions struct {
	search        string
	jobs          int
	timeout       time.Duration
	maxAge        string
	updateMoved   bool
	asJSON, quiet bool
}

func newLinksCmd(e *env, runF func(*linksOptions) error) *cobra.Command {
	o := linksOptions{jobs: linkset.Jobs, timeout: 10 * time.Second, maxAge: "0"}
	cmd := &cobra.Command{
		Use:   "links [--search QUERY]",
		Short: "Check whether the bookmarks' http and https links still lead somewhere",
		Long: `Links checks the http and https URIs of the valid records (those the
search selects, or all), and prints each link that is not ok:

  moved    a permanent redirect (301, 308) to a page that answers; the new
           URI is shown, and --update-moved rewrites the records to it
  dead     404 or 410, or a host name that does not resolve, twice (when no
           host of the run resolves, the machine looks offline: unknown)
  unknown  a timeout, 5xx, 403, 429 that does not recover, a redirect loop:
           a blocked or slow site is never called dead

Under a moved or dead link it says where the page may still be read: the
Wayback Machine's copy as it was when it was bookmarked (from the record's
DATE; no request is made for it) and, when uricat archive kept the page,
the uricat read that shows it.

It asks politely: at most 2 requests at once to one host, HEAD first and GET
where HEAD is refused, Retry-After honoured, a second try before a link is
called dead. Results are kept in $XDG_STATE_HOME/uricat/links.json, keyed by
URI, not in the catalogue (a check changes no record, so a synced catalogue
gets no diff); the search language's link:ok|moved|dead|unknown|unchecked
finds records by them. --max-age skips links checked more recently, so an
interrupted run (ctrl+c keeps what it found) goes on where it stopped.`,
		Example: `  uricat links
  uricat links --search 'category:Programming' --max-age 7d
  uricat links --update-moved`,
		Args: noArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			// The configuration's [links], where the flags say nothing.
			if c := e.configFile(); c.LinksJobs > 0 && !cmd.Flags().Changed("jobs") {
				o.jobs = c.LinksJobs
			}
			if c := e.configFile(); c.LinksTimeout > 0 && !cmd.Flags().Changed("timeout") {
				o.timeout = c.LinksTimeout
			}
			return runWith(runF, &o, func() error { return o.run(e) })
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.search, "search", "", "check the records the search `QUERY` matches")
	f.IntVar(&o.jobs, "jobs", o.jobs, "how many links to check at once (at most 2 per host)")
	f.DurationVar(&o.timeout, "timeout", o.timeout, "how long to wait for one answer")
	f.StringVar(&o.maxAge, "max-age", o.maxAge, "skip links checked less than `AGE` ago (7d, 36h)")
	f.BoolVar(&o.updateMoved, "update-moved", false, "rewrite moved links to where they moved (one undoable edit)")
	f.BoolVar(&o.asJSON, "json", false, "print every result as JSON")
	f.BoolVar(&o.quiet, "quiet", false, "no progress, only the results")
	return cmd
}

// linkStatePath is where link results are kept: $XDG_STATE_HOME/uricat
// (read at run time, so that a test or a wrapper can move it).
func (e *env) linkStatePath() string {
	dir := e.getenv("XDG_STATE_HOME")
	if dir == "" {
		dir = xdg.StateHome
	}
	return filepath.Join(dir, "uricat", "links.json")
}

func (o *linksOptions) run(e *env) error {
	maxAge, err := linkcheck.ParseAge(o.maxAge)
	if err != nil {
		return usageError(err)
	}
	if o.jobs < 1 {
		return usageError(fmt.Errorf("--jobs %d: at least 1", o.jobs))
	}
	q, err := e.parseSearch(o.search)
	if err != nil {
		return usageError(err)
	}
	c, err := e.open()
	if err != nil {
		return err
	}
	state, err := e.linkState()
	if err != nil {
		return refused(err)
	}
	q = q.WithLinks(state.StatusOf) // link:dead checks the dead ones again
	now := e.now()
	set := linkset.Select(query.Filter(c.Valid(), q), func(u string) bool { return state.Fresh(u, maxAge, now) })
	run, err := o.check(e, state, set)
	if err != nil {
		return err
	}
	if o.asJSON {
		if run.results == nil {
			run.results = []linkcheck.Result{}
		}
		return e.printJSON(run.results)
	}
	o.summary(e, set, run)
	if o.updateMoved && !run.interrupted {
		return e.updateMoved(c, state, set.ByURI)
	}
	if run.counts[linkcheck.Moved] > 0 && !o.updateMoved {
		fmt.Fprintln(e.stdout, "uricat links --update-moved --max-age 7d rewrites the moved links without asking again")
	}
	return nil
}

// linksRun is what a check of links found.
type linksRun struct {
	results     []linkcheck.Result
	counts      map[linkcheck.Status]int
	interrupted bool // by ctrl+c: the links not checked yet were left so
}

// check checks set's links till every one is checked or ctrl+c, printing
// each that is not ok as it comes (without --json), and keeps the results
// in state, saved now and then and at the end.
func (o *linksOptions) check(e *env, state *linkcheck.State, set linkset.Set) (linksRun, error) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	checker := linkcheck.New(e.httpClient(), userAgent())
	checker.Timeout = o.timeout
	prog := newLinkProgress(e.stderr, len(set.URIs), !o.quiet && !o.asJSON)
	run := linksRun{counts: map[linkcheck.Status]int{}}
	copies := lostCopies{dir: e.archiveDir("")}
	lastSave := e.now()
	offline := checker.Run(ctx, set.URIs, o.jobs, func(r linkcheck.Result) {
		state.Put(r)
		run.counts[r.Status]++
		run.results = append(run.results, r)
		prog.done(r)
		if !o.asJSON && r.Status != linkcheck.OK {
			prog.clear()
			for _, rec := range set.ByURI[r.URI] {
				fmt.Fprintln(e.stdout, linkLine(r, rec))
				copies.print(e, r, rec)
			}
		}
		// An interrupted or killed run keeps what it found.
		if e.now().Sub(lastSave) > 5*time.Second {
			// A failure here is told by the save at the end.
			_, _ = state.Save()
			lastSave = e.now()
		}
	})
	prog.clear()
	warnings, err := state.Save()
	if err != nil {
		return run, refused(fmt.Errorf("the results could not be kept: %w", err))
	}
	for _, w := range warnings {
		fmt.Fprintf(e.stderr, "uricat links: %s\n", display.Text(w))
	}
	if offline {
		fmt.Fprintf(e.stderr, "uricat links: %s\n", linkcheck.Offline)
	}
	run.interrupted = ctx.Err() != nil
	return run, nil
}

// summary prints what run found of set's links, and what was left out.
func (o *linksOptions) summary(e *env, set linkset.Set, run linksRun) {
	fmt.Fprint(e.stdout, linkset.Checked(len(run.results), run.counts))
	if set.Fresh > 0 {
		fmt.Fprintf(e.stdout, "; %d skipped (checked in the last %s)", set.Fresh, o.maxAge)
	}
	if set.Other > 0 {
		fmt.Fprintf(e.stdout, "; %d not http or https, left alone", set.Other)
	}
	fmt.Fprintln(e.stdout)
	if run.interrupted {
		fmt.Fprintf(e.stdout, "interrupted: %d not checked; run again with --max-age to go on from here\n", len(set.URIs)-len(run.results))
	}
}

// linkLine is one result, for the record rec: status, code, URI (and where
// it moved), the record.
func linkLine(r linkcheck.Result, rec *ssd3.Record) string {
	what := display.URI(r.URI)
	if r.Status == linkcheck.Moved {
		what += " → " + display.URI(r.Final)
	}
	code := "-"
	if r.Code != 0 {
		code = fmt.Sprint(r.Code)
	}
	reason := ""
	if r.Status == linkcheck.Unknown && r.Reason != "" {
		reason = " (" + display.Text(r.Reason) + ")"
	}
	return fmt.Sprintf("%-7s %3s  %s%s  %s (line %d)", r.Status, code, what, reason, quoteName(rec), rec.Line())
}

// updateMoved rewrites every record whose link moved to where it moved,
// as one edit (catalogue.MoveURIs, as the TUI's link results do), unless
// the catalogue has that URI already.
func (e *env) updateMoved(c *catalogue.Catalogue, state *linkcheck.State, byURI map[string][]*ssd3.Record) error {
	var recs []*ssd3.Record
	for _, rs := range byURI {
		recs = append(recs, rs...)
	}
	edit, moves := catalogue.MoveURIs(c, recs, func(u string) string {
		if r, ok := state.Get(u); ok && r.Status == linkcheck.Moved {
			return r.Final
		}
		return ""
	})
	var moved []string
	for _, mv := range moves {
		if mv.Problem != "" {
			fmt.Fprintf(e.stderr, "uricat links: %s moved to %s, which is %s: left as it is\n", display.URI(mv.From), display.URI(mv.To), movedProblem(mv.Problem))
			continue
		}
		moved = append(moved, fmt.Sprintf("%s: %s → %s", quoteName(mv.Record), display.URI(mv.From), display.URI(mv.To)))
	}
	if edit == nil {
		fmt.Fprintln(e.stdout, "no moved link to update")
		return nil
	}
	if _, err := c.Apply(edit); err != nil {
		return refused(err)
	}
	if err := c.Save(); err != nil {
		return refused(err)
	}
	for _, m := range moved {
		fmt.Fprintln(e.stdout, "updated", m)
	}
	fmt.Fprintf(e.stdout, "updated %s in %s\n", plural.Of(len(moved), "record"), display.Text(c.Path()))
	return nil
}

// movedProblem says why a move was not made, after "which".
func movedProblem(p string) string {
	if p == catalogue.MoveTaken {
		return "in the catalogue already"
	}
	return p
}

// linkProgress draws a progress bar with the counts and the last host on
// a terminal, and nothing elsewhere (the result lines say enough).
type linkProgress struct {
	w        io.Writer
	on       bool
	bar      progress.Model
	total, n int
	drawn    bool
}

func newLinkProgress(w io.Writer, total int, want bool) *linkProgress {
	p := &linkProgress{w: w, total: total}
	if f, ok := w.(*os.File); ok && want && total > 0 && term.IsTerminal(f.Fd()) {
		p.on = true
		p.bar = progress.New(progress.WithDefaultGradient(), progress.WithWidth(30))
	}
	return p
}

func (p *linkProgress) done(r linkcheck.Result) { p.step(linkcheck.HostOf(r.URI), "") }

// step counts one more done, at host; extra (a rate) follows the counts.
func (p *linkProgress) step(host, extra string) {
	p.n++
	if !p.on {
		return
	}
	fmt.Fprintf(p.w, "\r\x1b[K%s %d/%d%s  %s", p.bar.ViewAs(float64(p.n)/float64(p.total)), p.n, p.total, extra, display.Text(host))
	p.drawn = true
}

func (p *linkProgress) clear() {
	if p.drawn {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.drawn = false
	}
}
