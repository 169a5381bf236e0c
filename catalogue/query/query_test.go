package query

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/gen"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/linkcheck"
)

func date(s string) time.Time {
	t, err := time.Parse(ssd3.DateLayout, s)
	if err != nil {
		panic(err)
	}
	return t
}

func tags(v string) []ssd3.Field { return []ssd3.Field{{Name: TagsField, Value: v}} }

const ssd = `SSD3 - "Specification of URI-Catalogue format"`

// fixture holds the spec's example records and the cases of issue 9.
var fixture = []*ssd3.Record{
	ssd3.NewRecord(ssd3.Values{URI: "http://google.co.uk/", Name: "Google", Date: date("30/10/2007 08:31:32"), Category: "Search Engines",
		Description: "A popular search engine run by Google, Inc. of the USA", Rating: 1, Language: "en-us", Type: "text/html"}),
	ssd3.NewRecord(ssd3.Values{URI: "http://shadyindustries.biz/ssd/ssd3.txt", Name: ssd, Date: date("31/10/2007 19:28:45"), Category: "Official Documents",
		Description: "The Specification for the URI-Catalogue format", Rating: 2, Language: "en-gb", Type: "text/plain"}),
	ssd3.NewRecord(ssd3.Values{URI: "http://go.dev/", Name: "go.dev", Date: date("01/03/2009 00:00:00"), Category: "Programming", Rating: 5,
		Language: "de", Type: "text/html; charset=utf-8"}),
	ssd3.NewRecord(ssd3.Values{URI: "http://duckduckgo.com/", Name: "DuckDuckGo", Date: date("15/10/2007 12:00:00"), Category: "Search Engines"}),
	ssd3.NewRecord(ssd3.Values{URI: "https://www.koeln.de/", Name: "Köln", Date: date("31/10/2015 10:00:00"), Category: "Travel",
		Description: "Die Stadt am Rhein", Language: "de"}),
	ssd3.NewRecord(ssd3.Values{URI: "https://cafe.example/creme", Name: "Café Crème", Date: date("01/10/2015 09:00:00"), Category: "Cooking",
		Description: "How to make a café crème at home", Rating: 4, Extensions: tags("coffee, Récipes")}),
	ssd3.NewRecord(ssd3.Values{URI: "https://trails.example/alps", Name: "Alpine trails", Date: date("02/06/2016 09:00:00"), Category: "Travel",
		Extensions: append(tags(" Hiking ,road trip,, "), ssd3.Field{Name: "X-KEYWORD", Value: "Alps"})}),
	ssd3.NewRecord(ssd3.Values{URI: "https://en.wikipedia.org/wiki/Linux_kernel", Name: "Linux kernel", Date: date("03/03/2016 09:00:00"),
		Category: "Reference", Description: "The wiki article about the kernel"}),
	ssd3.NewRecord(ssd3.Values{URI: "https://rust-for-linux.com/", Name: "Rust for Linux", Date: date("04/03/2016 09:00:00"), Category: "Programming",
		Description: "Rust in the Linux kernel", Rating: 4}),
	ssd3.NewRecord(ssd3.Values{URI: "https://windows.example/kit", Name: "Windows kit index", Date: date("05/03/2016 09:00:00"), Category: "Tools"}),
	ssd3.NewRecord(ssd3.Values{URI: "https://kernel.org/", Name: "Release notes", Date: date("06/03/2016 09:00:00"), Category: "News",
		Description: "A recipe for bread"}),
}

// fixtureNames is every record of fixture, in order.
var fixtureNames = names(fixture)

func names(recs []*ssd3.Record) string {
	var out []string
	for _, r := range recs {
		out = append(out, r.Name())
	}
	return strings.Join(out, "|")
}

// search runs q both ways, one-off (Filter) and through an Index, and
// fails if they disagree.
func search(t *testing.T, recs []*ssd3.Record, text string) []*ssd3.Record {
	t.Helper()
	q, err := Parse(text)
	if err != nil {
		t.Fatalf("Parse(%q): %v", text, err)
	}
	got := Filter(recs, q)
	hits, err := NewIndex(recs, 1).Search(context.Background(), q, nil)
	if err != nil {
		t.Fatal(err)
	}
	var viaIndex []*ssd3.Record
	for _, h := range hits {
		viaIndex = append(viaIndex, recs[h.Pos])
	}
	if !slices.Equal(got, viaIndex) {
		t.Errorf("search %q: Filter finds %q, the Index %q", text, names(got), names(viaIndex))
	}
	return got
}

