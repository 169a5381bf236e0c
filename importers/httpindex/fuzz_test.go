package httpindex

import (
	"errors"
	"io"
	"net/url"
	"strings"
	"testing"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

// FuzzReader checks that no input makes the reader panic or loop, and that
// every record it returns is one the catalogue accepts, with no control
// characters or escape sequences in its text.
func FuzzReader(f *testing.F) {
	f.Add(specExample, "")
	f.Add("300: ftp://localhost/bug365133/\n200: filename content-length last-modified file-type\n201: \"a%20\" 0 Sat%2C%2001%20Jan%202000%2000%3A00%3A00%20GMT DIRECTORY \n", "")
	f.Add("200: description filename\r201: 'x' gopher://h/1/\r", "")
	f.Add("200: filename\n201: a\n", "http://base.example/d")
	f.Add("300: ..\n301: ISO-8859-1\n200: Filename Content-Type\n201: %FF text/html\n", "ftp://h/")
	f.Fuzz(func(t *testing.T, input, base string) {
		var opts importers.Options
		opts.Now = now
		if u, err := url.Parse(base); err == nil && base != "" {
			opts.Base = u
		}
		r := NewReader(strings.NewReader(input), opts)
		noBase := 0
		for i := 0; ; i++ {
			if i > len(input)+2 {
				t.Fatal("more reads than lines: the reader does not advance")
			}
			rec, err := r.Read()
			for _, d := range r.Diagnostics() {
				// Only a diagnostic about the options (a base URL that is
				// not absolute) has no line.
				if d.Line <= 0 && (opts.Base == nil || opts.Base.IsAbs()) {
					t.Errorf("diagnostic without a line: %+v", d)
				}
			}
			var nb *NoBaseError
			if errors.As(err, &nb) {
				if noBase++; noBase > 1 {
					t.Fatal("NoBaseError returned twice")
				}
				continue
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
