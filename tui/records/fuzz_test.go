package records

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
	"unicode/utf8"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
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
	c, err := catalogue.Open(filepath.Join("testdata", "fixture.uricat"))
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
		for _, r := range first.Records() {
			first.search.Highlight(ssd3.FieldName, r.Name())
			first.search.Highlight(ssd3.FieldDescription, r.Description())
		}
		// Typing on: the narrowed answer equals a full one.
		next := text + more
		narrowed := (pass{seq: 2, text: next, recs: recs, prev: first}).run(context.Background())
		full := (pass{seq: 3, text: next, recs: recs, prev: base}).run(context.Background())
		if !slices.Equal(narrowed.Records(), full.Records()) {
			t.Errorf("typing %q after %q: narrowed answer differs from a full pass (%d vs %d records)",
				more, text, len(narrowed.shown), len(full.shown))
		}
	})
}
