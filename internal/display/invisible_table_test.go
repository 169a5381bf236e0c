package display

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode"

	"golang.org/x/text/unicode/rangetable"
)

// deriveInvisible is invisible as Unicode's properties define it (see
// invisible's comment), from the tables of the Unicode version Go has.
func deriveInvisible() *unicode.RangeTable {
	var set []rune
	all := rangetable.Merge(unicode.Other_Default_Ignorable_Code_Point, unicode.Cf,
		unicode.Variation_Selector, unicode.Bidi_Control)
	rangetable.Visit(all, func(r rune) {
		if !unicode.Is(unicode.White_Space, r) && !unicode.Is(unicode.Prepended_Concatenation_Mark, r) &&
			(r < 0x13430 || r > 0x1343f) {
			set = append(set, r)
		}
	})
	return rangetable.New(set...)
}

// TestInvisibleIsDerived: the table written out is the one Unicode's
// properties give; when a new Unicode version changes them, the failure
// prints the table to write.
func TestInvisibleIsDerived(t *testing.T) {
	want := deriveInvisible()
	if reflect.DeepEqual(invisible, want) {
		return
	}
	var b strings.Builder
	b.WriteString("var invisible = &unicode.RangeTable{\n\tR16: []unicode.Range16{\n")
	for _, r := range want.R16 {
		fmt.Fprintf(&b, "\t\t{Lo: 0x%04x, Hi: 0x%04x, Stride: %d},\n", r.Lo, r.Hi, r.Stride)
	}
	b.WriteString("\t},\n\tR32: []unicode.Range32{\n")
	for _, r := range want.R32 {
		fmt.Fprintf(&b, "\t\t{Lo: 0x%x, Hi: 0x%x, Stride: %d},\n", r.Lo, r.Hi, r.Stride)
	}
	fmt.Fprintf(&b, "\t},\n\tLatinOffset: %d,\n}\n", want.LatinOffset)
	t.Fatalf("invisible is not what Unicode %s derives; write in invisible.go:\n%s", unicode.Version, b.String())
}
