package query

import (
	"encoding/binary"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"

	"github.com/uricat/uricat/internal/printable"
)

// Folding is what makes "koln" find "Köln" and "CAFE" find "café": both the
// search and the text are folded, then compared byte for byte. A rune folds
// to its compatibility decomposition (NFKD: "ﬁ" is "fi", "Ａ" is "A")
// without combining marks (Unicode category Mn: "é" is "e"), case-folded
// ("ß" is "ss"). A few Latin letters whose stroke is part of the letter,
// not a mark, fold to the plain letter as well (ø, ł, đ, ħ, ŧ; æ and œ
// to two letters), since a reader types "lodz" for Łódź. Control
// characters fold to a space, so folded text never holds the bytes the
// index uses as separators.
//
// Folding works rune by rune, so that each folded byte can be traced back
// to the rune it came from (see foldMap), which is how a highlight lands
// on the right characters of the original text.

// Fold returns s folded for comparison. It returns s itself, without
// copying, when folding changes nothing (lower-case ASCII).
func Fold(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || asciiFold[c] != c {
			return string(appendFold(make([]byte, 0, len(s)+8), s))
		}
	}
	return s
}

// appendFold appends the folding of s to dst.
func appendFold(dst []byte, s string) []byte {
	// Eight bytes at a time while they are ASCII and not controls (all
	// of most text): upper case letters get their 0x20 bit, the rest is
	// as it was. It folds every record's text for each search the CLI
	// makes.
	i := 0
	if len(s) >= 8 {
		n := len(dst)
		dst = slices.Grow(dst, len(s))[:n+len(s)&^7]
		out := dst[n:]
		for ; i+8 <= len(s); i += 8 {
			w := printable.Load(s, i)
			if !printable.Word(w) {
				break // the bytes below, one by one
			}
			upper := atLeast(w, 'A') &^ atLeast(w, 'Z'+1)
			binary.LittleEndian.PutUint64(out[i:], w|upper>>2)
		}
		dst = dst[:n+i]
	}
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			dst = append(dst, asciiFold[c])
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		dst = append(dst, foldRune(r)...)
		i += n
	}
	return dst
}

// foldMap folds s and returns, for each byte of the folding, the index of
// the rune of s it came from.
func foldMap(s string) (string, []int32) {
	var b []byte
	var from []int32
	i := int32(0)
	for _, r := range s {
		f := foldRune(r)
		b = append(b, f...)
		for range len(f) {
			from = append(from, i)
		}
		i++
	}
	return string(b), from
}

// asciiFold folds the ASCII bytes: upper case to lower, controls to space.
var asciiFold = func() (t [utf8.RuneSelf]byte) {
	for c := range t {
		switch {
		case c < 0x20 || c == 0x7f:
			t[c] = ' '
		case 'A' <= c && c <= 'Z':
			t[c] = byte(c) + 'a' - 'A'
		default:
			t[c] = byte(c)
		}
	}
	return t
}()

// Non-ASCII runes are folded once each, on first use: a catalogue uses
// few of them, and folding one is slow (folding every rune of each page
// it touches, ahead of use, would cost a command that reads a catalogue
// with accents more than it reads). A page of 256 runes' foldings is
// made when one of its runes is first seen.
type foldPage [256]atomic.Pointer[string]

var foldPages [(unicode.MaxRune + 1) >> 8]atomic.Pointer[foldPage]

func foldRune(r rune) string {
	if r < 0 || r > unicode.MaxRune {
		r = utf8.RuneError
	}
	p := foldPages[r>>8].Load()
	if p == nil {
		foldPages[r>>8].CompareAndSwap(nil, new(foldPage))
		p = foldPages[r>>8].Load()
	}
	f := p[r&0xff].Load()
	if f == nil {
		// Two goroutines may fold the same rune; either result is right.
		s := folder.fold(r)
		f = &s
		p[r&0xff].Store(f)
	}
	return *f
}

// folder folds the runes not yet folded, one at a time. Casers and
// transformers are stateful (each use starts by resetting them), so one
// of each serves every rune in turn: made for each rune, they would cost
// several times the memory, which a command touches for the first time
// (a chain of transformers holds buffers of kilobytes;
// TestFoldSharedTransformers measures it).
var folder foldState

type foldState struct {
	mu    sync.Mutex
	caser cases.Caser
	strip transform.Transformer // nil until the first rune
}

// fold returns computeFold(r), with the caser and transformer it makes on
// first use.
func (f *foldState) fold(r rune) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.strip == nil {
		f.caser, f.strip = cases.Fold(), transform.Chain(norm.NFKD, runes.Remove(runes.In(unicode.Mn)))
	}
	return computeFold(r, f.caser, f.strip)
}

// letters are Latin letters that NFKD leaves whole but readers spell
// without their stroke
// (after case folding, so lower case only).
var letters = map[rune]string{'ø': "o", 'ł': "l", 'đ': "d", 'ħ': "h", 'ŧ': "t", 'æ': "ae", 'œ': "oe"}

func computeFold(r rune, fold cases.Caser, strip transform.Transformer) string {
	switch {
	case r < utf8.RuneSelf:
		return string(rune(asciiFold[r]))
	case unicode.IsControl(r) || r == '\u2028' || r == '\u2029':
		return " "
	case r >= 0xd800 && r <= 0xdfff: // surrogates are not runes
		r = utf8.RuneError
	}
	s := foldOnce(string(r), fold, strip)
	// Folding is meant to be idempotent, but Unicode folds lower-case
	// Cherokee to upper case and x/text folds it back: of two texts that
	// fold to each other, both fold to the lesser.
	if t := foldOnce(s, fold, strip); t != s && t < s {
		s = t
	}
	return s
}

// foldOnce decomposes s, removes its marks, folds its case, and does the
// first two again (folding may uncover what they would change).
func foldOnce(s string, fold cases.Caser, strip transform.Transformer) string {
	if t, _, err := transform.String(strip, s); err == nil {
		s = t
	}
	s = fold.String(s)
	if t, _, err := transform.String(strip, s); err == nil {
		s = t
	}
	var b strings.Builder
	for _, c := range s {
		if unicode.IsControl(c) {
			return " "
		}
		if l, ok := letters[c]; ok {
			b.WriteString(l)
		} else {
			b.WriteRune(c)
		}
	}
	return b.String()
}
