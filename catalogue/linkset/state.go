package linkset

import (
	"fmt"
	"io/fs"
	"os"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/internal/linkcheck"
	"github.com/uricat/uricat/internal/regular"
)

// LoadState reads the results of the link checks kept at path (see
// linkcheck.State), whose file is then read and written as the
// catalogue's own is: opened without blocking and only if it is a regular
// file, saved under the directory's lock, atomically and durably.
func LoadState(path string) (*linkcheck.State, error) {
	return linkcheck.LoadState(path, linkcheck.Files{Open: openState, Write: catalogue.WriteFile})
}

// openState opens the link results at path, refusing what is not a
// regular file (a FIFO would hang the command that reads it).
func openState(path string) (*os.File, fs.FileInfo, error) {
	return regular.Open(path, func(path string, info fs.FileInfo) error {
		if info.Mode().IsRegular() {
			return nil
		}
		return fmt.Errorf("%s is %s, not a regular file: uricat keeps the link results only in a regular file (move it away, and the next check makes a new one) (%w)",
			path, regular.Kind(info.Mode()), regular.ErrNotRegular)
	})
}
