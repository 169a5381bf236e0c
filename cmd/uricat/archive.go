package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/archive"
	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/linkset"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/linkcheck"
	"github.com/uricat/uricat/internal/plural"
	"github.com/uricat/uricat/internal/webpage"
)

// archiveOptions are the flags of `uricat archive`.
type archiveOptions struct {
	search     string
	maxAge     string
	jobs       int
	timeout    time.Duration
	refetch    bool
	dir        string
	prune, yes bool
	reindex    bool
	quiet      bool
}

func newArchiveCmd(e *env, runF func(*archiveOptions) error) *cobra.Command {
	o := archiveOptions{jobs: linkset.Jobs, timeout: 10 * time.Second, maxAge: "30d"}
	cmd := &cobra.Command{
		Use:   "archive [--search QUERY]",
		Short: "Keep the text of the bookmarks' pages, to search and read offline",
		Long: `Archive fetches the http and https pages of the valid records (those the
search selects, or all) and keeps each page's readable article (the text
without navigation, ads and comments) as Markdown, with its title, byline,
language, site name, final URL, HTTP status, content type, fetch time and
size. A plain-text page is kept as it is; a PDF or an image is noted as not
archived; a page that cannot be fetched is noted, and an earlier archived
text of it stays (a dead link's text is what the archive is for).

It fetches as add and links do: at most 2 requests at once to one host,
at most 10 redirects and only to http and https, the first 5 MB of a body
(after decompression), --timeout for each page's fetch and again for its
extraction (a page that takes longer is noted, and the run goes on).
--max-age skips pages
archived more recently, so an interrupted run (ctrl+c keeps what was done)
goes on where it stopped; --refetch fetches them all again.

The archive is one plain-text file per page (readable with less and rg)
under $URICAT_ARCHIVE, else $XDG_DATA_HOME/uricat/archive, or --archive-dir.
Archiving never changes the catalogue file. --prune removes the pages of
URIs no record has any more, after asking (--yes: without asking).

The index of the pages' words, which text: searches read, is kept under
$XDG_CACHE_HOME/uricat/, up to date as pages are archived, and built
again when missing or damaged; --reindex builds it again from the files.`,
		Example: `  uricat archive
  uricat archive --search 'category:Programming' --jobs 16
  uricat archive --prune --yes`,
		Args: noArgs,
		RunE: func(*cobra.Command, []string) error { return runWith(runF, &o, func() error { return o.run(e) }) },
	}
	f := cmd.Flags()
	f.StringVar(&o.search, "search", "", "archive the pages of the records the search `QUERY` matches")
	f.StringVar(&o.maxAge, "max-age", o.maxAge, "skip pages archived less than `AGE` ago (30d, 36h; 0: however long ago)")
	f.IntVar(&o.jobs, "jobs", o.jobs, "how many pages to fetch at once (at most 2 per host)")
	f.DurationVar(&o.timeout, "timeout", o.timeout, "give up on a page's fetch, or its extraction, after `DURATION`")
	f.BoolVar(&o.refetch, "refetch", false, "fetch every page again, however recently archived")
	f.StringVar(&o.dir, "archive-dir", "", "the archive at `DIR` (default $URICAT_ARCHIVE, else $XDG_DATA_HOME/uricat/archive)")
	f.BoolVar(&o.prune, "prune", false, "remove the archived pages of URIs no record has any more")
	f.BoolVar(&o.yes, "yes", false, "with --prune, remove without asking")
	f.BoolVar(&o.quiet, "quiet", false, "no progress, only the summary")
	f.BoolVar(&o.reindex, "reindex", false, "build the index of the archived pages' words (text: searches) again, and fetch nothing")
	return cmd
}

// archiveDir is the archive's directory: dir (--archive-dir) if given,
// else as the environment says (archive.DirFrom).
func (e *env) archiveDir(dir string) string {
	if dir != "" {
		return dir
	}
	return archive.DirFrom(e.getenv)
}

func (o *archiveOptions) run(e *env) error {
	maxAge, err := linkcheck.ParseAge(o.maxAge)
	if err != nil {
		return usageError(err)
	}
	switch {
	case o.jobs < 1:
		return usageError(fmt.Errorf("--jobs %d: at least 1", o.jobs))
	case o.timeout <= 0:
		return usageError(fmt.Errorf("--timeout %v: give a duration above 0 (10s, 1m)", o.timeout))
	case o.prune && o.search != "":
		return usageError(fmt.Errorf("--prune looks at every record: it takes no --search"))
	case o.yes && !o.prune:
		return usageError(fmt.Errorf("--yes goes with --prune"))
	case o.reindex && (o.prune || o.search != ""):
		return usageError(fmt.Errorf("--reindex indexes every archived page: it takes no --prune or --search"))
	}
	q, err := e.parseSearch(o.search)
	if err != nil {
		return usageError(err)
	}
	if o.reindex {
		return e.reindex(e.archiveDir(o.dir))
	}
	if q, err = e.withArchive(q); err != nil {
		return err
	}
	c, err := e.openReadOnly()
	if err != nil {
		return err
	}
	store, err := archive.Open(e.archiveDir(o.dir))
	if err != nil {
		return refused(err)
	}
	if o.prune {
		return o.pruneRun(e, c, store)
	}
	set := linkset.Select(query.Filter(c.Valid(), q), nil)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	prog := newLinkProgress(e.stderr, len(set.URIs), !o.quiet)
	indexPage, closeIndex := e.indexer(store)
	defer closeIndex()
	sum, err := archive.Run(ctx, store, set.URIs, archive.Options{Jobs: o.jobs, Timeout: o.timeout, MaxAge: maxAge, Refetch: o.refetch,
		Client: e.httpClient(), UserAgent: userAgent(), Now: e.now,
		Progress: func(p archive.Progress) { prog.step(p.Host, fmt.Sprintf("  %.0f pages/s", p.Rate)) }, Archived: indexPage})
	prog.clear()
	if err != nil {
		return refused(fmt.Errorf("the archive in %s: %w", store.Dir(), err))
	}
	o.summary(e, store, set, sum)
	return nil
}

