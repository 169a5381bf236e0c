package importertest

import (
	"fmt"
	"strconv"
	"time"

	"github.com/uricat/uricat/catalogue/ssd3"
)

// Generate makes n records shaped like a real catalogue, for the writers'
// benchmarks: most have a category (some nested) and a description, some
// have non-ASCII text, a rating, a type and extensions.
func Generate(n int) []*ssd3.Record {
	cats := []string{"", "Tech", "Tech/Go", "Tech/Go/Parsers", "Food/Paris", "Food/Tokyo", "News", "Reference/RFCs"}
	base := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	recs := make([]*ssd3.Record, n)
	for i := range recs {
		r := ssd3.NewRecord(ssd3.Values{
			URI:      fmt.Sprintf("https://site%d.example.org/path/to/page-%d.html?q=%d&x=y", i%997, i, i),
			Name:     fmt.Sprintf("Page %d about things & stuff", i),
			Date:     base.Add(time.Duration(i) * 37 * time.Minute),
			Category: cats[i%len(cats)] + map[bool]string{true: strconv.Itoa(i % 50), false: ""}[i%len(cats) != 0],
		})
		if i%3 != 0 {
			r.SetDescription(fmt.Sprintf("A description of page %d; it says 100%% of \"what\" <matters>,\nover two lines.", i))
		}
		if i%5 == 0 {
			r.SetName(fmt.Sprintf("Café numéro %d — 日本語", i))
		}
		if i%4 == 0 {
			r.SetRating(i%5 + 1)
			r.SetType("text/html")
			r.SetLanguage("en")
		}
		if i%7 == 0 {
			r.SetExtensions([]ssd3.Field{{Name: "X-TAGS", Value: "a,b,c"}, {Name: "X-AUTHOR", Value: "Someone"}})
		}
		recs[i] = r
	}
	return recs
}