func TestSearch(t *testing.T) {
	tests := []struct{ q, want string }{
		{"", "Google|" + ssd + "|go.dev|DuckDuckGo|Köln|Café Crème|Alpine trails|Linux kernel|Rust for Linux|Windows kit index|Release notes"},
		{"google", "Google"}, // NAME and DESCRIPTION, not the URI
		{"SEARCH", "Google|DuckDuckGo"},
		{"search engine", "Google|DuckDuckGo"},
		{`"search engine run"`, "Google"},
		{"-search", ssd + "|go.dev|Köln|Café Crème|Alpine trails|Linux kernel|Rust for Linux|Windows kit index|Release notes"},
		{"name:go", "Google|go.dev|DuckDuckGo"},
		{"name:go.", "go.dev"},
		{"cat:official", ssd},
		{"desc:popular", "Google"},
		{"lang:en", "Google|" + ssd},
		{"lang:en-GB", ssd},
		{"type:text", "Google|" + ssd + "|go.dev"},
		{"type:text/html", "Google|go.dev"},
		{"rating:>=2", ssd + "|go.dev|Café Crème|Rust for Linux"},
		{"rating:<2", "Google"},
		{"rating:5", "go.dev"},
		{"date:2007", "Google|" + ssd + "|DuckDuckGo"},
		{"date:2007-10-31", ssd},
		{"date:>=2007-10-30 date:<2010", "Google|" + ssd + "|go.dev"},
		{"date:<2007-10", ""},
		{"date:>2015-10-01 date:<=2015-10", "Köln"}, // > is after the day, <= to the month's end
		{"shadyindustries", ""},                     // 3.1: URIs only when asked for
		{"uri:shadyindustries", ssd},
		{"uri:KERNEL", "Linux kernel|Release notes"},
		{"cat:search -name:duck", "Google"},
		// Issue 9: the letters of a word in order, in NAME.
		{"gdv", "go.dev"},
		{"kernel rust", "Rust for Linux"},
		// An exclusion excludes the word, not its letters in order.
		{"-wiki", "Google|" + ssd + "|go.dev|DuckDuckGo|Köln|Café Crème|Alpine trails|Rust for Linux|Windows kit index|Release notes"},
		{"wiki", "Linux kernel|Windows kit index"},
		// Accents and case.
		{"koln", "Köln"},
		{"KÖLN", "Köln"},
		{"cafe", "Café Crème"},
		{"cafe creme", "Café Crème"},
		{`"cafe creme"`, "Café Crème"},
		{"crème", "Café Crème"},
		// Tags: free words find them, tag: matches a whole tag.
		{"hiking", "Alpine trails"},
		{"tag:hiking", "Alpine trails"},
		{"tag:HIKING", "Alpine trails"},
		{"tag:hik", ""},
		{`tag:"road trip"`, "Alpine trails"},
		{"tag:recipes", "Café Crème"},
		{"-tag:hiking cat:travel", "Köln"},
		{"x-keyword:alp", "Alpine trails"},
		{"X-Keyword:ALPS", "Alpine trails"},
		{"x-nothing:alps", ""},
		// A description match counts, but the URI does not.
		{"bread", "Release notes"},
		{"-", "Google|" + ssd + "|go.dev|DuckDuckGo|Köln|Café Crème|Alpine trails|Linux kernel|Rust for Linux|Windows kit index|Release notes"},
		{`""`, "Google|" + ssd + "|go.dev|DuckDuckGo|Köln|Café Crème|Alpine trails|Linux kernel|Rust for Linux|Windows kit index|Release notes"},
		{`"stadt am`, "Köln"}, // a quote left open runs to the end
	}
	for _, tt := range tests {
		if got := names(search(t, fixture, tt.q)); got != tt.want {
			t.Errorf("search %q = %q, want %q", tt.q, got, tt.want)
		}
	}
}

// TestSearchDup: dup:yes finds the records whose URI looks like another's
// (catalogue.LooseURIKey), in the TUI and the CLI alike (search runs both
// engines); dup:no the others.
func TestSearchDup(t *testing.T) {
	recs := append(slices.Clone(fixture),
		ssd3.NewRecord(ssd3.Values{URI: "http://koeln.de/#altstadt", Name: "Köln again", Date: date("01/01/2020 00:00:00")}),
		ssd3.NewRecord(ssd3.Values{URI: "https://go.dev?utm_source=x", Name: "go.dev again", Date: date("01/01/2020 00:00:00")}),
		ssd3.NewRecord(ssd3.Values{URI: "https://go.dev/doc", Name: "Go docs", Date: date("01/01/2020 00:00:00")}),
	)
	tests := []struct{ q, want string }{
		{"dup:yes", "go.dev|Köln|Köln again|go.dev again"},
		{"DUP:YES koln", "Köln|Köln again"},
		{"-dup:no", "go.dev|Köln|Köln again|go.dev again"},
		{"dup:no cat:travel", "Alpine trails"},
		{"dup:yes OR name:docs", "go.dev|Köln|Köln again|go.dev again|Go docs"},
	}
	for _, tt := range tests {
		if got := names(search(t, recs, tt.q)); got != tt.want {
			t.Errorf("search %q = %q, want %q", tt.q, got, tt.want)
		}
	}
	if _, err := Parse("dup:maybe"); err == nil || !strings.Contains(err.Error(), "dup: is yes or no") {
		t.Errorf("dup:maybe: %v", err)
	}
}

