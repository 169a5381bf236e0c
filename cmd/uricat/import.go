package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/detect"
)

// runImport imports bookmark files of foreign formats into the catalogue:
// one summary line per file on stdout, the reason for every record skipped
// or value dropped on stderr as FILE:LINE, and one save at the end, so that
// a failed import leaves the catalogue as it was. It exits 0 when every
// file was read, 1 otherwise, 2 on a usage error.
func runImport(e *env, args []string) int {
	fs := newFlagSet(e, "import [--format "+strings.Join(detect.Names(), "|")+"] [--base URL] [--dry-run] [--allow-duplicates] FILE...")
	formatName := fs.String("format", "", "the files' format (default: detected from their content)")
	baseFlag := fs.String("base", "", "absolute URL that relative links are resolved against")
	dryRun := fs.Bool("dry-run", false, "show what would be imported, and write nothing")
	allowDup := fs.Bool("allow-duplicates", false, "import records whose URI the catalogue already has")
	files, err := parseFlags(fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		return 0
	case err != nil:
		return 2 // the flag package has said what is wrong, and the usage
	case len(files) == 0:
		fs.Usage()
		return 2
	}
	var format *importers.Format
	if *formatName != "" {
		f, err := detect.ByName(*formatName)
		if err != nil {
			fmt.Fprintf(e.stderr, "uricat: import: %v\n", err)
			return 2
		}
		format = &f
	}
	var base *url.URL
	if *baseFlag != "" {
		base, err = url.Parse(*baseFlag)
		if err != nil || !base.IsAbs() {
			fmt.Fprintf(e.stderr, "uricat: import: --base %q is not an absolute URL\n", *baseFlag)
			return 2
		}
	}
	c, ok := e.open(false)
	if !ok {
		return 2
	}
	// One plan for all the files: a record in two of them is imported
	// once, and a file that cannot be read to its end adds nothing.
	plan := importers.NewPlan(c.Records(), *allowDup)
	now := time.Now().UTC().Truncate(time.Second)
	status := 0
	var read []importers.Summary
	for _, name := range files {
		s, err := importFile(e, plan, name, format, importers.ReadConfig{
			Source:  name,
			Options: importers.Options{Base: base, Now: now},
		})
		if err != nil {
			fmt.Fprintf(e.stderr, "uricat: import: %v\n", err)
			status = 1
			continue
		}
		read = append(read, s)
	}
	if *dryRun {
		for _, s := range read {
			s.DryRun = true
			fmt.Fprintln(e.stdout, s)
			printRecords(e, s.Records)
		}
		return status
	}
	add, out := plan.Edit(c)
	if len(add.Records) > 0 {
		if _, err := c.Apply(add); err != nil {
			fmt.Fprintf(e.stderr, "uricat: import: %v; nothing was imported\n", err)
			return 1
		}
		rep, err := c.SaveReport()
		if err != nil {
			fmt.Fprintf(e.stderr, "uricat: import: %v; nothing was imported\n", err)
			return 1
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
	return status
}

// importFile reads one file (or stdin for "-") into the plan and prints
// its diagnostics. A file that cannot be read to its end adds nothing.
func importFile(e *env, plan *importers.Plan, name string, format *importers.Format, cfg importers.ReadConfig) (importers.Summary, error) {
	var in io.Reader
	if name == "-" {
		in = e.stdin
	} else {
		f, err := os.Open(name)
		if err != nil {
			return importers.Summary{}, err
		}
		defer f.Close()
		if info, err := f.Stat(); err == nil {
			if info.IsDir() {
				return importers.Summary{}, fmt.Errorf("%s is a directory", name)
			}
			cfg.Options.FileDate = info.ModTime()
		}
		in = f
	}
	var f importers.Format
	if format != nil {
		f = *format
	} else {
		var err error
		f, in, err = detect.SniffReader(in)
		if err != nil {
			return importers.Summary{}, fmt.Errorf("%s: %w", name, err)
		}
	}
	s, err := plan.Read(context.Background(), f, in, cfg)
	for _, d := range s.Diagnostics {
		fmt.Fprintf(e.stderr, "%s: %s\n", d.Where(name), d)
	}
	return s, err
}

func printRecords(e *env, recs []*catalogue.Record) {
	for _, r := range recs {
		line := "  + " + catalogue.DisplayText(r.Name) + " <" + r.URI + ">"
		if r.Category != "" {
			line += " [" + catalogue.DisplayText(r.Category) + "]"
		}
		fmt.Fprintln(e.stdout, line)
	}
}
