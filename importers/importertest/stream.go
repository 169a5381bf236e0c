package importertest

import (
	"io"
	"runtime"
	"testing"

	"github.com/uricat/uricat/importers"
)

// Stream is the input of a reader's benchmarks and memory tests, made as
// it is read, so that it is never held in memory: Piece appends the i-th
// piece of the file (i from 0) to b, or says there is none (the file
// ends there); Size bounds the bytes, cutting the piece it falls in.
type Stream struct {
	Size  int64
	Piece func(b []byte, i int) ([]byte, bool)

	read      int64 // bytes given
	i         int   // the next piece
	buf, pend []byte
}

// Read gives the stream's next bytes.
func (s *Stream) Read(p []byte) (int, error) {
	if s.read >= s.Size {
		return 0, io.EOF
	}
	if len(s.pend) == 0 {
		var more bool
		if s.buf, more = s.Piece(s.buf[:0], s.i); !more {
			return 0, io.EOF
		}
		s.i++
		s.pend = s.buf
	}
	n := copy(p, s.pend)
	if rest := s.Size - s.read; int64(n) > rest {
		n = int(rest)
	}
	s.pend = s.pend[n:]
	s.read += int64(n)
	return n, nil
}

// CheckMemoryBounded reads, with a reader newReader makes, an input of
// size bytes and one of four times that (each a quarter as large under
// the race detector or -short), sampling the heap: a streaming reader's
// heap in use stays under HeapBound, and reading four times as much does
// not raise it. It returns how many records each gave.
func CheckMemoryBounded(t *testing.T, size int64, newReader func(size int64) importers.Reader) (counts [2]int) {
	t.Helper()
	if Race || testing.Short() {
		size /= 4
	}
	var peaks [2]uint64
	for i, size := range []int64{size, 4 * size} {
		runtime.GC()
		counts[i] = Drain(t, newReader(size), SampleHeap(&peaks[i]))
		t.Logf("%d records from %d KB: peak heap in use %d KB", counts[i], size>>10, peaks[i]>>10)
		if peaks[i] > HeapBound {
			t.Errorf("heap in use reached %d KB reading %d KB; the bound is %d KB", peaks[i]>>10, size>>10, HeapBound>>10)
		}
		if peaks[i] == 0 {
			t.Fatal("the heap was never sampled")
		}
	}
	if peaks[1] > 2*peaks[0]+4<<20 {
		t.Errorf("peak heap grew with the input: %d KB for %d KB, %d KB for %d KB", peaks[0]>>10, size>>10, peaks[1]>>10, 4*size>>10)
	}
	return counts
}
