package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/exporters"
)

// runExport writes the valid records (those a search matches, when given),
// in file order, in a foreign format, to stdout or to a file that is
// replaced atomically.
func runExport(e *env, args []string) int {
	fs := newFlagSet(e, "export --format "+strings.Join(exporters.Names(), "|")+" [--search QUERY] [-o FILE]")
	format := fs.String("format", "", "the format: "+strings.Join(exporters.Names(), ", "))
	search := fs.String("search", "", "only records that match this search")
	out := fs.String("o", "", "write to this file instead of standard output")
	pos, err := parseFlags(fs, args)
	if err != nil || len(pos) > 0 {
		fs.Usage()
		return 2
	}
	if *format == "" {
		fmt.Fprintf(e.stderr, "uricat: export: --format is required (formats: %s)\n", strings.Join(exporters.Names(), ", "))
		return 2
	}
	f, err := exporters.ByName(*format)
	if err != nil {
		fmt.Fprintf(e.stderr, "uricat: export: %v\n", err)
		return 2
	}
	q, err := query.Parse(*search)
	if err != nil {
		fmt.Fprintf(e.stderr, "uricat: export: %v\n", err)
		return 2
	}
	if *out != "" && *out != "-" && sameFile(*out, e.catalogue) {
		fmt.Fprintf(e.stderr, "uricat: export: %s is the catalogue itself; choose another file\n", *out)
		return 2
	}
	recs, ok := e.search(q)
	if !ok {
		return 2
	}
	if *out == "" || *out == "-" {
		// Every writer buffers its output itself.
		if err := f.Write(e.stdout, recs); err != nil {
			fmt.Fprintf(e.stderr, "uricat: export: %v\n", err)
			return 1
		}
		return 0
	}
	if err := exporters.WriteFile(*out, f, recs); err != nil {
		fmt.Fprintf(e.stderr, "uricat: %v\n", err)
		return 1
	}
	fmt.Fprintf(e.stderr, "exported %d record(s) as %s to %s\n", len(recs), f.Name, *out)
	return 0
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
