package firefox

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/pierrec/lz4/v4"

	"github.com/uricat/uricat/importers"
)

// compressBlock is data as one LZ4 block, as pierrec/lz4 (and Firefox)
// make it.
func compressBlock(t testing.TB, data []byte) []byte {
	t.Helper()
	buf := make([]byte, lz4.CompressBlockBound(len(data)))
	n, err := lz4.CompressBlock(data, buf, nil)
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 { // incompressible: literals only, as LZ4 writes them
		return append([]byte{}, literalsOnly(data)...)
	}
	return buf[:n]
}

// literalsOnly is data as one LZ4 sequence of literals.
func literalsOnly(data []byte) []byte {
	n := len(data)
	if n < 15 {
		return append([]byte{byte(n << 4)}, data...)
	}
	out := []byte{0xf0}
	for n -= 15; n >= 255; n -= 255 {
		out = append(out, 255)
	}
	return append(append(out, byte(n)), data...)
}

// TestBlockReader: what blockReader makes of a block is what the block
// holds, for data of every kind: matches that overlap (a run of one
// byte), reach far back, or are gigabytes long in a few bytes (a bomb).
func TestBlockReader(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(1, 2))
	random := make([]byte, 300_000)
	for i := range random {
		random[i] = byte(rnd.IntN(256))
	}
	text := []byte(strings.Repeat(`{"uri":"https://example.org/`, 20_000))
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"empty", nil},
		{"short", []byte("{}")},
		{"zeros", make([]byte, 5_000_000)},
		{"text", text},
		{"random", random},
		{"text and random", append(append(append([]byte{}, text...), random...), text...)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			block := compressBlock(t, tc.data)
			z := newBlockReader(bufio.NewReader(bytes.NewReader(block)), int64(len(tc.data)))
			got, err := io.ReadAll(z)
			if err != nil || !bytes.Equal(got, tc.data) {
				t.Fatalf("%d bytes, %v; want the %d bytes compressed", len(got), err, len(tc.data))
			}
			if c := cap(z.hist); c > 4*lz4Step {
				t.Errorf("it held %d bytes; want at most %d, whatever the size", c, 4*lz4Step)
			}
		})
	}
}

// TestBlockReaderBroken: broken data is an lz4Error, never a panic, and
// never more than the header's size.
func TestBlockReaderBroken(t *testing.T) {
	t.Parallel()
	block := compressBlock(t, []byte(strings.Repeat("abcdefgh", 1000)))
	for _, tc := range []struct {
		name  string
		block []byte
		max   int64
		want  string
	}{
		{"more than the header says", block, 100, "more than the 100 bytes"},
		{"cut in literals", []byte{0x50, 'a', 'b'}, 100, "cut short in literals"},
		{"cut in an offset", []byte{0x10, 'a', 1}, 100, "cut short in an offset"},
		{"match before the data", []byte{0x10, 'a', 5, 0, 0x00}, 100, "reaches 5 bytes back"},
		{"offset 0", []byte{0x10, 'a', 0, 0, 0x00}, 100, "reaches 0 bytes back"},
		{"cut in a length", []byte{0xf0, 255}, 1000, "cut short in a length"},
		{"length past the header's size", append([]byte{0x1f, 'a', 1, 0}, bytes.Repeat([]byte{255}, 20)...), 1000, "more than the 1000 bytes"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			z := newBlockReader(bufio.NewReader(bytes.NewReader(tc.block)), tc.max)
			got, err := io.ReadAll(z)
			if _, ok := err.(lz4Error); !ok || !strings.Contains(err.Error(), tc.want) || int64(len(got)) > tc.max {
				t.Errorf("%d bytes, %v; want an lz4Error saying %q", len(got), err, tc.want)
			}
		})
	}
}

// TestJSONLZ4Streams: a .jsonlz4 backup is read as a stream: its first
// bookmark comes after some KB of JSON are made, not all of it, and the
// reader holds a window of the JSON, not the JSON, however many
// bookmarks it has (a 3.6 MB file of 11 million took 8.9 GB).
func TestJSONLZ4Streams(t *testing.T) {
	t.Parallel()
	const n = 100_000
	var b bytes.Buffer
	b.WriteString(`{"type":"text/x-moz-place-container","root":"placesRoot","children":[{"type":"text/x-moz-place-container","title":"menu","root":"bookmarksMenuFolder","children":[`)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"type":"text/x-moz-place","title":"Page %d","uri":"https://example.org/%d","dateAdded":1700000000000000}`, i, i)
	}
	b.WriteString(`]}]}`)
	json := b.Bytes()
	file := append([]byte(LZ4Magic), binary.LittleEndian.AppendUint32(nil, uint32(len(json)))...)
	file = append(file, compressBlock(t, json)...)
	path := filepath.Join(t.TempDir(), "bookmarks-2024-01-01_100000_x.jsonlz4")
	if err := os.WriteFile(path, file, 0o600); err != nil {
		t.Fatal(err)
	}
	rd, closer, err := OpenBackup(path, importers.Options{Now: now})
	if err != nil {
		t.Fatal(err)
	}
	defer closer.Close()
	r := rd.(*BackupReader)
	if _, err := r.Read(); err != nil {
		t.Fatal(err)
	}
	if made := r.block.Made(); made > 1<<20 {
		t.Errorf("%d bytes of the %d of JSON made before the first bookmark; want a stream", made, len(json))
	}
	count := 1
	for {
		_, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		count++
		if r.ready.Len() > 1 || len(r.queue) > 1 {
			t.Fatalf("after %d bookmarks, %d wait as records and %d as bookmarks; want each made as read", count, r.ready.Len(), len(r.queue))
		}
	}
	if count != n || r.block.Made() != int64(len(json)) || cap(r.block.hist) > 4*lz4Step {
		t.Errorf("%d bookmarks, %d bytes of JSON made in a window of %d; want %d, %d, at most %d", count, r.block.Made(), cap(r.block.hist), n, len(json), 4*lz4Step)
	}
}
