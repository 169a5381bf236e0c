package urc

import (
	"io"
	"strings"
	"testing"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

// FuzzReader checks that no input makes the reader panic or loop, and that
// every record it returns is one the catalogue accepts, with no control
// characters or escape sequences in its text.
func FuzzReader(f *testing.F) {
	f.Add(simpleExample)
	f.Add(complexExample)
	f.Add("<http://www.kth.se/;Author/Text/Plain/charset:SEN_850200_B=Olle J{rnefors;>")
	f.Add("<http/ISO-8859-1://e.org/r\xE4ka;Title/sv.Text/Plain=x;>junk<http://e.org/a>")
	f.Add("<BEGIN*;BEGIN*;http://e.org/%;%%;END*;Title=%1B%zz;")
	f.Fuzz(func(t *testing.T, input string) {
		r := NewReader(strings.NewReader(input), importers.Options{Now: now})
		for i := 0; ; i++ {
			if i > len(input)+1 {
				t.Fatal("more records than bytes: the reader does not advance")
			}
			rec, err := r.Read()
			for _, d := range r.Diagnostics() {
				if d.Line <= 0 {
					t.Errorf("diagnostic without a line: %+v", d)
				}
			}
			if err == io.EOF {
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			importertest.CheckRecord(t, rec, true)
		}
	})
}
