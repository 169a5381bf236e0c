package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/formats"
)

// importOptions are the flags of `uricat import`.
type importOptions struct {
	format, base     string
	dryRun, allowDup bool
}

func newImportCmd(e *env) *cobra.Command {
	var o importOptions
	cmd := &cobra.Command{
		Use:   "import FILE...",
		Short: "Import bookmark files of other formats (browsers, Pocket, Instapaper, SOIF, Hina-Di, URC, http-index, our JSON and CSV)",
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
"-"); a file with a line longer than 16 MiB, or larger than 1 GiB, is
refused, with the line, and nothing of it is imported.`,
		Example: `  uricat import bookmarks.html
  uricat import --dry-run listing.idx --base ftp://ftp.example.org/pub/`,
		Args: minArgs(1, `one FILE or more ("-" for standard input)`),
		RunE: func(_ *cobra.Command, files []string) error { return o.run(e, files) },
	}
	f := cmd.Flags()
	f.StringVar(&o.format, "format", "", "the files' `FORMAT`: "+strings.Join(formats.Names(formats.Readers()), ", ")+" (default: detected from their content)")
	f.StringVar(&o.base, "base", "", "absolute `URL` that relative links are resolved against")
	f.BoolVar(&o.dryRun, "dry-run", false, "show what would be imported, and write nothing")
	f.BoolVar(&o.allowDup, "allow-duplicates", false, "import records whose URI the catalogue already has")
	_ = cmd.RegisterFlagCompletionFunc("format", cobra.FixedCompletions(formats.Names(formats.Readers()), cobra.ShellCompDirectiveNoFileComp))
	return cmd
}

// run imports the files into the catalogue: one summary line per file on
// stdout, the reason for every record skipped or value dropped on stderr as
// FILE:LINE, and one save at the end, so that a failed import leaves the
// catalogue as it was.
func (o *importOptions) run(e *env, files []string) error {
	var format *importers.Format
	if o.format != "" {
		f, err := formats.ByName(formats.Readers(), o.format)
		if err != nil {
			return usageError(err)
		}
		format = &f
	}
	var base *url.URL
	if o.base != "" {
		var err error
		base, err = url.Parse(o.base)
		if err != nil || !base.IsAbs() {
			return usageError(fmt.Errorf("--base %q is not an absolute URL", o.base))
		}
	}
	c, err := e.open()
	if err != nil {
		return err
	}
	// One plan for all the files: a record in two of them is imported
	// once, and a file that cannot be read to its end adds nothing.
	plan := importers.NewPlan(o.allowDup)
	now := time.Now().UTC().Truncate(time.Second)
	var failed error
	for _, name := range files {
		_, err := importFile(e, plan, name, format, importers.ReadConfig{
			Source:  name,
			Options: importers.Options{Base: base, Now: now},
		})
		if err != nil {
			code := exitRefused
			if cannotRead(err) {
				code = exitUsage
				err = readError(err)
			}
			fmt.Fprintf(e.stderr, "uricat import: %s\n", catalogue.DisplayLines(err.Error()))
			if failed == nil || code == exitUsage {
				failed = silent(code)
			}
		}
	}
	// The edit decides what is added; the summaries say what it did, and
	// what the save's merge left out (another program added some of the
	// records meanwhile).
	var res catalogue.AddReport
	add := plan.Edit()
	add.Report = &res
	merged := 0
	switch {
	case o.dryRun:
		if err := c.DryRun(add); err != nil {
			return refused(fmt.Errorf("%w; nothing would be imported", err))
		}
	case len(add.Records) > 0:
		if _, err := c.Apply(add); err != nil {
			return refused(fmt.Errorf("%w; nothing was imported", err))
		}
		if res.Added() == 0 {
			break // nothing new: nothing to save
		}
		rep, err := c.SaveReport()
		if err != nil {
			return refused(fmt.Errorf("%w; nothing was imported", err))
		}
		merged = res.Merged(rep)
	}
	// Only now, saved, does a summary say "imported".
	for i, s := range plan.Summaries(res) {
		// What the reading found was printed as each file was read;
		// what the edit found (IDs dropped) comes after.
		for _, d := range s.Diagnostics[len(plan.Files()[i].Diagnostics):] {
			e.diagnostic(d)
		}
		s.DryRun = o.dryRun
		fmt.Fprintln(e.stdout, s)
		if o.dryRun {
			printRecords(e, s.Records)
		}
	}
	if merged > 0 {
		fmt.Fprintf(e.stdout, "%d of the records were added to the catalogue by another program meanwhile; not added twice\n", merged)
	}
	return failed
}

// importFile reads one file (or stdin for "-") into the plan and prints
// its diagnostics. A file that cannot be read to its end adds nothing.
func importFile(e *env, plan *importers.Plan, name string, format *importers.Format, cfg importers.ReadConfig) (importers.Summary, error) {
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
		s, err = plan.Read(context.Background(), f, in, cfg)
	default:
		var f importers.Format
		if format != nil {
			f = *format
		} else if f, err = sniffFile(name); err != nil {
			return importers.Summary{}, err
		}
		s, err = plan.ReadFile(context.Background(), f, name, cfg)
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

func printRecords(e *env, recs []*catalogue.Record) {
	for _, r := range recs {
		line := "  + " + catalogue.DisplayText(r.Name()) + " <" + catalogue.DisplayText(r.URI()) + ">"
		if r.Category() != "" {
			line += " [" + catalogue.DisplayText(r.Category()) + "]"
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
