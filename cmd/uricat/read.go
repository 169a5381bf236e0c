package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"strconv"
	"strings"

	"github.com/charmbracelet/x/term"
	"github.com/muesli/termenv"
	"github.com/spf13/cobra"

	"github.com/uricat/uricat/archive"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/linkcheck"
	"github.com/uricat/uricat/tui/markdown"
	"github.com/uricat/uricat/tui/theme"
)

// defaultPager is the pager when $PAGER is not set: -R lets the
// rendering's colours through.
const defaultPager = "less -R"

// readOptions are what `uricat read` is asked, and the terminal it
// prints to.
type readOptions struct {
	selector   string
	archiveDir string // --archive-dir; "" is $URICAT_ARCHIVE's, else the default (env.archiveDir)

	// terminal reports the width of stdout when it is a terminal (ok);
	// nil asks stdout.
	terminal func(w io.Writer) (width int, ok bool)
	// dark reports whether the terminal's background is dark; nil asks
	// $COLORFGBG, else the terminal.
	dark func() bool
	// pager shows text through $PAGER; nil runs it.
	pager func(e *env, text string) error
}

func newReadCmd(e *env, runF func(*readOptions) error) *cobra.Command {
	var o readOptions
	cmd := &cobra.Command{
		Use:   "read SELECTOR",
		Short: "Print a bookmark's archived page, to read offline or after its link died",
		Long: `Read prints the archived copy of the record's page (uricat archive makes
it): its title, its URI and when it was archived, then the article. At a
terminal the article is rendered for it (headings, lists, links, code), at
its width, in the app's colours, through $PAGER (` + defaultPager + ` when unset);
to a pipe it is plain Markdown. Nothing from the page reaches the terminal
as a control sequence: bidirectional and invisible characters are shown as
markers (⟨U+202E⟩).

A record with no archived copy, or whose page could not be archived, ends
with exit status 1 and says how to make one.

` + selectorHelp,
		Example: `  uricat read https://go.dev/blog/
  uricat read 12 | rg -i generics
  PAGER=most uricat read id:7`,
		Args: exactArgs(1, "one SELECTOR"),
		RunE: func(_ *cobra.Command, args []string) error {
			o.selector = args[0]
			return runWith(runF, &o, func() error { return o.run(e) })
		},
	}
	cmd.Flags().StringVar(&o.archiveDir, "archive-dir", "", "the archive's `DIR` (default $URICAT_ARCHIVE, else $XDG_DATA_HOME/uricat/archive)")
	return cmd
}

// run prints the archived page of the record the selector names.
func (o *readOptions) run(e *env) error {
	_, rec, err := e.openRecord(o.selector)
	if err != nil {
		return err
	}
	p, err := o.page(e, rec)
	if err != nil {
		return err
	}
	doc := markdown.Document(p.Title, rec.URI(), p.Fetched, p.Text)
	width, ok := o.termWidth(e.stdout)
	if !ok {
		_, err := io.WriteString(e.stdout, doc)
		return err
	}
	th := theme.ForTerminal(environ(e), o.isDark(e))
	out, err := markdown.Render(th, doc, width)
	if err != nil {
		return refused(fmt.Errorf("%s: %w", display.Text(rec.URI()), err))
	}
	return o.show(e, out)
}

// page reads rec's archived page: an error that says how to make one when
// there is none, and why it failed when it failed.
func (o *readOptions) page(e *env, rec *ssd3.Record) (*archive.Page, error) {
	uri := rec.URI()
	how := fmt.Sprintf("`uricat archive --search %s` makes one", shellWord("uri:"+uri))
	dir := e.archiveDir(o.archiveDir)
	st, err := archive.OpenRead(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, refused(fmt.Errorf("no archived copy of %s: %s", uri, how))
	} else if err != nil {
		return nil, unreadable(err)
	}
	p, err := st.Get(uri)
	switch {
	case errors.Is(err, archive.ErrNotArchived):
		return nil, refused(fmt.Errorf("no archived copy of %s: %s", uri, how))
	case err != nil:
		return nil, unreadable(fmt.Errorf("reading the archived copy of %s: %w", uri, err))
	case p.Text == "" && p.Failed != "":
		return nil, refused(fmt.Errorf("no archived copy of %s: %s (%s); `uricat archive --refetch --search %s` tries again",
			uri, p.Failed, display.Date(p.Fetched), shellWord("uri:"+uri)))
	}
	return p, nil
}

