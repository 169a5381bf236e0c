package query

import (
	"context"
	"fmt"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/cputime"
)

// benchPages returns the rows and keys of the pages of an archive that
// holds the page of every record of recs, a row each.
func benchPages(recs []*ssd3.Record) ([]int64, []string) {
	rows, keys := make([]int64, len(recs)), make([]string, len(recs))
	for i, r := range recs {
		rows[i], keys[i] = int64(i+1), ssd3.URIKey(r.URI())
	}
	return rows, keys
}

// BenchmarkTextAnswer is the record side of a key typed in a search with
// a text: term, once the archive's index answered it: the answer made
// positions, every record searched, the hits ranked. Pages found: a
// few, half and all of them unranked, and the most the index ranks.
func BenchmarkTextAnswer(b *testing.B) {
	for _, s := range sizes[:2] {
		recs, _ := benchRecords(b, s.n)
		ix := NewIndex(recs, 1)
		rows, keys := benchPages(recs)
		pages := NewPages(rows, keys)
		for _, found := range []struct {
			name   string
			every  int
			ranked bool
		}{{"few", 100, false}, {"half", 2, false}, {"all", 1, false}, {"ranked", max(len(recs)/5000, 1), true}} {
			a := TextAnswer{Pages: pages}
			for i := 0; i < len(recs); i += found.every {
				a.Rows = append(a.Rows, int64(i+1))
				if found.ranked {
					a.Scores = append(a.Scores, int32(1+i%1000))
				}
			}
			q, err := Parse("text:x")
			if err != nil {
				b.Fatal(err)
			}
			b.Run(fmt.Sprintf("%s/%s", s.name, found.name), func(b *testing.B) {
				var ranked []int32
				start := cputime.Used()
				for b.Loop() {
					answered, err := q.WithText(func(TextTerm) (TextAnswer, error) { return a, nil })
					if err != nil {
						b.Fatal(err)
					}
					hits, _ := ix.Search(context.Background(), answered, nil)
					ranked = Rank(hits)
				}
				cputime.Report(b, start)
				b.ReportMetric(float64(len(ranked)), "hits")
			})
		}
		// What the first key after a change of the archive's index or of
		// the catalogue costs more: the table of positions.
		b.Run(s.name+"/table", func(b *testing.B) {
			start := cputime.Used()
			for b.Loop() {
				NewPages(rows, keys).positions(ix)
			}
			cputime.Report(b, start)
		})
	}
}
