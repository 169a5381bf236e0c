package query

import (
	"testing"
	"unicode"
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
