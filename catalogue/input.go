package catalogue

import (
	"fmt"
	"io/fs"
	"os"
)

// OpenInput opens the file at path to read it whole, as a file to import:
// with the catalogue's own checks (openFile), only a regular file, opened
// without blocking. A FIFO with no writer would block the reader forever,
// and a device need never end; the error, which wraps ErrNotRegular, says
// what path is and that a stream goes on standard input.
func OpenInput(path string) (*os.File, fs.FileInfo, error) {
	return openRegular(path, checkInput)
}

// openRegular opens path to read it, without blocking, once check has
// passed what path is, and checks again what was opened: path may have
// been replaced between the two.
func openRegular(path string, check func(string, fs.FileInfo) error) (*os.File, fs.FileInfo, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, nil, err
	}
	if err := check(path, info); err != nil {
		return nil, nil, err
	}
	f, err := openNoBlock(path)
	if err != nil {
		return nil, nil, err
	}
	if info, err = f.Stat(); err == nil {
		err = check(path, info)
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, info, nil
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
func fileKind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	}
	return "a special file"
}
