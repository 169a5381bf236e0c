package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/linkcheck"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/internal/webpage"
)

// refreshOptions are the flags of `uricat refresh`.
type refreshOptions struct {
	search    string
	yes       bool
	jobs      int
	timeout   time.Duration
	selectors []string
}

func newRefreshCmd(e *env, runF func(*refreshOptions) error) *cobra.Command {
	var o refreshOptions
	cmd := &cobra.Command{
		Use:   "refresh [SELECTOR...] [--search QUERY] [--yes]",
		Short: "Take the titles and descriptions of records from their pages again",
		Long: `Refresh fetches the http and https pages of the records named (every record,
without a SELECTOR or --search), as add does, and shows what their pages
say now: NAME from the title, DESCRIPTION, LANGUAGE and TYPE, where the page
gives them and they differ from what the record has. With --yes it changes
the records, as one edit (each record changed gets DATE now, SSD3 3.3). A
page that cannot be fetched changes nothing, and is named.

` + selectorHelp,
		Example: `  uricat refresh --search 'cat:news'          # what would change
  uricat refresh --search 'cat:news' --yes    # change it
  uricat refresh https://go.dev/ --yes`,
		RunE: func(_ *cobra.Command, args []string) error {
			if o.timeout <= 0 || o.jobs <= 0 {
				return usageError(fmt.Errorf("--timeout and --jobs must be above 0"))
			}
			if len(args) > 0 && o.search != "" {
				return usageError(errors.New("give SELECTORs or --search, not both"))
			}
			o.selectors = args
			return runWith(runF, &o, func() error { return o.run(e, o.selectors) })
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.search, "search", "", "refresh the valid records that match the search `QUERY`")
	f.BoolVar(&o.yes, "yes", false, "change the records (without it, refresh shows what would change)")
	f.IntVar(&o.jobs, "jobs", 8, "fetch at most `N` pages at once (2 at most of one host)")
	f.DurationVar(&o.timeout, "timeout", 10*time.Second, "give up fetching a page after `DURATION`")
	return cmd
}

// refreshed is what a record's page says now, or why it said nothing.
type refreshed struct {
	rec    *ssd3.Record
	fields []ssd3.Field // the fields that change
	err    error
}

func (o *refreshOptions) run(e *env, args []string) error {
	c, err := e.open()
	if err != nil {
		return err
	}
	recs, err := o.records(e, c, args)
	if err != nil {
		return err
	}
	if len(recs) == 0 {
		fmt.Fprintln(e.stdout, "no http or https record to refresh")
		return nil
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	results := o.fetch(ctx, e, recs)
	var sets []catalogue.Edit
	failed := 0
	for _, r := range results {
		switch {
		case r.err != nil:
			failed++
			fmt.Fprintf(e.stderr, "uricat refresh: %s: %s\n", describe(r.rec), display.Text(r.err.Error()))
		case len(r.fields) > 0:
			sets = append(sets, catalogue.Set{Ref: r.rec.Ref(), Fields: r.fields})
			fmt.Fprintf(e.stdout, "line %d: %s\n", r.rec.Line(), display.Text(display.URI(r.rec.URI())))
			for _, f := range r.fields {
				fmt.Fprintf(e.stdout, "  %s: %s → %s\n", f.Name, quoteValue(ssd3.GetField(r.rec, f.Name)), quoteValue(f.Value))
			}
		}
	}
	summary := fmt.Sprintf("%s of %d would change", plural.Of(len(sets), "record"), len(recs))
	if failed > 0 {
		summary += fmt.Sprintf("; %s could not be fetched", plural.Of(failed, "page"))
	}
	if len(sets) == 0 {
		fmt.Fprintf(e.stdout, "nothing to change: the pages say what the records have (%d fetched, %d not)\n", len(recs)-failed, failed)
		return nil
	}
	if !o.yes {
		fmt.Fprintln(e.stdout, summary)
		return refused(fmt.Errorf("nothing changed: add --yes to change %s", plural.Of(len(sets), "record")))
	}
	if _, err := c.Apply(catalogue.Batch{Edits: sets}); err != nil {
		return refused(fmt.Errorf("%w; nothing was changed", err))
	}
	if err := c.Save(); err != nil {
		return refused(err)
	}
	fmt.Fprintf(e.stdout, "refreshed %s of %d in %s\n", plural.Of(len(sets), "record"), len(recs), display.Text(c.Path()))
	return nil
}

// records are the valid http and https records args or --search name,
// or every one.
func (o *refreshOptions) records(e *env, c *catalogue.Catalogue, args []string) ([]*ssd3.Record, error) {
	var recs []*ssd3.Record
	switch {
	case len(args) > 0:
		for _, sel := range args {
			r, err := selectRecord(c, sel)
			if err != nil {
				return nil, err
			}
			recs = append(recs, r)
		}
	case o.search != "":
		q, err := e.parseSearch(o.search)
		if err != nil {
			return nil, usageError(err)
		}
		recs = query.Filter(c.Valid(), q.Exact()) // words, as for rm and set
	default:
		recs = c.Valid()
	}
	web := recs[:0:0]
	for _, r := range recs {
		if strings.HasPrefix(r.URI(), "http://") || strings.HasPrefix(r.URI(), "https://") {
			web = append(web, r)
		}
	}
	return web, nil
}

// fetch fetches the pages of recs, o.jobs at once and at most 2 of one
// host, and returns what each says that differs from its record, in the
// order of recs. ctrl+c stops what has not started.
func (o *refreshOptions) fetch(ctx context.Context, e *env, recs []*ssd3.Record) []refreshed {
	out := make([]refreshed, len(recs))
	jobs := make(chan int)
	var hosts linkcheck.HostLimit // as links asks them
	var wg sync.WaitGroup
	for range min(o.jobs, len(recs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				release, err := hosts.Acquire(ctx, linkcheck.HostOf(recs[i].URI()), linkcheck.PerHost)
				if err != nil {
					out[i] = refreshed{rec: recs[i], err: errors.New("not fetched: interrupted")}
					continue
				}
				out[i] = o.refresh(ctx, e, recs[i])
				release()
			}
		}()
	}
	for i := range recs {
		if ctx.Err() != nil {
			out[i] = refreshed{rec: recs[i], err: errors.New("not fetched: interrupted")}
			continue
		}
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return out
}

// refresh fetches rec's page and returns the fields whose value it changes.
func (o *refreshOptions) refresh(ctx context.Context, e *env, rec *ssd3.Record) refreshed {
	ctx, cancel := context.WithTimeout(ctx, o.timeout)
	defer cancel()
	page, err := webpage.Fetch(ctx, e.httpClient(), rec.URI(), userAgent())
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			err = fmt.Errorf("no answer within %v (--timeout)", o.timeout)
		}
		return refreshed{rec: rec, err: err}
	}
	got, titled, _ := importers.FromPage(rec.URI(), page, e.now())
	var fields []ssd3.Field
	for _, f := range importers.PageValues(got, titled) {
		if f.Value == "" || f.Value == ssd3.GetField(rec, f.Name) {
			continue // what the page does not say is kept
		}
		fields = append(fields, f)
	}
	return refreshed{rec: rec, fields: fields}
}

// quoteValue quotes a field's value for the preview, "" for none.
func quoteValue(v string) string { return fmt.Sprintf("%q", display.Text(v)) }
