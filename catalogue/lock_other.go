//go:build !unix

package catalogue

import (
	"errors"
	"io/fs"
	"os"
	"time"
)

// lockFile takes a lock by creating path exclusively, waiting up to
// lockRetry. Unlike flock, a crash leaves the file behind: it is treated as
// stale after lockRetry.
func lockFile(path string) (unlock func(), err error) {
	deadline := time.Now().Add(lockRetry)
	for {
		f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			f.Close()
			return func() { os.Remove(path) }, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
		if time.Now().After(deadline) {
			if info, serr := os.Stat(path); serr == nil && time.Since(info.ModTime()) > lockRetry {
				os.Remove(path)
				continue
			}
			return nil, lockTimeoutError(path)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