// TestSearchLink: link: finds records by what `uricat links` found, as
// the caller gives it (WithLinks), in the TUI's engine and the CLI's
// alike; a link never checked is unchecked, and so is every link of a
// search given no results.
func TestSearchLink(t *testing.T) {
	found := map[string]linkcheck.Status{
		"http://google.co.uk/":   linkcheck.OK,
		"http://go.dev/":         linkcheck.Moved,
		"https://www.koeln.de/":  linkcheck.Dead,
		"https://kernel.org/":    linkcheck.Dead,
		"http://duckduckgo.com/": linkcheck.Unknown,
	}
	status := func(uri string) linkcheck.Status {
		if s, ok := found[uri]; ok {
			return s
		}
		return linkcheck.Unchecked
	}
	tests := []struct{ q, want string }{
		{"link:ok", "Google"},
		{"link:moved", "go.dev"},
		{"LINK:DEAD", "Köln|Release notes"},
		{"link:unknown", "DuckDuckGo"},
		{"link:unchecked", ssd + "|Café Crème|Alpine trails|Linux kernel|Rust for Linux|Windows kit index"},
		{"link:dead OR link:moved cat:news|cat:programming", "go.dev|Release notes"},
		{"-link:unchecked -link:ok", "go.dev|DuckDuckGo|Köln|Release notes"},
	}
	for _, tt := range tests {
		q, err := Parse(tt.q)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.q, err)
		}
		if !q.HasLink() {
			t.Errorf("%q: HasLink false", tt.q)
		}
		q = q.WithLinks(status)
		got := Filter(fixture, q)
		hits, err := NewIndex(fixture, 1).Search(context.Background(), q, nil)
		if err != nil {
			t.Fatal(err)
		}
		var viaIndex, viaMatch []*ssd3.Record
		for _, h := range hits {
			viaIndex = append(viaIndex, fixture[h.Pos])
		}
		for _, r := range fixture {
			if q.Match(r) {
				viaMatch = append(viaMatch, r)
			}
		}
		if names(got) != tt.want || names(viaIndex) != tt.want || names(viaMatch) != tt.want {
			t.Errorf("search %q: Filter %q, the Index %q, Match %q; want %q", tt.q, names(got), names(viaIndex), names(viaMatch), tt.want)
		}
	}
	if got := names(search(t, fixture, "link:unchecked")); got != fixtureNames {
		t.Errorf("link:unchecked with no results given = %q, want every record", got)
	}
	if q, _ := Parse("koln"); q.HasLink() {
		t.Error("koln: HasLink true")
	}
	if _, err := Parse("link:broken"); err == nil || !strings.Contains(err.Error(), "link: is ok, moved, dead, unknown or unchecked") {
		t.Errorf("link:broken: %v", err)
	}
}

// TestSearchIssue24 holds the cases of issue 24: "OR between terms (and
// |) is a real disjunction in the TUI and the CLI alike" (search runs both
// engines), binding tighter than the spaces between terms, as in Gmail;
// "rating:none finds unrated records"; and a word with a colon that is
// clearly no qualifier stays a word.
func TestSearchIssue24(t *testing.T) {
	const unrated = "DuckDuckGo|Köln|Alpine trails|Linux kernel|Windows kit index|Release notes"
	tests := []struct{ q, want string }{
		{"cat:travel OR cat:cooking", "Köln|Café Crème|Alpine trails"},
		{"cat:travel | cat:cooking", "Köln|Café Crème|Alpine trails"},
		{"cat:travel|cat:cooking", "Köln|Café Crème|Alpine trails"},
		{"cat:travel OR cat:cooking OR cat:news", "Köln|Café Crème|Alpine trails|Release notes"},
		// OR binds tighter than the spaces: (travel OR cooking) AND 4,
		// not travel OR (cooking AND 4), whichever side the AND is on.
		{"cat:travel OR cat:cooking rating:4", "Café Crème"},
		{"rating:4 cat:travel OR cat:cooking", "Café Crème"},
		{"rating:4 cat:travel OR cat:cooking OR cat:programming", "Café Crème|Rust for Linux"},
		// Negation and phrases inside.
		{"-cat:travel OR rating:5", "Google|" + ssd + "|go.dev|DuckDuckGo|Café Crème|Linux kernel|Rust for Linux|Windows kit index|Release notes"},
		{"-koln OR -cafe", fixtureNames},
		{`"search engine run" OR "stadt am"`, "Google|Köln"},
		{"koln OR cafe", "Köln|Café Crème"},
		// An OR with nothing on one side is left out, as it is typed;
		// "or" in small letters is a word.
		{"koln OR", "Köln"},
		{"OR koln", "Köln"},
		{"koln | ", "Köln"},
		{"koln OR OR cafe", "Köln|Café Crème"},
		{"koln OR - cafe", "Köln|Café Crème"},
		{"koln or", ""},
		{"OR", fixtureNames},
		{`koln "OR" cafe`, ""}, // quoted, OR is a word
		{`"koln | cafe"`, ""},  // and so is |
		// rating:none.
		{"rating:none", unrated},
		{"rating:NONE", unrated},
		{"-rating:none", "Google|" + ssd + "|go.dev|Café Crème|Rust for Linux"},
		{"rating:none OR rating:5", "go.dev|" + unrated},
		// Colons that are no qualifier: words, found or not, not errors.
		{"https://go.dev", ""},
		{"http://go.dev OR koln", "Köln"},
		{"12:30", ""},
		{"c:/windows", ""},
		{`"foo:bar"`, ""},
		{"go.dev:", ""},
	}
	for _, tt := range tests {
		if got := names(search(t, fixture, tt.q)); got != tt.want {
			t.Errorf("search %q = %q, want %q", tt.q, got, tt.want)
		}
	}
}

