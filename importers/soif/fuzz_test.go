package soif

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/importers"
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
				checkText(t, "diagnostic", d.Msg, false)
			}
			if err == io.EOF {
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			checkRecord(t, rec)
		}
	})
}

// checkRecord fails t if the catalogue would reject rec, or if its text
// holds what must never reach a terminal.
func checkRecord(t *testing.T, rec *catalogue.Record) {
	t.Helper()
	if ps := rec.Validate(); len(ps) > 0 {
		t.Fatalf("record %q does not validate: %v", rec.URI, ps)
	}
	checkText(t, "URI", rec.URI, false)
	checkText(t, "NAME", rec.Name, false)
	checkText(t, "CATEGORY", rec.Category, false)
	checkText(t, "DESCRIPTION", rec.Description, true)
	checkText(t, "LANGUAGE", rec.Language, false)
	checkText(t, "TYPE", rec.Type, false)
	for _, e := range rec.Extensions {
		checkText(t, e.Name, e.Value, false)
	}
}

// checkText fails t if s holds a control character (or ESC), other than
// line breaks and tabs where multiline says the field may hold them.
func checkText(t *testing.T, field, s string, multiline bool) {
	t.Helper()
	for _, c := range s {
		if multiline && (c == '\n' || c == '\t') {
			continue
		}
		if unicode.IsControl(c) || c == 0x1b {
			t.Fatalf("%s %q holds the control character %U", field, s, c)
		}
	}
}
