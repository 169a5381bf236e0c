package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/formats"
)

// runExport writes the valid records (those a search matches, when given),
// in file order, in a foreign format, to stdout or to a file that is
// replaced atomically.
func runExport(e *env, args []string) int {
	fs := newFlagSet(e, "export --format "+strings.Join(formats.Names(formats.Writers()), "|")+" [--search QUERY] [-o FILE]")
	format := fs.String("format", "", "the format: "+strings.Join(formats.Names(formats.Writers()), ", "))
	search := fs.String("search", "", "only records that match this search")
	out := fs.String("o", "", "write to this file instead of standard output")
	pos, err := parseFlags(fs, args)
	if err != nil || len(pos) > 0 {
		fs.Usage()
		return 2
	}
	if *format == "" {
		fmt.Fprintf(e.stderr, "uricat: export: --format is required (formats: %s)\n", strings.Join(formats.Names(formats.Writers()), ", "))
		return 2
	}
	f, err := formats.ByName(formats.Writers(), *format)
	if err != nil {
		fmt.Fprintf(e.stderr, "uricat: export: %v\n", err)
		return 2
	}
	q, err := catalogue.ParseQuery(*search)
	if err != nil {
		fmt.Fprintf(e.stderr, "uricat: export: %v\n", err)
		return 2
	}
	if *out != "" && *out != "-" && sameFile(*out, e.catalogue) {
		fmt.Fprintf(e.stderr, "uricat: export: %s is the catalogue itself; choose another file\n", *out)
		return 2
	}
	c, ok := e.open(true)
	if !ok {
		return 2
	}
	recs := c.Search(q)
	if *out == "" || *out == "-" {
		// Every writer buffers its output itself.
		losses, err := formats.Write(e.stdout, f, recs)
		if err != nil {
			fmt.Fprintf(e.stderr, "uricat: export: %v\n", err)
			return 1
		}
		printLosses(e, losses)
		return 0
	}
	losses, err := formats.WriteFile(*out, f, recs)
	if err != nil {
		fmt.Fprintf(e.stderr, "uricat: %v\n", err)
		return 1
	}
	printLosses(e, losses)
	fmt.Fprintf(e.stderr, "exported %d record(s) as %s to %s\n", len(recs), f.Name, *out)
	return 0
}

// printLosses says what the format could not hold as it was: the first
// 20 records', then how many more there are.
func printLosses(e *env, losses []importers.Diagnostic) {
	for i, d := range losses {
		if i == 20 {
			fmt.Fprintf(e.stderr, "uricat: export: and %d more like these\n", len(losses)-i)
			break
		}
		fmt.Fprintf(e.stderr, "uricat: export: %s\n", d)
	}
}

// sameFile reports whether paths a and b name the same existing file.
func sameFile(a, b string) bool {
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}