// TestParseErrors: the invalid terms of issue 9 are refused with the term,
// its column and the reason.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		q, term string
		column  int
		reason  string
	}{
		{"rating:9", "rating:9", 1, "a rating is 1 to 5 (rating:4, rating:>=4)"},
		{"kernel rating:9", "rating:9", 8, "a rating is 1 to 5"},
		{"café rating:0", "rating:0", 6, "a rating is 1 to 5"},
		{"rating:>x", "rating:>x", 1, "a rating is 1 to 5"},
		{"rating:", "rating:", 1, "a rating is 1 to 5"},
		{"cat:", "cat:", 1, "nothing to search for after cat:"},
		{"go -name:", "-name:", 4, "nothing to search for after name:"},
		{`cat:""`, `cat:""`, 1, "nothing to search for after cat:"},
		{"date:2015-13", "date:2015-13", 1, "there is no month 13"},
		{"date:2015-02-30", "date:2015-02-30", 1, "February 2015 has no day 30"},
		{"date:31/10/2015", "date:31/10/2015", 1, "dates are written year first here: date:2015-10-31"},
		{"date:>=31/10/2015", "date:>=31/10/2015", 1, "date:>=2015-10-31"},
		{"date:2007/10", "date:2007/10", 1, "a date is YYYY, YYYY-MM or YYYY-MM-DD"},
		{"date:", "date:", 1, "a date is YYYY, YYYY-MM or YYYY-MM-DD"},
		{"lang:e_n", "lang:e_n", 1, "a language is a tag like en or en-gb"},
		{"tag:a,b", "tag:a,b", 1, "one tag per term"},
		// Issue 24: an unknown qualifier is an error, as rating:9 is.
		{"foo:bar", "foo:bar", 1, `unknown qualifier foo: (name cat in desc tag uri x-NAME lang type rating date toread dup link text archive); quoted, "foo:bar" is text`},
		{"go -categroy:x", "-categroy:x", 4, "unknown qualifier categroy:"},
		{"koln OR Bad:x", "Bad:x", 9, "unknown qualifier Bad:"},
		{"koln|foo:b", "foo:b", 6, "unknown qualifier foo:"},
		{`mailto:"a b"`, `mailto:"a b"`, 1, `quoted, "mailto:a b" is text`},
		{"rating:>=none", "rating:>=none", 1, "a rating is 1 to 5"},
		{"rating:nonee", "rating:nonee", 1, "a rating is 1 to 5"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.q)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q) = %v, want an *Error", tt.q, err)
			continue
		}
		if e.Term != tt.term || e.Column != tt.column || !strings.Contains(e.Reason, tt.reason) || tt.q[e.Offset:e.Offset+len(e.Term)] != e.Term {
			t.Errorf("Parse(%q) = %+v, want term %q at column %d, reason with %q", tt.q, e, tt.term, tt.column, tt.reason)
		}
		if msg := err.Error(); !strings.Contains(msg, e.Term) || !strings.Contains(msg, "column") {
			t.Errorf("Parse(%q): message %q names neither the term nor its column", tt.q, msg)
		}
	}
}

