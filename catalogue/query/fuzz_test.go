package query

import (
	"context"
	"maps"
	"math"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/gen"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/linkcheck"
)

// fuzzRecords is the fixture, a generated catalogue, and records with
// awkward text: combining accents, controls, odd tags.
func fuzzRecords(t testing.TB) []*ssd3.Record {
	c, err := catalogue.Read(strings.NewReader(gen.Catalogue(400)))
	if err != nil {
		t.Fatal(err)
	}
	recs := append(slices.Clone(fixture), c.Records()...)
	return append(recs,
		ssd3.NewRecord(ssd3.Values{Name: "Cafe\u0301 ﬁle Straße", Category: "a\x00b", Description: "\x1f\x01 İstanbul ǅ", Extensions: tags(",, ,x\u0301,Ａ b,")}),
		ssd3.NewRecord(ssd3.Values{Name: "", Description: "东京 タワー", Extensions: []ssd3.Field{{Name: "X-Tags", Value: "lower-case name"}}}),
		// Parts whose NULs are as far as the index notes or farther (nulFar).
		ssd3.NewRecord(ssd3.Values{Name: strings.Repeat("Long name ", 30), Description: "after a long name"}),
		ssd3.NewRecord(ssd3.Values{Name: "Short", Category: strings.Repeat("É", nulFar), Description: "after a long category", Extensions: tags("a, b")}),
		ssd3.NewRecord(ssd3.Values{Name: "Short", Category: "c", Description: "after long tags", Extensions: tags(strings.Repeat("tag", 90) + ", last")}),
		ssd3.NewRecord(ssd3.Values{Name: strings.Repeat("n", nulFar-1), Category: "near", Description: "the name's NUL just near"}),
		// The reading list (toread:): the mark, the "0" Pinboard writes
		// for read, a value that is neither, and the mark misnamed.
		ssd3.NewRecord(ssd3.Values{URI: "https://later.example/", Name: "To read", Extensions: []ssd3.Field{{Name: ssd3.FieldToRead, Value: ssd3.ToReadMark}}}),
		ssd3.NewRecord(ssd3.Values{URI: "https://later.example/read", Name: "Read", Extensions: []ssd3.Field{{Name: ssd3.FieldToRead, Value: "0"}}}),
		ssd3.NewRecord(ssd3.Values{URI: "https://later.example/yes", Name: "Yes", Extensions: []ssd3.Field{{Name: ssd3.FieldToRead, Value: "yes"}}}),
		ssd3.NewRecord(ssd3.Values{URI: "https://later.example/case", Name: "Case", Extensions: []ssd3.Field{{Name: "X-ToRead", Value: ssd3.ToReadMark}}}),
		// Look-alikes of the fixture's (dup:yes).
		ssd3.NewRecord(ssd3.Values{URI: "http://koeln.de/#altstadt", Name: "Köln again"}),
		ssd3.NewRecord(ssd3.Values{URI: "https://go.dev/?utm_source=x", Name: "go.dev again"}),
	)
}

