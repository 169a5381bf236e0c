package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/archive"
	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/webpage"
)

// addOptions are the flags of `uricat add` beyond the fields.
type addOptions struct {
	allowDuplicate bool
	noFetch        bool
	timeout        time.Duration
	uri            string
	fields         []ssd3.Field // the fields' flags given, NAME among them if named
	named          bool         // --name was given: nothing is fetched
}

func newAddCmd(e *env, runF func(*addOptions) error) *cobra.Command {
	var ff fieldFlags
	var o addOptions
	cmd := &cobra.Command{
		Use:   "add URI [--name NAME]",
		Short: "Add a bookmark",
		Long: `Add validates a new record and appends it to the catalogue; nothing already in
the file changes. An IRI (Unicode host or path) is stored as the URI it
stands for. DATE is now. A URI the catalogue already has (in any of its
equivalent forms: HTTP://Example.com:80 is http://example.com/) is refused
unless --allow-duplicate is given; one that looks like a URI it has
(https://www.example.org/a/ and http://example.org/a#top, say: see
"uricat dups") is added, with a warning. Invalid input leaves the file
untouched.

Without --name, add fetches an http or https page (the first 5 MB,
at most 10 redirects, to http and https only, for --timeout at most) and
takes NAME from its <title> (or og:title), and, where no flag gives them,
DESCRIPTION from its meta description (or og:description), LANGUAGE from
<html lang> and TYPE from its Content-Type; the page's article is kept in
the archive as "uricat archive" keeps it, from the same answer. A page
that cannot be fetched is added all the same, named from its URI, with a
note; --no-fetch sends no request, names it from its URI and archives
nothing.`,
		Example: `  uricat add https://go.dev/ --name "The Go language" --category Programming --rating 5
  uricat add 'https://bücher.de/straße' --name Bücher --language de --tags books,shops
  uricat add https://go.dev/doc/ --category Programming   # NAME and the rest from the page
  uricat add https://example.org/report.pdf --no-fetch     # NAME report.pdf, no request`,
		Args: exactArgs(1, "one URI"),
		RunE: func(cmd *cobra.Command, args []string) error {
			// --no-fetch with --name is redundant (nothing is fetched
			// then), not an error: a script may pass it always.
			if o.timeout <= 0 {
				return usageError(fmt.Errorf("--timeout %v: give a duration above 0 (10s, 1m)", o.timeout))
			}
			fields, err := ff.fields(cmd.Flags())
			if err != nil {
				return err
			}
			o.uri, o.fields, o.named = args[0], fields, cmd.Flags().Changed("name")
			return runWith(runF, &o, func() error { return runAdd(e, o.uri, o.fields, o.named, o) })
		},
	}
	ff.register(cmd.Flags(), false)
	cmd.Flags().BoolVar(&o.allowDuplicate, "allow-duplicate", false, "add the URI even if the catalogue has it already")
	cmd.Flags().BoolVar(&o.noFetch, "no-fetch", false, "without --name, fetch nothing: NAME from the URI")
	cmd.Flags().DurationVar(&o.timeout, "timeout", 10*time.Second, "give up fetching the page after `DURATION`")
	return cmd
}

// runAdd validates the new record and appends it to the catalogue; when
// not named, it takes its NAME (and what else no flag gives) from the
// page (fillFromPage) or, with --no-fetch, from its URI.
func runAdd(e *env, uri string, fields []ssd3.Field, named bool, o addOptions) error {
	rec := &ssd3.Record{}
	if err := setFields(rec, append([]ssd3.Field{{Name: ssd3.FieldURI, Value: uri}}, fields...)); err != nil {
		return err
	}
	c, err := e.open()
	if err != nil {
		return err
	}
	var page *webpage.Page
	if !named {
		// A URI the add will refuse is not worth a request: it gets a
		// NAME only to be refused as a duplicate.
		if o.noFetch || !o.allowDuplicate && c.HasURI(rec.URI()) {
			rec.SetName(importers.NameFromURI(rec.URI()))
		} else {
			page = fillFromPage(e, rec, fields, o.timeout)
		}
	}
	filed := e.configFile().Rules.FileAll([]*ssd3.Record{rec})
	var rep catalogue.AddReport
	if _, err := c.Apply(catalogue.Add{Records: []*ssd3.Record{rec}, AllowDuplicates: o.allowDuplicate, Report: &rep}); err != nil {
		var dup *catalogue.DuplicateError
		if errors.As(err, &dup) && dup.Existing != nil {
			r := dup.Existing
			return refused(fmt.Errorf("already there: %q, line %d of %s (%s); add --allow-duplicate to add it again",
				display.Text(r.Name()), r.Line(), c.Path(), r.URI()))
		}
		return refused(err)
	}
	merged, err := c.SaveReport()
	if err != nil {
		return refused(err)
	}
	if merged != nil && len(merged.Duplicates) > 0 {
		return refused(fmt.Errorf("already there: another program added %s to %s meanwhile; add --allow-duplicate to add it again", rec.URI(), c.Path()))
	}
	for _, l := range rep.LookAlikes {
		e.diagnostic(ssd3.Diagnostic{File: c.Path(), Offset: -1, Kind: ssd3.Warning,
			Msg: fmt.Sprintf("%s looks like %s; added all the same (uricat dups lists such records)", rec.URI(), importers.LooksLike(l.Like))})
	}
	fmt.Fprintf(e.stdout, "added %q to %s\n", display.Text(rec.Name()), display.Text(c.Path()))
	e.rulesFiled(filed, []*ssd3.Record{rec}, rep.Refs, false)
	e.keepPage(rec.URI(), page)
	return nil
}

