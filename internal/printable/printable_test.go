package printable

import (
	"encoding/binary"
	"math/bits"
	"strings"
	"testing"
)

// TestWord: a word is printable (or ASCII) exactly when each of its
// bytes is, and Mask finds the first byte that is not, with every byte
// value tried at every place of words that are otherwise printable, or
// otherwise all controls, or DEL.
func TestWord(t *testing.T) {
	for _, fill := range []byte{'a', ' ', '~', 0x00, 0x1f, 0x7f, 0x80, 0xff} {
		for at := range 8 {
			for c := range 256 {
				word := []byte(strings.Repeat(string([]byte{fill}), 8))
				word[at] = byte(c)
				want, ascii := true, true
				for _, x := range word {
					want = want && x >= 0x20 && x < 0x7f
					ascii = ascii && x < 0x80
				}
				first := strings.IndexFunc(string(word), func(r rune) bool { return r < 0x20 || r >= 0x7f })
				if got := bits.TrailingZeros64(Mask(Load(string(word), 0))) / 8; first >= 0 && got != first || first < 0 && got != 8 {
					t.Fatalf("Mask(%q) says the first byte that is not printable is at %d, want %d", word, got, first)
				}
				if got := Word(Load(string(word), 0)); got != want {
					t.Fatalf("Word(%q) = %v, want %v", word, got, want)
				}
				if got := ASCII(Load(string(word), 0)); got != ascii {
					t.Fatalf("ASCII(%q) = %v, want %v", word, got, ascii)
				}
			}
		}
	}
}

// FuzzFirst: the word-at-a-time scan agrees with a byte loop.
func FuzzFirst(f *testing.F) {
	f.Add("plain text")
	f.Add("0123456\x7f\x80")
	f.Fuzz(func(t *testing.T, s string) {
		want := -1
		for i := 0; i < len(s); i++ {
			if s[i] < 0x20 || s[i] >= 0x7f {
				want = i
				break
			}
		}
		if got := First(s); got != want {
			t.Fatalf("First(%q) = %d, want %d", s, got, want)
		}
	})
}

// FuzzMask: Mask's lowest set bit is at the first byte that is not
// printable ASCII, in any word (TestWord tries one odd byte at a time).
func FuzzMask(f *testing.F) {
	f.Add(uint64(0x2020202020202020))
	f.Add(uint64(0x0a7f00ff20412000))
	f.Fuzz(func(t *testing.T, w uint64) {
		var b [8]byte
		binary.LittleEndian.PutUint64(b[:], w)
		first := 8
		for i, c := range b {
			if c < 0x20 || c >= 0x7f {
				first = i
				break
			}
		}
		if got := bits.TrailingZeros64(Mask(w)) / 8; got != first {
			t.Fatalf("Mask(%q): first byte not printable at %d, want %d", b, got, first)
		}
	})
}

// TestASCIIString: a byte of 0x80 or above anywhere, in a whole word of
// eight or in the bytes after the last one, makes a string not ASCII.
func TestASCIIString(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want bool
	}{
		{"", true},
		{"go.dev", true},
		{"exactly8", true},
		{"\x00\x1f\x7f controls are ASCII", true},
		{"K\xc3\xb6ln", false},
		{"eight by\xe2\x80\x8b", false}, // after a whole word
		{"\x80 first byte", false},
		{"within the first eight\xff", false},
	} {
		if got := ASCIIString(tt.s); got != tt.want {
			t.Errorf("ASCIIString(%q) = %v, want %v", tt.s, got, tt.want)
		}
	}
}
