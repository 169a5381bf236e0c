package firefox

import (
	"bufio"
	"errors"
	"fmt"
	"io"
)

// lz4Window is how far back an LZ4 match may reach: its offset is 16
// bits.
const lz4Window = 1 << 16

// lz4Step is the most output one step of blockReader makes: a match may
// claim gigabytes, and is made a step at a time.
const lz4Step = 1 << 16

// lz4Error is a blockReader's error for broken LZ4 data: what is wrong.
type lz4Error string

func (e lz4Error) Error() string { return string(e) }

// blockReader decompresses one LZ4 block (the format of
// https://github.com/lz4/lz4/blob/dev/doc/lz4_Block_format.md) as a
// stream, holding only the last 64 KiB it made, which its matches may
// copy from: a .jsonlz4 file of a few MB may hold a gigabyte of JSON,
// which is never in memory whole. The block ends where its input does,
// after the literals of a sequence. More than max bytes of output is an
// error.
type blockReader struct {
	in   *bufio.Reader
	max  int64
	out  int64  // bytes made so far
	hist []byte // the bytes made: those not read yet from r on, and the window before
	r    int
	// what the sequence being made still has to make: literals, then
	// (when headed) the head of its match, whose length starts with
	// nibble, then the match
	literals int64
	headed   bool
	nibble   int64
	match    int64
	offset   int
	err      error
}

func newBlockReader(in *bufio.Reader, max int64) *blockReader {
	return &blockReader{in: in, max: max, hist: make([]byte, 0, 4*lz4Step)}
}

// Read gives the bytes made, making more one step at a time.
func (z *blockReader) Read(p []byte) (int, error) {
	for z.r == len(z.hist) && z.err == nil {
		z.err = z.step()
	}
	if z.r < len(z.hist) {
		n := copy(p, z.hist[z.r:])
		z.r += n
		return n, nil
	}
	return 0, z.err
}

// Made returns how many bytes the block has made so far.
func (z *blockReader) Made() int64 { return z.out }

// step makes up to lz4Step bytes: literals, a match, or reads the next
// sequence's head. It returns io.EOF where the block ends.
func (z *blockReader) step() error {
	if len(z.hist) >= 3*lz4Step {
		// Only the window is needed any more: everything was read.
		z.hist = append(z.hist[:0], z.hist[len(z.hist)-lz4Window:]...)
		z.r = len(z.hist)
	}
	switch {
	case z.literals > 0:
		return z.copyLiterals()
	case z.headed:
		z.headed = false
		return z.readMatch()
	case z.match > 0:
		return z.copyMatch()
	}
	return z.readToken()
}

// readToken reads the head of a sequence and the length of its literals;
// the input's end before it is the block's.
func (z *blockReader) readToken() error {
	token, err := z.in.ReadByte()
	if errors.Is(err, io.EOF) {
		return io.EOF
	}
	if err != nil {
		return err
	}
	z.literals, err = z.length(int64(token >> 4))
	if err != nil {
		return err
	}
	z.nibble, z.headed = int64(token&15), true
	return nil
}

// length reads the rest of a length whose 4 bits in the token are n: 15
// goes on in bytes, each added, while they are 255.
func (z *blockReader) length(n int64) (int64, error) {
	if n != 15 {
		return n, nil
	}
	for {
		b, err := z.in.ReadByte()
		if err != nil {
			return 0, lz4Error("cut short in a length")
		}
		n += int64(b)
		if n > z.max {
			return 0, z.tooMuch()
		}
		if b != 255 {
			return n, nil
		}
	}
}

func (z *blockReader) tooMuch() error {
	return lz4Error(fmt.Sprintf("it makes more than the %d bytes its header gives", z.max))
}

// grow makes room for n more bytes of output, or says there is none.
func (z *blockReader) grow(n int64) error {
	if z.out+n > z.max {
		return z.tooMuch()
	}
	z.out += n
	return nil
}

func (z *blockReader) copyLiterals() error {
	n := min(z.literals, lz4Step)
	if err := z.grow(n); err != nil {
		return err
	}
	at := len(z.hist)
	z.hist = append(z.hist, make([]byte, n)...)
	if _, err := io.ReadFull(z.in, z.hist[at:]); err != nil {
		return lz4Error("cut short in literals")
	}
	z.literals -= n
	return nil
}

// readMatch reads the offset and the length of the match after a
// sequence's literals, unless the input ends there, as the last sequence
// does.
func (z *blockReader) readMatch() error {
	if _, err := z.in.Peek(1); errors.Is(err, io.EOF) {
		return io.EOF
	}
	var b [2]byte
	if _, err := io.ReadFull(z.in, b[:]); err != nil {
		return lz4Error("cut short in an offset")
	}
	z.offset = int(b[0]) | int(b[1])<<8
	if z.offset == 0 || z.offset > len(z.hist) {
		return lz4Error(fmt.Sprintf("a match reaches %d bytes back, before the data", z.offset))
	}
	n, err := z.length(z.nibble)
	if err != nil {
		return err
	}
	z.match = n + 4
	return nil
}

// copyMatch copies a step of the match, byte by byte: a match may
// overlap what it makes (offset 1 repeats a byte).
func (z *blockReader) copyMatch() error {
	n := min(z.match, lz4Step)
	if err := z.grow(n); err != nil {
		return err
	}
	from := len(z.hist) - z.offset
	if int64(z.offset) >= n {
		z.hist = append(z.hist, z.hist[from:from+int(n)]...)
	} else {
		for i := range int(n) {
			z.hist = append(z.hist, z.hist[from+i])
		}
	}
	z.match -= n
	return nil
}
