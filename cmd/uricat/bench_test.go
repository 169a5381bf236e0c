package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/gen"
	"github.com/uricat/uricat/internal/cputime"
)

// benchSizes are the catalogue sizes the benchmarks run at.
var benchSizes = []struct {
	name string
	n    int
}{{"10k", 10_000}, {"100k", 100_000}, {"1M", 1_000_000}}

// BenchmarkSelectRecord finds the last record of a generated catalogue by
// its URI as stored, by the same URI as a user types it (scheme and host
// in capitals: every record's URIKey is computed), and by its ID.
func BenchmarkSelectRecord(b *testing.B) {
	for _, size := range benchSizes {
		var text strings.Builder
		for i := 1; i <= size.n; i++ {
			fmt.Fprintf(&text, "URI: https://www.example.org/pages/%d.html\r\nNAME: Page %d\r\nID: %d\r\nDATE: 01/01/2020 00:00:00\r\n\r\n", i, i, i)
		}
		c, err := catalogue.Read(strings.NewReader(text.String()))
		if err != nil {
			b.Fatal(err)
		}
		last := fmt.Sprintf("https://www.example.org/pages/%d.html", size.n)
		for _, sel := range []struct{ name, sel string }{
			{"stored", last},
			{"typed", strings.Replace(last, "https://www.example.org", "HTTPS://WWW.Example.ORG:443", 1)},
			{"id", fmt.Sprintf("id:%d", size.n)},
		} {
			b.Run(size.name+"/"+sel.name, func(b *testing.B) {
				start := cputime.Used()
				for i := 0; i < b.N; i++ {
					r, err := selectRecord(c, sel.sel)
					if err != nil || r.URI() != last {
						b.Fatalf("%s: %v %v", sel.sel, r, err)
					}
				}
				cputime.Report(b, start)
			})
		}
	}
}

// BenchmarkCheckBroken runs check over a catalogue in which every record
// has problems (a RATING out of range, every third a bad LANGUAGE), the
// output thrown away: what formatting its diagnostics costs.
func BenchmarkCheckBroken(b *testing.B) {
	for _, size := range []struct {
		name string
		n    int
	}{{"10k", 10_000}, {"100k", 100_000}, {"1M", 1_000_000}} {
		b.Run(size.name, func(b *testing.B) {
			var text strings.Builder
			for i := 0; i < size.n; i++ {
				lang := "en"
				if i%3 == 0 {
					lang = "english"
				}
				fmt.Fprintf(&text, "URI: http://h%d.example/p\r\nNAME: Name %d\r\nDATE: 01/02/2020 10:00:00\r\nRATING: 9\r\nLANGUAGE: %s\r\n\r\n", i, i, lang)
			}
			path := filepath.Join(b.TempDir(), "broken.uricat")
			if err := os.WriteFile(path, []byte(text.String()), 0o644); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			start := cputime.Used()
			for i := 0; i < b.N; i++ {
				var out, errs countWriter
				if code := run([]string{"check", path}, strings.NewReader(""), &out, &errs); code != exitRefused || errs.lines < size.n {
					b.Fatalf("exit %d, %d lines", code, errs.lines)
				}
			}
			cputime.Report(b, start)
		})
	}
}

// countWriter counts the lines written to it, and keeps nothing.
type countWriter struct{ lines int }

func (w *countWriter) Write(p []byte) (int, error) {
	w.lines += bytes.Count(p, []byte{'\n'})
	return len(p), nil
}

// BenchmarkCheck is `uricat check` in-process on generated catalogues
// (one record in a hundred has a problem), its output thrown away: what
// issue 23 compares with `wc -l` on the same file at 100k records, less
// the process's start.
func BenchmarkCheck(b *testing.B) {
	for _, size := range benchSizes {
		b.Run(size.name, func(b *testing.B) {
			path := filepath.Join(b.TempDir(), "bench.uricat")
			if err := os.WriteFile(path, []byte(gen.Catalogue(size.n)), 0o644); err != nil {
				b.Fatal(err)
			}
			// The command may turn the collector off, as a process that
			// exits would; the benchmark turns it on again after each run.
			defer debug.SetGCPercent(debug.SetGCPercent(100))
			defer debug.SetMemoryLimit(debug.SetMemoryLimit(-1))
			b.ResetTimer()
			start := cputime.Used()
			for b.Loop() {
				var out, errs countWriter
				if code := run([]string{"check", path}, strings.NewReader(""), &out, &errs); code != exitRefused || out.lines != 1 {
					b.Fatalf("exit %d, %d lines", code, out.lines)
				}
				debug.SetGCPercent(100)
				debug.SetMemoryLimit(1 << 62)
			}
			cputime.Report(b, start)
		})
	}
}
