package query

import (
	"slices"
	"strings"
	"testing"
)

// savedFixture is the saved searches the tests look up: plain ones, one
// of several terms, an OR, and loops.
func savedFixture() map[string]string {
	return map[string]string{
		"koln":    "koln",
		"good":    "rating:>=4",
		"two":     "kernel rust",
		"either":  "koln OR cafe",
		"nested":  "@good tag:hiking",
		"self":    "x @self",
		"loop-a":  "@loop-b",
		"loop-b":  "rating:3 @loop-a",
		"bad":     "rating:9",
		"empty":   "",
		"deep":    "@nested",
		"neg":     "-koln",
		"orwith2": "@two OR koln",
	}
}

func savedLookup(m map[string]string) func(string) (string, bool) {
	return func(name string) (string, bool) {
		v, ok := m[name]
		return v, ok
	}
}

// TestSavedSearch: @NAME finds what the saved search's text, typed in its
// place, finds; combined with other terms, excluded, and in an OR.
func TestSavedSearch(t *testing.T) {
	t.Parallel()
	recs := fuzzRecords(t)
	saved := WithSaved(savedLookup(savedFixture()))
	for _, c := range []struct{ search, same string }{
		{"@koln", "koln"},
		{"@good rating:<5", "rating:>=4 rating:<5"},
		{"@two", "kernel rust"},
		{"@either", "koln OR cafe"},
		{"rating:4 OR @koln", "rating:4 OR koln"},
		{"@koln OR rating:4", "koln OR rating:4"},
		{"@either OR hiking", "koln OR cafe OR hiking"},
		{"hiking OR @either", "hiking OR koln OR cafe"},
		{"@nested", "rating:>=4 tag:hiking"},
		{"@deep", "rating:>=4 tag:hiking"},
		{"-@koln", "-koln"},
		{"-@either", "-koln -cafe"},
		{"-@two", "-kernel OR -rust"},
		{"-@neg", `"koln"`},
		{`"@koln"`, `"@koln"`}, // quoted: text
	} {
		q, err := Parse(c.search, saved)
		if err != nil {
			t.Fatalf("Parse(%q): %v", c.search, err)
		}
		want, err := Parse(c.same)
		if err != nil {
			t.Fatal(err)
		}
		if got, w := Filter(recs, q), Filter(recs, want); !slices.Equal(got, w) {
			t.Errorf("%q finds %d records, %q %d", c.search, len(got), c.same, len(w))
		}
		if q.String() != c.search {
			t.Errorf("%q: String() = %q, want the search as typed", c.search, q.String())
		}
	}
}

// TestSavedSearchErrors: an unknown @name, a saved search that refers to
// itself (directly or through another), one that cannot be parsed, and
// one of several terms in an OR are errors naming the term and its
// column.
func TestSavedSearchErrors(t *testing.T) {
	t.Parallel()
	saved := WithSaved(savedLookup(savedFixture()))
	for _, c := range []struct {
		search string
		term   string
		column int
		reason string
	}{
		{"@nope", "@nope", 1, "there is no saved search @nope"},
		{"koln @self", "@self", 6, "the saved search @self refers to itself"},
		{"é @loop-a", "@loop-a", 3, "the saved search @loop-a refers to itself (through @loop-b)"},
		{"@loop-b", "@loop-b", 1, "the saved search @loop-b refers to itself (through @loop-a)"},
		{"@bad", "@bad", 1, "in the saved search @bad: search term rating:9 (column 1)"},
		{"@empty", "@empty", 1, "the saved search @empty is empty"},
		{"@two OR koln", "koln", 9, "a saved search of several terms cannot be one side of OR"},
		{"koln OR @two", "@two", 9, "a saved search of several terms cannot be one side of OR"},
		{"@two | @koln", "@koln", 8, "a saved search of several terms cannot be one side of OR"},
		{"@orwith2", "@orwith2", 1, "in the saved search @orwith2"},
		{"@a.b", "@a.b", 1, "not a saved search's name"},
	} {
		_, err := Parse(c.search, saved)
		e, ok := err.(*Error)
		if !ok {
			t.Errorf("Parse(%q) = %v, want an *Error", c.search, err)
			continue
		}
		if e.Term != c.term || e.Column != c.column || !strings.Contains(e.Reason, c.reason) {
			t.Errorf("Parse(%q): term %q column %d reason %q; want %q, %d, %q", c.search, e.Term, e.Column, e.Reason, c.term, c.column, c.reason)
		}
	}
	// Without saved searches, every @name is unknown.
	if _, err := Parse("@koln"); err == nil || !strings.Contains(err.Error(), "no saved search @koln") {
		t.Errorf("Parse(@koln) without saved searches: %v", err)
	}
}

// TestSavedRefs: the names a search refers to, each once, in order.
func TestSavedRefs(t *testing.T) {
	t.Parallel()
	if got := SavedRefs(`@a x -@b "@c" @a|@d`); !slices.Equal(got, []string{"a", "b", "d"}) {
		t.Errorf("SavedRefs = %q", got)
	}
}

// FuzzSaved: a search that starts with @s finds what the saved text
// followed by the rest finds (when the saved text closes its quotes), and
// every search, with the fixture's saved searches (loops among them),
// passes FuzzSearch's checks.
func FuzzSaved(f *testing.F) {
	for _, s := range [][2]string{{"koln", "rating:4"}, {"koln OR cafe", "hiking"}, {"@good", "x"}, {"@self", ""},
		{"-koln", "@two"}, {"rating:9", "a"}, {"", "b"}, {"a|b", "| c"}, {"@loop-a", "@nested"}} {
		f.Add(s[0], s[1])
	}
	recs := fuzzRecords(f)
	sf := &searchFuzz{recs: recs, ix: NewIndex(recs, 1), unfolded: (*Index)(nil).Prepare(recs, 1), dupSet: DupSet(recs)}
	fixture := savedFixture()
	sf.opts = []Option{WithSaved(savedLookup(fixture))}
	f.Fuzz(func(t *testing.T, saved, rest string) {
		sf.check(t, saved+" "+rest)
		// Typed out, the saved text must not join rest: its quotes
		// closed, no OR at its end or at rest's start.
		toks := tokenize(saved)
		if r := strings.TrimSpace(rest); strings.Count(saved, `"`)%2 != 0 || strings.HasPrefix(r, "|") || strings.HasPrefix(r, "OR") ||
			len(toks) > 0 && (toks[len(toks)-1].text == "OR" || toks[len(toks)-1].text == "|") {
			return
		}
		m := map[string]string{"s": saved}
		for k, v := range fixture {
			m[k] = v
		}
		lookup := WithSaved(savedLookup(m))
		q, err1 := Parse("@s "+rest, lookup)
		same, err2 := Parse(saved+" "+rest, lookup)
		if err1 != nil {
			checkParseError(t, "@s "+rest, err1)
		}
		if err2 != nil {
			return // said at another column, or the saved text is empty
		}
		if err1 != nil {
			if q2, err := Parse(saved, lookup); err == nil && !q2.Empty() {
				t.Fatalf("@s (%q) %q refused: %v; the text itself is not", saved, rest, err1)
			}
			return
		}
		if got, want := Filter(recs, q), Filter(recs, same); !slices.Equal(got, want) {
			t.Fatalf("@s (%q) %q finds %d records; typed out, %d", saved, rest, len(got), len(want))
		}
	})
}
