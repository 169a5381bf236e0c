package main

import (
	"context"
	"fmt"
	"os/exec"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/archive"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/opener"
)

// openManyAsk is how many links open --search --all opens without asking.
const openManyAsk = 5

// openOptions are what `uricat open` is asked.
type openOptions struct {
	yes, all bool
	wayback  bool // the Wayback Machine's copy from the record's DATE, not the URI
	search   string
	searched bool   // --search was given: not a SELECTOR
	selector string // without --search
}

func newOpenCmd(e *env, runF func(*openOptions) error) *cobra.Command {
	var o openOptions
	cmd := &cobra.Command{
		Use:   "open SELECTOR | open --search QUERY [--all]",
		Short: "Open a bookmark's URI with $BROWSER, else the desktop's opener",
		Long: `Open opens the record's URI as the TUI's o does: with $BROWSER (a
colon-separated list of commands, %s standing for the URI), else xdg-open
(open on macOS), never through a shell; uricat waits for it to finish. A URI
whose scheme is not ` + opener.SafeSchemes() + `, or a mailto: URI that would
attach or read a local file (attach=, attachment=, file=, a value that is
a path or a file: URL), is opened only with --yes.

With --wayback it opens the Wayback Machine's copy of the page as it was
when it was bookmarked (https://web.archive.org/web/YYYYMMDDhhmmss/URI,
from the record's DATE; no request is made to build it): for a dead link.

With --search it opens the record that matches QUERY best (ranked as the
TUI ranks a search), and with --all every record that matches, in that
order, asking first when there are more than ` + fmt.Sprint(openManyAsk) + ` (--yes does not ask).

` + selectorHelp,
		Example: `  uricat open https://go.dev/
  BROWSER=lynx uricat open id:7
  uricat open --yes file:///usr/share/doc/index.html
  uricat open --search 'go blog'
  uricat open --wayback https://gone.example/`,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.searched = cmd.Flags().Changed("search")
			switch {
			case o.searched && len(args) > 0:
				return usageError(fmt.Errorf("give a SELECTOR or --search, not both"))
			case o.searched:
			case o.all:
				return usageError(fmt.Errorf("--all opens every record --search matches: give it with --search"))
			default:
				if err := exactArgs(1, "one SELECTOR, or --search QUERY")(cmd, args); err != nil {
					return err
				}
				o.selector = args[0]
			}
			return runWith(runF, &o, func() error { return o.run(e) })
		},
	}
	cmd.Flags().BoolVar(&o.yes, "yes", false, "open a URI whatever its scheme; with --all, open them without asking")
	cmd.Flags().StringVar(&o.search, "search", "", "open the record that matches the search `QUERY` best")
	cmd.Flags().BoolVar(&o.all, "all", false, "with --search, open every record that matches, best first")
	cmd.Flags().BoolVar(&o.wayback, "wayback", false, "open the Wayback Machine's copy of the page as it was when bookmarked")
	return cmd
}

// openSearch opens the record q matches best, or every one (all), best
// first, asking a person at the terminal first when they are many.
func (e *env) openSearch(search string, all, yes, wayback bool) error {
	q, err := e.parseSearch(search)
	if err != nil {
		return usageError(err)
	}
	if q.Empty() {
		return usageError(fmt.Errorf("--search %q has no search term: give a QUERY", search))
	}
	c, err := e.openReadOnly()
	if err != nil {
		return err
	}
	ix := query.NewIndex(c.Valid(), 0)
	hits, err := ix.Search(context.Background(), q, nil)
	if err != nil {
		return refused(err)
	}
	if len(hits) == 0 {
		return refused(fmt.Errorf("no record matches %q", search))
	}
	order := query.Rank(hits)
	if !all {
		order = order[:1]
	}
	if len(order) > openManyAsk && !yes && !e.askYes(fmt.Sprintf("Open %d links? [y/N] ", len(order))) {
		return refused(fmt.Errorf("nothing opened: %d records match %q; add --yes to open them all", len(order), search))
	}
	for _, pos := range order {
		rec := ix.Records()[pos]
		if err := e.openRecordURI(rec, yes, wayback); err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "opened %s <%s>\n", quoteName(rec), display.Text(display.URI(rec.URI())))
	}
	return nil
}

// run opens the record the selector names, or those the search finds.
func (o *openOptions) run(e *env) error {
	if o.searched {
		return e.openSearch(o.search, o.all, o.yes, o.wayback)
	}
	_, rec, err := e.openRecord(o.selector)
	if err != nil {
		return err
	}
	return e.openRecordURI(rec, o.yes, o.wayback)
}

// openRecordURI opens rec's URI, or with wayback the Wayback Machine's
// copy of it from when it was bookmarked.
func (e *env) openRecordURI(rec *ssd3.Record, yes, wayback bool) error {
	if !wayback {
		return e.openURI(rec, yes)
	}
	if rec.URI() == "" {
		return refused(fmt.Errorf("the record at line %d has no valid URI; see its problems with uricat show line:%d", rec.Line(), rec.Line()))
	}
	return e.open1(archive.Wayback(rec.URI(), rec.Added()))
}

// askYes asks a person at the terminal question, and reports whether the
// answer is yes; no one to ask (a script) is no.
func (e *env) askYes(question string) bool {
	if !e.isInteractive() {
		return false
	}
	fmt.Fprint(e.stderr, question)
	answer, _ := e.readAnswer()
	return answer == "y" || answer == "yes"
}

// openURI opens rec's URI in the foreground: a $BROWSER such as lynx runs
// in this terminal, and the opener's errors reach the user.
func (e *env) openURI(rec *ssd3.Record, yes bool) error {
	if rec.URI() == "" {
		return refused(fmt.Errorf("the record at line %d has no valid URI; see its problems with uricat show line:%d", rec.Line(), rec.Line()))
	}
	if p := opener.FileParam(rec.URI()); p != "" && !yes {
		return refused(fmt.Errorf("%s asks the mail program to attach or read a local file (%s); add --yes to open it", rec.URI(), p))
	}
	if opener.NeedsConfirm(rec.URI()) && !yes {
		return refused(fmt.Errorf("%s is a %s: URI, which could run a program or read a local file; only %s URIs are opened without --yes: add --yes to open it",
			rec.URI(), opener.Scheme(rec.URI()), opener.SafeSchemes()))
	}
	return e.open1(rec.URI())
}

// open1 opens uri with the opener, in the foreground.
func (e *env) open1(uri string) error {
	o := opener.Default
	o.Start = func(cmd *exec.Cmd) error {
		cmd.Stdin, cmd.Stdout, cmd.Stderr = e.stdin, e.stdout, e.stderr
		return cmd.Run()
	}
	if err := o.Open(uri); err != nil {
		return refused(err)
	}
	return nil
}
