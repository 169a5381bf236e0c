package catalogue

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/cputime"
)

// Generate writes a realistic catalogue of n records: about 250 bytes each,
// like a browser's bookmarks, with every standard field in use, some
// encoded-words and X- fields.
func generate(n int) string {
	rng := rand.New(rand.NewPCG(1, 2))
	words := strings.Fields("go rust terminal bookmark manager search engine news recipe bread music jazz " +
		"linux kernel release notes travel guide lisbon tokyo paper review database index fast small tool " +
		"library documentation tutorial video lecture physics history garden weather")
	cats := []string{"Programming", "Programming/Go", "News", "Cooking", "Music", "Travel", "Science", "Reading list", "Tools"}
	langs := []string{"en", "en-gb", "en-us", "de", "fr", "ja", "pt-br"}
	types := []string{"text/html", "text/plain", "application/pdf", "video/mp4"}
	phrase := func(k int) string {
		ws := make([]string, k)
		for i := range ws {
			ws[i] = words[rng.IntN(len(words))]
		}
		return strings.Join(ws, " ")
	}
	var b strings.Builder
	b.Grow(n * 260)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString("\r\n")
		}
		fmt.Fprintf(&b, "URI: https://www.example-%d.org/%s/%d.html\r\n", rng.IntN(5000), strings.ReplaceAll(phrase(2), " ", "-"), i)
		name := strings.ToUpper(phrase(1)[:1]) + phrase(4)
		if i%50 == 0 {
			name = ssd3.EncodeText("Café " + name)
		}
		fmt.Fprintf(&b, "NAME: %s\r\nID: %d\r\n", name, i+1)
		fmt.Fprintf(&b, "DATE: %02d/%02d/%04d %02d:%02d:%02d\r\n", 1+rng.IntN(28), 1+rng.IntN(12), 1998+rng.IntN(28), rng.IntN(24), rng.IntN(60), rng.IntN(60))
		fmt.Fprintf(&b, "CATEGORY: %s\r\n", cats[rng.IntN(len(cats))])
		fmt.Fprintf(&b, "DESCRIPTION: %s\r\n", phrase(10+rng.IntN(8)))
		if rng.IntN(3) > 0 {
			fmt.Fprintf(&b, "RATING: %d\r\n", 1+rng.IntN(5))
		}
		fmt.Fprintf(&b, "LANGUAGE: %s\r\nTYPE: %s\r\n", langs[rng.IntN(len(langs))], types[rng.IntN(len(types))])
		if i%10 == 0 {
			fmt.Fprintf(&b, "X-TAGS: %s\r\n", strings.ReplaceAll(phrase(3), " ", ", "))
		}
	}
	return b.String()
}

var sizes = []struct {
	name string
	n    int
}{{"10k", 10_000}, {"100k", 100_000}, {"1M", 1_000_000}}

// benchFile writes a generated catalogue of n records to a temporary file.
func benchFile(b *testing.B, n int) (string, int64) {
	b.Helper()
	path := filepath.Join(b.TempDir(), "bench.uricat")
	data := generate(n)
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		b.Fatal(err)
	}
	return path, int64(len(data))
}

// BenchmarkLoad opens (reads, parses and validates) a catalogue file, and
// reports the heap it keeps as a multiple of the file's size.
func BenchmarkLoad(b *testing.B) {
	benchOpen(b, func(path string) (*Catalogue, error) { return Open(path) }, func(b *testing.B, c *Catalogue, size int64) {
		b.ReportMetric(heapRatio(size, func() any { return c }), "heap/file")
	})
}

// BenchmarkOpenReadOnly reads a catalogue file for a command that looks
// at it once (list, export --search): the records keep the file's text,
// unpacked. Its heap is not reported: it counts the room before each read
// buffer's huge-page boundary (see readBuffer), address space that is
// never touched.
func BenchmarkOpenReadOnly(b *testing.B) {
	benchOpen(b, func(path string) (*Catalogue, error) { return Open(path, LookOnly()) }, nil)
}

