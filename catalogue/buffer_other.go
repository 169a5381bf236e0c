//go:build !linux

package catalogue

// readBuffer returns n bytes to read a file into (see buffer_linux.go).
func readBuffer(n int) []byte { return make([]byte, n) }
