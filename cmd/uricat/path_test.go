package main

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestDefaultPath(t *testing.T) {
	t.Setenv(envCatalogue, "/some/where.uricat")
	if got := defaultPath(); got != "/some/where.uricat" {
		t.Errorf("with $%s: %q", envCatalogue, got)
	}
	t.Setenv(envCatalogue, "")
	if got := defaultPath(); !strings.HasSuffix(got, filepath.Join("uricat", "bookmarks.uricat")) {
		t.Errorf("default %q", got)
	}
}