// benchOpen times open on a generated catalogue file of each size, checks
// that the last reading holds every record and no problem, and then calls
// report (when not nil) with it.
func benchOpen[C interface {
	Valid() []*ssd3.Record
	Problems() []ssd3.Diagnostic
}](b *testing.B, open func(string) (C, error), report func(b *testing.B, c C, size int64)) {
	for _, s := range sizes {
		b.Run(s.name, func(b *testing.B) {
			path, size := benchFile(b, s.n)
			b.SetBytes(size)
			b.ResetTimer()
			start := cputime.Used()
			var c C
			for i := 0; i < b.N; i++ {
				var err error
				if c, err = open(path); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			cputime.Report(b, start)
			if len(c.Valid()) != s.n || len(c.Problems()) != 0 {
				b.Fatalf("%d valid of %d, problems %v", len(c.Valid()), s.n, c.Problems()[:1])
			}
			if report != nil {
				report(b, c, size)
			}
		})
	}
}

// heapRatio returns the live heap (after a collection) over size, while
// keep's result is still reachable.
func heapRatio(size int64, keep func() any) float64 {
	c := keep()
	c2 := c
	c = nil
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	runtime.KeepAlive(c2)
	return float64(m.HeapAlloc) / float64(size)
}

// BenchmarkSave writes a loaded catalogue back to its file, durably: write,
// fsync, rename, fsync of the directory.
func BenchmarkSave(b *testing.B) {
	for _, s := range sizes {
		b.Run(s.name, func(b *testing.B) {
			path, size := benchFile(b, s.n)
			c, err := Open(path)
			if err != nil {
				b.Fatal(err)
			}
			b.SetBytes(size)
			b.ResetTimer()
			start := cputime.Used()
			for i := 0; i < b.N; i++ {
				if err := c.Save(); err != nil {
					b.Fatal(err)
				}
			}
			cputime.Report(b, start)
		})
	}
}

// BenchmarkRateAndSave is the TUI's commonest change: one record rated,
// then saved durably (BeginSave, Commit).
func BenchmarkRateAndSave(b *testing.B) {
	for _, s := range sizes {
		b.Run(s.name, func(b *testing.B) {
			path, _ := benchFile(b, s.n)
			c, err := Open(path)
			if err != nil {
				b.Fatal(err)
			}
			ref := c.Records()[s.n/2].Ref()
			b.ResetTimer()
			start := cputime.Used()
			for i := 0; i < b.N; i++ {
				if _, err := c.Apply(Set{Ref: ref, Fields: []ssd3.Field{{Name: ssd3.FieldRating, Value: fmt.Sprint(1 + i%5)}}}); err != nil {
					b.Fatal(err)
				}
				if err := c.Save(); err != nil {
					b.Fatal(err)
				}
			}
			cputime.Report(b, start)
		})
	}
}

// BenchmarkUndoRedoImport undoes and redoes an import as large as the
// catalogue it went into: one step each, in time proportional to the batch.
// "followed" takes the catalogue as having taken in another program's
// version before each (as a Rebase does), so that undo and redo compare
// every record with the version the step left.
func BenchmarkUndoRedoImport(b *testing.B) {
	for _, s := range sizes[:2] {
		for _, followed := range []bool{false, true} {
			name := s.name
			if followed {
				name += "/followed"
			}
			b.Run(name, func(b *testing.B) { benchUndoRedoImport(b, s.n, followed) })
		}
	}
}

func benchUndoRedoImport(b *testing.B, n int, followed bool) {
	c, err := Read(strings.NewReader(generate(n)))
	if err != nil {
		b.Fatal(err)
	}
	imported, err := Read(strings.NewReader(strings.NewReplacer("URI: http", "URI: imported+http", "\nID: ", "\nX-OLD-ID: ").Replace(generate(n))))
	if err != nil {
		b.Fatal(err)
	}
	var h History
	if err := h.apply(c, Add{Records: imported.Valid()}, "import"); err != nil {
		b.Fatal(err)
	}
	if c.Len() != 2*n {
		b.Fatalf("%d records after the import", c.Len())
	}
	b.ResetTimer()
	start := cputime.Used()
	for i := 0; i < b.N; i++ {
		for _, do := range []func(*Catalogue) (Step, error){h.Undo, h.Redo} {
			if followed {
				c.rebased++
			}
			if st, err := do(c); err != nil || len(st.kept) != 0 {
				b.Fatal(err, st.kept)
			}
		}
	}
	cputime.Report(b, start)
	if c.Len() != 2*n {
		b.Fatalf("%d records after undo and redo", c.Len())
	}
}
