package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"
	"time"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/query"
)

// benchArchive is the generated archive of the text: benchmarks
// ($URICAT_BENCH_ARCHIVE: a directory with catalogue.uri, archive/ and
// cache/, as archive/index's TestGenerateArchive writes them, then
// indexed); the benchmark is skipped without it.
func benchArchive(b *testing.B) (dir string, e *env) {
	dir = os.Getenv("URICAT_BENCH_ARCHIVE")
	if dir == "" {
		b.Skip("URICAT_BENCH_ARCHIVE not set: no generated archive to search")
	}
	vars := map[string]string{"URICAT_ARCHIVE": filepath.Join(dir, "archive"), "XDG_CACHE_HOME": filepath.Join(dir, "cache")}
	return dir, &env{lookupEnv: func(k string) string { return vars[k] }}
}

// BenchmarkTUITextSearch: what the TUI's search pass does for each key
// of a search with a text: term (the index kept open between keys): the
// index's lookup, the search of every record, the ranking.
func BenchmarkTUITextSearch(b *testing.B) {
	dir, e := benchArchive(b)
	c, err := catalogue.Open(filepath.Join(dir, "catalogue.uri"))
	if err != nil {
		b.Fatal(err)
	}
	recs := c.Valid()
	ix := query.NewIndex(recs, 1)
	answer, _ := e.tuiArchive()
	for _, text := range []string{"text:c", "text:con", "text:tio", "text:tion", "text:cont", "text:tiona", "text:conthest",
		"text:prolyment", `text:"the"`, `text:"the tio"`, `text:"the tion"`} {
		b.Run(text, func(b *testing.B) {
			var hits []query.Hit
			cpu := cpuTime()
			for b.Loop() {
				q, err := query.Parse(text)
				if err != nil {
					b.Fatal(err)
				}
				hits, err = ix.Search(context.Background(), answer(context.Background(), q), nil)
				if err != nil {
					b.Fatal(err)
				}
				query.Rank(hits)
			}
			b.ReportMetric(float64(len(hits)), "records")
			// The machine may be shared: the CPU time tells what a key
			// costs where the wall clock tells what else ran.
			b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N)/1e6, "cpu-ms/op")
		})
	}
}

// BenchmarkTUIFirstTextKey is the first key of a text: search in the
// TUI: after it starts (the archive's index not open yet) and after an
// edit (a new search index of the catalogue), each without and with the
// warming of PrepareArchive run before it (what the TUI does in the
// background); and, to compare, a key typed after another (steady). It
// reports the key's own time, wall and CPU.
func BenchmarkTUIFirstTextKey(b *testing.B) {
	dir, e := benchArchive(b)
	c, err := catalogue.Open(filepath.Join(dir, "catalogue.uri"))
	if err != nil {
		b.Fatal(err)
	}
	recs := c.Valid()
	base := query.NewIndex(recs, 1)
	ctx := context.Background()
	for _, text := range []string{"text:c", "text:pro", "text:prolyment"} {
		q, err := query.Parse(text)
		if err != nil {
			b.Fatal(err)
		}
		key := func(answer func(context.Context, *query.Query) *query.Query, ix *query.Index) {
			hits, err := ix.Search(ctx, answer(ctx, q), nil)
			if err != nil || len(hits) == 0 {
				b.Fatalf("%d hits, %v", len(hits), err)
			}
			query.Rank(hits)
		}
		for _, tc := range []struct {
			name              string
			start, edit, warm bool
		}{{"start", true, true, false}, {"start-warmed", true, true, true}, {"edit", false, true, false},
			{"edit-warmed", false, true, true}, {"steady", false, false, false}} {
			b.Run(text+"/"+tc.name, func(b *testing.B) {
				answer, prepare := e.tuiArchive()
				key(answer, base) // the index open, its pages read
				key(answer, base)
				var wall, cpu time.Duration
				ix, version := base, uint64(1)
				for b.Loop() {
					if tc.start {
						answer, prepare = e.tuiArchive()
					}
					if tc.edit {
						version++
						ix = base.Next(recs, version) // the same chunks, a new index
					}
					if tc.warm {
						prepare(ctx, ix)
					}
					start, cpu0 := time.Now(), cpuTime()
					key(answer, ix)
					wall, cpu = wall+time.Since(start), cpu+cpuTime()-cpu0
				}
				b.ReportMetric(float64(wall)/float64(b.N)/1e6, "key-ms")
				b.ReportMetric(float64(cpu)/float64(b.N)/1e6, "key-cpu-ms")
			})
		}
	}
}

// BenchmarkListTextSearch is `uricat list --search text:WORD` in-process
// over the generated archive: what the command does beyond starting,
// from opening the index to printing.
func BenchmarkListTextSearch(b *testing.B) {
	dir, _ := benchArchive(b)
	vars := map[string]string{"URICAT_ARCHIVE": filepath.Join(dir, "archive"), "XDG_CACHE_HOME": filepath.Join(dir, "cache"),
		"URICAT_CATALOGUE": filepath.Join(dir, "catalogue.uri")}
	for _, word := range []string{"prolyment", "con"} {
		b.Run(word, func(b *testing.B) {
			defer debug.SetGCPercent(debug.SetGCPercent(100))
			defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
			cpu := cpuTime()
			for b.Loop() {
				le := &env{lookupEnv: func(k string) string { return vars[k] }, stdout: io.Discard, stderr: io.Discard}
				if code := runEnv(le, []string{"list", "--search", "text:" + word}); code != 0 {
					b.Fatalf("exit code %d", code)
				}
				debug.SetGCPercent(100)
				debug.SetMemoryLimit(1 << 62)
			}
			b.ReportMetric(float64(cpuTime()-cpu)/float64(b.N)/1e6, "cpu-ms/op")
		})
	}
}
