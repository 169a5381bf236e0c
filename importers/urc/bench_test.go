package urc

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/internal/cputime"
)

// bigFile generates n citations in the manner of the proposal's examples:
// some with groups and several URLs, some with a translated title.
func bigFile(n int) (data string, urls int) {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i%5 == 0 {
			fmt.Fprintf(&b, "<URN:IANA:0::drafts:%d;\nAuthor=Author %d;\nTitle=Document number %d;\nBEGIN * Current;\nVersion=1;\nContent-type=Text/Plain;\nCharset=US-ASCII;\n"+
				"ftp://ftp.example.org/drafts/doc-%d-01.txt;\nEND * Current;\nBEGIN * Older;\nVersion=0;\nftp://ftp.example.org/drafts/doc-%d-00.txt;\nEND * Older;\nFragment=Section:Abstract;>\n\n", i, i, i, i, i)
			urls += 2
			continue
		}
		fmt.Fprintf(&b, "<http://www.example.org/pages/%d.html;\nAuthor=Writer %d;\nTitle=Page %d about things%%; and more;\n"+
			"Title.sv/Text/Plain/charset:SEN_850200_B=Sida %d om saker och ting p} svenska;\nLanguage=en;\nVersion=%d;>\n\n", i, i%100, i, i, i%7)
		urls++
	}
	return b.String(), urls
}

// BenchmarkRead reads 100,000 citations.
func BenchmarkRead(b *testing.B) {
	data, urls := bigFile(100_000)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	cpu := cputime.Used()
	for b.Loop() {
		r := NewReader(strings.NewReader(data), importers.Options{Now: now})
		n := 0
		for {
			_, err := r.Read()
			r.Diagnostics()
			if err == io.EOF {
				break
			}
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
		if n != urls {
			b.Fatalf("read %d records, want %d", n, urls)
		}
	}
	cputime.Report(b, cpu)
}
