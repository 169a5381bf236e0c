package catalogue

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// ConflictCopies returns the conflict copies a file synchroniser left
// beside the catalogue at path: Syncthing's "NAME.sync-conflict-DATE-TIME-
// DEVICE.EXT" and Dropbox's or Nextcloud's "NAME (… conflicted copy …).EXT",
// sorted. Each is another version of the catalogue, written on another
// machine while this one changed too; MergeFile merges one back in with no
// common version.
func ConflictCopies(path string) ([]string, error) {
	dir, file := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	ext := filepath.Ext(file)
	stem := strings.TrimSuffix(file, ext)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if isConflictCopy(e.Name(), stem, ext) && e.Type().IsRegular() {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	slices.Sort(out)
	return out, nil
}

// isConflictCopy reports whether name is a conflict copy of stem+ext.
func isConflictCopy(name, stem, ext string) bool {
	if !strings.HasPrefix(name, stem) || !strings.HasSuffix(name, ext) || len(name) <= len(stem)+len(ext) {
		return false
	}
	mid := name[len(stem) : len(name)-len(ext)]
	switch {
	case strings.HasPrefix(mid, ".sync-conflict-"): // Syncthing
		return true
	case strings.HasPrefix(mid, " (") && strings.HasSuffix(mid, ")") && strings.Contains(strings.ToLower(mid), "conflicted copy"): // Dropbox, Nextcloud
		return true
	}
	return false
}
