package query

import (
	"errors"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/gen"
	"github.com/uricat/uricat/catalogue/ssd3"
)

// spec is the spec's example records and one without a rating.
var spec = fixture[:4]

func TestSortKeys(t *testing.T) {
	tests := []struct{ key, want string }{
		{"name", "DuckDuckGo|go.dev|Google|" + ssd},
		{"name:desc", ssd + "|Google|go.dev|DuckDuckGo"},
		{"date", "DuckDuckGo|Google|" + ssd + "|go.dev"},
		{"date:desc", "go.dev|" + ssd + "|Google|DuckDuckGo"},
		{"rating", "Google|" + ssd + "|go.dev|DuckDuckGo"}, // unrated last
		{"rating:desc", "go.dev|" + ssd + "|Google|DuckDuckGo"},
	}
	for _, tt := range tests {
		k, err := ParseSortKey(tt.key)
		if err != nil {
			t.Fatal(err)
		}
		recs := slices.Clone(spec)
		Sort(recs, k)
		if got := names(recs); got != tt.want {
			t.Errorf("sort %s = %s, want %s", tt.key, got, tt.want)
		}
	}
	// Ties keep file order; names compare folded.
	tie := []*ssd3.Record{ssd3.NewRecord(ssd3.Values{URI: "http://a/", Name: "émile", Rating: 3}), ssd3.NewRecord(ssd3.Values{URI: "http://b/", Name: "Emile", Rating: 3}), ssd3.NewRecord(ssd3.Values{URI: "http://c/", Name: "Eliza", Rating: 3})}
	for _, k := range []SortKey{SortByName, SortByName.Desc(), SortByDate, SortByRating.Desc()} {
		recs := slices.Clone(tie)
		Sort(recs, k)
		if i := slices.Index(recs, tie[0]); i > slices.Index(recs, tie[1]) {
			t.Errorf("sort %s broke a tie: %s", k, names(recs))
		}
	}
	recs := slices.Clone(tie)
	Sort(recs, SortByName)
	if got := names(recs); got != "Eliza|émile|Emile" {
		t.Errorf("sort by name = %s, want accents ignored", got)
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
	recs := append(slices.Clone(spec), ssd3.NewRecord(ssd3.Values{URI: "http://x/", Name: "42 things", Date: date("01/01/2001 00:00:00"), Language: "EN-US"}),
		ssd3.NewRecord(ssd3.Values{URI: "http://y/", Name: "Émile", Date: date("01/01/2001 00:00:00")}))
	tests := []struct{ key, want string }{
		{"category", "Official Documents:1|Programming:1|Search Engines:2|(none):2"},
		{"rating", "★★★★★:1|★★:1|★:1|(none):3"},
		{"language", "de:1|en-gb:1|en-us:2|(none):2"},
		{"type", "text/html:2|text/plain:1|(none):3"},
		{"date", "2009:1|2007:3|2001:2"},
		{"date:month", "2009-03:1|2007-10:3|2001-01:2"},
		{"name", "#:1|D:1|E:1|G:2|S:1"},
	}
	for _, tt := range tests {
		k, err := ParseGroupKey(tt.key)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, g := range GroupRecords(recs, k) {
			got = append(got, g.Label+":"+string(rune('0'+len(g.Records))))
		}
		if strings.Join(got, "|") != tt.want {
			t.Errorf("group by %s = %s, want %s", tt.key, strings.Join(got, "|"), tt.want)
		}
	}
}

// Groups sort numbers as numbers: Folder 4 before Folder 38.
func TestGroupsSortNumbersAsNumbers(t *testing.T) {
	var recs []*ssd3.Record
	for _, c := range []string{"Folder 40", "Folder 38", "Folder 4", "Folder 39", "Folder 004", "Folder 4b", "Folder"} {
		recs = append(recs, ssd3.NewRecord(ssd3.Values{URI: "http://x/" + c, Name: c, Category: c, Date: date("01/01/2001 00:00:00")}))
	}
	k, err := ParseGroupKey("category")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, g := range GroupRecords(recs, k) {
		got = append(got, g.Label)
	}
	if want := "Folder|Folder 4|Folder 4b|Folder 004|Folder 38|Folder 39|Folder 40"; strings.Join(got, "|") != want {
		t.Errorf("groups %s, want %s", strings.Join(got, "|"), want)
	}
}

// TestOrderMatchesAStableSort compares Order, and the Index's Order, with
// sort.SliceStable over many ties, for every key and direction.
func TestOrderMatchesAStableSort(t *testing.T) {
	c, err := catalogue.Read(strings.NewReader(gen.Catalogue(3000)))
	if err != nil {
		t.Fatal(err)
	}
	var recs []*ssd3.Record
	// Many ties: few names, dates and ratings; names longer than the
	// index notes the end of (nulFar), alike at its start.
	long := strings.Repeat("m", nulFar+40)
	for i, r := range c.Records() {
		r = r.Clone()
		r.SetName([]string{"b", "A", "a", "c", "Á", long + "b", long + "a"}[i%7])
		r.SetDate(r.Date().Truncate(24 * 365 * time.Hour))
		recs = append(recs, r)
	}
	ix := NewIndex(recs, 1)
	for _, k := range []SortKey{SortByName, SortByName.Desc(), SortByDate, SortByDate.Desc(), SortByRating, SortByRating.Desc()} {
		want := slices.Clone(recs)
		sort.SliceStable(want, func(i, j int) bool {
			a, b := want[i], want[j]
			switch k.Field() {
			case ssd3.FieldName:
				if k.desc {
					return Fold(a.Name()) > Fold(b.Name())
				}
				return Fold(a.Name()) < Fold(b.Name())
			case ssd3.FieldDate:
				if k.desc {
					return a.Date().After(b.Date())
				}
				return a.Date().Before(b.Date())
			}
			if a.Rating() == 0 || b.Rating() == 0 {
				return a.Rating() != 0 && b.Rating() == 0
			}
			if k.desc {
				return a.Rating() > b.Rating()
			}
			return a.Rating() < b.Rating()
		})
		got := slices.Clone(recs)
		Sort(got, k)
		if !slices.Equal(got, want) {
			t.Fatalf("sort %s differs from a stable sort", k)
		}
		if !slices.Equal(ix.Order(k), Order(recs, k)) {
			t.Fatalf("the index sorts by %s otherwise", k)
		}
	}
}