// summary prints what a run did: "archived 3 pages in DIR; 1 not archived
// (1 application/pdf); ...".
func (o *archiveOptions) summary(e *env, store *archive.Store, set linkset.Set, sum archive.Summary) {
	line := fmt.Sprintf("archived %s in %s", plural.Of(sum.Archived, "page"), display.Text(store.Dir()))
	if sum.Cut > 0 {
		line += fmt.Sprintf(" (%d cut at %d MB)", sum.Cut, webpage.MaxBytes>>20)
	}
	if n, why := reasons(sum.NotArchived, archive.NotArchivedPrefix); n > 0 {
		line += fmt.Sprintf("; %d not archived (%s)", n, why)
	}
	if n, why := reasons(sum.Failed, ""); n > 0 {
		line += fmt.Sprintf("; %d failed (%s)", n, why)
	}
	if sum.Skipped > 0 {
		line += fmt.Sprintf("; %d skipped (archived in the last %s)", sum.Skipped, o.maxAge)
	}
	if sum.Busy > 0 {
		line += fmt.Sprintf("; %d left to another run archiving them", sum.Busy)
	}
	if set.Other > 0 {
		line += fmt.Sprintf("; %d not http or https, left alone", set.Other)
	}
	fmt.Fprintln(e.stdout, line)
	if sum.Interrupted {
		done := sum.Archived + sum.Skipped + sum.Busy
		for _, n := range sum.NotArchived {
			done += n
		}
		for _, n := range sum.Failed {
			done += n
		}
		fmt.Fprintf(e.stdout, "interrupted: %d not archived yet; run again to go on from here\n", len(set.URIs)-done)
	}
}

// reasons sums counts and lists them by reason, most first, without
// prefix: 3, "2 the server answered 404 Not Found, 1 timed out after 10s".
func reasons(counts map[string]int, prefix string) (int, string) {
	keys := make([]string, 0, len(counts))
	n := 0
	for k, c := range counts {
		keys = append(keys, k)
		n += c
	}
	slices.SortFunc(keys, func(a, b string) int {
		if counts[a] != counts[b] {
			return counts[b] - counts[a]
		}
		return strings.Compare(a, b)
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%d %s", counts[k], display.Text(strings.TrimPrefix(k, prefix)))
	}
	return n, strings.Join(parts, ", ")
}

// pruneRun removes the pages of URIs no record of c has, after asking.
// Every record counts, valid or not: a record being mended keeps its page.
func (o *archiveOptions) pruneRun(e *env, c *catalogue.Catalogue, store *archive.Store) error {
	pages, err := store.List()
	if err != nil {
		// The pages it could read are still pruned; a damaged file is
		// named and left alone.
		fmt.Fprintf(e.stderr, "uricat archive: %s\n", display.Lines(err.Error()))
	}
	has := make(map[string]bool, len(c.Records()))
	for _, r := range c.Records() {
		if u := r.URI(); u != "" {
			has[ssd3.URIKey(u)] = true
		}
	}
	var gone []string
	for k, info := range pages {
		if !has[k] {
			gone = append(gone, info.URI)
		}
	}
	slices.Sort(gone)
	if len(gone) == 0 {
		fmt.Fprintf(e.stdout, "nothing to prune: every archived page has a record (%s)\n", plural.Of(len(pages), "page"))
		return nil
	}
	for _, u := range gone {
		fmt.Fprintln(e.stdout, "no record:", display.URI(u))
	}
	if !o.yes && !e.askYes(fmt.Sprintf("remove these %s from %s? [y/N] ", plural.Of(len(gone), "archived page"), display.Text(store.Dir()))) {
		return refused(fmt.Errorf("nothing removed; add --yes to remove them without asking"))
	}
	for _, u := range gone {
		if err := store.Remove(u); err != nil {
			return refused(err)
		}
	}
	fmt.Fprintf(e.stdout, "removed %s\n", plural.Of(len(gone), "archived page"))
	return nil
}
