package catalogue

import (
	"fmt"
	"io/fs"
	"os"

	"github.com/uricat/uricat/internal/regular"
)

// OpenInput opens the file at path to read it whole, as a file to import:
// with the catalogue's own checks (openRegular), only a regular file, opened
// without blocking. A FIFO with no writer would block the reader forever,
// and a device need never end; the error, which wraps ErrNotRegular, says
// what path is and that a stream goes on standard input.
func OpenInput(path string) (*os.File, fs.FileInfo, error) {
	return openRegular(path, checkInput)
}

// openRegular opens path to read it, without blocking, once check has
// passed what path is, and checks again what was opened: path may have
// been replaced between the two (regular.Open, which every source an
// importer opens goes through too).
func openRegular(path string, check func(string, fs.FileInfo) error) (*os.File, fs.FileInfo, error) {
	return regular.Open(path, check)
}

// checkInput refuses a file to read that is not a regular file.
func checkInput(path string, info fs.FileInfo) error {
	if info.Mode().IsRegular() {
		return nil
	}
	return fmt.Errorf("%s is %s, not a regular file: uricat reads only regular files, or a stream on standard input (\"-\") (%w)",
		path, fileKind(info.Mode()), ErrNotRegular)
}

// fileKind names what a file that is not a regular file is, for messages.
func fileKind(m fs.FileMode) string { return regular.Kind(m) }
