package suggest

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/gen"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/cputime"
)

func rec(uri, name, cat, tags string) *ssd3.Record {
	r := ssd3.NewRecord(ssd3.Values{URI: uri, Name: name, Category: cat, Date: time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)})
	if tags != "" {
		r.SetExtension(ssd3.FieldTags, tags)
	}
	return r
}

// The collection a user tidies: the suggestions for a record come from
// the records like it, by words, host and tags, and the record itself
// does not vote.
func openSample(t *testing.T) *catalogue.Catalogue {
	t.Helper()
	c, err := catalogue.Read(strings.NewReader(""))
	if err != nil {
		t.Fatal(err)
	}
	recs := []*ssd3.Record{
		rec("https://go.dev/blog/go1.22", "Go 1.22 is released", "Programming/Go", "golang"),
		rec("https://go.dev/doc/effective_go", "Effective Go", "Programming/Go", "golang, docs"),
		rec("https://pkg.go.dev/net/http", "http package", "Programming/Go", "golang"),
		rec("https://docs.python.org/3/tutorial/", "The Python Tutorial", "Programming/Python", "docs"),
		rec("https://www.bbc.co.uk/news/world", "World news", "News", ""),
		rec("https://www.bbc.co.uk/news/uk", "UK news", "News", "uk"),
		rec("https://www.bbcgoodfood.com/recipes/bread", "Simple bread recipe", "Cooking", "bread"),
		rec("https://example.org/unfiled", "Unfiled", "", ""),
		rec("https://go.dev/ref/mem", "The Go Memory Model", "", ""), // being categorised
	}
	if _, err := c.Apply(catalogue.Add{Records: recs}); err != nil {
		t.Fatal(err)
	}
	return c
}

func names(ss []Suggestion) string {
	var out []string
	for _, s := range ss {
		out = append(out, fmt.Sprintf("%s(%d)", s.Name, s.Records))
	}
	return strings.Join(out, " ")
}

func TestSuggest(t *testing.T) {
	c := openSample(t)
	recs := c.Records()
	ix := Build(recs)
	if ix.Len() != 7 {
		t.Errorf("indexed %d records, want the 7 with a category or tags", ix.Len())
	}
	find := func(name string) *ssd3.Record {
		for _, r := range recs {
			if r.Name() == name {
				return r
			}
		}
		t.Fatalf("no %q", name)
		return nil
	}
	tests := []struct {
		name      string
		query     []*ssd3.Record
		cats, tag string // the first of each
	}{
		{"by host and words", []*ssd3.Record{find("The Go Memory Model")}, "Programming/Go(3)", "golang(3)"},
		{"by the domain of a host", []*ssd3.Record{rec("https://pkg.go.dev/fmt", "fmt", "", "")}, "Programming/Go(3)", "golang(3)"},
		{"by words alone", []*ssd3.Record{rec("https://elsewhere.example/", "Python tutorial for beginners", "", "")}, "Programming/Python(1)", "docs(1)"},
		{"by tags", []*ssd3.Record{rec("https://elsewhere.example/", "x", "", "bread")}, "Cooking(1)", "bread(1)"},
		{"a record among them does not vote for itself", []*ssd3.Record{find("UK news")}, "News(1)", ""},
		{"several records", []*ssd3.Record{find("World news"), find("UK news")}, "", ""},
		{"nothing alike", []*ssd3.Record{rec("https://nowhere.example/", "zzz", "", "")}, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cats, tags := ix.Suggest(tt.query, 3)
			first := func(ss []Suggestion) string {
				if len(ss) == 0 {
					return ""
				}
				return names(ss[:1])
			}
			if got := first(cats); got != tt.cats {
				t.Errorf("categories %s, want first %s", names(cats), tt.cats)
			}
			if got := first(tags); got != tt.tag {
				t.Errorf("tags %s, want first %s", names(tags), tt.tag)
			}
		})
	}
}

func TestWords(t *testing.T) {
	if got := strings.Join(words("The Go 1.22 Memory-Model: Köln, ünïcode & 2024"), " "); got != "go memory model köln ünïcode" {
		t.Errorf("words = %q", got)
	}
}

// BenchmarkSuggest builds the index of 100,000 records (once per version
// of the catalogue) and queries it (each time a record is categorised):
// the issue asks for milliseconds.
func BenchmarkSuggest(b *testing.B) {
	c, err := catalogue.Read(strings.NewReader(gen.Catalogue(100_000)))
	if err != nil {
		b.Fatal(err)
	}
	recs := c.Records()
	b.Run("build", func(b *testing.B) {
		start := cputime.Used()
		for b.Loop() {
			Build(recs)
		}
		cputime.Report(b, start)
	})
	ix := Build(recs)
	b.Run("query", func(b *testing.B) {
		i := 0
		start := cputime.Used()
		for b.Loop() {
			ix.Suggest(recs[i%len(recs):i%len(recs)+1], 5)
			i += 7919
		}
		cputime.Report(b, start)
	})
	b.Run("query100", func(b *testing.B) {
		start := cputime.Used()
		for b.Loop() {
			ix.Suggest(recs[:100], 5)
		}
		cputime.Report(b, start)
	})
}
