package tui

import (
	"math"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/tui/theme"
)

// FuzzDescriptionLayout lays out any DESCRIPTION at any width the pane
// has, matches of any search lit: laid out a few rows at a time it is what
// it is laid out at once, and no row holds a bidi or zero-width character
// or a control character but none.
func FuzzDescriptionLayout(f *testing.F) {
	f.Add("two\nlines", uint8(10), uint8(1), "lines")
	f.Add("a\u202eb\u200bc\r\n\x1b[31mred\u2028next\t\ttab", uint8(12), uint8(2), "red")
	f.Add(strings.Repeat("wordy text ", 3000)+"\n\n"+strings.Repeat("x", 20000), uint8(40), uint8(7), "text")
	f.Fuzz(func(t *testing.T, text string, width, step uint8, search string) {
		w := 10 + int(width)%200
		q, _ := query.Parse(search)
		whole := descLayout{text: text, width: w, query: q, rest: text}
		whole.layOut(math.MaxInt)
		part := descLayout{text: text, width: w, query: q, rest: text}
		for n := 1 + int(step)%8; part.more(); n += 1 + int(step)%8 {
			part.layOut(n)
		}
		if !slices.Equal(part.rows, whole.rows) {
			t.Fatalf("laid out in steps: %d rows, at once: %d", len(part.rows), len(whole.rows))
		}
		th := theme.Plain()
		for i, r := range whole.rows {
			if display.HasInvisible(r) || strings.ContainsFunc(r, unicode.IsControl) {
				t.Fatalf("row %d is %q", i, r)
			}
			_ = whole.row(i, th)
		}
	})
}
