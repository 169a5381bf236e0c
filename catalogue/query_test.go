package catalogue

import (
	"errors"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
)

const queryFixture = `
URI: http://google.co.uk/
NAME: Google
DATE: 30/10/2007 08:31:32
CATEGORY: Search Engines
DESCRIPTION: A popular search engine run by Google, Inc. of the USA
RATING: 1
LANGUAGE: en-us
TYPE: text/html

URI: http://shadyindustries.biz/ssd/ssd3.txt
NAME: SSD3 - "Specification of URI-Catalogue format"
DATE: 31/10/2007 19:28:45
CATEGORY: Official Documents
DESCRIPTION: The Specification for the URI-Catalogue format
RATING: 2
LANGUAGE: en-gb
TYPE: text/plain

URI: http://go.dev/
NAME: go.dev
DATE: 01/03/2009 00:00:00
CATEGORY: Programming
RATING: 5
LANGUAGE: de
TYPE: text/html; charset=utf-8

URI: http://duckduckgo.com/
NAME: DuckDuckGo
DATE: 15/10/2007 12:00:00
CATEGORY: Search Engines
`

func names(recs []*Record) string {
	var out []string
	for _, r := range recs {
		out = append(out, r.Name)
	}
	return strings.Join(out, ",")
}

func TestSearch(t *testing.T) {
	c := mustRead(t, crlf(queryFixture))
	c.Index()
	ssd := `SSD3 - "Specification of URI-Catalogue format"`
	tests := []struct{ q, want string }{
		{"", "Google," + ssd + ",go.dev,DuckDuckGo"},
		{"google", "Google"}, // NAME and DESCRIPTION, not the URI
		{"SEARCH", "Google,DuckDuckGo"},
		{"search engine", "Google,DuckDuckGo"},
		{`"search engine run"`, "Google"},
		{"-search", ssd + ",go.dev"},
		{"name:go", "Google,go.dev,DuckDuckGo"},
		{"name:go.", "go.dev"},
		{"cat:official", ssd},
		{"desc:popular", "Google"},
		{"lang:en", "Google," + ssd},
		{"lang:en-GB", ssd},
		{"type:text", "Google," + ssd + ",go.dev"},
		{"type:text/html", "Google,go.dev"},
		{"rating:>=2", ssd + ",go.dev"},
		{"rating:<2", "Google"},
		{"rating:5", "go.dev"},
		{"date:2007", "Google," + ssd + ",DuckDuckGo"},
		{"date:2007-10-31", ssd},
		{"date:>=2007-10-30", "Google," + ssd + ",go.dev"},
		{"date:<2007-10", ""},
		{"shadyindustries", ""}, // 3.1: URIs only when asked for
		{"uri:shadyindustries", ssd},
		{"cat:search -name:duck", "Google"},
	}
	for _, tt := range tests {
		q, err := ParseQuery(tt.q)
		if err != nil {
			t.Errorf("ParseQuery(%q): %v", tt.q, err)
			continue
		}
		if got := names(c.Search(q)); got != tt.want {
			t.Errorf("search %q = %q, want %q", tt.q, got, tt.want)
		}
	}
	for _, bad := range []string{"rating:9", "rating:>x", "date:2007/10", "name:"} {
		var qe *QueryError
		if _, err := ParseQuery(bad); !errors.As(err, &qe) {
			t.Errorf("ParseQuery(%q) = %v, want a QueryError", bad, err)
		}
	}
}

func TestSortKeys(t *testing.T) {
	c := mustRead(t, crlf(queryFixture))
	ssd := `SSD3 - "Specification of URI-Catalogue format"`
	tests := []struct{ key, want string }{
		{"name", "DuckDuckGo,go.dev,Google," + ssd},
		{"name:desc", ssd + ",Google,go.dev,DuckDuckGo"},
		{"date", "DuckDuckGo,Google," + ssd + ",go.dev"},
		{"date:desc", "go.dev," + ssd + ",Google,DuckDuckGo"},
		{"rating", "Google," + ssd + ",go.dev,DuckDuckGo"}, // unrated last
		{"rating:desc", "go.dev," + ssd + ",Google,DuckDuckGo"},
	}
	for _, tt := range tests {
		k, err := ParseSortKey(tt.key)
		if err != nil {
			t.Fatal(err)
		}
		recs := c.Valid()
		Sort(recs, k)
		if got := names(recs); got != tt.want {
			t.Errorf("sort %s = %s, want %s", tt.key, got, tt.want)
		}
	}
	// Ties keep file order.
	tie := mustRead(t, crlf("URI: http://a/\nNAME: same\nDATE: 01/01/2001 00:00:00\nRATING: 3\n\nURI: http://b/\nNAME: Same\nDATE: 01/01/2001 00:00:00\nRATING: 3\n"))
	for _, k := range []SortKey{SortByName, SortByName.Desc(), SortByDate, SortByRating.Desc()} {
		recs := tie.Valid()
		Sort(recs, k)
		if recs[0].URI != "http://a/" {
			t.Errorf("sort %s broke a tie", k)
		}
	}
}

