package httpindex

import (
	"bytes"
	"errors"
	"io"
)

// maxLine bounds the memory one line may take. The spec sets no line length
// limit, but a reader that streams must: the rest of a longer line is
// discarded, and the line reported.
const maxLine = 1 << 20

// eol says how a line ended.
type eol int

const (
	eolNone eol = iota // end of input
	eolCRLF
	eolLF
	eolCR
)

// lineReader splits its input into lines ended by CR LF, LF or CR alone, as
// Mozilla's parser did, counting lines and byte offsets. bufio.Scanner cannot
// do this without giving up on long lines, so it keeps its own buffer.
type lineReader struct {
	r      io.Reader
	buf    []byte // buf[start:end] is read but not yet returned
	start  int
	end    int
	line   []byte // the line being assembled when it spans refills
	lineNo int    // number of the line last returned
	offset int64  // byte offset of the line last returned
	next   int64  // byte offset of the line to come
	err    error  // sticky read error (io.EOF at the end)
}

func newLineReader(r io.Reader) *lineReader {
	return &lineReader{r: r, buf: make([]byte, 64<<10)}
}

// fill reads more input into buf, keeping buf[start:end]. It returns false
// at the end of input or on a read error (kept in lr.err).
func (lr *lineReader) fill() bool {
	if lr.err != nil {
		return false
	}
	if lr.start > 0 {
		lr.end = copy(lr.buf, lr.buf[lr.start:lr.end])
		lr.start = 0
	}
	for tries := 0; tries < 100; tries++ {
		n, err := lr.r.Read(lr.buf[lr.end:])
		lr.end += n
		if err != nil {
			lr.err = err
			return n > 0
		}
		if n > 0 {
			return true
		}
	}
	lr.err = io.ErrNoProgress
	return false
}

// readLine returns the next line without its line break, whether it was
// longer than maxLine (it is then cut there), and how it ended. The line is
// valid until the next call. At the end of input it returns io.EOF; other
// errors are the underlying reader's.
func (lr *lineReader) readLine() (line []byte, long bool, end eol, err error) {
	lr.line = lr.line[:0]
	consumed := 0
	for {
		chunk := lr.buf[lr.start:lr.end]
		i := bytes.IndexAny(chunk, "\r\n")
		if i >= 0 && chunk[i] == '\r' && i == len(chunk)-1 && lr.err == nil {
			// A CR at the end of the buffer: the next byte decides between
			// CR and CR LF. Keep the CR unread and read more.
			lr.appendLine(chunk[:i], &long)
			consumed += i
			lr.start += i
			if !lr.fill() && lr.start == lr.end {
				break
			}
			continue
		}
		if i >= 0 {
			lr.appendLine(chunk[:i], &long)
			n := i + 1
			end = eolLF
			if chunk[i] == '\r' {
				end = eolCR
				if i+1 < len(chunk) && chunk[i+1] == '\n' {
					end = eolCRLF
					n++
				}
			}
			consumed += n
			lr.start += n
			return lr.finish(consumed, long, end)
		}
		lr.appendLine(chunk, &long)
		consumed += len(chunk)
		lr.start = lr.end
		if !lr.fill() {
			break
		}
	}
	if lr.err != nil && !errors.Is(lr.err, io.EOF) {
		return nil, false, eolNone, lr.err
	}
	if consumed == 0 {
		return nil, false, eolNone, io.EOF
	}
	return lr.finish(consumed, long, eolNone)
}

func (lr *lineReader) finish(consumed int, long bool, end eol) ([]byte, bool, eol, error) {
	lr.lineNo++
	lr.offset = lr.next
	lr.next += int64(consumed)
	return lr.line, long, end, nil
}

func (lr *lineReader) appendLine(b []byte, long *bool) {
	if room := maxLine - len(lr.line); len(b) > room {
		b = b[:room]
		*long = true
	}
	lr.line = append(lr.line, b...)
}
