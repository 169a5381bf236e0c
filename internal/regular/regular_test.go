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

func TestSize(t *testing.T) {
	t.Parallel()
	for n, want := range map[int64]string{4 << 30: "4 GiB", 8 << 20: "8 MiB", 1 << 10: "1 KiB", 1000: "1000 bytes"} {
		if got := Size(n); got != want {
			t.Errorf("Size(%d) = %q, want %q", n, got, want)
		}
	}
}
