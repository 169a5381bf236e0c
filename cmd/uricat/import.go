package main

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"os/signal"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/archive"
	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/formats"
	"github.com/uricat/uricat/importers/profiles"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/linkcheck"
	"github.com/uricat/uricat/internal/plural"
)

// importOptions are the flags of `uricat import`.
type importOptions struct {
	format, base     string
	dryRun, allowDup bool
	from, profile    string // --from BROWSER, --profile NAME
	quiet            bool
	category, tags   string // --category, --tags: the batch's label
	files            []string
}

func newImportCmd(e *env, runF func(*importOptions) error) *cobra.Command {
	var o importOptions
	cmd := &cobra.Command{
		Use:   "import [FILE...] [--from BROWSER [--profile NAME]]",
		Short: "Import bookmark files of other formats (browsers, Safari, Pocket, Instapaper, Pinboard, Raindrop.io, SOIF, Hina-Di, URC, http-index, URL lists, our JSON and CSV), or a browser's own bookmarks",
		Long: `Import reads bookmark files of other formats ("-" is standard input),
detecting each file's format unless --format names it, and adds their
records to the catalogue, skipping URIs it already has. It prints one
summary line per file on stdout and every record skipped or value dropped
on stderr as FILE:LINE: kind: reason (FILE:@BYTE for a format without
lines), and saves once at the end, so that a failed import changes nothing.
It exits 0 when every file was read, 2 when a file could not be read at all
(missing, forbidden, not a regular file), 1 when one was read but not
imported; the files that were read are imported all the same.

A FILE must be a regular file (a FIFO or a device goes on standard input,
"-"); a file with a line longer than 16 MiB, larger than 1 GiB or of
more than 1,048,576 records is refused, with the line, and nothing of it
is imported. ctrl+c (or SIGTERM) stops the import, which imports nothing.

--from imports the bookmarks a browser keeps, from every profile of it
found in the usual places (Snap and Flatpak installs too), or only the
--profile named (as the browser names it, or its folder's name); "all"
is every browser, and buku. Each profile is imported as a file, named on
its summary line; one that cannot be read is reported and the others are
imported. What the catalogue has already is left out, so it can run
again, from cron say, and add only what is new. With --dry-run it lists
the profiles found and what each would add.`,
		Example: `  uricat import bookmarks.html
  uricat import --dry-run listing.idx --base ftp://ftp.example.org/pub/
  uricat import --from firefox
  uricat import --from chrome --profile Work --dry-run`,
		Args: func(cmd *cobra.Command, files []string) error {
			if o.from != "" {
				return nil
			}
			return minArgs(1, `one FILE or more ("-" for standard input), or --from BROWSER`)(cmd, files)
		},
		RunE: func(_ *cobra.Command, files []string) error {
			o.files = files
			return runWith(runF, &o, func() error { return o.run(e, o.files) })
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.format, "format", "", "the files' `FORMAT`: "+strings.Join(formats.Names(formats.Readers()), ", ")+" (default: detected from their content)")
	f.StringVar(&o.base, "base", "", "absolute `URL` that relative links are resolved against")
	f.BoolVar(&o.dryRun, "dry-run", false, "show what would be imported, and write nothing")
	f.BoolVar(&o.allowDup, "allow-duplicates", false, "import records whose URI the catalogue already has")
	f.StringVar(&o.from, "from", "", "import the bookmarks of `BROWSER`, as it keeps them: "+strings.Join(profiles.Names(), ", "))
	f.StringVar(&o.profile, "profile", "", "with --from, only the profile called `NAME`")
	f.BoolVar(&o.quiet, "quiet", false, "print nothing unless a file cannot be imported (for cron)")
	f.StringVar(&o.category, "category", "", "file every record imported under `CATEGORY` (its own folders below it)")
	f.StringVar(&o.tags, "tags", "", "add the comma-separated `TAGS` to every record imported")
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions(formats.Names(formats.Readers()), cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("from", cobra.FixedCompletions(profiles.Names(), cobra.ShellCompDirectiveNoFileComp))
	_ = cmd.RegisterFlagCompletionFunc("profile", func(cmd *cobra.Command, _ []string, _ string) ([]string, cobra.ShellCompDirective) {
		return profileNames(e, o.from), cobra.ShellCompDirectiveNoFileComp
	})
	return cmd
}

// importSource is one file to import: a FILE, or a profile --from found.
type importSource struct {
	path   string
	format *importers.Format // nil: detected from the content
	label  string            // for a profile: the browser and profile, before its summary
	err    error             // why it cannot be imported (its format is not one uricat reads)
}

// discoverEnv is where --from looks: the home of e's environment.
func discoverEnv(e *env) profiles.Env { return profiles.EnvOf(e.getenv) }

// profileNames are the names --profile completes: those of the profiles
// of --from (every browser's without it).
func profileNames(e *env, from string) []string {
	bs, err := profiles.ByName(cmp.Or(from, profiles.All))
	if err != nil {
		return nil
	}
	found, _ := profiles.Discover(discoverEnv(e), bs)
	var names []string
	for _, p := range found {
		for _, n := range []string{p.Label, p.Name} {
			if n != "" && !slices.Contains(names, n) {
				names = append(names, n)
			}
		}
	}
	return names
}

// fromSources finds the profiles --from and --profile name. Profiles that
// could not be looked at are printed on stderr, and make failed the exit
// status; finding none is an error that says where it looked.
func (o *importOptions) fromSources(e *env, failed *error) ([]importSource, error) {
	bs, err := profiles.ByName(o.from)
	if err != nil {
		return nil, usageError(fmt.Errorf("--from: %w", err))
	}
	found, problems := profiles.Discover(discoverEnv(e), bs)
	for _, err := range problems {
		importProblem(e, err, failed)
	}
	sel := profiles.Select(found, o.profile)
	if len(sel) == 0 {
		var dirs []string
		for _, b := range bs {
			dirs = append(dirs, b.Dirs(discoverEnv(e))...)
		}
		what := "no profile"
		if len(bs) == 1 {
			what = "no " + bs[0].Title + " profile"
		}
		switch {
		case o.profile != "" && len(found) > 0:
			var names []string
			for _, p := range found {
				names = append(names, p.Title+" "+cmp.Or(p.Display(), p.Path))
			}
			return nil, refused(fmt.Errorf("%s called %q; found: %s", what, o.profile, strings.Join(names, ", ")))
		case len(dirs) == 0:
			return nil, refused(fmt.Errorf("%s found: $HOME is not set, and the browsers keep their profiles in it", what))
		default:
			return nil, refused(fmt.Errorf("%s found; looked in %s", what, strings.Join(dirs, ", ")))
		}
	}
	var out []importSource
	for _, p := range sel {
		src := importSource{path: p.Path, label: p.String()}
		if f, err := profiles.FormatOf(p); err != nil {
			src.err = fmt.Errorf("%s: %s: %w", src.label, p.Path, err)
		} else {
			src.format = &f
		}
		out = append(out, src)
	}
	return out, nil
}

// importProblem prints err, a file that could not be imported, and keeps
// in *failed the exit status it makes: 2 for a file that could not be
// read at all, else 1.
func importProblem(e *env, err error, failed *error) {
	code := exitRefused
	if cannotRead(err) {
		code = exitUsage
		err = readError(err)
	}
	fmt.Fprintf(e.stderr, "uricat import: %s\n", display.Lines(err.Error()))
	if *failed == nil || code == exitUsage {
		*failed = silent(code)
	}
}

// run imports the files into the catalogue: one summary line per file on
// stdout, the reason for every record skipped or value dropped on stderr as
// FILE:LINE, and one save at the end, so that a failed import leaves the
// catalogue as it was.
func (o *importOptions) run(e *env, files []string) error {
	format, base, tags, err := o.check()
	if err != nil {
		return err
	}
	if o.quiet {
		e.quiet, e.stdout = true, io.Discard
	}
	var failed error
	var sources []importSource
	for _, name := range files {
		sources = append(sources, importSource{path: name, format: format})
	}
	if o.from != "" {
		found, err := o.fromSources(e, &failed)
		if err != nil {
			return err
		}
		sources = append(sources, found...)
	}
	// ctrl+c and SIGTERM stop the import at its next read, and the
	// private copy of a database it reads is removed: Go's default would
	// end the process there, leaving the copy (a profile's history).
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	c, err := e.open()
	if err != nil {
		return err
	}
	// One plan for all the files: a record in two of them is imported
	// once, and a file that cannot be read to its end adds nothing.
	plan := importers.NewPlan(o.allowDup)
	labels, err := readSources(ctx, e, plan, sources, importers.Options{Base: base, Now: e.now().UTC().Truncate(time.Second)}, &failed)
	if err != nil {
		return err
	}
	filed := e.configFile().Rules.FileAll(plan.Records()) // before --category and --tags label them
	plan.Label(o.category, tags)
	res, merged, err := o.add(c, plan)
	if err != nil {
		return err
	}
	o.summarise(e, plan, res, labels, merged)
	e.rulesFiled(filed, plan.Records(), res.Refs, o.dryRun)
	return failed
}

// check checks the flags, and returns the format --format names (nil:
// detected), the URL of --base and the tags of --tags.
func (o *importOptions) check() (format *importers.Format, base *url.URL, tags []string, err error) {
	if o.format != "" {
		f, err := formats.ByName(formats.Readers(), o.format)
		if err != nil {
			return nil, nil, nil, usageError(err)
		}
		format = &f
	}
	if o.base != "" {
		base, err = url.Parse(o.base)
		if err != nil || !base.IsAbs() {
			return nil, nil, nil, usageError(fmt.Errorf("--base %q is not an absolute URL", o.base))
		}
	}
	if o.profile != "" && o.from == "" {
		return nil, nil, nil, usageError(errors.New("--profile names a profile of the browser --from names"))
	}
	tags = ssd3.SplitTags(o.tags)
	for _, t := range tags {
		if err := ssd3.CheckTag(t); err != nil {
			return nil, nil, nil, usageError(fmt.Errorf("--tags: %w", err))
		}
	}
	if o.category != "" {
		if err := ssd3.SetField(&ssd3.Record{}, ssd3.FieldCategory, o.category); err != nil {
			return nil, nil, nil, usageError(fmt.Errorf("--category: %w", err))
		}
	}
	return format, base, tags, nil
}

// readSources reads each source into the plan, printing what cannot be
// read (and keeping its exit status in *failed), and returns the labels of
// the sources read, in the plan's order. An interrupted read is an error:
// nothing is imported.
func readSources(ctx context.Context, e *env, plan *importers.Plan, sources []importSource, opts importers.Options, failed *error) ([]string, error) {
	var labels []string
	for _, src := range sources {
		if src.err != nil {
			importProblem(e, src.err, failed)
			continue
		}
		_, err := importFile(ctx, e, plan, src.path, src.format, importers.ReadConfig{Source: src.path, Options: opts})
		if ctx.Err() != nil {
			return nil, refused(errors.New("interrupted; nothing was imported"))
		}
		if err != nil {
			if src.label != "" {
				err = fmt.Errorf("%s: %w", src.label, err)
			}
			importProblem(e, err, failed)
			continue
		}
		labels = append(labels, src.label)
	}
	return labels, nil
}

// add adds what the plan read to c and saves it (with --dry-run, only
// tries), and returns what the edit did and how many of the records the
// save's merge left out (another program added them meanwhile).
func (o *importOptions) add(c *catalogue.Catalogue, plan *importers.Plan) (catalogue.AddReport, int, error) {
	var res catalogue.AddReport
	add := plan.Edit()
	add.Report = &res
	switch {
	case o.dryRun:
		if err := c.DryRun(add); err != nil {
			return res, 0, refused(fmt.Errorf("%w; nothing would be imported", err))
		}
	case len(add.Records) > 0:
		if _, err := c.Apply(add); err != nil {
			return res, 0, refused(fmt.Errorf("%w; nothing was imported", err))
		}
		if res.Added() == 0 {
			break // nothing new: nothing to save
		}
		rep, err := c.SaveReport()
		if err != nil {
			return res, 0, refused(fmt.Errorf("%w; nothing was imported", err))
		}
		return res, res.Merged(rep), nil
	}
	return res, 0, nil
}

// summarise prints a summary line for each file read, after what the edit
// found in it; only once saved does a summary say "imported".
func (o *importOptions) summarise(e *env, plan *importers.Plan, res catalogue.AddReport, labels []string, merged int) {
	var added []*ssd3.Record
	defer func() {
		if !o.dryRun {
			e.unarchivedNote(added)
		}
	}()
	for i, s := range plan.Summaries(res) {
		added = append(added, s.Records...)
		// What the reading found was printed as each file was read;
		// what the edit found (IDs dropped) comes after.
		for _, d := range s.Diagnostics[len(plan.Files()[i].Diagnostics):] {
			e.diagnostic(d)
		}
		s.DryRun = o.dryRun
		if labels[i] != "" {
			fmt.Fprint(e.stdout, display.Text(labels[i])+": ")
		}
		fmt.Fprintln(e.stdout, s)
		if o.dryRun {
			printRecords(e, s.Records)
		}
	}
	if merged > 0 {
		fmt.Fprintf(e.stdout, "%d of the records were added to the catalogue by another program meanwhile; not added twice\n", merged)
	}
}

// unarchivedNote says how many of the records an import added have an
// http or https page that is not archived yet, and what archives it: an
// import never fetches (a big file would stall it).
func (e *env) unarchivedNote(added []*ssd3.Record) {
	store, _ := archive.OpenRead(e.archiveDir("")) // none: no page is archived
	n := 0
	for _, r := range added {
		if !linkcheck.Checkable(r.URI()) {
			continue
		}
		if store != nil {
			if _, err := store.Stat(r.URI()); err == nil {
				continue
			}
		}
		n++
	}
	if n > 0 {
		verb := "have"
		if n == 1 {
			verb = "has"
		}
		fmt.Fprintf(e.stdout, "%s %s no archived page yet: uricat archive keeps their text (to search and read offline)\n", plural.Of(n, "new record"), verb)
	}
}

// importFile reads one file (or stdin for "-") into the plan, till ctx
// ends, and prints its diagnostics. A file that cannot be read to its end
// adds nothing.
func importFile(ctx context.Context, e *env, plan *importers.Plan, name string, format *importers.Format, cfg importers.ReadConfig) (importers.Summary, error) {
	var s importers.Summary
	var err error
	switch {
	case name == "-":
		f, in := importers.Format{}, e.stdin
		if format != nil {
			f = *format
		} else if f, in, err = formats.SniffReader(in); err != nil {
			return importers.Summary{}, fmt.Errorf("%s: %w", name, err)
		}
		s, err = plan.Read(ctx, f, in, cfg)
	default:
		var f importers.Format
		if format != nil {
			f = *format
		} else if f, err = sniffFile(name); err != nil {
			return importers.Summary{}, err
		}
		s, err = plan.ReadFile(ctx, f, name, cfg)
	}
	for _, d := range s.Diagnostics {
		e.diagnostic(d)
	}
	return s, err
}

// sniffFile finds the format of the file at path from its first bytes,
// and for a database from its tables (formats.SniffFile). Only a regular
// file, as the catalogue: a FIFO with no writer would block the import
// for ever.
func sniffFile(path string) (importers.Format, error) { return formats.SniffFile(path) }

func printRecords(e *env, recs []*ssd3.Record) {
	for _, r := range recs {
		line := "  + " + display.Text(r.Name()) + " <" + display.Text(r.URI()) + ">"
		if r.Category() != "" {
			line += " [" + display.Text(r.Category()) + "]"
		}
		fmt.Fprintln(e.stdout, line)
	}
}

// cannotRead reports whether err says that a file could not be read at
// all: missing, forbidden, a directory, a FIFO, an I/O error. The README
// gives that exit code 2, as a catalogue that cannot be read; a file read
// but refused (too large, in no known format) is 1.
func cannotRead(err error) bool {
	var pe *fs.PathError
	return errors.As(err, &pe) || errors.Is(err, catalogue.ErrNotRegular)
}

// readError says what err says of the file, without the system call
// that failed ("stat /x: no such file or directory" is "/x: no such file
// or directory"); an error that says more is kept.
func readError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) && pe == err {
		return fmt.Errorf("%s: %w", pe.Path, pe.Err)
	}
	return err
}
