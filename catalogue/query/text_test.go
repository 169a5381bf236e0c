package query

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// textPages is an archive for TestText: the pages' words by URI, and
// each URI's state; the lookup finds a term's words in order, the last
// as a word's beginning, as the archive's index does.
var textPages = map[string]string{
	"https://koeln.example/":  "der kolner dom am rhein",
	"https://berlin.example/": "berlin an der spree",
	"https://paris.example/":  "paris sur la seine",
}

func textLookup(tt TextTerm) (map[string]TextHit, error) {
	hits := map[string]TextHit{}
	for uri, text := range textPages {
		if i := strings.Index(" "+text, " "+tt.Text); i >= 0 {
			hits[ssd3.URIKey(uri)] = TextHit{Score: 10 + len(tt.Text) - i, Snippet: text}
		}
	}
	return hits, nil
}

// TestText: text: and archive: terms find the records whose pages the
// hooks name, combine with the rest of the language (exclusion, OR, other
// qualifiers), and text: terms rank; without the hooks they find nothing.
func TestText(t *testing.T) {
	t.Parallel()
	var recs []*ssd3.Record
	for _, v := range []ssd3.Values{
		{URI: "https://koeln.example/", Name: "Köln", Rating: 4},
		{URI: "HTTPS://Berlin.example/", Name: "Berlin", Rating: 2}, // its page, by its key
		{URI: "https://paris.example/", Name: "Paris"},
		{URI: "https://rome.example/", Name: "Rome"}, // no page
	} {
		recs = append(recs, ssd3.NewRecord(v))
	}
	state := func(uri string) ArchiveState {
		switch ssd3.URIKey(uri) {
		case "https://paris.example/":
			return ArchiveFailed
		case "https://rome.example/":
			return ArchiveNo
		}
		return ArchiveYes
	}
	tests := []struct{ search, want string }{
		{"text:Kölner", "Köln"},
		{"text:kol", "Köln"},
		{`text:"rhein"`, "Köln"},
		{`text:"dom am"`, "Köln"},
		{`text:"am dom"`, ""},
		{"text:der", "Köln Berlin"},
		{"-text:der", "Paris Rome"},
		{"text:seine OR text:spree", "Berlin Paris"},
		{"text:der rating:>=3", "Köln"},
		{"text:der -name:koln", "Berlin"},
		{"archive:yes", "Köln Berlin"},
		{"archive:failed", "Paris"},
		{"archive:no", "Rome"},
		{"-archive:no text:der|rome", "Köln Berlin"},
	}
	for _, tc := range tests {
		q, err := Parse(tc.search)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tc.search, err)
		}
		if q, err = q.WithText(textLookup); err != nil {
			t.Fatal(err)
		}
		q = q.WithArchive(state)
		if got := strings.ReplaceAll(names(Filter(recs, q)), "|", " "); got != tc.want {
			t.Errorf("%q finds %q, want %q", tc.search, got, tc.want)
		}
		hits, err := NewIndex(recs, 1).Search(context.Background(), q, nil)
		if err != nil || len(hits) != len(strings.Fields(tc.want)) {
			t.Errorf("%q: an index finds %d (%v), want %q", tc.search, len(hits), err, tc.want)
		}
	}

	// Unanswered, a text: term finds no page, an archive: term none
	// archived.
	q, _ := Parse("text:der OR archive:no")
	if got := names(Filter(recs, q)); got != "Köln|Berlin|Paris|Rome" {
		t.Errorf("without the hooks text:der OR archive:no finds %q", got)
	}
	q, _ = Parse("text:der")
	if got := Filter(recs, q); len(got) != 0 || !q.HasText() || q.HasArchive() {
		t.Errorf("without the hooks text:der finds %q (HasText %v)", names(got), q.HasText())
	}
}

// TestTextRank: a search with text: terms ranks by the hooks' scores, and
// a record's best hit gives its snippet.
func TestTextRank(t *testing.T) {
	t.Parallel()
	recs := []*ssd3.Record{
		ssd3.NewRecord(ssd3.Values{URI: "https://berlin.example/", Name: "Berlin"}),
		ssd3.NewRecord(ssd3.Values{URI: "https://koeln.example/", Name: "Köln"}),
	}
	q, _ := Parse("text:der -text:seine")
	if !q.Ranked() {
		t.Error("a search with a text: term is not ranked")
	}
	if got := q.TextTerms(); !slices.Equal(got, []TextTerm{{"der"}, {"seine"}}) {
		t.Errorf("TextTerms() = %v", got)
	}
	q, _ = q.WithText(textLookup)
	hits, err := NewIndex(recs, 1).Search(context.Background(), q, nil)
	if err != nil || len(hits) != 2 {
		t.Fatalf("hits %v, %v", hits, err)
	}
	if ranked := Rank(hits); recs[ranked[0]].Name() != "Köln" {
		t.Errorf("ranked first: %s; the page with der first scores more", recs[ranked[0]].Name())
	}
	if h, ok := q.TextHit(recs[1]); !ok || h.Snippet != textPages["https://koeln.example/"] {
		t.Errorf("TextHit(Köln) = %v, %v", h, ok)
	}
	if q, _ := Parse("-text:der"); q.Ranked() {
		t.Error("an excluded text: term ranks")
	}
}

// TestTextBuiltIndex: an index whose chunks are folded (which keeps the
// key of each URI not its own key) finds a page by its record's URI
// however it is spelled, as Filter does, and passes over records without
// a URI or a page.
func TestTextBuiltIndex(t *testing.T) {
	t.Parallel()
	var recs []*ssd3.Record
	for _, v := range []ssd3.Values{
		{URI: "https://koeln.example/", Name: "Köln"},
		{URI: "HTTPS://Berlin.example:443/", Name: "Berlin"},
		{URI: "https://BERLIN.example", Name: "Berlin2"},
		{Name: "NoURI"},
		{URI: "https://rome.example/", Name: "Rome"},
	} {
		recs = append(recs, ssd3.NewRecord(v))
	}
	ix := NewIndex(recs, 1)
	ix.Build()
	for _, tc := range []struct{ search, want string }{
		{"text:der", "Köln|Berlin|Berlin2"},
		{"text:spree", "Berlin|Berlin2"},
		{"-text:der", "NoURI|Rome"},
		{"text:rome", ""},
	} {
		q, err := Parse(tc.search)
		if err != nil {
			t.Fatal(err)
		}
		if q, err = q.WithText(textLookup); err != nil {
			t.Fatal(err)
		}
		if got := names(Filter(recs, q)); got != tc.want {
			t.Errorf("Filter: %q finds %q, want %q", tc.search, got, tc.want)
		}
		hits, err := ix.Search(context.Background(), q, nil)
		if err != nil {
			t.Fatal(err)
		}
		var found []string
		for _, h := range hits {
			found = append(found, recs[h.Pos].Name())
		}
		if got := strings.Join(found, "|"); got != tc.want {
			t.Errorf("a built index: %q finds %q, want %q", tc.search, got, tc.want)
		}
	}
}
