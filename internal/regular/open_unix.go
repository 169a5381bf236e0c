//go:build unix

package regular

import (
	"os"
	"syscall"
)

// openNoBlock opens path for reading without waiting: a FIFO swapped in
// after the check must not hang the program.
func openNoBlock(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
