package main

import "fmt"

// runImport is replaced by the importers' wiring (issue: importers).
func runImport(e *env, args []string) int {
	fmt.Fprintln(e.stderr, "uricat: import is not available yet")
	return 2
}
