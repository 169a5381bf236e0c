package printable

import (
	"strings"
	"testing"
)

// TestWord: a word is printable (or ASCII) exactly when each of its
// bytes is, with every byte value tried at every place of words that are
// otherwise printable, or otherwise all controls, or DEL.
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
