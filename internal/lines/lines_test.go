package lines

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// readAll reads every line of in through a reader that returns at most
// chunk bytes at a time (0: all at once).
func readAll(t testing.TB, in string, limit, chunk int) []Line {
	var r io.Reader = strings.NewReader(in)
	if chunk > 0 {
		r = &chunked{s: in, n: chunk}
	}
	lr := NewReader(r, limit)
	var got []Line
	for {
		l, err := lr.Read()
		if errors.Is(err, io.EOF) {
			return got
		}
		if err != nil {
			t.Fatal(err)
		}
		l.Text = bytes.Clone(l.Text)
		got = append(got, l)
	}
}

type chunked struct {
	s string
	n int
}

func (c *chunked) Read(p []byte) (int, error) {
	if c.s == "" {
		return 0, io.EOF
	}
	n := copy(p[:min(len(p), c.n)], c.s)
	c.s = c.s[n:]
	return n, nil
}

func show(ls []Line) string {
	var b strings.Builder
	for _, l := range ls {
		fmt.Fprintf(&b, "%d@%d %q %v", l.Number, l.Offset, l.Text, l.Ending)
		if l.Cut {
			b.WriteString(" cut")
		}
		b.WriteString("; ")
	}
	return b.String()
}

func TestReader(t *testing.T) {
	tests := []struct {
		name, in string
		limit    int
		want     string
	}{
		{"empty", "", 10, ""},
		{"CR LF, as the http-index-format spec and Hina-Di's line-format require", "100: a\r\n200: b\r\n", 10,
			`1@0 "100: a" CR LF; 2@8 "200: b" CR LF; `},
		{"LF alone, as Mozilla wrote", "a\nb\n", 10, `1@0 "a" LF; 2@2 "b" LF; `},
		{"CR alone, as Mozilla's reader split", "a\rb\r", 10, `1@0 "a" CR; 2@2 "b" CR; `},
		{"mixed, and no break at the end", "a\r\n\rb\n\nc", 10,
			`1@0 "a" CR LF; 2@3 "" CR; 3@4 "b" LF; 4@6 "" LF; 5@7 "c" the end of the input; `},
		{"a long line is cut, and the next one read whole", "0123456789abc\nxy\n", 4,
			`1@0 "0123" LF cut; 2@14 "xy" LF; `},
		{"a line of exactly the limit is not cut", "0123\n", 4, `1@0 "0123" LF; `},
	}
	for _, tt := range tests {
		for _, chunk := range []int{0, 1, 2, 3} {
			if got := show(readAll(t, tt.in, tt.limit, chunk)); got != tt.want {
				t.Errorf("%s (chunks of %d):\n got %s\nwant %s", tt.name, chunk, got, tt.want)
			}
		}
	}
}

// TestReaderCRAtBufferEnd puts a CR LF across a refill of the buffer: it
// is one line ending, not two.
func TestReaderCRAtBufferEnd(t *testing.T) {
	in := strings.Repeat("x", bufSize-1) + "\r\nnext\n"
	got := readAll(t, in, 1<<20, 0)
	if len(got) != 2 || got[0].Ending != CRLF || string(got[1].Text) != "next" || got[1].Offset != bufSize+1 {
		t.Errorf("got %d lines: %v %v", len(got), got[0].Ending, show(got[1:]))
	}
}

// TestReaderLongLines checks that lines far longer than the buffer are cut
// at the limit, and that the offsets of the lines after them are right.
func TestReaderLongLines(t *testing.T) {
	long := strings.Repeat("y", 3*bufSize+17)
	in := long + "\r\n" + long + "\rshort"
	got := readAll(t, in, bufSize+5, 0)
	if len(got) != 3 {
		t.Fatalf("got %d lines", len(got))
	}
	for i := range 2 {
		if !got[i].Cut || len(got[i].Text) != bufSize+5 {
			t.Errorf("line %d: cut %v, %d bytes", i+1, got[i].Cut, len(got[i].Text))
		}
	}
	if got[2].Offset != int64(2*len(long)+3) || string(got[2].Text) != "short" || got[2].Number != 3 {
		t.Errorf("line 3: %s", show(got[2:]))
	}
}

func TestReaderError(t *testing.T) {
	boom := errors.New("boom")
	lr := NewReader(io.MultiReader(strings.NewReader("a\nb"), iotest.ErrReader(boom)), 10)
	if l, err := lr.Read(); err != nil || string(l.Text) != "a" {
		t.Fatalf("first line: %q %v", l.Text, err)
	}
	if _, err := lr.Read(); !errors.Is(err, boom) {
		t.Fatalf("got %v, want the reader's error", err)
	}
}

func TestCounter(t *testing.T) {
	for _, in := range []string{"", "a", "a\r\nb", "a\rb\nc\r\n\r\n", "\n\n\r", "x\r", "\r\n\r\n"} {
		want := len(readAll(t, in+"z", 1<<20, 0)) // the line "z" is on
		for split := 0; split <= len(in); split++ {
			var c Counter
			c.Write([]byte(in[:split]))
			c.Write([]byte(in[split:]))
			if c.Line() != want {
				t.Errorf("%q split at %d: line %d, want %d", in, split, c.Line(), want)
			}
		}
		var c Counter
		for i := 0; i < len(in); i++ {
			c.Byte(in[i])
		}
		if c.Line() != want {
			t.Errorf("%q byte by byte: line %d, want %d", in, c.Line(), want)
		}
	}
}

// FuzzReader checks that lines read in any chunking are the same, cover
// the input exactly, and agree with Counter.
func FuzzReader(f *testing.F) {
	f.Add("a\r\nb\rc\nd", 3, 2)
	f.Fuzz(func(t *testing.T, in string, limit, chunk int) {
		limit = 1 + abs(limit)%64
		chunk = 1 + abs(chunk)%7
		whole := readAll(t, in, limit, 0)
		if a, b := show(whole), show(readAll(t, in, limit, chunk)); a != b {
			t.Fatalf("chunked differently:\n%s\n%s", a, b)
		}
		var c Counter
		off := int64(0)
		for _, l := range whole {
			if l.Offset != off || l.Number != c.Line() {
				t.Fatalf("line %d at %d, want %d at %d", l.Number, l.Offset, c.Line(), off)
			}
			size := len(l.Text)
			if !l.Cut {
				if !strings.HasPrefix(in[off:], string(l.Text)) {
					t.Fatalf("line %d is %q, not the input's", l.Number, l.Text)
				}
			} else if size != limit {
				t.Fatalf("cut line %d has %d bytes, limit %d", l.Number, size, limit)
			}
			rest := in[off:]
			n := strings.IndexAny(rest, "\r\n")
			if n < 0 {
				n = len(rest)
			}
			end := n
			switch l.Ending {
			case CRLF:
				end += 2
			case LF, CR:
				end++
			}
			c.Write([]byte(rest[:end]))
			off += int64(end)
		}
		if off != int64(len(in)) {
			t.Fatalf("lines cover %d of %d bytes", off, len(in))
		}
	})
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
