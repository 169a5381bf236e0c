package main

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/internal/gcpause"
	"github.com/uricat/uricat/internal/parallel"
	"github.com/uricat/uricat/internal/plural"
)

// checkOptions are what `uricat check` is asked.
type checkOptions struct {
	path  string // the file to check
	named bool   // path was given on the line, not as the catalogue
}

func newCheckCmd(e *env, runF func(*checkOptions) error) *cobra.Command {
	var o checkOptions
	return &cobra.Command{
		Use:   "check [PATH]",
		Short: "Report every problem of the catalogue (or of PATH); exit 0 if it conforms to SSD3 and holds no merge conflict",
		Long: `Check prints every problem of the catalogue, or of the file PATH, on stderr
as PATH:LINE:COLUMN: kind: message, and a summary on stdout. Notes say which records hold
text that is not shown as it is (control characters, escape sequences,
bidirectional and zero-width characters), which SSD3 allows. It exits 0 when the file
conforms to SSD3 and holds no unsettled merge conflict (X-CONFLICT), 1 when it
does not conform or holds one (so a pre-commit hook stops an unfinished
merge), 2 when it cannot be read. An X- field
named as one uricat reads but for its case (X-Tags for X-TAGS) gets a
warning, since uricat does not read it, but SSD3 allows it.`,
		Example: "  uricat check\n  uricat check ~/old-bookmarks.uricat",
		Args:    cobra.MaximumNArgs(1),
		RunE: func(_ *cobra.Command, args []string) error {
			o.path, o.named = e.catalogue, len(args) == 1
			if o.named {
				o.path = args[0]
			}
			return runWith(runF, &o, func() error { return runCheck(e, o.path, o.named) })
		},
	}
}

// runCheck prints every problem of the catalogue at path and a summary.
// named says the user gave path on the line rather than as the catalogue.
func runCheck(e *env, path string, named bool) error {
	_, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist) && named:
		return unreadable(fmt.Errorf("%s does not exist", path))
	case errors.Is(err, fs.ErrNotExist):
		return unreadable(fmt.Errorf("the catalogue %s does not exist yet: `uricat add URI --name NAME` or `uricat import FILE` creates it; or check another one with --catalogue PATH", path))
	case err != nil:
		return unreadable(err)
	}
	// Read to look at once, as list reads (LookOnly keeps the file's
	// text rather than packing it), with the collector off: check answers
	// and exits.
	gcpause.Off(path)
	c, err := catalogue.Open(path, catalogue.LookOnly())
	if err != nil {
		return unreadable(err)
	}
	probs := c.Problems()
	n := e.printProblems(path, c, probs)
	errs, warns, conflicts, conforms := n.errs, n.warns, n.conflicts, n.conforms
	// A file synchroniser's conflict copies hold records the catalogue
	// may not have: worth saying where a user looks for problems.
	if !named || path == e.catalogue {
		copies, _ := catalogue.ConflictCopies(path)
		for _, cp := range copies {
			fmt.Fprintf(e.stderr, "%s: note: conflict copy of the catalogue, which a file synchroniser left: uricat merge --copies merges it in and removes it\n", display.Text(cp))
		}
	}
	if conflicts > 0 {
		fmt.Fprintf(e.stderr, "%s: %s to settle (X-CONFLICT, at %s): keep one version of each, or both without the field; the TUI's ! does it\n",
			display.Text(path), plural.Of(conflicts, "merge conflict"), conflictLines(probs))
	}
	all, valid := len(c.Records()), len(c.Valid())
	verdict := "conforms to SSD3"
	switch {
	case !conforms:
		verdict = "does not conform to SSD3"
	case conflicts > 0:
		verdict = "conforms to SSD3, but holds " + plural.Of(conflicts, "unsettled merge conflict")
	}
	fmt.Fprintf(e.stdout, "%s: %d records (%d valid, %d invalid), %d errors, %d warnings: %s\n",
		display.Text(path), all, valid, all-valid, errs, warns, verdict)
	if !conforms || conflicts > 0 {
		return silent(exitRefused)
	}
	return nil
}

// checkCounts is what check counted of a catalogue's problems.
type checkCounts struct {
	errs, warns, conflicts int
	conforms               bool // to SSD3: no error, no warning but the allowed ones
}

// printProblems prints probs, the problems of c read from path, and the
// notes on text not shown as it is, on stderr, and counts the problems.
func (e *env) printProblems(path string, c *catalogue.Catalogue, probs []ssd3.Diagnostic) checkCounts {
	// The diagnostics go out in large writes, not a system call each;
	// flushed before the summary, so that a terminal shows them in the
	// same order.
	stderr := e.stderr
	w := bufio.NewWriterSize(stderr, 64<<10)
	e.stderr = w
	defer func() { e.stderr = stderr }()
	n := checkCounts{conforms: true}
	for _, p := range probs {
		p.File = path
		e.diagnostic(p)
		if p.Kind == ssd3.Warning {
			n.warns++
		} else {
			n.errs++
		}
		// An X- field named as one uricat knows but for its case is
		// worth a warning (its tags are not tags), but SSD3 allows it.
		// So is a version a merge left marked (X-CONFLICT): the file
		// conforms, but holds a conflict to settle.
		switch {
		case p.Kind == ssd3.Warning && p.Field == ssd3.FieldConflict:
			n.conflicts++
		case p.Kind != ssd3.Warning || ssd3.MiscasedExtension(p.Field) == "":
			n.conforms = false
		}
	}
	// Not problems of SSD3, but worth knowing: text that is not shown as
	// it is (another program's catalogue may hold an escape sequence).
	for _, notes := range hiddenTexts(c.Records()) {
		for _, n := range notes {
			n.File = path
			e.diagnostic(n)
		}
	}
	_ = w.Flush() // as e.diagnostic's writes: a stderr that refuses does not change the verdict
	return n
}

// conflictLines names the lines of the records a merge left marked, for
// the summary: "line 12, line 40".
func conflictLines(probs []ssd3.Diagnostic) string {
	var lines []string
	for _, p := range probs {
		if p.Kind == ssd3.Warning && p.Field == ssd3.FieldConflict {
			lines = append(lines, fmt.Sprintf("line %d", p.Line))
		}
	}
	return strings.Join(lines, ", ")
}

// hiddenTextShare is how many records one job of hiddenTexts looks at:
// enough that taking the next costs nothing beside them.
const hiddenTextShare = 4096

// hiddenTexts returns hiddenText's notes on recs, a share of records at a
// time, in file order: they are looked at on every CPU, as they were read
// (records never change once read, so goroutines may share them).
func hiddenTexts(recs []*ssd3.Record) [][]ssd3.Diagnostic {
	notes := make([][]ssd3.Diagnostic, (len(recs)+hiddenTextShare-1)/hiddenTextShare)
	parallel.Each(len(notes), func(int) func(i int) {
		return func(i int) {
			for _, r := range recs[i*hiddenTextShare : min((i+1)*hiddenTextShare, len(recs))] {
				notes[i] = append(notes[i], hiddenText(r)...)
			}
		}
	})
	return notes
}