// shellWord quotes s for a POSIX shell when it needs it, for a command
// line the user may paste.
func shellWord(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=@%+,") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// termWidth is the width of w when it is a terminal.
func (o *readOptions) termWidth(w io.Writer) (int, bool) {
	if o.terminal != nil {
		return o.terminal(w)
	}
	f, ok := w.(*os.File)
	if !ok || !isTerminal(f) {
		return 0, false
	}
	if cols, _, err := term.GetSize(f.Fd()); err == nil && cols > 0 {
		return cols, true
	}
	return 80, true
}

// isDark reports whether the terminal's background is dark: from
// $COLORFGBG ("15;0": light text on black) when set, which asks nothing,
// else from the terminal, before the pager owns it.
func (o *readOptions) isDark(e *env) bool {
	if o.dark != nil {
		return o.dark()
	}
	if v := e.getenv("COLORFGBG"); v != "" {
		parts := strings.Split(v, ";")
		bg, err := strconv.Atoi(parts[len(parts)-1])
		return err != nil || bg < 7 || bg == 8
	}
	if f, ok := e.stdout.(*os.File); ok {
		return termenv.NewOutput(f).HasDarkBackground()
	}
	return true
}

// show shows the rendered text through the pager, or on stdout when the
// pager cannot start.
func (o *readOptions) show(e *env, text string) error {
	if o.pager != nil {
		return o.pager(e, text)
	}
	line := e.getenv("PAGER")
	if strings.TrimSpace(line) == "" {
		line = defaultPager
	}
	args := strings.Fields(line)
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = strings.NewReader(text), e.stdout, e.stderr
	if err := cmd.Start(); err != nil {
		// No pager: the article all the same.
		_, werr := io.WriteString(e.stdout, text)
		return werr
	}
	if err := cmd.Wait(); err != nil {
		var x *exec.ExitError
		if errors.As(err, &x) {
			return nil // the pager's own quitting (less on a broken pipe, q)
		}
		return refused(fmt.Errorf("pager %s: %w", display.Text(line), err))
	}
	return nil
}

// environ is the environment as e reads it, for the theme (NO_COLOR,
// the colour profile).
func environ(e *env) []string {
	if e.lookupEnv == nil {
		return os.Environ()
	}
	var out []string
	for _, k := range []string{"NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE", "TERM", "COLORTERM"} {
		if v := e.getenv(k); v != "" {
			out = append(out, k+"="+v)
		}
	}
	return out
}

// archivePage archives uri's page now, as `uricat archive` does for each
// page: the TUI reader's offer on a record with no archived copy.
func (e *env) archivePage(ctx context.Context, uri string) (*archive.Page, error) {
	st, err := archive.Open(e.archiveDir(""))
	if err != nil {
		return nil, err
	}
	return st.Archive(ctx, uri, archive.Options{Client: e.httpClient(), UserAgent: userAgent(), Now: e.now})
}

// lostCopies says, under a dead or moved link's line of `uricat links`,
// where its page may still be read: the archived copy (uricat read) and
// the Wayback Machine's copy as it was when it was bookmarked.
type lostCopies struct {
	dir    string
	store  *archive.Store
	opened bool // the archive was looked for (store nil: there is none)
}

// print prints the lines for r's record rec, if its link is dead or moved.
func (l *lostCopies) print(e *env, r linkcheck.Result, rec *ssd3.Record) {
	if r.Status != linkcheck.Dead && r.Status != linkcheck.Moved {
		return
	}
	if !l.opened {
		l.opened = true
		l.store, _ = archive.OpenRead(l.dir) // no archive: no line
	}
	if l.store != nil {
		if info, err := l.store.Stat(rec.URI()); err == nil && info.Failed == "" && info.TextLen > 0 {
			fmt.Fprintf(e.stdout, "        archived %s: uricat read %s\n", display.Date(info.Fetched), shellWord(rec.URI()))
		}
	}
	fmt.Fprintf(e.stdout, "        as bookmarked: %s\n", display.Text(archive.Wayback(rec.URI(), rec.Added())))
}
