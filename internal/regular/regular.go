// Package regular opens the files uricat reads only when they are
// regular files, without ever blocking on what is not one, and reads
// them within a bound. A named pipe (FIFO) with no writer blocks its
// reader, at the open already, for ever; a device such as /dev/zero never
// ends; a link may point at either. The catalogue (its own file and the
// files it imports) and every source an importer opens (a browser's
// database and the files beside it, profiles.ini, Chromium's Local
// State) go through Open, so that one rule holds for all of them.
package regular

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/uricat/uricat/internal/size"
)

// ErrNotRegular is what the errors of Open and its checks wrap when a
// path is not a regular file (after following links).
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is what ReadFile's and Bound's errors wrap when a file holds
// more than they take.
var ErrTooLarge = errors.New("file too large")

// Check is what Open asks of a file before and after opening it: nil, or
// why it is refused. It is given the path, as the caller named it, and
// what Stat says of it.
type Check func(path string, info fs.FileInfo) error

// Only refuses what is not a regular file, saying what it is.
func Only(path string, info fs.FileInfo) error {
	if info.Mode().IsRegular() {
		return nil
	}
	return fmt.Errorf("%s is %s, %w", path, Kind(info.Mode()), ErrNotRegular)
}

// Open opens path to read it, without blocking, once check has passed
// what path is (following links), and checks again what was opened
// (fstat): path may have been replaced between the two.
func Open(path string, check Check) (*os.File, fs.FileInfo, error) {
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

// Bound returns Only, and refuses as well a file of more than max bytes,
// saying so: for files that nothing real makes that large.
func Bound(max int64) Check {
	return func(path string, info fs.FileInfo) error {
		if err := Only(path, info); err != nil {
			return err
		}
		if info.Size() > max {
			return tooLarge(path, max)
		}
		return nil
	}
}

func tooLarge(path string, max int64) error {
	return fmt.Errorf("%s holds more than %s, more than uricat reads of such a file (%w)", path, size.Bytes(max), ErrTooLarge)
}

// ReadFile reads the regular file at path whole (Open, Bound), at most max
// bytes of it: a file that grows past max while it is read is refused
// too. It is for small files (a profiles.ini, a Local State): max bounds
// the memory it takes.
func ReadFile(path string, max int64) ([]byte, error) {
	f, _, err := Open(path, Bound(max))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if int64(len(data)) > max {
		return nil, tooLarge(path, max)
	}
	return data, nil
}

// Kind names what a file that is not a regular file is, for messages.
func Kind(m fs.FileMode) string {
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
