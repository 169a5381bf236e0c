//go:build !unix

package regular

import "os"

func openNoBlock(path string) (*os.File, error) { return os.Open(path) }
