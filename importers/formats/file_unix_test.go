//go:build unix

package formats

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/importers/importertest"
)

// An export writes its file as a save writes the catalogue: the umask, the
// link, the read-only mark, the owner and the mode are the user's, and
// what a killed export left goes at the next one.
func TestWriteFileIsTheStoresEqual(t *testing.T) {
	recs := importertest.Sample(t)
	f, _ := ByName(Writers(), "netscape")
	export := func(path string) error {
		t.Helper()
		_, err := WriteFile(path, f, recs)
		return err
	}
	exported := func(path string) bool {
		data, err := os.ReadFile(path)
		return err == nil && strings.Contains(string(data), "NETSCAPE-Bookmark-file-1")
	}

	t.Run("a new file gets the umask's mode", func(t *testing.T) {
		old := syscall.Umask(0o077)
		defer syscall.Umask(old)
		path := filepath.Join(t.TempDir(), "out.html")
		if err := export(path); err != nil {
			t.Fatal(err)
		}
		if info, _ := os.Stat(path); info.Mode().Perm() != 0o600 {
			t.Errorf("new export under umask 077 has mode %v, want 0600", info.Mode().Perm())
		}
	})

	t.Run("a symbolic link stays, its target is written", func(t *testing.T) {
		root := t.TempDir()
		os.Mkdir(filepath.Join(root, "real"), 0o755)
		target := filepath.Join(root, "real", "out.html")
		os.WriteFile(target, []byte("old"), 0o640)
		link := filepath.Join(root, "out.html")
		os.Symlink("real/out.html", link)
		if err := export(link); err != nil {
			t.Fatal(err)
		}
		if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
			t.Fatalf("the link was replaced by a file (%v)", err)
		}
		if !exported(target) {
			t.Error("the link's target was not written")
		}
		if info, _ := os.Stat(target); info.Mode().Perm() != 0o640 {
			t.Errorf("the target's mode became %v, want 0640 kept", info.Mode().Perm())
		}
	})

	t.Run("a read-only file is refused, even by root", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "out.html")
		os.WriteFile(path, []byte("old"), 0o444)
		os.Chmod(path, 0o444)
		err := export(path)
		if !errors.Is(err, catalogue.ErrReadOnly) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "read-only") {
			t.Fatalf("exporting over a 0444 file: %v", err)
		}
		if data, _ := os.ReadFile(path); string(data) != "old" {
			t.Errorf("the read-only file now holds %q", data)
		}
	})

	t.Run("owner and group are kept", func(t *testing.T) {
		if os.Geteuid() != 0 {
			t.Skip("needs root to give the file another owner")
		}
		path := filepath.Join(t.TempDir(), "out.html")
		os.WriteFile(path, []byte("old"), 0o644)
		os.Chown(path, 1234, 5678)
		if err := export(path); err != nil {
			t.Fatal(err)
		}
		st := func() *syscall.Stat_t { info, _ := os.Stat(path); return info.Sys().(*syscall.Stat_t) }()
		if st.Uid != 1234 || st.Gid != 5678 || !exported(path) {
			t.Errorf("after the export: owner %d:%d, want 1234:5678 kept", st.Uid, st.Gid)
		}
	})

	t.Run("what a killed export left goes at the next", func(t *testing.T) {
		dir := t.TempDir()
		path := filepath.Join(dir, "out.html")
		// A temporary file of this version's export, one of the last
		// version's (os.CreateTemp's digits), and files that are not ours.
		stale := []string{".out.html.uricat-tmp-0123456789abcdef", ".out.html.1234567.tmp"}
		keep := []string{".out.html.swp", ".out.html.x1.tmp", ".other.html.1234.tmp", "notes.txt"}
		for _, n := range append(stale, keep...) {
			os.WriteFile(filepath.Join(dir, n), []byte(strings.Repeat("x", 1000)), 0o644)
		}
		if err := export(path); err != nil {
			t.Fatal(err)
		}
		for _, n := range stale {
			if _, err := os.Stat(filepath.Join(dir, n)); err == nil {
				t.Errorf("stale %s was not removed", n)
			}
		}
		for _, n := range keep {
			if _, err := os.Stat(filepath.Join(dir, n)); err != nil {
				t.Errorf("%s, not an export's, was removed", n)
			}
		}
	})

	t.Run("other hard links are a warning", func(t *testing.T) {
		dir := t.TempDir()
		path := filepath.Join(dir, "out.html")
		os.WriteFile(path, []byte("old"), 0o644)
		os.Link(path, filepath.Join(dir, "copy.html"))
		losses, err := WriteFile(path, f, recs)
		if err != nil {
			t.Fatal(err)
		}
		var said []string
		for _, d := range losses {
			if d.Kind == ssd3.Warning {
				said = append(said, d.String())
			}
		}
		if len(said) != 1 || !strings.Contains(said[0], "hard links") {
			t.Errorf("exporting over a file with 2 names warned %q", said)
		}
	})
}
