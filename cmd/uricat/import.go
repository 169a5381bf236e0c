package main

import (
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
	"github.com/uricat/uricat/importers/formats"
)

// runImport imports bookmark files of foreign formats into the catalogue:
// one summary line per file on stdout, the reason for every record skipped
// or value dropped on stderr as FILE:LINE, and one save at the end, so that
// a failed import leaves the catalogue as it was. It exits 0 when every
// file was read, 1 otherwise, 2 on a usage error.
func runImport(e *env, args []string) int {
	fs := newFlagSet(e, "import [--format "+strings.Join(formats.Names(formats.Readers()), "|")+"] [--base URL] [--dry-run] [--allow-duplicates] FILE...")
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
		f, err := formats.ByName(formats.Readers(), *formatName)
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
	// One set of URIs for all the files: a record in two of them is
	// imported once, in a dry run too.
	var seen *importers.URISet
	if !*allowDup {
		seen = importers.NewURISet(c)
	}
	now := time.Now().UTC().Truncate(time.Second)
	status := 0
	for _, name := range files {
		s, err := importFile(e, c, name, format, importers.RunConfig{
			Source:          name,
			Options:         importers.Options{Base: base, Now: now},
			AllowDuplicates: *allowDup,
			DryRun:          *dryRun,
			Seen:            seen,
		})
		if err != nil {
			fmt.Fprintf(e.stderr, "uricat: import: %v\n", err)
			status = 1
			if seen != nil {
				for _, r := range s.Records {
					seen.Remove(r.URI)
				}
			}
		}
	}
	if *dryRun || !c.Modified() {
		return status
	}
	if err := c.Save(); err != nil {
		fmt.Fprintf(e.stderr, "uricat: import: %v; nothing was imported\n", err)
		return 1
	}
	return status
}

// importFile imports one file (or stdin for "-") and prints its summary
// and diagnostics. A file that cannot be read to its end adds nothing.
func importFile(e *env, c *catalogue.Catalogue, name string, format *importers.Format, cfg importers.RunConfig) (importers.Summary, error) {
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
		f, in, err = formats.SniffReader(in)
		if err != nil {
			return importers.Summary{}, fmt.Errorf("%s: %w", name, err)
		}
	}
	s, runErr := importers.Run(c, f, in, cfg)
	if runErr == nil {
		fmt.Fprintln(e.stdout, s)
	}
	for _, d := range s.Diagnostics {
		fmt.Fprintf(e.stderr, "%s: %s\n", d.Where(name), d)
	}
	if runErr != nil {
		// Half a file is not imported: take back what it added.
		for _, r := range s.Records {
			if !cfg.DryRun {
				if err := c.Delete(r); err != nil {
					return s, errors.Join(runErr, err)
				}
			}
		}
		return s, fmt.Errorf("%w; nothing was imported from %s", runErr, name)
	}
	if cfg.DryRun {
		for _, r := range s.Records {
			line := "  + " + catalogue.DisplayText(r.Name) + " <" + r.URI + ">"
			if r.Category != "" {
				line += " [" + catalogue.DisplayText(r.Category) + "]"
			}
			fmt.Fprintln(e.stdout, line)
		}
	}
	return s, nil
}
