package main

import "fmt"

// runExport is replaced by the exporters' wiring (issue: export).
func runExport(e *env, args []string) int {
	fmt.Fprintln(e.stderr, "uricat: export is not available yet")
	return 2
}
