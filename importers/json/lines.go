package json

import (
	"bytes"
	"errors"
	"io"
)

// lineCounter passes its input through and tells the line of a byte
// offset, for diagnostics: encoding/json's decoder knows offsets only.
// Offsets are asked for in increasing order, so it keeps only what was
// read past the last one asked for (what the decoder has read ahead).
type lineCounter struct {
	r      io.Reader
	err    error    // the first error of r but io.EOF
	chunks [][]byte // read and not yet counted, oldest first
	base   int64    // the offset of chunks[0][0]
	line   int      // the line at base, 1-based
}

func (c *lineCounter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if n > 0 {
		c.chunks = append(c.chunks, bytes.Clone(p[:n]))
	}
	if err != nil && !errors.Is(err, io.EOF) && c.err == nil {
		c.err = err
	}
	return n, err
}

// lineAt returns the line of the byte at off (LF ends a line; CR LF too).
// off must not be less than in the call before.
func (c *lineCounter) lineAt(off int64) int {
	for len(c.chunks) > 0 {
		ch := c.chunks[0]
		n := off - c.base
		if n < int64(len(ch)) {
			if n > 0 {
				c.line += bytes.Count(ch[:n], []byte{'\n'})
				c.chunks[0] = ch[n:]
				c.base = off
			}
			break
		}
		c.line += bytes.Count(ch, []byte{'\n'})
		c.base += int64(len(ch))
		c.chunks[0] = nil
		c.chunks = c.chunks[1:]
	}
	return c.line
}

// end returns the offset of the end of what was read.
func (c *lineCounter) end() int64 {
	n := c.base
	for _, ch := range c.chunks {
		n += int64(len(ch))
	}
	return n
}
