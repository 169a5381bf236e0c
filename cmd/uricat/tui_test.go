package main

import (
	"os"
	"testing"
)

// TestDevNullIsNotATerminal: output sent to /dev/null (a character
// device) is not laid out for a terminal, nor is the TUI started on it.
func TestDevNullIsNotATerminal(t *testing.T) {
	t.Parallel()
	f, err := os.OpenFile(os.DevNull, os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no %s: %v", os.DevNull, err)
	}
	defer f.Close()
	if isTerminal(f) {
		t.Errorf("%s taken for a terminal", os.DevNull)
	}
}
