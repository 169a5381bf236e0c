package main

import (
	"context"
	"fmt"
	"io"
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
lines), and saves once at the end, so that a failed import changes nothing. It exits 0 when every file was read, 1 otherwise.

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
	plan := importers.NewPlan(c.Records(), o.allowDup)
	now := time.Now().UTC().Truncate(time.Second)
	var failed error
	var read []importers.Summary
	for _, name := range files {
		s, err := importFile(e, plan, name, format, importers.ReadConfig{
			Source:  name,
			Options: importers.Options{Base: base, Now: now},
		})
		if err != nil {
			fmt.Fprintf(e.stderr, "uricat import: %s\n", catalogue.DisplayLines(err.Error()))
			failed = silent(exitRefused)
			continue
		}
		read = append(read, s)
	}
	if o.dryRun {
		for _, s := range read {
			s.DryRun = true
			fmt.Fprintln(e.stdout, s)
			printRecords(e, s.Records)
		}
		return failed
	}
	add, out := plan.Edit(c)
	if len(add.Records) > 0 {
		if _, err := c.Apply(add); err != nil {
			return refused(fmt.Errorf("%w; nothing was imported", err))
		}
		rep, err := c.SaveReport()
		if err != nil {
			return refused(fmt.Errorf("%w; nothing was imported", err))
		}
		if rep != nil {
			out.Duplicates = append(out.Duplicates, rep.Duplicates...)
		}
	}
	// Only now, saved, does a summary say "imported".
	gone := map[*catalogue.Record]bool{}
	for _, r := range out.Duplicates {
		gone[r] = true
	}
	for _, s := range read {
		for _, r := range s.Records {
			if gone[r] {
				s.Imported--
				s.Duplicates++
			}
		}
		fmt.Fprintln(e.stdout, s)
	}
	if n := len(out.Duplicates); n > 0 {
		fmt.Fprintf(e.stdout, "%d of the records were added to the catalogue by another program meanwhile; not added twice\n", n)
	}
	return failed
}

// importFile reads one file (or stdin for "-") into the plan and prints
// its diagnostics. A file that cannot be read to its end adds nothing.
func importFile(e *env, plan *importers.Plan, name string, format *importers.Format, cfg importers.ReadConfig) (importers.Summary, error) {
	var in io.Reader
	if name == "-" {
		in = e.stdin
	} else {
		// Only a regular file, as the catalogue: a FIFO with no writer
		// would block the import forever.
		f, info, err := catalogue.OpenInput(name)
		if err != nil {
			return importers.Summary{}, err
		}
		defer f.Close()
		cfg.Options.FileDate, cfg.Size = info.ModTime(), info.Size()
		in = f
	}
	var f importers.Format
	if format != nil {
		f = *format
	} else {
		var err error
		f, in, err = formats.SniffReader(in)
		if err != nil {
			return importers.Summary{}, fmt.Errorf("%s: %w", name, err)
		}
	}
	s, err := plan.Read(context.Background(), f, in, cfg)
	for _, d := range s.Diagnostics {
		e.diagnostic(d)
	}
	return s, err
}

func printRecords(e *env, recs []*catalogue.Record) {
	for _, r := range recs {
		line := "  + " + catalogue.DisplayText(r.Name()) + " <" + catalogue.DisplayText(r.URI()) + ">"
		if r.Category() != "" {
			line += " [" + catalogue.DisplayText(r.Category()) + "]"
		}
		fmt.Fprintln(e.stdout, line)
	}
}
