package main

import (
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"

	"github.com/uricat/uricat/catalogue/gen"
	"github.com/uricat/uricat/internal/cputime"
)

// BenchmarkListSearch is `uricat list --json --search 'terminal kernel'`
// in-process on generated catalogues: what issue 9 compares with buku's
// `buku -s terminal kernel -j` at 10k records, less the process's start.
func BenchmarkListSearch(b *testing.B) {
	for _, size := range benchSizes {
		b.Run(size.name, func(b *testing.B) {
			path := filepath.Join(b.TempDir(), "bench.uricat")
			if err := os.WriteFile(path, []byte(gen.Catalogue(size.n)), 0o644); err != nil {
				b.Fatal(err)
			}
			args := []string{"--catalogue", path, "list", "--json", "--search", "terminal kernel"}
			// The command turns the collector off, as a process that
			// exits would; the benchmark turns it on again after each run.
			defer debug.SetGCPercent(debug.SetGCPercent(100))
			defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
			b.ResetTimer()
			start := cputime.Used()
			for b.Loop() {
				if code := run(args, nil, io.Discard, io.Discard); code != 0 {
					b.Fatalf("exit code %d", code)
				}
				debug.SetGCPercent(100)
				debug.SetMemoryLimit(1 << 62)
			}
			cputime.Report(b, start)
		})
	}
}
