package main

// runTUI opens the catalogue in the terminal UI. Until the TUI lands it
// prints the catalogue, as `uricat list` does.
func runTUI(e *env) int {
	return runList(e, nil)
}
