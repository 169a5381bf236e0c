package record

import (
	"fmt"
	"strings"
	"testing"
)

func TestPieceRecordsSized(t *testing.T) {
	var b strings.Builder
	for i := range 2000 {
		fmt.Fprintf(&b, "URI: http://example.org/%d\nNAME: Page %d\nDATE: 01/01/2001 00:00:00\n\n", i, i)
	}
	data := []byte(strings.TrimSuffix(b.String(), "\n")) // no blank line after the last: no warning to allocate
	var w Worker
	var p Piece
	allocs := testing.AllocsPerRun(10, func() {
		p = Piece{Start: 0, End: len(data)}
		w.Read(data, &p, false)
	})
	if len(p.Recs) != 2000 || cap(p.Recs) > 2000+2000/4 {
		t.Errorf("room for %d records, holds %d", cap(p.Recs), len(p.Recs))
	}
	slabs := (2000 + slabSize - 1) / slabSize
	arenas := uintptr(len(data)/arenaBlock + 1) // the packed texts take less than the file
	if allocs > float64(slabs+arenas+3) {       // and the reader, the slice, its first size
		t.Errorf("reading %d records made %v allocations, %d of them slabs and up to %d text arenas", len(p.Recs), allocs, slabs, arenas)
	}
}