// FuzzSearch: any search parses or is refused with a term that is really
// there; an Index finds exactly what Filter and Match find; highlighting
// never panics and covers the text rune for rune. Each search is also
// tried as disjunctions: its spaces by turns OR and "|" (all of the
// checks above), and its first two words joined by OR, which must find
// what either finds alone.
func FuzzSearch(f *testing.F) {
	for _, s := range []string{"", "gdv", "kernel rust", "-wiki", "rating:9", "cat:", "date:2015-13", "date:31/10/2015",
		"koln", "cafe creme", "hiking", "g", "K", "7", "é", "tag:hiking", `"search engine"`, "x-tags:b", "lang:en type:text/html uri:x",
		"date:<2008-02 rating:>=4", "é", "ǅ", "\x00", `"unterminated`, "-", "a -\"b c\"", "ﬁ", "Ａ",
		"koln OR cafe", "cat:travel|cat:cooking rating:4", "-koln OR -cafe", "rating:none OR x-tags:b", "OR", "a | | b",
		`"a|b" OR`, "foo:bar", "https://go.dev 12:30", "dup:yes", "koln dup:no", "dup:maybe", "-dup:yes OR rating:4",
		"link:dead", "link:unchecked koln", "link:gone", "-link:ok|dup:yes", "link:ok 0", "dup:yes 0",
		"in:Programming", "in:none", `-in:"a b/c\\/d"`, "in:travel|in:none",
		"toread:yes", "toread:no koln", "-toread:yes|rating:4", "toread:maybe", "x-toread:1 toread:no",
		"text:koln", `-text:"köln dom"`, "text:a|text:b rating:4", "archive:failed OR text:x", "archive:maybe"} {
		f.Add(s)
	}
	for _, c := range qualifierCases() {
		f.Add(c.term) // every qualifier, as the table test has it
	}
	recs := fuzzRecords(f)
	sf := &searchFuzz{recs: recs, ix: NewIndex(recs, 1), unfolded: (*Index)(nil).Prepare(recs, 1), dupSet: DupSet(recs)}
	check := sf.check
	f.Fuzz(func(t *testing.T, text string) {
		check(t, text)
		sf.checkToRead(t, text)
		words := strings.Fields(text)
		if len(words) < 2 {
			return
		}
		var b strings.Builder
		for i, w := range words {
			if i > 0 {
				b.WriteString([]string{" OR ", "|", " "}[i%3])
			}
			b.WriteString(w)
		}
		check(t, b.String())
		// a OR b finds what a finds and what b finds, in file order
		// (words that are whole terms: no quote runs across them).
		if strings.ContainsAny(words[0]+words[1], `"|`) {
			return
		}
		a, err1 := Parse(words[0])
		c, err2 := Parse(words[1])
		either, err3 := Parse(words[0] + " OR " + words[1])
		if err1 != nil || err2 != nil || err3 != nil || len(a.terms) != 1 || len(c.terms) != 1 {
			return
		}
		ina, inc := Filter(recs, a), Filter(recs, c)
		var want []*ssd3.Record
		for _, r := range recs {
			if slices.Contains(ina, r) || slices.Contains(inc, r) {
				want = append(want, r)
			}
		}
		if got := Filter(recs, either); !slices.Equal(got, want) {
			t.Fatalf("%q OR %q finds %d records, they %d and %d: %d together", words[0], words[1], len(got), len(ina), len(inc), len(want))
		}
	})
}

// searchFuzz holds what FuzzSearch's checks share: the records, their
// index, their DupSet, and the last search's hits, whose memory the next
// reuses.
type searchFuzz struct {
	recs     []*ssd3.Record
	ix       *Index
	unfolded *Index // ix before Build: every record read as Matcher does
	dupSet   map[*ssd3.Record]bool
	reused   []Hit
	opts     []Option // Parse's (FuzzSaved's saved searches)
}

