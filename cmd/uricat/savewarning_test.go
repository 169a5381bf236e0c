//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A save that could not keep something of the file (here its other hard
// link, which keeps the old version) succeeds and says so on stderr.
func TestSaveWarningIsShown(t *testing.T) {
	t.Parallel()
	path := writeCatalogue(t, example41)
	if err := os.Link(path, filepath.Join(filepath.Dir(path), "backup.uricat")); err != nil {
		t.Fatal(err)
	}
	code, _, errs := uricat(t, "--catalogue", path, "add", "https://new.example/", "--name", "New")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(errs, "uricat add: warning: "+path+" had 2 hard links") {
		t.Errorf("stderr %q, want the hard links' warning", errs)
	}
	// The next save has nothing to say.
	code, _, errs = uricat(t, "--catalogue", path, "add", "https://other.example/", "--name", "Other")
	if code != 0 || errs != "" {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}
