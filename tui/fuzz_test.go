package tui

import (
	"context"
	"math"
	"slices"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/internal/display"
	"github.com/uricat/uricat/tui/theme"
)

// FuzzSearch feeds the search box any text: parsing, a pass and the
// highlighting must not panic; narrowing (reusing the previous answer
// while typing on) must give exactly what a full pass gives; and an
// invalid search with no valid term before the bad one shows nothing,
// never every record.
func FuzzSearch(f *testing.F) {
	for _, s := range []string{"", "g", "git", "gpl", `"search engine"`, "-cat:search date:2007", "rating:>=4 go",
		"lang:en", "name:", "é", "ǅ", "İstanbul", "\x00", "a b c", `"unterminated`, "date:<2008-02", "-", "rating:9"} {
		f.Add(s, "x")
	}
	c, err := openFixture(f)
	if err != nil {
		f.Fatal(err)
	}
	recs := c.Records()
	base := (pass{recs: recs}).run(context.Background())
	f.Fuzz(func(t *testing.T, text, more string) {
		if !utf8.ValidString(text) || !utf8.ValidString(more) {
			return // the text input only ever holds valid text
		}
		first := (pass{seq: 1, text: text, recs: recs, prev: base}).run(context.Background())
		if first == nil {
			t.Fatal("an uncancelled pass answered nothing")
		}
		if first.search.err != nil && first.search.query == nil && len(first.shown) != 0 {
			t.Fatalf("the invalid search %q shows %d records", text, len(first.shown))
		}
		for _, r := range first.records() {
			first.search.highlight(catalogue.FieldName, r.Name())
			first.search.highlight(catalogue.FieldDescription, r.Description())
		}
		// Typing on: the narrowed answer equals a full one.
		next := text + more
		narrowed := (pass{seq: 2, text: next, recs: recs, prev: first}).run(context.Background())
		full := (pass{seq: 3, text: next, recs: recs, prev: base}).run(context.Background())
		if !slices.Equal(narrowed.records(), full.records()) {
			t.Errorf("typing %q after %q: narrowed answer differs from a full pass (%d vs %d records)",
				more, text, len(narrowed.shown), len(full.shown))
		}
	})
}

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