// TestRanking: words rank by NAME, CATEGORY and tags only; a match found
// only in DESCRIPTION (or a term on the URI) ranks as a plain match, after
// the ranked ones, in file order (SSD3 3.1, 3.5).
func TestRanking(t *testing.T) {
	ix := NewIndex(fixture, 1)
	tests := []struct{ q, want string }{
		// Name before description; the description-only ones in file order.
		{"kernel", "Linux kernel|Rust for Linux"},
		{"recipe", "Café Crème|Release notes"},       // a tag, then a description
		{"go", "go.dev|Google|DuckDuckGo"},           // a whole word, a word's start, within a word
		{"uri:kernel", "Linux kernel|Release notes"}, // no words: file order
	}
	for _, tt := range tests {
		q, err := Parse(tt.q)
		if err != nil {
			t.Fatal(err)
		}
		hits, _ := ix.Search(context.Background(), q, nil)
		var shown []int32
		for _, h := range hits {
			shown = append(shown, h.Pos)
		}
		if q.Ranked() {
			shown = Rank(hits)
		}
		var got []string
		for _, pos := range shown {
			got = append(got, fixture[pos].Name())
		}
		if strings.Join(got, "|") != tt.want {
			t.Errorf("ranked %q = %q, want %q", tt.q, strings.Join(got, "|"), tt.want)
		}
	}
	// Moving the description-only match first in file order, or repeating
	// the word in it, does not lift it above a NAME match.
	recs := []*ssd3.Record{
		ssd3.NewRecord(ssd3.Values{Name: "Notes", Description: "kernel kernel kernel"}),
		ssd3.NewRecord(ssd3.Values{Name: "The kernel"}),
		ssd3.NewRecord(ssd3.Values{Name: "More notes", Description: "kernel"}),
	}
	q, _ := Parse("kernel")
	hits, _ := NewIndex(recs, 1).Search(context.Background(), q, nil)
	var got []string
	for _, pos := range Rank(hits) {
		got = append(got, recs[pos].Name())
	}
	if strings.Join(got, "|") != "The kernel|Notes|More notes" {
		t.Errorf("ranked kernel = %v", got)
	}
	// A disjunction scores the sum of the alternatives a record holds:
	// both words rank above one, as well as that one matches.
	recs = []*ssd3.Record{
		ssd3.NewRecord(ssd3.Values{Name: "Soul"}),
		ssd3.NewRecord(ssd3.Values{Name: "Jazz and soul"}),
		ssd3.NewRecord(ssd3.Values{Name: "Blues", Description: "soul"}),
	}
	q, _ = Parse("jazz OR soul")
	hits, _ = NewIndex(recs, 1).Search(context.Background(), q, nil)
	got = got[:0]
	for _, pos := range Rank(hits) {
		got = append(got, recs[pos].Name())
	}
	if !q.Ranked() || strings.Join(got, "|") != "Jazz and soul|Soul|Blues" {
		t.Errorf("ranked jazz OR soul = %v", got)
	}
}

// TestHighlight: the highlight lands on the characters of the original
// text that the search matched, accents and all.
func TestHighlight(t *testing.T) {
	tests := []struct {
		q, field, text, want string // want: ^ under each lit rune
	}{
		{"koln", ssd3.FieldName, "Köln", "^^^^"},
		{"cafe creme", ssd3.FieldName, "Café Crème", "^^^^ ^^^^^"},
		{"cafe", ssd3.FieldName, "Cafe\u0301 au lait", "^^^^^"}, // the combining accent too
		{"strasse", ssd3.FieldName, "Große Straße", "      ^^^^^^"},
		{"gdv", ssd3.FieldName, "go.dev", "^  ^ ^"},
		{"gdv", ssd3.FieldDescription, "go.dev", ""}, // not fuzzy in DESCRIPTION
		{"kernel", ssd3.FieldDescription, "Kernel, the kernel", "^^^^^^      ^^^^^^"},
		{"-kernel", ssd3.FieldName, "kernel", ""},
		{"name:dev", ssd3.FieldName, "go.dev", "   ^^^"},
		{"name:dev", ssd3.FieldDescription, "go.dev", ""},
		{"uri:dev", ssd3.FieldURI, "http://go.dev/", "          ^^^"},
		{"lodz", ssd3.FieldName, "Łódź", "^^^^"},
		{"東京", ssd3.FieldName, "東京タワー", "^^"},
		{"koln OR cafe", ssd3.FieldName, "Café Köln", "^^^^ ^^^^"},
		{"koln | -cafe", ssd3.FieldName, "Café Köln", "     ^^^^"},
	}
	for _, tt := range tests {
		q, err := Parse(tt.q)
		if err != nil {
			t.Fatal(err)
		}
		marks := q.Highlight(tt.field, tt.text)
		var b strings.Builder
		for i := range []rune(tt.text) {
			if i < len(marks) && marks[i] {
				b.WriteByte('^')
			} else {
				b.WriteByte(' ')
			}
		}
		if got := strings.TrimRight(b.String(), " "); got != tt.want {
			t.Errorf("%q in %s %q lights %q, want %q", tt.q, tt.field, tt.text, got, tt.want)
		}
	}
}

