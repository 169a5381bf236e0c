package chromium

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/internal/cputime"
)

// bookmarksOf generates a Bookmarks file as Chrome writes it, of n
// bookmarks in folders of 50 under the bookmark bar, one in ten with
// meta_info.
func bookmarksOf(n int) []byte {
	var b bytes.Buffer
	b.WriteString("{\n   \"checksum\": \"0123456789abcdef0123456789abcdef\",\n   \"roots\": {\n      \"bookmark_bar\": {\n         \"children\": [ ")
	for i := range n {
		if i%50 == 0 {
			if i > 0 {
				fmt.Fprintf(&b, " ],\n            \"date_added\": \"13300000000000000\",\n            \"id\": \"f%d\",\n            \"name\": \"Folder %d\",\n            \"type\": \"folder\"\n         }, ", i, i/50)
			}
			b.WriteString("{\n            \"children\": [ ")
		} else {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "{\n               \"date_added\": \"%d\",\n               \"date_last_used\": \"0\",\n               \"guid\": \"00000000-0000-4000-a000-%012d\",\n               \"id\": \"%d\",\n", 13300000000000000+int64(i)*1e6, i, i)
		if i%10 == 0 {
			b.WriteString("               \"meta_info\": {\n                  \"power_bookmark_meta\": \"\"\n               },\n")
		}
		fmt.Fprintf(&b, "               \"name\": \"Article number %d – with some Unicode\",\n               \"type\": \"url\",\n               \"url\": \"https://site%d.example.com/articles/%d/some-title-here?ref=bookmarks\"\n            }", i, i%997, i)
	}
	b.WriteString(" ],\n            \"id\": \"last\",\n            \"name\": \"Last\",\n            \"type\": \"folder\"\n         } ],\n         \"id\": \"1\",\n         \"name\": \"Bookmarks bar\",\n         \"type\": \"folder\"\n      }\n   },\n   \"version\": 1\n}\n")
	return b.Bytes()
}

// BenchmarkImport imports a Bookmarks file of 100,000 bookmarks (about
// 40 MB) into an empty catalogue: the reader, the import plan and its
// Add, as `uricat import --from chrome` does before it saves.
func BenchmarkImport(b *testing.B) {
	data := bookmarksOf(100_000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	cpu := cputime.Used()
	for b.Loop() {
		c, err := catalogue.Read(strings.NewReader(""))
		if err != nil {
			b.Fatal(err)
		}
		s, err := importers.Import(c, Format, bytes.NewReader(data), importers.ReadConfig{Source: "Bookmarks", Options: importers.Options{Now: now}})
		if err != nil {
			b.Fatal(err)
		}
		if s.Imported != 100_000 {
			b.Fatalf("imported %d: %s", s.Imported, s)
		}
	}
	cputime.Report(b, cpu)
}
