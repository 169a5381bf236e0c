package catalogue

import (
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/cputime"
)

// BenchmarkURIKey keys every URI of a generated catalogue: what the first
// duplicate check of a session costs.
func BenchmarkURIKey(b *testing.B) {
	c, err := Read(strings.NewReader(generate(10000)))
	if err != nil {
		b.Fatal(err)
	}
	recs := c.Records()
	b.ResetTimer()
	start := cputime.Used()
	for b.Loop() {
		for _, r := range recs {
			ssd3.URIKey(r.URI())
		}
	}
	cputime.Report(b, start)
}

// BenchmarkKeyIndex builds the index of URIs and IDs that adds and imports
// check for duplicates (the TUI builds it after the first frame), and
// reports the heap it holds as a multiple of the file's size.
func BenchmarkKeyIndex(b *testing.B) {
	for _, s := range sizes {
		b.Run(s.name, func(b *testing.B) {
			data := generate(s.n)
			c, err := Read(strings.NewReader(data))
			if err != nil {
				b.Fatal(err)
			}
			snap := c.Snapshot()
			without := heapRatio(int64(len(data)), func() any { return c })
			b.ResetTimer()
			start := cputime.Used()
			var ki *KeyIndex
			for b.Loop() {
				ki = snap.KeyIndex()
			}
			cputime.Report(b, start)
			b.StopTimer()
			with := heapRatio(int64(len(data)), func() any { return [2]any{c, ki} })
			b.ReportMetric(with-without, "keys-heap/file")
		})
	}
}

// BenchmarkHasURI asks the key index of a catalogue of 100,000 records
// about URIs it holds, in other spellings, and it does not: what an import
// asks per bookmark.
func BenchmarkHasURI(b *testing.B) {
	c, err := Read(strings.NewReader(generate(100_000)))
	if err != nil {
		b.Fatal(err)
	}
	recs := c.Records()
	var uris []string
	for i, r := range recs[:3000] {
		switch i % 3 {
		case 0:
			uris = append(uris, r.URI())
		case 1:
			uris = append(uris, strings.Replace(r.URI(), "https://www.", "HTTPS://WWW.", 1))
		default:
			uris = append(uris, r.URI()+"-not-there")
		}
	}
	c.HasURI("") // build the index outside the figures
	b.ResetTimer()
	for b.Loop() {
		for _, u := range uris {
			c.HasURI(u)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(uris)), "ns/uri")
}
