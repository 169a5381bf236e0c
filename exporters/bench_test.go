package exporters

import (
	"fmt"
	"github.com/uricat/uricat/internal/cputime"
	"io"
	"strconv"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue"
)

// generate makes n records shaped like a real catalogue: most have a
// category (some nested) and a description, some have non-ASCII text, a
// rating, a type and extensions.
func generate(n int) []*catalogue.Record {
	cats := []string{"", "Tech", "Tech/Go", "Tech/Go/Parsers", "Food/Paris", "Food/Tokyo", "News", "Reference/RFCs"}
	base := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	recs := make([]*catalogue.Record, n)
	for i := range recs {
		r := &catalogue.Record{
			URI:      fmt.Sprintf("https://site%d.example.org/path/to/page-%d.html?q=%d&x=y", i%997, i, i),
			Name:     fmt.Sprintf("Page %d about things & stuff", i),
			Date:     base.Add(time.Duration(i) * 37 * time.Minute),
			Category: cats[i%len(cats)] + map[bool]string{true: strconv.Itoa(i % 50), false: ""}[i%len(cats) != 0],
		}
		if i%3 != 0 {
			r.Description = fmt.Sprintf("A description of page %d; it says 100%% of \"what\" <matters>,\nover two lines.", i)
		}
		if i%5 == 0 {
			r.Name = fmt.Sprintf("Café numéro %d — 日本語", i)
		}
		if i%4 == 0 {
			r.Rating = i%5 + 1
			r.Type = "text/html"
			r.Language = "en"
		}
		if i%7 == 0 {
			r.Extensions = []catalogue.Field{{Name: "X-TAGS", Value: "a,b,c"}, {Name: "X-AUTHOR", Value: "Someone"}}
		}
		recs[i] = r
	}
	return recs
}

// BenchmarkExport exports 100,000 records in each format: each must take
// well under a second (the bound).
func BenchmarkExport(b *testing.B) {
	recs := generate(100_000)
	for _, f := range Formats {
		b.Run(f.Name, func(b *testing.B) {
			n := &countingWriter{}
			cpu := cputime.Used()
			for b.Loop() {
				if err := f.Write(n, recs); err != nil {
					b.Fatal(err)
				}
			}
			if cpu := cputime.Used() - cpu; cpu > 0 {
				// GC runs on other threads: CPU time may exceed wall time.
				b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
			}
			b.SetBytes(n.n / int64(b.N))
			b.ReportMetric(float64(len(recs)), "records/op")
		})
	}
}

type countingWriter struct{ n int64 }

func (w *countingWriter) Write(p []byte) (int, error) { w.n += int64(len(p)); return len(p), nil }

var _ io.Writer = (*countingWriter)(nil)
