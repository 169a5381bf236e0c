package regular

import (
	"os"
	"path/filepath"
	"testing"
)

func TestReadFileReadsARegularFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "profiles.ini")
	if err := os.WriteFile(path, []byte("[Profile0]\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	data, err := ReadFile(path, 11)
	if err != nil || string(data) != "[Profile0]\n" {
		t.Fatalf("ReadFile = %q, %v", data, err)
	}
}