// check runs every check of FuzzSearch on one search.
func (sf *searchFuzz) check(t *testing.T, text string) {
	q, err := Parse(text, sf.opts...)
	if err != nil {
		checkParseError(t, text, err)
		return
	}
	// Links by a rule of their URIs' length: every status turns up.
	q = q.WithLinks(func(uri string) linkcheck.Status { return linkcheck.Statuses[len(uri)%len(linkcheck.Statuses)] })
	// The archive by rules of the same: every state turns up, and a text:
	// term is in the pages of half the URIs, scored by their length.
	q = q.WithArchive(func(uri string) ArchiveState { return ArchiveState(len(uri) % 3) })
	q, err = q.WithText(func(tt TextTerm) (TextAnswer, error) {
		hits := map[string]TextHit{}
		for _, r := range sf.recs {
			if (len(r.URI())+len(tt.Text))%2 == 0 {
				hits[ssd3.URIKey(r.URI())] = TextHit{Score: 1 + len(r.URI())}
			}
		}
		return fuzzAnswer(hits, len(tt.Text)), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := Filter(sf.recs, q)
	sf.checkIndex(t, text, q, want)
	sf.checkMatch(t, text, q, want)
	for _, r := range want {
		for field, v := range map[string]string{ssd3.FieldName: r.Name(), ssd3.FieldDescription: r.Description(),
			ssd3.FieldCategory: r.Category(), TagsField: r.Extension(TagsField), ssd3.FieldURI: r.URI()} {
			if m := q.Highlight(field, v); m != nil && len(m) != utf8.RuneCountInString(v) {
				t.Fatalf("search %q: %d marks for %d runes of %q", text, len(m), utf8.RuneCountInString(v), v)
			}
		}
	}
}

// fuzzAnswer is TextAnswerOf(hits) in one of the shapes an index's
// answers take, by kind: rows from 1, or scattered far apart, ranked, or
// not (each scores 1); a page the index holds and did not find.
func fuzzAnswer(hits map[string]TextHit, kind int) TextAnswer {
	a := TextAnswerOf(hits)
	keys := slices.Sorted(maps.Keys(hits))
	rows := append([]int64(nil), a.Rows...)
	if kind%3 == 1 {
		for i := range rows {
			rows[i] = int64(i) << 33
		}
	}
	a.Pages = NewPages(append(rows, -1), append(keys, "https://unfound.example/"))
	a.Rows = rows
	if kind%2 == 1 {
		a.Scores = nil
	}
	return a
}

// checkToRead: a search and toread:yes (or toread:no) finds what the
// search finds that is (or is not) on the reading list, as the field's
// value tells it here, apart from the package, through Filter and an
// Index.
func (sf *searchFuzz) checkToRead(t *testing.T, text string) {
	words := strings.Fields(text)
	if strings.ContainsAny(text, `"|\\`) || len(words) > 0 && (strings.EqualFold(words[len(words)-1], "OR") || strings.HasSuffix(text, "-")) {
		return // the term added would be within a phrase or an OR
	}
	q, err := Parse(text)
	if err != nil || q.texts {
		return
	}
	base := Filter(sf.recs, q)
	for _, yes := range []bool{true, false} {
		term := map[bool]string{true: " toread:yes", false: " toread:NO"}[yes]
		both, err := Parse(text + term)
		if err != nil {
			t.Fatalf("search %q: %v", text+term, err)
		}
		var want []*ssd3.Record
		for _, r := range base {
			if (r.Extension("X-TOREAD") == "1") == yes {
				want = append(want, r)
			}
		}
		if got := Filter(sf.recs, both); !slices.Equal(got, want) {
			t.Fatalf("search %q finds %d records; %d of those %q finds are, by X-TOREAD", text+term, len(got), len(want), text)
		}
		sf.checkIndex(t, text+term, both, want)
	}
}

// checkParseError: a search refused names a term that is really there,
// where it is, and why, with no control characters.
func checkParseError(t *testing.T, text string, err error) {
	e, ok := err.(*Error)
	if !ok || e.Offset < 0 || e.Offset+len(e.Term) > len(text) || text[e.Offset:e.Offset+len(e.Term)] != e.Term ||
		e.Column != utf8.RuneCountInString(text[:e.Offset])+1 || e.Reason == "" {
		t.Fatalf("Parse(%q): %#v", text, err)
	}
	if strings.ContainsFunc(err.Error(), func(r rune) bool { return r < 0x20 || r == 0x7f }) {
		t.Fatalf("Parse(%q): the message %q holds control characters", text, err)
	}
}

// checkIndex: the index finds what Filter finds (want), scores as a
// search without it does, finds the same in a used buffer and before
// it is built, and ranks.
func (sf *searchFuzz) checkIndex(t *testing.T, text string, q *Query, want []*ssd3.Record) {
	hits, err := sf.ix.Search(context.Background(), q, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := make([]*ssd3.Record, len(hits))
	for i, h := range hits {
		got[i] = sf.recs[h.Pos]
	}
	if !slices.Equal(got, want) {
		t.Fatalf("search %q: the Index finds %d records, Filter %d", text, len(got), len(want))
	}
	if plain, err := sf.unfolded.Search(context.Background(), q, nil); err != nil || !slices.Equal(plain, hits) {
		t.Fatalf("search %q: an index not built yet finds %d hits, %v; built, %d", text, len(plain), err, len(hits))
	}
	for _, h := range hits { // and scores them as a search without an index does
		if sc, _ := q.eval(&doc{rec: sf.recs[h.Pos], dups: sf.dupSet, links: q.links}); int32(min(sc, math.MaxInt32)) != h.Score {
			t.Fatalf("search %q: the Index scores %q %d, a search without it %d", text, sf.recs[h.Pos].Name(), h.Score, sc)
		}
	}
	// In the memory of the last search's hits, spoilt first: the same
	// hits, ranked after what the slice ranked into holds already.
	reused := sf.reused
	for i := range reused[:cap(reused)] {
		reused[:cap(reused)][i] = Hit{Pos: -1, Score: -1}
	}
	again, err := sf.ix.SearchInto(context.Background(), q, nil, reused)
	if err != nil || !slices.Equal(again, hits) {
		t.Fatalf("search %q into a used buffer: %d hits, %v; want %d", text, len(again), err, len(hits))
	}
	if cap(reused) >= len(sf.recs) && unsafe.SliceData(again) != unsafe.SliceData(reused) {
		t.Fatalf("search %q: SearchInto did not use the buffer it was given", text)
	}
	sf.reused = again
	if ranked := AppendRank([]int32{-7}, hits); ranked[0] != -7 || !slices.Equal(ranked[1:], Rank(hits)) {
		t.Fatalf("search %q: AppendRank = %v, Rank = %v", text, ranked, Rank(hits))
	}
}

// checkMatch: Match and a Matcher find what Filter finds (want).
func (sf *searchFuzz) checkMatch(t *testing.T, text string, q *Query, want []*ssd3.Record) {
	for _, r := range sf.recs {
		if q.dup {
			break // Match sees one record: none looks like another
		}
		if q.Match(r) != slices.Contains(want, r) {
			t.Fatalf("search %q: Match and Filter disagree on %q", text, r.Name())
		}
	}
	// One matcher for every record, as a read calls it: it finds
	// what Filter finds, whatever the records before it left in its
	// memory; it refuses dup:, which needs the whole catalogue.
	match := q.Matcher()
	if (match == nil) != q.dup {
		t.Fatalf("search %q: Matcher is nil: %v, with dup: %v", text, match == nil, q.dup)
	}
	for _, r := range sf.recs {
		if match != nil && match(r) != slices.Contains(want, r) {
			t.Fatalf("search %q: Matcher and Filter disagree on %q", text, r.Name())
		}
	}
}

// FuzzNarrows: when a search narrows another, it finds no record the
// other does not, so a search typed on may look only at the last matches.
func FuzzNarrows(f *testing.F) {
	for _, s := range [][2]string{{"g", "i"}, {"go", " -x"}, {"name:go", "."}, {`"search e`, "n"}, {"ca", "fe"}, {"gd", "v"}, {"lk", "r"},
		{"koln OR ca", "f"}, {"koln", " OR c"}, {"a|b", "c"}, {"rating:4 OR", " x"}} {
		f.Add(s[0], s[1])
	}
	recs := fuzzRecords(f)
	f.Fuzz(func(t *testing.T, text, more string) {
		prev, err1 := Parse(text)
		next, err2 := Parse(text + more)
		if err1 != nil || err2 != nil || !next.Narrows(prev) {
			return
		}
		wider := Filter(recs, prev)
		for _, r := range Filter(recs, next) {
			if !slices.Contains(wider, r) {
				t.Fatalf("%q narrows %q, but finds %q, which %q does not", text+more, text, r.Name(), text)
			}
		}
	})
}

// FuzzFold: folding is idempotent, never yields the bytes the index uses
// as separators, and foldMap traces every folded byte to a rune.
func FuzzFold(f *testing.F) {
	for _, s := range []string{"Köln", "Café Crème", "ß", "ﬁ", "İ", "ǅ", "e\u0301", "\x00\x1f", "東京", "\xff", "Ærø", "@AZ[`az{ Hello, WORLD! \x7f and on", "ASCII Then Köln"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		folded := Fold(s)
		if again := Fold(folded); again != folded {
			t.Fatalf("Fold(%q) = %q, but Fold of that = %q", s, folded, again)
		}
		if strings.ContainsFunc(folded, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
			t.Fatalf("Fold(%q) = %q holds control characters", s, folded)
		}
		m, from := foldMap(s)
		if m != folded || len(from) != len(m) {
			t.Fatalf("foldMap(%q) = %q with %d positions, Fold gives %q", s, m, len(from), folded)
		}
		// appended after what dst held, eight bytes at a time or not
		if got := string(appendFold([]byte("dst"), s)); got != "dst"+m {
			t.Fatalf("appendFold(\"dst\", %q) = %q, want %q", s, got, "dst"+m)
		}
		n := int32(utf8.RuneCountInString(s))
		for i, r := range from {
			if r < 0 || r >= n || i > 0 && r < from[i-1] {
				t.Fatalf("foldMap(%q): byte %d comes from rune %d of %d", s, i, r, n)
			}
		}
	})
}

// TestIndexNext: the next version's index shares the chunks whose records
// did not change, and searches exactly as a fresh one.
func TestIndexNext(t *testing.T) {
	c, err := catalogue.Read(strings.NewReader(gen.Catalogue(3*chunkSize + 10)))
	if err != nil {
		t.Fatal(err)
	}
	recs := c.Records()
	ix := NewIndex(recs, 1)
	edited := slices.Clone(recs)
	r := edited[chunkSize+5].Clone()
	r.SetName("Zebra crossing")
	edited[chunkSize+5] = r
	edited = append(edited, ssd3.NewRecord(ssd3.Values{Name: "Zebra finch"}))
	next := ix.Next(edited, 2)
	if next.Version() != 2 || next.Len() != len(edited) {
		t.Fatalf("version %d, %d records", next.Version(), next.Len())
	}
	if next.chunks[0].Load() != ix.chunks[0].Load() || next.chunks[2].Load() != ix.chunks[2].Load() {
		t.Error("unchanged chunks were folded again")
	}
	if next.chunks[1].Load() == ix.chunks[1].Load() || next.chunks[3].Load() == ix.chunks[3].Load() {
		t.Error("a changed chunk was reused")
	}
	fresh := NewIndex(edited, 2)
	for _, text := range []string{"zebra", "git -go", "rating:>=4 kernel", "tag:hiking", "koln"} {
		q, _ := Parse(text)
		a, _ := next.Search(context.Background(), q, nil)
		b, _ := fresh.Search(context.Background(), q, nil)
		if !slices.Equal(a, b) {
			t.Errorf("search %q: the next index finds %d, a fresh one %d", text, len(a), len(b))
		}
		if !slices.Equal(recsOf(edited, a), Filter(edited, q)) {
			t.Errorf("search %q: the index and Filter disagree", text)
		}
	}
	// A search over given candidates keeps their order.
	q, _ := Parse("zebra")
	hits, _ := next.Search(context.Background(), q, []int32{int32(len(edited) - 1), chunkSize + 5, 0})
	if len(hits) != 2 || hits[0].Pos != int32(len(edited)-1) || hits[1].Pos != chunkSize+5 {
		t.Errorf("search over candidates: %v", hits)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := next.Search(ctx, q, nil); err == nil {
		t.Error("a cancelled search answered")
	}
}

func recsOf(recs []*ssd3.Record, hits []Hit) []*ssd3.Record {
	out := make([]*ssd3.Record, len(hits))
	for i, h := range hits {
		out[i] = recs[h.Pos]
	}
	return out
}

// FuzzFuzzyMatchASCII: the byte-wise fuzzy match finds what the rune-wise
// one finds, where both field and word are ASCII.
func FuzzFuzzyMatchASCII(f *testing.F) {
	for _, s := range [][2]string{{"go.dev", "gdv"}, {"linux kernel release", "lkr"}, {"specification of uri-catalogue format", "cafe"}, {"s-e se", "se"}, {"", ""}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, field, word string) {
		least := len(word) // the tightest a match can be: the word itself
		if !strings.Contains(field, word) {
			least++
		}
		start, end, ok := fuzzyMatchASCII(field, word, least)
		ascii := !strings.ContainsFunc(field+word, func(r rune) bool { return r >= utf8.RuneSelf })
		if ascii && !ok {
			t.Fatalf("fuzzyMatchASCII(%q, %q): ok %v", field, word, ok)
		}
		if !ok {
			return
		}
		if s, e := fuzzyMatch(field, word, nil); s != start || (s >= 0 && e != end) {
			t.Fatalf("fuzzyMatchASCII(%q, %q) = %d, %d; fuzzyMatch %d, %d", field, word, start, end, s, e)
		}
	})
}

// FuzzFuzzyScore: the score of a word's letters in a field that does not
// hold the word itself, whichever way it is found (a short ASCII field as
// masks, two ASCII letters in one pass, stopping at the tightest match
// possible; else past where the first letter first starts a word,
// byte-wise or rune-wise), is the score of the tightest match fuzzyMatch
// finds in the whole field.
func FuzzFuzzyScore(f *testing.F) {
	for _, s := range [][2]string{{"go.dev", "gdv"}, {"linux kernel release", "lkr"}, {"an ssd sever", "ser"}, {"a s-e sxer", "ser"}, {"Köln kö-ln", "kln"}, {"x é-se éxser", "éser"}, {"s-e sxxe sxe", "se"}, {"sxxe sxe", "se"}, {"sxxer sxer", "ser"}, {"ab", "a"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, field, word string) {
		if strings.Contains(field, word) {
			return // it scores fields that do not hold the word itself
		}
		want := 0
		if s, e := fuzzyMatch(field, word, nil); s >= 0 {
			want = maxFuzzyScore - min((e-s-len(word))*4, 90)
		}
		if len([]rune(word)) == 1 {
			want = 0 // one letter: a fuzzy match would be a substring, which scores apart
		}
		if got := fuzzyScore(field, word); got != want {
			t.Fatalf("fuzzyScore(%q, %q) = %d, want %d", field, word, got, want)
		}
	})
}

// FuzzFuzzySpan2ASCII: the one-pass match of a two-letter word finds a
// match as tight as fuzzyMatch's, and none where it finds none; it
// answers for every ASCII field, and for others only rightly.
func FuzzFuzzySpan2ASCII(f *testing.F) {
	for _, s := range [][2]string{{"go.dev", "gd"}, {"s-e se", "se"}, {"science server", "se"}, {"ss", "ss"}, {"a-b", "a-"}, {"-b", "-b"}, {"x.se", "se"}, {"Sé", "se"}, {"és e", "se"}, {"ése", "se"}, {"sé e", "se"}, {"xs-se", "se"}} {
		f.Add(s[0], s[1][0], s[1][1])
	}
	f.Fuzz(func(t *testing.T, field string, a, b byte) {
		if a >= utf8.RuneSelf || b >= utf8.RuneSelf {
			return
		}
		least := 2 // the tightest a match of two letters can be
		if !strings.Contains(field, string([]byte{a, b})) {
			least = 3
		}
		span, ok := fuzzySpan2ASCII(field, a, b, least)
		ascii := !strings.ContainsFunc(field, func(r rune) bool { return r >= utf8.RuneSelf })
		if ascii && !ok {
			t.Fatalf("fuzzySpan2ASCII(%q, %q, %q): ok %v", field, a, b, ok)
		}
		if !ok {
			return
		}
		want := -1
		if s, e := fuzzyMatch(field, string([]byte{a, b}), nil); s >= 0 {
			want = e - s
		}
		if span != want {
			t.Fatalf("fuzzySpan2ASCII(%q, %q, %q) = %d; fuzzyMatch's span %d", field, a, b, span, want)
		}
	})
}

// FuzzIndexShort: the search for a word finds it where strings.Index
// does, whichever way it looks: by its first bytes sixteen places at a
// time, wherever the word lies across the steps' seams and in the last
// step, which overlaps the one before; in windows, across their seams;
// or a byte at a time.
func FuzzIndexShort(f *testing.F) {
	long := strings.Repeat("abcdefgh", 20)
	for _, s := range [][2]string{{long, "ha"}, {long[:64] + "se", "hse"}, {long[:63] + "se", "se"}, {"", "a"}, {long, ""}, {long, "abcde"}, {long[:58] + "terminal" + long, "terminal"}, {long[:50] + "0123456789abcdef" + long, "0123456789abcdef"}, {long, "habcdefghabcdefgh"}, {long, "bcdefghabcdefgha"},
		{long[:15] + "se", "se"}, {long[:16] + "se", "se"}, {long[:17] + "se", "se"}, {long[:31] + "se", "se"}, {long[:30] + "sex", "se"}, {long[:33] + "s", "hs"}, {"s" + long[:16], "sa"}, {"ssssssssssssssssse", "sse"}, {long[:16] + "ser", "ser"}, {long[:15] + "sex", "ser"}, {long[:15] + "ser", "serv"}, {long[:20] + "\xffse\x00", "\x00"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, s, w string) {
		want := strings.Index(s, w)
		if got := indexShort(s, w); got != want {
			t.Fatalf("indexShort(%q, %q) = %v, strings.Index %v", s, w, got, want)
		}
		if len(w) >= 2 && len(w) <= 16 {
			if got := indexWindows(s, w); got != want {
				t.Fatalf("indexWindows(%q, %q) = %v, strings.Index %v", s, w, got, want)
			}
		}
		if len(w) >= 2 {
			prefix := w[:min(len(w), 3)]
			want := strings.Index(s, prefix)
			if got := indexPrefix(s, w); got != want {
				t.Fatalf("indexPrefix(%q, %q) = %v, strings.Index(%[1]q, %q) %v", s, w, got, prefix, want)
			}
			k := len(prefix) - 1
			if got := indexPrefixBytes(s, w[0], w[1], w[k], k); got != want {
				t.Fatalf("indexPrefixBytes(%q, %q) = %v, strings.Index(%[1]q, %q) %v", s, w, got, prefix, want)
			}
		}
	})
}

// FuzzFuzzySpanBits: the match found with masks is as tight as
// fuzzyMatch's, and found where it finds one; it answers for every ASCII
// field of up to 64 bytes and word of 2 to 16.
func FuzzFuzzySpanBits(f *testing.F) {
	for _, s := range [][2]string{{"go.dev", "gdv"}, {"science server", "ser"}, {"search engine r", "ser"}, {"s-e-r", "ser"}, {"Linux kernel release", "lkr"}, {"ss s", "sss"}, {"a.b", "a.b"}, {"x..y", ".."}, {strings.Repeat("ab ", 21) + "c", "abc"}, {"café", "caf"}, {"", "ab"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, field, word string) {
		least := len(word) + 1
		if strings.Contains(field, word) {
			least = len(word)
		}
		span, ok := fuzzySpanBits(field, word, least)
		applies := len(field) <= 64 && len(word) >= 2 && len(word) <= 16 &&
			!strings.ContainsFunc(field+word, func(r rune) bool { return r >= utf8.RuneSelf })
		if ok != applies {
			t.Fatalf("fuzzySpanBits(%q, %q): ok %v", field, word, ok)
		}
		if !ok {
			return
		}
		want := -1
		if s, e := fuzzyMatch(field, word, nil); s >= 0 {
			want = e - s
		}
		if span != want {
			t.Fatalf("fuzzySpanBits(%q, %q) = %d; fuzzyMatch's span %d", field, word, span, want)
		}
	})
}
