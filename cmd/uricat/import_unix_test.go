//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/uricat/uricat/importers"
)

// Issue 22: import of a FIFO with no writer blocked for ever; a file with
// a 1 GB line ran out of memory into a Go stack trace. Both are refused
// with a message that names the file (and the line), the other files are
// imported, and the catalogue is not touched by the file refused.
func TestImportRefusesSpecialFilesAndBombs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "bookmarks.html")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	bomb := filepath.Join(dir, "bomb.csv")
	data := "uri,name\nhttp://a.example/,A\nhttp://b.example/," + strings.Repeat("x", importers.DefaultMaxLine) + "\n"
	if err := os.WriteFile(bomb, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "good.csv")
	if err := os.WriteFile(good, []byte("uri,name\nhttp://c.example/,C\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	path := writeCatalogue(t, example41)
	tests := []struct {
		file   string
		code   int // 2: a file that cannot be read; 1: read, refused
		stderr string
	}{
		{fifo, 2, "uricat import: " + fifo + " is a named pipe (FIFO), not a regular file: uricat reads only regular files, or a stream on standard input (\"-\")"},
		{bomb, 1, "uricat import: " + bomb + ": line 3: a line longer than 16 MiB; nothing was imported from " + bomb + "\n"},
	}
	for _, tt := range tests {
		done := make(chan struct{})
		var code int
		var out, errs string
		go func() {
			defer close(done)
			code, out, errs = uricat(t, "--catalogue", path, "import", "--format", "csv", tt.file)
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("import %s still runs after 10 s", tt.file)
		}
		if code != tt.code || out != "" || !strings.Contains(errs, tt.stderr) || strings.Contains(errs, "goroutine") {
			t.Errorf("import %s: exit %d, stdout %q, stderr %q; want %d and %q", tt.file, code, out, errs, tt.code, tt.stderr)
		}
		if got := mustRead(t, path); !bytes.Equal(got, []byte(example41)) {
			t.Errorf("import %s changed the catalogue", tt.file)
		}
	}
	code, out, errs := uricat(t, "--catalogue", path, "import", "--format", "csv", bomb, good)
	if code != 1 || !strings.Contains(out, good+": imported 1 record") {
		t.Errorf("a bomb among other files: exit %d, stdout %q, stderr %q; want 1 and the good file imported", code, out, errs)
	}
}
