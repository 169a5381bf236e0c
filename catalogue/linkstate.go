package catalogue

import (
	"fmt"
	"io/fs"
	"os"

	"github.com/uricat/uricat/internal/linkcheck"
)

// LoadLinkState reads the results of the link checks kept at path (see
// linkcheck.State), whose file is then read and written as the
// catalogue's own is: opened without blocking and only if it is a regular
// file, saved under the directory's lock, atomically and durably.
func LoadLinkState(path string) (*linkcheck.State, error) {
	return linkcheck.LoadState(path, linkcheck.Files{Open: openLinkState, Write: WriteFile})
}

// openLinkState opens the link results at path, refusing what is not a
// regular file (a FIFO would hang the command that reads it).
func openLinkState(path string) (*os.File, fs.FileInfo, error) {
	return openRegular(path, func(path string, info fs.FileInfo) error {
		if info.Mode().IsRegular() {
			return nil
		}
		return fmt.Errorf("%s is %s, not a regular file: uricat keeps the link results only in a regular file (move it away, and the next check makes a new one) (%w)",
			path, fileKind(info.Mode()), ErrNotRegular)
	})
}
