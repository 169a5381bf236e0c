package soif

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
)

// FuzzReader checks that no input makes the reader panic or stall, that
// every record it returns is one the catalogue accepts with no control
// characters or escape sequences in its text, and that every diagnostic
// points inside the input.
func FuzzReader(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/*.soif")
	more, _ := filepath.Glob(filepath.Join(samples, "*"))
	for _, p := range append(seeds, more...) {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(string(b))
		}
	}
	f.Add("@FILE { -\nIDENTIFIER{9}:\thttp://a/\nAuthor-2{1}:\tb\nAuthor-1{1}:\ta\n}\n")
	f.Add("@FILE { http://a/\nFull-Text{99999999999}:\tx\n}\n@FILE { http://b/\n}")
	f.Add("@FILE { http://a/\nTitle{3}:\tabcdef\n}\n@FILE { http://b/\nTitle{50}:\tb\n}\n@X{ c:d\n}")
	f.Add("junk @FILE{http://a/ Title{2}:\tA\n\x1b[31m{9}:\t\x00\xff}")
	f.Add("@DOCUMENT { http://a/\nLast-Modified{29}:\tMon, 06 Nov 1994 08:49:37 JST\nLanguage{3}:\tdeu\n}")
	f.Fuzz(func(t *testing.T, input string) {
		r := NewReader(strings.NewReader(input), importers.Options{Now: now})
		for i := 0; ; i++ {
			// An object takes at least 4 bytes ("@X{}"): more records than
			// that means the reader does not advance.
			if i > len(input)/4+1 {
				t.Fatal("more records than the input can hold")
			}
			rec, err := r.Read()
			for _, d := range r.Diagnostics() {
				if d.Line != 0 || d.Offset < 0 || d.Offset > int64(len(input)) {
					t.Errorf("diagnostic outside the input (%d bytes): %+v", len(input), d)
				}
				importertest.CheckText(t, "diagnostic", d.Msg, false)
			}
			if err == io.EOF {
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			importertest.CheckRecord(t, rec, false)
		}
	})
}
