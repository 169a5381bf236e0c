package catalogue

import (
	"bytes"
	"fmt"
	"hash/crc32"
	"reflect"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue/internal/record"
)

// readInPieces reads data cut into pieces of about size bytes, as a large
// file is read, however small data is.
func readInPieces(data []byte, size int) *Catalogue {
	return readPiecesInto(&Catalogue{}, data, size)
}

// readPiecesInto is readInPieces into c, which may be set to keep its
// text as a LookOnly read does.
func readPiecesInto(c *Catalogue, data []byte, size int) *Catalogue {
	st := newReadState()
	c.readBlock(st, data, record.PieceBounds(data, size), -1)
	c.finishRead(st)
	return c
}

// readInBlocks reads data in blocks of about size bytes, as a large file
// is read, each block's memory spoilt once read: what the catalogue holds
// is its own.
func readInBlocks(t testing.TB, data []byte, size int) *Catalogue {
	c := &Catalogue{}
	read, err := c.readBlocks(bytes.NewReader(data), int64(len(data)), size, func(b []byte) {
		for i := range b {
			b[i] = '#'
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if read.size != int64(len(data)) || read.crc != crc32.Checksum(data, castagnoli()) {
		t.Fatalf("read %d bytes, checksum %x", read.size, read.crc)
	}
	return c
}

// sameReading reports how two readings of the same data differ, or "":
// every record (its fields, text, place, separator and problems, all but
// its Ref), what lies before and after the records, and the file's
// problems.
func sameReading(a, b *Catalogue) string {
	if a.head != b.head || a.tail != b.tail {
		return fmt.Sprintf("head %q tail %q, want %q %q", b.head, b.tail, a.head, a.tail)
	}
	if !reflect.DeepEqual(a.probs, b.probs) {
		return fmt.Sprintf("file problems %v, want %v", b.probs, a.probs)
	}
	if len(a.records) != len(b.records) {
		return fmt.Sprintf("%d records, want %d", len(b.records), len(a.records))
	}
	for i, r := range a.records {
		x, y := record.StateOf(r), record.StateOf(b.records[i])
		if !reflect.DeepEqual(x, y) {
			return fmt.Sprintf("record %d:\n%+v\nwant\n%+v", i, y, x)
		}
	}
	if !reflect.DeepEqual(a.Problems(), b.Problems()) {
		return fmt.Sprintf("problems %v, want %v", b.Problems(), a.Problems())
	}
	return ""
}

// FuzzPieces: a file read in pieces on several goroutines reads exactly as
// read in one go, wherever the pieces are cut.
func FuzzPieces(f *testing.F) {
	addSeeds(f)
	f.Add([]byte("URI: http://a/\r\nNAME: A\r\nDATE: 01/01/2001 00:00:00\r\n \r\n\r\nURI: http://b/\nNAME: B\nID: 2\n\t\n\nURI: http://c/\nID: 2\n\n\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		whole := readInPieces(data, len(data)+1)
		for _, size := range []int{1, 2, 7, 64} {
			if d := sameReading(whole, readInPieces(data, size)); d != "" {
				t.Fatalf("read in pieces of %d bytes (%v), %s", size, record.PieceBounds(data, size), d)
			}
			if d := sameReading(whole, readInBlocks(t, data, size)); d != "" {
				t.Fatalf("read in blocks of %d bytes, %s", size, d)
			}
		}
	})
}

// TestPieces reads a catalogue whose pieces start at every kind of place
// a record can end, with problems in each: the same as in one go.
func TestPieces(t *testing.T) {
	var b strings.Builder
	for i := range 300 {
		fmt.Fprintf(&b, "URI: http://example.org/%d\r\nNAME: Page %d\r\nDATE: 01/01/2001 00:00:00\r\nID: %d\r\n", i, i, i%97)
		switch i % 5 {
		case 0:
			b.WriteString("\r\n")
		case 1:
			b.WriteString("\n\r\n") // LF alone, and an extra blank line
		case 2:
			b.WriteString("  \r\n\r\n") // white space on a blank line
		case 3:
			b.WriteString("COLOUR: red\r\n\r\n") // an unknown field
		case 4:
			b.WriteString("\r\n\r\n\r\n")
		}
	}
	data := []byte(b.String())
	whole := readInPieces(data, len(data)+1)
	if len(whole.records) != 300 || len(whole.Problems()) < 300 {
		t.Fatalf("%d records, %d problems", len(whole.records), len(whole.Problems()))
	}
	for _, size := range []int{1, 50, 100, 333, 1000, 4096} {
		bounds := record.PieceBounds(data, size)
		if size < 1000 && len(bounds) < 10 {
			t.Fatalf("pieces of %d bytes: only %d", size, len(bounds)-1)
		}
		if d := sameReading(whole, readInPieces(data, size)); d != "" {
			t.Fatalf("pieces of %d bytes: %s", size, d)
		}
		if d := sameReading(whole, readInBlocks(t, data, size)); d != "" {
			t.Fatalf("blocks of %d bytes: %s", size, d)
		}
	}
}

// TestPieceRecordsSized: a piece's slice of records is made the size the
// piece needs, about, not grown by doubling: those slices are garbage
// made while a large file loads with the collector off.
// TestIncreasingIDsSeenAcrossBlocks: IDs that only increase, read in
// blocks and pieces, are known to, so that no map of them is made (a
// million entries at a million records).
func TestIncreasingIDsSeenAcrossBlocks(t *testing.T) {
	var b strings.Builder
	for i := range 500 {
		fmt.Fprintf(&b, "URI: http://example.org/%d\r\nNAME: Page %d\r\nDATE: 01/01/2001 00:00:00\r\nID: %d\r\n\r\n", i, i, i+1)
	}
	data := []byte(b.String())
	st := newReadState()
	c := &Catalogue{}
	third := record.RecordEnd(data, len(data)/3)
	c.readBlock(st, data[:third], record.PieceBounds(data[:third], 1000), -1)
	c.readBlock(st, data[third:], record.PieceBounds(data[third:], 1000), -1)
	if !st.ids.Increasing || st.ids.N != 500 {
		t.Errorf("after two blocks: %d IDs, increasing %v", st.ids.N, st.ids.Increasing)
	}
}

// TestReadBlocksOfALargeFile: a file read in blocks, with a record longer
// than a block, reads as in one go, with the file's size known, unknown,
// or wrong (the file grew or shrank since it was measured), into a
// Catalogue (one buffer, reused) or a LookOnly one (a buffer a block).
func TestReadBlocksOfALargeFile(t *testing.T) {
	var b strings.Builder
	for i := range 30000 {
		fmt.Fprintf(&b, "URI: http://host%d.example/\r\nNAME: Name %d\r\n", i, i)
		if i == 20000 { // longer than a block of pieceSize: that block grows
			fmt.Fprintf(&b, "DESCRIPTION: %s\r\n", strings.Repeat("long ", 3*pieceSize/5))
		}
		b.WriteString("\r\n")
	}
	data := []byte(b.String())
	if len(data) < 4*pieceSize {
		t.Fatalf("%d bytes: too few to read in blocks", len(data))
	}
	for _, keep := range []bool{false, true} {
		whole := readPiecesInto(&Catalogue{keep: keep}, data, len(data)+1)
		for _, size := range []int64{int64(len(data)), -1, int64(len(data)) / 2, 2 * int64(len(data))} {
			for _, block := range []int{blockSize, pieceSize} {
				c := &Catalogue{keep: keep}
				read, err := c.readBlocks(bytes.NewReader(data), size, block, nil)
				if err != nil {
					t.Fatal(err)
				}
				if d := sameReading(whole, c); d != "" {
					t.Fatalf("size %d, blocks of %d, keep %v: %s", size, block, keep, d)
				}
				if !keep && (read.size != int64(len(data)) || read.crc != crc32.Checksum(data, castagnoli())) {
					t.Fatalf("size %d: read %d bytes, checksum %x", size, read.size, read.crc)
				}
			}
		}
	}
}