func TestNarrows(t *testing.T) {
	tests := []struct {
		prev, next string
		want       bool
	}{
		{"", "g", true},
		{"gi", "git", true},
		{"git", "gi", false},
		{"git", "git s", true},
		{"go", "go -x", true},
		{"ab", "a b", false},
		{"name:go", "name:go.", true},
		{`"search e`, `"search en`, true},
		{"search", `search"`, false},
		{"-wik", "-wiki", false},
		{"tag:hik", "tag:hiki", false},
		{"rating:>4", "rating:>4 go", true},
		{"rating:>3", "rating:>4", false},
		{"date:2015", "date:2015-1", false},
		// Typing on in the last alternative narrows; another widens.
		{"koln OR ca", "koln OR caf", true},
		{"koln OR ca", "koln OR ca go", true},
		{"koln", "koln OR", true},
		{"koln OR", "koln OR c", false},
		{"koln OR c", "koln OR c OR d", false},
		{"koln OR c", "koln OR c|d", false},
		{"a b", "a b OR c", false},
		{"koln OR -c", "koln OR -ca", false},
		{"rating:4 OR tag:x", "rating:4 OR tag:x", true},
		{"rating:4 OR tag:x", "rating:4 OR tag:xy", false},
	}
	for _, tt := range tests {
		p, err1 := Parse(tt.prev)
		n, err2 := Parse(tt.next)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		if got := n.Narrows(p); got != tt.want {
			t.Errorf("%q narrows %q = %v, want %v", tt.next, tt.prev, got, tt.want)
		}
	}
}

