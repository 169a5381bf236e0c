package tui

import (
	"context"
	"fmt"
	"net/http"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/progress"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/uricat/uricat/catalogue/linkset"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/linkcheck"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/tui/linkres"
)

// This file is the link check the TUI runs (L): the http and https links
// of the records shown, checked on goroutines of their own
// (linkcheck.Checker.Run), each result streamed to Update as a message,
// so that typing never waits; a progress bar with the counts and the last
// host on the status bar; esc or ctrl+c stops it, keeping what it found.
// When it is done the results are saved with the link state (as `uricat
// links` keeps them), the list searches again with them, and the results
// screen (tui/linkres) offers what to do about the moved and dead links.

// linkRun is a check under way.
type linkRun struct {
	id      int
	offline *bool // set once results is closed: no host resolved (linkcheck.Offline)
	cancel  context.CancelFunc
	results <-chan linkcheck.Result
	total   int
	done    int
	counts  map[linkcheck.Status]int
	host    string // of the last result
	stopped bool   // esc or ctrl+c: the results so far are kept
	byURI   map[string][]*ssd3.Record
	found   []linkres.Entry
	bar     progress.Model
}

// linkResultMsg is one result of the run id; ok is false once the run is
// over (every link checked, or stopped).
type linkResultMsg struct {
	id      int
	res     linkcheck.Result
	ok      bool
	offline bool // with !ok: no host resolved, so none was called dead
}

// linksSavedMsg says whether the link state was saved after a run.
type linksSavedMsg struct {
	warnings []string // what the file written could not keep of the old one (its owner)
	err      error
}

// start checks the links of the valid records the list shows.
func (l *linkChecker) start() tea.Cmd {
	if l.run != nil {
		l.status.set(sevInfo, "the links are being checked: esc stops it")
		return nil
	}
	if l.results.state == nil {
		// Saving a run's results over a state not read would lose
		// the results kept.
		l.status.set(sevWarning, "the link results of earlier checks are not read (yet): no check")
		return nil
	}
	set := linkset.Select(l.shown(), nil)
	uris, byURI := set.URIs, set.ByURI
	if len(uris) == 0 {
		l.status.set(sevInfo, "no http or https link among the records shown")
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan linkcheck.Result)
	newChecker := l.newChecker
	if newChecker == nil {
		newChecker = linkcheck.New
	}
	checker := newChecker(clientOr(l.client), l.userAgent)
	offline := new(bool)
	go func() {
		defer close(ch)
		*offline = checker.Run(ctx, uris, linkset.Jobs, func(r linkcheck.Result) {
			select {
			case ch <- r:
			case <-ctx.Done(): // stopped: Update no longer reads
			}
		})
	}()
	l.runs++
	l.run = &linkRun{id: l.runs, offline: offline, cancel: cancel, results: ch, total: len(uris), counts: map[linkcheck.Status]int{},
		byURI: byURI, bar: progress.New(progress.WithDefaultGradient(), progress.WithoutPercentage(), progress.WithWidth(12))}
	l.status.set(sevInfo, "checking %s: esc stops", plural.Of(len(uris), "link"))
	return l.run.next()
}

// next waits for the run's next result.
func (r *linkRun) next() tea.Cmd {
	id, ch, offline := r.id, r.results, r.offline
	return func() tea.Msg {
		res, ok := <-ch
		if !ok {
			// Run set it before the channel was closed.
			return linkResultMsg{id: id, offline: *offline}
		}
		return linkResultMsg{id: id, res: res, ok: ok}
	}
}

// stop stops the run, keeping what it found.
func (l *linkChecker) stop() {
	l.run.stopped = true
	l.run.cancel()
	l.status.set(sevInfo, "stopping the link check…")
}

// result takes one result of the run, or its end.
func (l *linkChecker) result(msg linkResultMsg) tea.Cmd {
	run := l.run
	if run == nil || msg.id != run.id {
		return nil // a run already over
	}
	if msg.ok {
		r := msg.res
		l.results.state.Put(r)
		run.done++
		run.counts[r.Status]++
		run.host = linkcheck.HostOf(r.URI)
		if r.Status == linkcheck.Moved || r.Status == linkcheck.Dead || r.Status == linkcheck.Unknown {
			for _, rec := range run.byURI[r.URI] {
				run.found = append(run.found, linkres.Entry{Record: rec, Result: r})
			}
		}
		return run.next()
	}
	run.cancel()
	l.run = nil
	summary := linkset.Checked(run.done, run.counts)
	if run.stopped {
		summary = fmt.Sprintf("stopped: %s of %d (%s)", plural.Of(run.done, "link"), run.total, linkset.Counts(run.counts))
	}
	if msg.offline {
		l.status.set(sevWarning, "%s: %s", summary, linkcheck.Offline)
	} else {
		l.status.set(sevSuccess, "%s", summary)
	}
	cmds := []tea.Cmd{l.save(), l.resultsChanged()}
	if len(run.found) > 0 {
		cmds = append(cmds, l.found(run.found, summary))
	}
	return tea.Batch(cmds...)
}

// save saves the link state, off Update.
func (l *linkChecker) save() tea.Cmd {
	st := l.results.state
	if l.results.path == "" || st == nil {
		return nil // a model without a state file (tests): kept for the session
	}
	return func() tea.Msg {
		warnings, err := st.Save()
		return linksSavedMsg{warnings: warnings, err: err}
	}
}

// stopKey stops a run on ctrl+c, or on esc while browsing (ctrl+c quits
// only when no run is going); it reports whether msg did, false for
// other keys and when no run is going.
func (l *linkChecker) stopKey(msg tea.KeyMsg, browsing bool) bool {
	if l.run == nil || l.run.stopped {
		return false
	}
	if key.Matches(msg, l.keys.ForceQuit) || (browsing && key.Matches(msg, l.keys.Cancel)) {
		l.stop()
		return true
	}
	return false
}

// progress is the status bar's part about a run: a bar, the counts and
// the last host, in at most w cells; "" when no run is going.
func (l *linkChecker) progress(w int) string {
	run := l.run
	if run == nil || w < 10 {
		return ""
	}
	th := l.th
	text := fmt.Sprintf(" %d/%d", run.done, run.total)
	if run.host != "" {
		text += " " + display.Text(run.host)
	}
	bar := run.bar.ViewAs(float64(run.done) / float64(max(1, run.total)))
	return ansi.Truncate(th.StatusKey.Render("links ")+bar+th.StatusValue.Render(text), w, "…")
}

// clientOr returns c, or http.DefaultClient's like for a nil one.
func clientOr(c *http.Client) *http.Client {
	if c == nil {
		return &http.Client{}
	}
	return c
}
