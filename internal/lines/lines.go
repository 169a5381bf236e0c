// Package lines reads text a line at a time, and counts the lines of text
// read some other way, with one rule for where a line ends: CR LF, LF, or a
// CR alone, as Mozilla's readers split lines and as files moved between
// Unix, DOS and the old Mac OS have them. Every reader that reports line
// numbers uses it, so that they all number a file alike.
package lines

import (
	"bytes"
	"errors"
	"io"
)

// Ending says how a line ended.
type Ending uint8

const (
	// EOF: the input ended without a line break.
	EOF Ending = iota
	CRLF
	LF
	CR
)

// String names the ending for messages.
func (e Ending) String() string {
	return [...]string{"the end of the input", "CR LF", "LF", "CR"}[e]
}

// Line is one line of input.
type Line struct {
	// Text is the line without its ending. It is valid until the next Read.
	Text []byte
	// Number is the line's number, from 1.
	Number int
	// Offset is the byte offset of its first byte.
	Offset int64
	// Ending is how it ended.
	Ending Ending
	// Cut reports a line longer than the Reader's limit: Text holds its
	// first bytes, and the rest was read and discarded.
	Cut bool
}

// bufSize is the size of a Reader's buffer; a longer line is gathered in a
// second buffer, up to the limit.
const bufSize = 64 << 10

// Reader reads lines from an io.Reader. Memory stays bounded whatever the
// input: a line longer than the limit is cut (Line.Cut), not gathered.
type Reader struct {
	r     io.Reader
	buf   []byte // buf[start:end] is read but not yet returned
	start int
	end   int
	long  []byte // a line that spans refills of buf
	limit int
	n     int   // number of the line last returned
	next  int64 // offset of the line to come
	err   error // sticky: io.EOF or the underlying reader's error
}

// NewReader returns a Reader of r that keeps at most limit bytes of a line.
func NewReader(r io.Reader, limit int) *Reader {
	return &Reader{r: r, buf: make([]byte, bufSize), limit: max(limit, 1)}
}

// Read returns the next line. At the end of the input it returns io.EOF;
// other errors are the underlying reader's, returned once the lines read
// before them are.
func (r *Reader) Read() (Line, error) {
	r.long = r.long[:0]
	gathered := int64(0) // bytes of the line (ending included) already consumed
	cut := false
	for {
		chunk := r.buf[r.start:r.end]
		// Two fast scans (IndexByte is vectorised) instead of one for
		// either byte: LF first, then a CR before it.
		i := bytes.IndexByte(chunk, '\n')
		limit := i
		if i < 0 {
			limit = len(chunk)
		}
		if j := bytes.IndexByte(chunk[:limit], '\r'); j >= 0 {
			i = j
		}
		if i >= 0 && chunk[i] == '\r' && i == len(chunk)-1 && r.err == nil {
			// A CR at the end of the buffer: the next byte tells CR from
			// CR LF. Keep the CR unread and read more.
			cut = r.gather(chunk[:i], cut)
			gathered += int64(i)
			r.start += i
			r.fill()
			continue
		}
		if i >= 0 {
			n, end := i+1, LF
			if chunk[i] == '\r' {
				end = CR
				if i+1 < len(chunk) && chunk[i+1] == '\n' {
					end, n = CRLF, n+1
				}
			}
			r.start += n
			if len(r.long) == 0 && !cut && i <= r.limit {
				// The whole line is in the buffer: no copy.
				return r.line(chunk[:i], false, end, gathered+int64(n)), nil
			}
			cut = r.gather(chunk[:i], cut)
			return r.line(r.long, cut, end, gathered+int64(n)), nil
		}
		cut = r.gather(chunk, cut)
		gathered += int64(len(chunk))
		r.start = r.end
		if !r.fill() {
			break
		}
	}
	if r.err != nil && !errors.Is(r.err, io.EOF) {
		return Line{}, r.err
	}
	if gathered == 0 {
		return Line{}, io.EOF
	}
	return r.line(r.long, cut, EOF, gathered), nil
}

// line numbers a line of size bytes, ending included.
func (r *Reader) line(text []byte, cut bool, end Ending, size int64) Line {
	r.n++
	l := Line{Text: text, Number: r.n, Offset: r.next, Ending: end, Cut: cut}
	r.next += size
	return l
}

// gather adds b to the line being gathered, up to the limit, and reports
// whether the line has been cut.
func (r *Reader) gather(b []byte, cut bool) bool {
	if room := r.limit - len(r.long); len(b) > room {
		b, cut = b[:max(room, 0)], true
	}
	r.long = append(r.long, b...)
	return cut
}

// fill reads more input, keeping buf[start:end]. It reports false at the
// end of the input or on an error (kept in r.err).
func (r *Reader) fill() bool {
	if r.err != nil {
		return false
	}
	if r.start > 0 {
		r.end = copy(r.buf, r.buf[r.start:r.end])
		r.start = 0
	}
	for range 100 {
		n, err := r.r.Read(r.buf[r.end:])
		r.end += n
		if err != nil {
			r.err = err
			return n > 0
		}
		if n > 0 {
			return true
		}
	}
	r.err = io.ErrNoProgress
	return false
}

// Counter counts the lines of text given to it in pieces, by the same rule
// as Reader: for readers that are not line-oriented (a tokenizer, a
// byte-counted format) but report line numbers. The zero Counter is at line 1.
type Counter struct {
	ends int  // line endings seen
	cr   bool // the last byte was a CR: an LF next ends no other line
}

// Line returns the number of the line the next byte is on, from 1.
func (c *Counter) Line() int { return c.ends + 1 }

// Byte counts one byte.
func (c *Counter) Byte(b byte) {
	switch {
	case b == '\r':
		c.ends++
		c.cr = true
		return
	case b == '\n' && !c.cr:
		c.ends++
	}
	c.cr = false
}

// Write counts the bytes of p. It never fails: it is an io.Writer so that
// an io.TeeReader can count what a tokenizer reads.
func (c *Counter) Write(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	if bytes.IndexByte(p, '\r') < 0 {
		c.ends += bytes.Count(p, []byte{'\n'})
		if c.cr && p[0] == '\n' {
			c.ends-- // the LF of a CR LF split between two writes
		}
		c.cr = false
		return len(p), nil
	}
	for _, b := range p {
		c.Byte(b)
	}
	return len(p), nil
}
