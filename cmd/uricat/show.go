package main

import (
	"fmt"

	"github.com/spf13/cobra"

	"github.com/uricat/uricat/catalogue/ssd3"
	jsonformat "github.com/uricat/uricat/importers/json"
	"github.com/uricat/uricat/internal/display"
)

// showOptions are what `uricat show` is asked.
type showOptions struct {
	selector string
	json     bool
}

func newShowCmd(e *env, runF func(*showOptions) error) *cobra.Command {
	var o showOptions
	cmd := &cobra.Command{
		Use:   "show SELECTOR",
		Short: "Print one bookmark: every field, and its problems",
		Long: `Show prints every field of the record, as NAME: value lines, then where it is
in the file and whether it is used (SSD3 2.2: a record needs a valid URI,
NAME and DATE), then its problems as PATH:LINE:COLUMN: kind: message. Text is shown as it
reads: control characters and escape sequences are left out, bidirectional
and zero-width characters shown as markers (⟨U+202E⟩), and a note says so;
the file keeps them. An invalid record
can be shown (by line:N) and fixed with uricat edit.

` + selectorHelp,
		Example: `  uricat show https://go.dev/
  uricat show id:7 --json
  uricat show line:12`,
		Args: exactArgs(1, "one SELECTOR"),
		RunE: func(_ *cobra.Command, args []string) error {
			o.selector = args[0]
			return runWith(runF, &o, func() error { return o.run(e) })
		},
	}
	cmd.Flags().BoolVar(&o.json, "json", false, "print JSON: the record as list --json prints it, with line, valid and problems")
	return cmd
}

// run prints the record the selector names.
func (o *showOptions) run(e *env) error {
	c, rec, err := e.openRecord(o.selector)
	if err != nil {
		return err
	}
	if o.json {
		return e.printJSON(showJSON(rec))
	}
	for _, l := range shownLines(rec) {
		fmt.Fprintln(e.stdout, l)
	}
	fmt.Fprintf(e.stdout, "\nline %d of %s", rec.Line(), display.Text(c.Path()))
	switch n := len(rec.Problems()); {
	case !rec.Valid():
		fmt.Fprintln(e.stdout, "; not used: its URI, NAME or DATE is missing or invalid (SSD3 2.2):")
	case n > 0:
		fmt.Fprintf(e.stdout, "; used, with %d problem(s):\n", n)
	default:
		fmt.Fprintln(e.stdout)
	}
	for _, p := range append(rec.Problems(), hiddenText(rec)...) {
		p.File = c.Path()
		fmt.Fprintln(e.stdout, p)
	}
	return nil
}

// shownRecord is a record as `uricat show --json` prints it.
type shownRecord struct {
	jsonformat.Record
	Line     int            `json:"line"`
	Valid    bool           `json:"valid"`
	Problems []shownProblem `json:"problems"`
}

type shownProblem struct {
	Line     int    `json:"line"`
	Column   int    `json:"column,omitempty"`
	Field    string `json:"field,omitempty"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
}

func showJSON(rec *ssd3.Record) shownRecord {
	out := shownRecord{Record: jsonformat.FromRecord(rec), Line: rec.Line(), Valid: rec.Valid(), Problems: []shownProblem{}}
	if ssd3.GetField(rec, ssd3.FieldDate) == "" {
		out.Date = ""
	}
	for _, p := range rec.Problems() {
		out.Problems = append(out.Problems, shownProblem{Line: p.Line, Column: p.Column, Field: p.Field, Severity: p.Kind.String(), Message: p.Msg})
	}
	return out
}
