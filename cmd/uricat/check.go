package main

import (
	"fmt"
	"os"

	"github.com/uricat/uricat/catalogue"
)

// runCheck prints every problem of a catalogue and a summary. Exit status:
// 0 when the file fully conforms to SSD3, 1 when it does not, 2 when it
// cannot be read.
func runCheck(e *env, args []string) int {
	fs := newFlagSet(e, "check [PATH]")
	pos, err := parseFlags(fs, args)
	if err != nil || len(pos) > 1 {
		fs.Usage()
		return 2
	}
	path := e.catalogue
	if len(pos) == 1 {
		path = pos[0]
	}
	if _, err := os.Stat(path); err != nil {
		fmt.Fprintf(e.stderr, "uricat: %v\n", err)
		return 2
	}
	c, err := catalogue.Open(path)
	if err != nil {
		fmt.Fprintf(e.stderr, "uricat: %v\n", err)
		return 2
	}
	probs := c.Problems()
	errs, warns := 0, 0
	for _, p := range probs {
		fmt.Fprintf(e.stderr, "%s:%d: %s\n", path, p.Line, p)
		if p.Severity == catalogue.Warning {
			warns++
		} else {
			errs++
		}
	}
	valid := len(c.Valid())
	verdict := "conforms to SSD3"
	if len(probs) > 0 {
		verdict = "does not conform to SSD3"
	}
	fmt.Fprintf(e.stdout, "%s: %d records (%d valid, %d invalid), %d errors, %d warnings: %s\n",
		path, c.Len(), valid, c.Len()-valid, errs, warns, verdict)
	if len(probs) > 0 {
		return 1
	}
	return 0
}
