package safari

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"
	"time"

	"howett.net/plist"
)

// chain makes a binary property list of n arrays, each holding the next
// one `width` times, and a string last, with 2-byte offsets and
// references.
func chain(n, width int) []byte {
	var b bytes.Buffer
	b.WriteString("bplist00")
	var offsets []int
	for i := range n {
		offsets = append(offsets, b.Len())
		b.WriteByte(0xa0 | byte(width))
		for range width {
			binary.Write(&b, binary.BigEndian, uint16(i+1))
		}
	}
	offsets = append(offsets, b.Len())
	b.WriteString("\x51x")
	table := b.Len()
	for _, o := range offsets {
		binary.Write(&b, binary.BigEndian, uint16(o))
	}
	b.Write(make([]byte, 6))
	b.WriteByte(2) // offset size
	b.WriteByte(2) // reference size
	binary.Write(&b, binary.BigEndian, uint64(len(offsets)))
	binary.Write(&b, binary.BigEndian, uint64(0))
	binary.Write(&b, binary.BigEndian, uint64(table))
	return b.Bytes()
}

// A property list that would decode to 2^80 values, or nest so deep that
// the parser's recursion would overflow the stack, is reported at once.
func TestBombs(t *testing.T) {
	deepXML := "<?xml version=\"1.0\"?><plist>" + strings.Repeat("<array>", 100_000) + strings.Repeat("</array>", 100_000) + "</plist>"
	for name, data := range map[string][]byte{
		"2^80 values":        chain(80, 2),
		"deep binary":        chain(100_00, 1),
		"deep XML":           []byte(deepXML),
		"text property list": []byte(strings.Repeat("(", 100_000)),
	} {
		t.Run(name, func(t *testing.T) {
			start := time.Now()
			recs, diags := readAll(t, data)
			if len(recs) > 0 || len(diags) != 1 || !strings.Contains(diags[0].Msg, "not a property list that can be read") {
				t.Errorf("records %v, diagnostics %v", recs, diags)
			}
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("took %v", d)
			}
			t.Log(diags)
		})
	}
}

// A list that the check lets through is one the parser reads: a shallow
// chain, shared strings as every real file has them.
func TestShapeAllowsRealFiles(t *testing.T) {
	if err := checkShape(chain(3, 2)); err != nil {
		t.Errorf("a small shared chain: %v", err)
	}
	for _, format := range []int{plist.BinaryFormat, plist.XMLFormat} {
		if err := checkShape(encode(t, safariTree(), format)); err != nil {
			t.Errorf("format %d: %v", format, err)
		}
	}
}
