//go:build !unix

package catalogue

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

type fileID struct{ mtime int64 }

func idOf(info fs.FileInfo) fileID { return fileID{mtime: info.ModTime().UnixNano()} }

func canWrite(path string) bool { return true }

func keepOwner(f *os.File, path string, was fs.FileInfo) (fs.FileMode, []string, error) {
	return was.Mode() & keptMode, nil, nil
}

func hardLinks(info fs.FileInfo) uint64 { return 1 }

func stickyError(path string, err error) error { return err }

// lockDir takes a lock by creating a lock file exclusively. Unlike flock, a
// crash leaves it behind: it is taken as stale after a minute.
func lockDir(dir string, wait time.Duration) (unlock func(), err error) {
	path := filepath.Join(dir, ".uricat.lock")
	deadline := time.Now().Add(wait)
	for {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			f.Close()
			return func() { os.Remove(path) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
		if info, serr := os.Stat(path); serr == nil && time.Since(info.ModTime()) > time.Minute {
			os.Remove(path)
			continue
		}
		if !time.Now().Before(deadline) {
			return nil, fmt.Errorf("%w (it holds %s)", ErrLocked, path)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
