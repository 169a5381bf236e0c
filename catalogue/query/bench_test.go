package query

import (
	"context"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/gen"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/cputime"
)

// Benchmarks on generated catalogues of 10k, 100k and 1M records (about
// 230 bytes each: 1M is a 230 MB file). The targets at 100k: an index
// built in under 100 ms, taking under 1x the file's size.
// Run: go test -run XXX -bench . ./catalogue/query

var sizes = []struct {
	name string
	n    int
}{{"10k", 10_000}, {"100k", 100_000}, {"1M", 1_000_000}}

var benchData struct {
	sync.Mutex
	recs map[int][]*ssd3.Record
	size map[int]int
}

// benchRecords returns the records of a generated catalogue of n records
// and the file's size, reading each size once per run.
func benchRecords(b *testing.B, n int) ([]*ssd3.Record, int) {
	b.Helper()
	benchData.Lock()
	defer benchData.Unlock()
	if benchData.recs == nil {
		benchData.recs, benchData.size = map[int][]*ssd3.Record{}, map[int]int{}
	}
	if recs, ok := benchData.recs[n]; ok {
		return recs, benchData.size[n]
	}
	text := gen.Catalogue(n)
	c, err := catalogue.Read(strings.NewReader(text))
	if err != nil {
		b.Fatal(err)
	}
	benchData.recs[n], benchData.size[n] = c.Records(), len(text)
	return c.Records(), len(text)
}

// liveHeap is the heap in use after a collection.
func liveHeap() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// BenchmarkNewIndex builds an index, and reports what it holds as a
// multiple of the file's size.
func BenchmarkNewIndex(b *testing.B) {
	for _, s := range sizes {
		b.Run(s.name, func(b *testing.B) {
			recs, size := benchRecords(b, s.n)
			before := liveHeap()
			b.ResetTimer()
			start := cputime.Used()
			var ix *Index
			for b.Loop() {
				ix = NewIndex(recs, 1)
			}
			cputime.Report(b, start)
			b.StopTimer()
			b.ReportMetric(float64(liveHeap()-before)/float64(size), "index/file")
			runtime.KeepAlive(ix)
		})
	}
}

// BenchmarkIndexNext builds the next version's index after one edit.
func BenchmarkIndexNext(b *testing.B) {
	for _, s := range sizes {
		b.Run(s.name, func(b *testing.B) {
			recs, _ := benchRecords(b, s.n)
			ix := NewIndex(recs, 1)
			edited := append([]*ssd3.Record(nil), recs...)
			edited[len(edited)/2] = edited[len(edited)/2].Clone()
			start := cputime.Used()
			for b.Loop() {
				ix.Next(edited, 2)
			}
			cputime.Report(b, start)
		})
	}
}

// benchQueries are searches as typed: the first key, a second and a
// third (most records hold "se" spelt out, fuzzily; "ser" is where a
// backspace from "serv" lands), words, the query language, accents, tags.
var benchQueries = []string{"g", "se", "ser", "git", "kernel rust", "gdv", "koln", "hiking", "rating:>=4 cat:music", "-git", "uri:example.org"}

// BenchmarkIndexSearch searches every record through an index, and ranks.
func BenchmarkIndexSearch(b *testing.B) {
	for _, s := range sizes {
		recs, _ := benchRecords(b, s.n)
		ix := NewIndex(recs, 1)
		for _, text := range benchQueries {
			q, err := Parse(text)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(s.name+"/"+text, func(b *testing.B) {
				var ranked []int32
				start := cputime.Used()
				for b.Loop() {
					hits, _ := ix.Search(context.Background(), q, nil)
					ranked = Rank(hits)
				}
				cputime.Report(b, start)
				b.ReportMetric(float64(len(ranked)), "hits")
			})
		}
	}
}

