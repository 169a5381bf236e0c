package query

import (
	"runtime"
	"testing"
	"unicode"

	"golang.org/x/text/cases"
	xrunes "golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// TestFoldEveryRune: folding every rune is idempotent (the fuzzer finds
// such runes only by luck).
func TestFoldEveryRune(t *testing.T) {
	if testing.Short() {
		t.Skip("folds every rune")
	}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		f := Fold(string(r))
		if g := Fold(f); g != f {
			t.Errorf("Fold(%q) = %q, but Fold of that = %q", string(r), f, g)
		}
	}
}

// Runes folded with the one shared caser and transformer fold as with
// their own, whatever was folded before (each use resets them); and
// folding runes not met before takes less memory, which a command
// touches for the first time (6.5 KB a rune with transformers made for
// each, 2.2 KB now).
func TestFoldSharedTransformers(t *testing.T) {
	var runes []rune
	for _, block := range [][2]rune{{0x1e00, 0x1e40}, {0xfb00, 0xfb07}, {0x13a0, 0x13b0}, {0xab70, 0xab80}, {0x0300, 0x0310}, {0xff21, 0xff30}} {
		for r := block[0]; r < block[1]; r++ {
			runes = append(runes, r)
		}
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for _, r := range runes {
		folder.fold(r)
	}
	runtime.ReadMemStats(&after)
	if per := (after.TotalAlloc - before.TotalAlloc) / uint64(len(runes)); per > 4096 {
		t.Errorf("folding a rune allocates %d bytes", per)
	}
	for _, r := range runes {
		own := computeFold(r, cases.Fold(), transform.Chain(norm.NFKD, xrunes.Remove(xrunes.In(unicode.Mn))))
		if got := folder.fold(r); got != own {
			t.Errorf("%U folds to %q with the shared transformers, %q with its own", r, got, own)
		}
	}
}
