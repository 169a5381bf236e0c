package formats

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/importers"
)

// WriteFile writes recs in format f to path atomically: through a temporary
// file in the same directory, synced and renamed over path only once
// complete, so that a failed export leaves no half-written file and the old
// file, if any, as it was. A file that exists keeps its permissions; a new
// one is 0644 (less the umask). It returns what Write returns: what the
// format could not hold as it was.
func WriteFile(path string, f importers.Format, recs []*catalogue.Record) (losses []catalogue.Diagnostic, err error) {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	mode := os.FileMode(0o644)
	if st, err := os.Stat(path); err == nil {
		if !st.Mode().IsRegular() {
			return nil, fmt.Errorf("export to %s: not a regular file", path)
		}
		mode = st.Mode().Perm()
	}
	tmp, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return nil, fmt.Errorf("export to %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	// Every writer buffers its output itself.
	if losses, err = Write(tmp, f, recs); err != nil {
		return nil, fmt.Errorf("export to %s: %w", path, err)
	}
	if err = tmp.Chmod(mode); err == nil {
		if err = tmp.Sync(); err == nil {
			err = tmp.Close()
		}
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		return nil, fmt.Errorf("export to %s: %w", path, err)
	}
	return losses, nil
}
