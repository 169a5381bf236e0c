package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/uricat/uricat/catalogue"
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
	q, err := catalogue.ParseQuery(*search)
	if err != nil {
		fmt.Fprintf(e.stderr, "uricat: export: %v\n", err)
		return 2
	}
	c, ok := e.open(true)
	if !ok {
		return 2
	}
	recs := c.Search(q)
	if *out == "" || *out == "-" {
		bw := bufio.NewWriter(e.stdout)
		if err := f.Write(bw, recs); err != nil {
			fmt.Fprintf(e.stderr, "uricat: export: %v\n", err)
			return 1
		}
		if err := bw.Flush(); err != nil {
			fmt.Fprintf(e.stderr, "uricat: export: %v\n", err)
			return 1
		}
		return 0
	}
	if err := writeFileAtomic(*out, func(w *os.File) error { return f.Write(w, recs) }); err != nil {
		fmt.Fprintf(e.stderr, "uricat: export: %v\n", err)
		return 1
	}
	fmt.Fprintf(e.stderr, "exported %d record(s) as %s to %s\n", len(recs), f.Name, *out)
	return 0
}

// writeFileAtomic writes path through a temporary file in the same
// directory that is renamed over it only once complete, so that a failed
// export never leaves a half-written file (or destroys the old one).
func writeFileAtomic(path string, write func(*os.File) error) (err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	mode := os.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		if !st.Mode().IsRegular() {
			return fmt.Errorf("%s is not a regular file", path)
		}
		mode = st.Mode().Perm()
	}
	tmp, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = write(tmp); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err = tmp.Chmod(mode); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
