package formats

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

func TestWriteFile(t *testing.T) {
	recs := importertest.Sample(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "out.csv")
	f, _ := ByName(Writers(), "csv")
	if _, err := WriteFile(path, f, recs); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(data), "\r\n") < len(recs)+1 || !strings.HasPrefix(string(data), "uri,name,") {
		t.Errorf("file holds %q", data)
	}
	if st, _ := os.Stat(path); st.Mode().Perm()&0o600 != 0o600 {
		t.Errorf("new file has mode %v", st.Mode().Perm())
	}
	// Replacing keeps the old file's permissions.
	os.Chmod(path, 0o600)
	if _, err := WriteFile(path, f, recs[:1]); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
		t.Errorf("replaced file has mode %v, want the old file's 0600", st.Mode().Perm())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

// A write that fails half-way leaves the old file as it was and no
// temporary file, and the error names the file and the cause.
func TestWriteFileFailureKeepsOldFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "out.soif")
	if err := os.WriteFile(path, []byte("old content"), 0o644); err != nil {
		t.Fatal(err)
	}
	failing := importers.Format{Name: "failing", NewWriter: func(w io.Writer) importers.Writer { return &halfWriter{w: w} }}
	_, err := WriteFile(path, failing, nil)
	if err == nil || !strings.Contains(err.Error(), "disk full") || !strings.Contains(err.Error(), path) {
		t.Errorf("error = %v, want the cause and the file", err)
	}
	if data, _ := os.ReadFile(path); string(data) != "old content" {
		t.Errorf("old file now holds %q", data)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
	// Nor is a directory replaced.
	if _, err := WriteFile(dir, failing, nil); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("writing over a directory: %v", err)
	}
}

// halfWriter writes half an object, then fails, as on a full disk.
type halfWriter struct{ w io.Writer }

func (h *halfWriter) Write(*ssd3.Record) error { return nil }

func (h *halfWriter) Close() error {
	io.WriteString(h.w, "@FILE { half-written")
	return errors.New("disk full")
}
