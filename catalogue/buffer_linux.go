package catalogue

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of the pages transparent huge pages back memory with.
const hugePage = 2 << 20

// readBuffer returns n bytes to read a file into. A large one starts at a
// huge page's boundary, and the kernel is asked to back it with huge
// pages: most distributions give them only to memory that asks (their
// "madvise" mode). It then fills a huge page at a fault instead of a
// small one, so reading a file takes hundreds of times fewer faults, a
// cost a command that looks once notices. A kernel without them ignores
// the advice. The room before the boundary is never touched, so
// it costs address space only.
func readBuffer(n int) []byte {
	if n < hugePage/2 {
		return make([]byte, n)
	}
	whole := (n + hugePage - 1) &^ (hugePage - 1)
	b := make([]byte, whole+hugePage)
	off := int(-uintptr(unsafe.Pointer(unsafe.SliceData(b))) & (hugePage - 1))
	b = b[off : off+whole]
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE) // advice: no harm if refused
	return b[:n:n]
}
