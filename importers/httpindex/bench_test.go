package httpindex

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/internal/cputime"
)

// bigListing generates a listing of n rows in Mozilla's form.
func bigListing(n int) string {
	var b strings.Builder
	b.WriteString("300: ftp://ftp.example.org/pub/mirror/\n200: filename content-length last-modified file-type\n")
	for i := 0; i < n; i++ {
		kind := "FILE"
		if i%10 == 0 {
			kind = "DIRECTORY"
		}
		fmt.Fprintf(&b, "201: \"file%%20number%%20%d.tar.gz\" %d Sat%%2C%%20%02d%%20Jan%%202000%%20%02d%%3A00%%3A00%%20GMT %s \n",
			i, i*37, 1+i%28, i%24, kind)
	}
	return b.String()
}

// BenchmarkRead reads a 100,000-row listing.
func BenchmarkRead(b *testing.B) {
	data := bigListing(100_000)
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
		if n != 100_000 {
			b.Fatalf("read %d records", n)
		}
	}
	cputime.Report(b, cpu)
}