// BenchmarkUnfoldedSearch searches every record through an index none
// of whose chunks is folded yet, as a key typed before the TUI's index is
// built does: each record is read as Matcher reads it.
func BenchmarkUnfoldedSearch(b *testing.B) {
	for _, s := range sizes {
		recs, _ := benchRecords(b, s.n)
		ix := (*Index)(nil).Prepare(recs, 1)
		for _, text := range []string{"g", "se", "git", "rating:>=4 cat:music"} {
			q, _ := Parse(text)
			b.Run(s.name+"/"+text, func(b *testing.B) {
				var buf []Hit
				start := cputime.Used()
				for b.Loop() {
					buf, _ = ix.SearchInto(context.Background(), q, nil, buf)
				}
				cputime.Report(b, start)
				b.ReportMetric(float64(len(buf)), "hits")
			})
		}
	}
}

// BenchmarkFilter searches every record once, without an index, as the
// command line does.
func BenchmarkFilter(b *testing.B) {
	for _, s := range sizes {
		recs, _ := benchRecords(b, s.n)
		for _, text := range []string{"terminal kernel", "git", "koln", "rating:>=4 cat:music"} {
			q, _ := Parse(text)
			b.Run(s.name+"/"+text, func(b *testing.B) {
				start := cputime.Used()
				for b.Loop() {
					Filter(recs, q)
				}
				cputime.Report(b, start)
			})
		}
	}
}

// BenchmarkSort sorts every record by each key, without and with an index.
func BenchmarkSort(b *testing.B) {
	recs, _ := benchRecords(b, 100_000)
	ix := NewIndex(recs, 1)
	for _, k := range []SortKey{SortByName, SortByDate, SortByRating.Desc()} {
		b.Run("100k/"+k.String(), func(b *testing.B) {
			start := cputime.Used()
			for b.Loop() {
				Order(recs, k)
			}
			cputime.Report(b, start)
		})
		b.Run("100k-indexed/"+k.String(), func(b *testing.B) {
			start := cputime.Used()
			for b.Loop() {
				ix.Order(k)
			}
			cputime.Report(b, start)
		})
	}
}

// BenchmarkMatcher tests every record once, as a read that holds only a
// search's matches does (catalogue.Where), on one CPU.
func BenchmarkMatcher(b *testing.B) {
	for _, s := range sizes {
		recs, _ := benchRecords(b, s.n)
		for _, text := range []string{"terminal kernel", "git", "koln", "rating:>=4 cat:music", "g", "se"} {
			q, _ := Parse(text)
			b.Run(s.name+"/"+text, func(b *testing.B) {
				match := q.Matcher()
				start := cputime.Used()
				for b.Loop() {
					for _, r := range recs {
						match(r)
					}
				}
				cputime.Report(b, start)
			})
		}
	}
}

// benchFirstKeys are the first keys of searches: a search's first key is a
// pass over every record, which matches most of them. Letters, which a
// record's charMask tells exactly, and a digit and a punctuation mark,
// which it does not.
var benchFirstKeys = []string{"g", "k", "z", "e", "1", "."}

// BenchmarkFirstKey searches every record for one key, in memory reused
// from the search before, as the terminal UI does, and ranks the hits:
// the CPU of the first key of a search (at 1M, to be answered on screen
// within 50 ms).
func BenchmarkFirstKey(b *testing.B) {
	for _, s := range sizes {
		recs, _ := benchRecords(b, s.n)
		ix := NewIndex(recs, 1)
		var buf []Hit
		var ranked []int32
		for _, text := range benchFirstKeys {
			q, err := Parse(text)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(s.name+"/"+text, func(b *testing.B) {
				buf = slices.Grow(buf[:0], len(recs))
				start := cputime.Used()
				for b.Loop() {
					hits, _ := ix.SearchInto(context.Background(), q, nil, buf)
					ranked = AppendRank(ranked[:0], hits)
				}
				cputime.Report(b, start)
				b.ReportMetric(float64(len(ranked)), "hits")
			})
		}
	}
}
