package catalogue

import (
	"testing"
	"unsafe"
)

// TestReadBuffer: a read buffer has the length and capacity asked for,
// all of it usable, and a large one starts at a huge page's boundary, so
// that the advice covers it.
func TestReadBuffer(t *testing.T) {
	for _, n := range []int{1, 4096, hugePage/2 - 1, hugePage / 2, hugePage, 3*hugePage + 5} {
		b := readBuffer(n)
		if len(b) != n || cap(b) != n {
			t.Fatalf("readBuffer(%d): len %d cap %d", n, len(b), cap(b))
		}
		b[0], b[n-1] = 'a', 'z'
		at := uintptr(unsafe.Pointer(unsafe.SliceData(b)))
		if n >= hugePage/2 && at%hugePage != 0 {
			t.Errorf("readBuffer(%d) starts at %#x, not at a huge page's boundary", n, at)
		}
	}
}