func TestForbiddenKeysAreRefusedQuotingTheSpec(t *testing.T) {
	tests := []struct{ key, section string }{
		{"uri", "3.1"}, {"URI:desc", "3.1"}, {"description", "3.5"}, {"desc", "3.5"},
	}
	for _, tt := range tests {
		var fe *ForbiddenKeyError
		_, err := ParseSortKey(tt.key)
		if !errors.As(err, &fe) || fe.Section != tt.section || !strings.Contains(err.Error(), "MUST NOT") {
			t.Errorf("ParseSortKey(%q) = %v, want a refusal quoting %s", tt.key, err, tt.section)
		}
		_, err = ParseGroupKey(tt.key)
		if !errors.As(err, &fe) || fe.Section != tt.section {
			t.Errorf("ParseGroupKey(%q) = %v, want a refusal quoting %s", tt.key, err, tt.section)
		}
	}
	for _, k := range []string{"category", "id", "type", "language"} {
		if _, err := ParseSortKey(k); err == nil {
			t.Errorf("sorting by %s accepted; the keys are NAME, DATE and RATING", k)
		}
	}
}

func TestGroups(t *testing.T) {
	c := mustRead(t, crlf(queryFixture+"\nURI: http://x/\nNAME: 42 things\nDATE: 01/01/2001 00:00:00\nLANGUAGE: EN-US\n"))
	tests := []struct{ key, want string }{
		{"category", "Official Documents:1|Programming:1|Search Engines:2|(none):1"},
		{"rating", "★★★★★:1|★★:1|★:1|(none):2"},
		{"language", "de:1|en-gb:1|en-us:2|(none):1"},
		{"type", "text/html:2|text/plain:1|(none):2"},
		{"date", "2009:1|2007:3|2001:1"},
		{"date:month", "2009-03:1|2007-10:3|2001-01:1"},
		{"name", "#:1|D:1|G:2|S:1"},
	}
	for _, tt := range tests {
		k, err := ParseGroupKey(tt.key)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, g := range GroupRecords(c.Valid(), k) {
			got = append(got, g.Label+":"+string(rune('0'+len(g.Records))))
		}
		if strings.Join(got, "|") != tt.want {
			t.Errorf("group by %s = %s, want %s", tt.key, strings.Join(got, "|"), tt.want)
		}
	}
}

// TestOrderMatchesAStableSort compares Order with sort.SliceStable over many
// ties, for every key and direction.
func TestOrderMatchesAStableSort(t *testing.T) {
	c := mustRead(t, generate(3000))
	recs := c.Valid()
	for i, r := range recs { // many ties: few names, dates and ratings
		r.Name = []string{"b", "A", "a", "c"}[i%4]
		r.Date = r.Date.Truncate(24 * 365 * time.Hour)
	}
	for _, k := range []SortKey{SortByName, SortByName.Desc(), SortByDate, SortByDate.Desc(), SortByRating, SortByRating.Desc()} {
		want := append([]*Record(nil), recs...)
		sort.SliceStable(want, func(i, j int) bool {
			a, b := want[i], want[j]
			switch k.Field() {
			case FieldName:
				if k.desc {
					return strings.ToLower(a.Name) > strings.ToLower(b.Name)
				}
				return strings.ToLower(a.Name) < strings.ToLower(b.Name)
			case FieldDate:
				if k.desc {
					return a.Date.After(b.Date)
				}
				return a.Date.Before(b.Date)
			}
			if a.Rating == 0 || b.Rating == 0 {
				return a.Rating != 0 && b.Rating == 0
			}
			if k.desc {
				return a.Rating > b.Rating
			}
			return a.Rating < b.Rating
		})
		got := append([]*Record(nil), recs...)
		Sort(got, k)
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("sort %s differs from a stable sort at %d", k, i)
			}
		}
	}
}

// TestSearchAfterChanges: records added or edited after Index are found,
// and a deleted one is not, although the index was built before.
func TestSearchAfterChanges(t *testing.T) {
	c := mustRead(t, crlf(queryFixture))
	c.Index()
	q, _ := ParseQuery("zebra")
	if len(c.Search(q)) != 0 {
		t.Fatal("zebra found before it was added")
	}
	added, err := testAdd(c, &Record{URI: "http://zoo/", Name: "Zebra crossing"})
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Search(q); len(got) != 1 || got[0] != added {
		t.Errorf("after Add: %v", names(got))
	}
	g := c.Records()[0]
	edit := g.Clone()
	edit.Description = "zebra stripes"
	testUpdate(c, g, edit)
	if got := names(c.Search(q)); got != "Google,Zebra crossing" {
		t.Errorf("after Update: %s", got)
	}
	testDelete(c, added)
	c.Index()
	if got := names(c.Search(q)); got != "Google" {
		t.Errorf("after Delete and a new Index: %s", got)
	}
	uq, _ := ParseQuery("uri:GOOGLE.co")
	if got := names(c.Search(uq)); got != "Google" {
		t.Errorf("uri: through the index: %s", got)
	}
}

// TestParallelSearchKeepsFileOrder searches a catalogue large enough to be
// split over the CPUs, with and without the index.
func TestParallelSearchKeepsFileOrder(t *testing.T) {
	c := mustRead(t, generate(parallelSearchFrom+5000))
	for _, indexed := range []bool{false, true} {
		if indexed {
			c.Index()
		}
		for _, text := range []string{"jazz", "lisbon tokyo", "rating:>=4", "uri:example-42", "-go"} {
			q, _ := ParseQuery(text)
			got := c.Search(q)
			var want []*Record
			for _, r := range c.Records() {
				if r.Valid() && q.Match(r) {
					want = append(want, r)
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("indexed %v, %q: %d records, want %d in file order", indexed, text, len(got), len(want))
			}
		}
	}
}