func TestFold(t *testing.T) {
	for in, want := range map[string]string{
		"Köln": "koln", "Café Crème": "cafe creme", "Straße": "strasse", "ﬁle": "file", "ＡＢＣ": "abc",
		"Łódź": "lodz", "Ærø": "aero", "İstanbul": "istanbul", "ǅ": "dz", "a\x00b\x1fc\td": "a b c d",
		"東京": "東京", "plain": "plain", "e\u0301": "e",
	} {
		if got := Fold(in); got != want {
			t.Errorf("Fold(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestFilterSharesKeepOrder: a Filter over many shares, on every CPU,
// gives the records a one-by-one match gives, in file order, and the
// index search the same positions.
func TestFilterSharesKeepOrder(t *testing.T) {
	c, err := catalogue.Read(strings.NewReader(gen.Catalogue(3*filterShare + 77)))
	if err != nil {
		t.Fatal(err)
	}
	recs := c.Valid()
	ix := NewIndex(recs, 1)
	for _, text := range []string{"git", "se", "-kernel", "rating:>=3 koln"} {
		q, err := Parse(text)
		if err != nil {
			t.Fatal(err)
		}
		var want []*ssd3.Record
		for _, r := range recs {
			if q.Match(r) {
				want = append(want, r)
			}
		}
		if len(want) == 0 || len(want) == len(recs) {
			t.Fatalf("%q matches %d of %d records: not a test of order", text, len(want), len(recs))
		}
		got := Filter(recs, q)
		if !slices.Equal(got, want) {
			t.Errorf("%q: Filter gives %d records, not the %d a match of each gives, in order", text, len(got), len(want))
		}
		hits, _ := ix.Search(context.Background(), q, nil)
		if len(hits) != len(want) {
			t.Errorf("%q: the index finds %d records, Filter %d", text, len(hits), len(want))
		}
		for i, h := range hits {
			if i < len(want) && recs[h.Pos] != want[i] {
				t.Errorf("%q: hit %d is at %d, not the record Filter gives", text, i, h.Pos)
				break
			}
		}
	}
}

// TestSeenScores: a search's remembered scores of categories and tags are
// fuzzyScore's, whatever fields and words share a slot, in any order.
func TestSeenScores(t *testing.T) {
	categories := []string{"music", "programming/go", "programming/rust", "travel", "sport", "s", "se", "news", "science", "security", "server admin", "ab", "ba"}
	words := []string{"se", "ser", "pgo", "sa", "ab"}
	d := doc{seen: new(seenScores)}
	for round := range 3 {
		for i := range categories {
			for j := range words {
				c, w := categories[(i*7+round)%len(categories)], words[(j+i+round)%len(words)]
				if got, want := d.seenScore(c, w), fuzzyScore(c, w); got != want {
					t.Fatalf("round %d: seenScore(%q, %q) = %d, fuzzyScore %d", round, c, w, got, want)
				}
			}
		}
	}
}

// TestRankMany: many hits, sorted in parts on several CPUs, come best
// first and in their order among equals, as a stable sort puts them,
// however many CPUs there are (an odd count splits them unevenly); and
// scores too far apart for counting are sorted all the same.
func TestRankMany(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tc := range []struct {
		n, top int32
	}{{rankParallelFrom + 7, 1100}, {3 * rankParallelFrom, 3}, {rankParallelFrom, 1 << 20}, {rankParallelFrom - 1, 40}} {
		hits := make([]Hit, tc.n)
		for i := range hits {
			hits[i] = Hit{Pos: int32(i), Score: rng.Int32N(tc.top + 1)}
		}
		want := slices.Clone(hits)
		slices.SortStableFunc(want, func(a, b Hit) int { return int(b.Score - a.Score) })
		for _, procs := range []int{1, 2, 3} {
			old := runtime.GOMAXPROCS(procs)
			got := AppendRank([]int32{-1}, hits)
			runtime.GOMAXPROCS(old)
			if len(got) != len(want)+1 || got[0] != -1 {
				t.Fatalf("%d hits, %d CPUs: %d positions, the first %d", tc.n, procs, len(got), got[0])
			}
			for i, h := range want {
				if got[i+1] != h.Pos {
					t.Fatalf("%d hits of scores up to %d, %d CPUs: place %d holds %d, want %d", tc.n, tc.top, procs, i, got[i+1], h.Pos)
				}
			}
		}
	}
}

// TestHelp: the help names a form of every qualifier the parser knows, and
// OR; the error of an unknown qualifier lists them too; the text fits the
// help screen of an 80x24 terminal.
func TestHelp(t *testing.T) {
	named := map[*qualifier]bool{}
	listed := map[*qualifier]bool{}
	for name, k := range qualifiers {
		named[k] = named[k] || strings.Contains(Help, name+":")
		listed[k] = listed[k] || slices.Contains(strings.Fields(qualifierList), name)
	}
	for name, k := range qualifiers {
		if !named[k] || !listed[k] {
			t.Errorf("qualifier %s: in Help %v, in the error's list %v", name, named[k], listed[k])
		}
	}
	for _, want := range []string{"x-NAME:", " OR ", "a|b", "rating:none", "-term", `"a phrase"`} {
		if !strings.Contains(Help, want) {
			t.Errorf("Help does not mention %q", want)
		}
	}
	lines := strings.Split(Help, "\n")
	if len(lines) > 18 {
		t.Errorf("Help has %d lines; 18 fit a 24-line terminal", len(lines))
	}
	for i, l := range lines {
		if n := utf8.RuneCountInString(l); n > 76 {
			t.Errorf("Help's line %d has %d columns, more than 76: %s", i+1, n, l)
		}
	}
}

// TestIn: in: is a node of the category tree, its subtree and nothing
// else: not a category that merely begins with its text.
func TestIn(t *testing.T) {
	var recs []*ssd3.Record
	for i, c := range []string{"Programming", "Programming/Go", "Programming/Go/Tools", "Programming Languages", "ProgrammingX/Go", "", `News/Politics\/UK`, "News/Politics"} {
		recs = append(recs, ssd3.NewRecord(ssd3.Values{URI: fmt.Sprintf("https://example.org/%d", i), Name: fmt.Sprintf("r%d", i), Category: c}))
	}
	tests := []struct{ q, want string }{
		{"in:Programming", "r0|r1|r2"},
		{"in:programming/go", "r1|r2"},
		{`in:"Programming Languages"`, "r3"},
		{"in:none", "r5"},
		{"-in:none", "r0|r1|r2|r3|r4|r6|r7"},
		{`in:News/Politics\/UK`, "r6"},
		{"in:News/Politics", "r7"},
		{"in:Programming -in:Programming/Go", "r0"},
		{"in:Nothing", ""},
	}
	for _, tt := range tests {
		if got := names(search(t, recs, tt.q)); got != tt.want {
			t.Errorf("search %q = %q, want %q", tt.q, got, tt.want)
		}
	}
}

// mayHoldAll, the Matcher's first look, passes over a record only when
// it cannot hold a word or phrase: not within DESCRIPTION, nor spelt out
// in NAME, CATEGORY or X-TAGS; text that is not ASCII it leaves to eval.
func TestMayHoldAll(t *testing.T) {
	rec := func(name, category, desc, tagList string) *ssd3.Record {
		v := ssd3.Values{URI: "http://e/", Name: name, Category: category, Description: desc}
		if tagList != "" {
			v.Extensions = tags(tagList)
		}
		return ssd3.NewRecord(v)
	}
	tests := []struct {
		rec   *ssd3.Record
		words []string
		want  bool
	}{
		{rec("Linux Kernel", "", "", ""), []string{"kernel"}, true},
		{rec("The ERror MINimal ALpha", "", "", ""), []string{"terminal"}, true}, // spelt out
		{rec("Linux", "Work", "a terminal page", ""), []string{"terminal"}, true},
		{rec("Linux", "Work", "a term inal page", ""), []string{"terminal"}, false}, // spelt, but in DESCRIPTION
		{rec("Linux", "Work", "A TERMINAL PAGE", ""), []string{"terminal"}, true},
		{rec("Linux", "Work", "", "ter, mi, nal"), []string{"terminal"}, true},
		{rec("Linux", "Work", "", "reading"), []string{"terminal"}, false},
		{rec("Linux", "Work", "", ""), []string{"linux", "terminal"}, false},
		{rec("Linux", "Term", "inal", ""), []string{"terminal"}, false},
		{rec("Köln", "", "", ""), []string{"terminal"}, true}, // not ASCII: left to eval
		{rec("Linux", "", "Ｔerminal", ""), []string{"terminal"}, true},
		{rec("Linux", "", "", ""), []string{"ö"}, false},
		{rec("Linux", "", "search engine", ""), []string{"search engine"}, true},
		{rec("Linux", "", "search\tengine", ""), []string{"search engine"}, true}, // a control folds to a space
		{rec("Linux", "", "search engines", ""), []string{" engine"}, true},
	}
	for _, tt := range tests {
		if got := mayHoldAll(tt.rec, tt.words); got != tt.want {
			t.Errorf("mayHoldAll(%q %q %q %q, %q) = %v, want %v", tt.rec.Name(), tt.rec.Category(), tt.rec.Description(),
				tt.rec.Extension(TagsField), tt.words, got, tt.want)
		}
	}
}

// Exact matches each free word as the word itself: the search of a
// command that removes or changes what it selects does not take a record
// whose NAME spells the word's letters in order, which a search as you
// type finds.
func TestExactDropsLettersInOrder(t *testing.T) {
	t.Parallel()
	recs := []*ssd3.Record{
		ssd3.NewRecord(ssd3.Values{URI: "https://a.example/", Name: "Chocolate Consumption, Cognitive Function", Date: date("01/01/2020 00:00:00")}),
		ssd3.NewRecord(ssd3.Values{URI: "https://b.example/", Name: "Comics of the week", Date: date("01/01/2020 00:00:00")}),
		ssd3.NewRecord(ssd3.Values{URI: "https://c.example/", Name: "Strips", Date: date("01/01/2020 00:00:00"), Description: "a comic a day"}),
		ssd3.NewRecord(ssd3.Values{URI: "https://d.example/", Name: "Art", Date: date("01/01/2020 00:00:00"), Category: "Comic books"}),
	}
	for _, tc := range []struct{ search, fuzzy, exact string }{
		{"comic", "Chocolate Consumption, Cognitive Function|Comics of the week|Strips|Art", "Comics of the week|Strips|Art"},
		{"ccf", "Chocolate Consumption, Cognitive Function", ""},
		{"art OR ccf", "Chocolate Consumption, Cognitive Function|Art", "Art"},
		{"-ccf", "Chocolate Consumption, Cognitive Function|Comics of the week|Strips|Art", "Chocolate Consumption, Cognitive Function|Comics of the week|Strips|Art"},
	} {
		q, err := Parse(tc.search)
		if err != nil {
			t.Fatal(err)
		}
		byName := func(rs []*ssd3.Record) string {
			var out []string
			for _, r := range rs {
				out = append(out, r.Name())
			}
			slices.Sort(out)
			return strings.Join(out, "|")
		}
		sorted := func(s string) string {
			parts := strings.Split(s, "|")
			slices.Sort(parts)
			return strings.Join(parts, "|")
		}
		if got := byName(Filter(recs, q)); got != sorted(tc.fuzzy) {
			t.Errorf("%q as typed: %q, want %q", tc.search, got, sorted(tc.fuzzy))
		}
		if got := byName(Filter(recs, q.Exact())); got != sorted(tc.exact) {
			t.Errorf("%q exact: %q, want %q", tc.search, got, sorted(tc.exact))
		}
	}
}

// TestOnlyNegations: a search of exclusions alone (which matches nearly
// every record) is told from one that selects by something.
func TestOnlyNegations(t *testing.T) {
	t.Parallel()
	for search, want := range map[string]bool{
		"-zzz": true, "-zzz -cat:old": true, `-"two words"`: true, "-a OR -b": true, "a OR -b": true,
		"": false, "-": false, "zzz": false, "-zzz cat:old": false, "a OR b": false, "-a b OR c": false, "rating:none -x": false,
	} {
		q, err := Parse(search)
		if err != nil {
			t.Fatalf("%q: %v", search, err)
		}
		if got := q.OnlyNegations(); got != want {
			t.Errorf("Parse(%q).OnlyNegations() = %v, want %v", search, got, want)
		}
	}
}