// keepPage archives the page add fetched for uri, if it fetched one: the
// same answer, not a second request. The record is added whatever
// becomes of it; a page that cannot be kept is a note. The configuration
// file's archive_on_add = false keeps none.
func (e *env) keepPage(uri string, page *webpage.Page) {
	if !e.configFile().KeepsPages() {
		return
	}
	p, err := archive.Keep(e.archiveDir(""), uri, page, e.now(), e.indexPage)
	switch {
	case errors.Is(err, archive.ErrNoAnswer):
		// Nothing fetched (or nothing to keep): nothing to say.
	case err != nil && p == nil:
		fmt.Fprintf(e.stderr, "uricat add: note: the page was not archived: %s\n", display.Lines(err.Error()))
	case err != nil:
		fmt.Fprintf(e.stderr, "uricat add: note: the page was not indexed: %s\n", display.Lines(err.Error()))
	}
}

// defaultHTTPClient is the client network commands use (add fetches
// pages, links checks them) unless the env has one: few idle connections
// to one host, as the link checker asks at most 2 at once; the limits of
// each request are the caller's (its context, webpage.Fetch's).
func defaultHTTPClient() *http.Client {
	return &http.Client{Transport: &http.Transport{
		Proxy:               http.ProxyFromEnvironment,
		MaxIdleConnsPerHost: 2,
		TLSHandshakeTimeout: 10 * time.Second,
		IdleConnTimeout:     30 * time.Second,
	}}
}

// userAgent names uricat to the sites it fetches from.
func userAgent() string { return "uricat/" + version() + " (+https://github.com/uricat/uricat)" }

// fillFromPage fetches rec's page and sets rec's NAME from it, and its
// DESCRIPTION, LANGUAGE and TYPE where fields (the flags given) do not.
// The page's text is cleaned as an import's is (importers.Finish): no
// control character or escape sequence from a page reaches the catalogue
// or the terminal. A page that cannot be fetched, or has no title, names
// the record from its URI, with a note on stderr. It returns the page
// fetched, or nil.
func fillFromPage(e *env, rec *ssd3.Record, fields []ssd3.Field, timeout time.Duration) *webpage.Page {
	note := func(format string, a ...any) {
		fmt.Fprintf(e.stderr, "uricat add: note: %s\n", display.Lines(fmt.Sprintf(format, a...)))
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	page, err := webpage.Fetch(ctx, e.httpClient(), rec.URI(), userAgent())
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			err = fmt.Errorf("no answer within %v (--timeout)", timeout)
		}
		rec.SetName(importers.NameFromURI(rec.URI()))
		note("the page could not be fetched (%v); NAME is from the URI: %q", err, rec.Name())
		return nil
	}
	got, titled, diags := importers.FromPage(rec.URI(), page, e.now())
	for _, d := range diags {
		if d.Kind == ssd3.Dropped {
			note("the page's %s", d.Msg)
		}
	}
	given := map[string]bool{}
	for _, f := range fields {
		given[f.Name] = true
	}
	rec.SetName(got.Name()) // Finish names a page without a title from its URI
	if !titled {
		note("the page has no title; NAME is from the URI: %q", rec.Name())
	}
	for _, f := range importers.PageValues(got, titled) {
		if f.Name != ssd3.FieldName && f.Value != "" && !given[f.Name] {
			_ = ssd3.SetField(rec, f.Name, f.Value) // Finish kept only valid values
		}
	}
	return page
}
