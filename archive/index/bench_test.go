package index

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/archive"
	"github.com/uricat/uricat/catalogue/query"
	"github.com/uricat/uricat/internal/cputime"
)

// The generated archives of the benchmarks: pages of random text in
// several languages and scripts, words drawn from a vocabulary per
// language with a Zipf distribution, as words are in real text.

// syllables of each language, from which its words are made.
var syllables = [][]string{
	{"the", "an", "ing", "tion", "er", "ly", "pro", "con", "st", "ow", "ea", "ch", "th", "ar", "ment"},
	{"der", "ün", "sch", "ö", "ä", "ung", "ein", "ge", "lich", "ß", "keit", "ber", "au", "ei", "zu"},
	{"é", "ou", "ai", "ç", "eau", "è", "qu", "ment", "on", "es", "ê", "oi", "re", "la", "tion"},
	{"при", "ва", "ни", "ст", "ов", "ть", "ко", "ра", "ие", "зд", "ло", "ный", "ка", "не", "то"},
	{"東", "京", "大", "学", "中", "文", "日", "本", "語", "国", "人", "時", "間", "天", "気"},
	{"の", "に", "は", "を", "た", "し", "て", "い", "る", "カ", "タ", "ナ", "ー", "ス", "ト"},
}

// vocabulary is a language's words, most frequent first.
type vocabulary struct {
	words []string
	cjk   bool
	zipf  *rand.Zipf
}

func newVocabularies(r *rand.Rand) []vocabulary {
	var vs []vocabulary
	for lang, syl := range syllables {
		v := vocabulary{cjk: lang >= 4}
		seen := map[string]bool{}
		for len(v.words) < 3000 {
			var b strings.Builder
			for range 1 + r.IntN(3) {
				b.WriteString(syl[r.IntN(len(syl))])
			}
			if w := b.String(); !seen[w] {
				seen[w] = true
				v.words = append(v.words, w)
			}
		}
		v.zipf = rand.NewZipf(r, 1.1, 2, uint64(len(v.words)-1))
		vs = append(vs, v)
	}
	return vs
}

// genPage returns a page of about size bytes, mostly in one language.
func genPage(r *rand.Rand, vs []vocabulary, size int) string {
	lang := r.IntN(len(vs))
	var b strings.Builder
	for b.Len() < size {
		v := &vs[lang]
		if r.IntN(10) == 0 {
			v = &vs[r.IntN(len(vs))]
		}
		for range 5 + r.IntN(10) {
			b.WriteString(v.words[v.zipf.Uint64()])
			if !v.cjk {
				b.WriteByte(' ')
			}
		}
		b.WriteString(". ")
		if r.IntN(6) == 0 {
			b.WriteString("\n\n")
		}
	}
	return b.String()
}

// genArchive writes n generated pages to a store in dir, and returns it
// with the URIs of its pages and the archived text's size in bytes.
func genArchive(tb testing.TB, dir string, n int) (*archive.Store, []string, int64) {
	tb.Helper()
	s, err := archive.Open(dir)
	if err != nil {
		tb.Fatal(err)
	}
	r := rand.New(rand.NewPCG(1, 2))
	vs := newVocabularies(r)
	var uris []string
	var size int64
	for i := range n {
		uri := fmt.Sprintf("https://host%d.example/page/%d", i%997, i)
		text := genPage(r, vs, 1000+r.IntN(6000))
		p := &archive.Page{URI: uri, Status: 200, ContentType: "text/html", Title: fmt.Sprintf("Page %d", i),
			Fetched: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC), Text: text}
		if err := s.Put(p); err != nil {
			tb.Fatal(err)
		}
		uris = append(uris, uri)
		size += int64(len(text))
	}
	return s, uris, size
}

// TestGenerateArchive writes a generated archive and a catalogue of its
// pages, for timing the uricat binary: URICAT_GEN_ARCHIVE=DIR and
// URICAT_GEN_PAGES=N (10000 unless set). It does nothing without them.
func TestGenerateArchive(t *testing.T) {
	dir := os.Getenv("URICAT_GEN_ARCHIVE")
	if dir == "" {
		t.Skip("URICAT_GEN_ARCHIVE not set: no archive to generate")
	}
	n := 10000
	if v, err := strconv.Atoi(os.Getenv("URICAT_GEN_PAGES")); err == nil {
		n = v
	}
	_, uris, size := genArchive(t, filepath.Join(dir, "archive"), n)
	var b strings.Builder
	for i, uri := range uris {
		fmt.Fprintf(&b, "URI: %s\r\nNAME: Page %d\r\nDATE: 01/02/2024 10:00:00\r\n\r\n", uri, i)
	}
	if err := os.WriteFile(filepath.Join(dir, "catalogue.uri"), []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d pages, %d bytes of text", n, size)
}

// benchIndex is an index of n generated pages, built once for every
// benchmark that uses it.
func benchIndex(b *testing.B, n int) (*Index, *archive.Store, int64) {
	b.Helper()
	s, _, size := genArchive(b, filepath.Join(b.TempDir(), "archive"), n)
	ix, err := OpenAt(filepath.Join(b.TempDir(), "index.db"), s)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { ix.Close() })
	return ix, s, size
}

// BenchmarkLookup: the index's answer to a text: term of a rare word, a
// common one, a phrase, a CJK word and a word's first letters (as one
// types), over 10,000 pages; and the index's size against the text's.
func BenchmarkLookup(b *testing.B) {
	ix, _, size := benchIndex(b, 10000)
	if fi, err := os.Stat(ix.path); err == nil {
		b.ReportMetric(float64(fi.Size())/float64(size), "index/text")
	}
	r := rand.New(rand.NewPCG(1, 2))
	vs := newVocabularies(r)
	for _, tc := range []struct{ name, term string }{
		{"rare", vs[0].words[2900]}, {"common", vs[1].words[3]}, {"phrase", vs[0].words[1] + " " + vs[0].words[2]},
		{"cjk", vs[4].words[40]}, {"prefix", vs[2].words[10][:1]},
	} {
		b.Run(tc.name, func(b *testing.B) {
			var hits int
			for b.Loop() {
				m, err := ix.Lookup(query.TextTerm{Text: query.Fold(tc.term)})
				if err != nil {
					b.Fatal(err)
				}
				hits = len(m)
			}
			b.ReportMetric(float64(hits), "pages")
		})
	}
}

// BenchmarkRebuild: a full reindex of 10,000 pages.
func BenchmarkRebuild(b *testing.B) {
	ix, s, _ := benchIndex(b, 10000)
	cpu := cputime.Used()
	for b.Loop() {
		if err := ix.Rebuild(s); err != nil {
			b.Fatal(err)
		}
	}
	// The machine may be shared: the CPU time tells what a reindex
	// costs where the wall clock tells what else ran.
	cputime.Report(b, cpu)
}
