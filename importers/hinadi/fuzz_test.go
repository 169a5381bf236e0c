package hinadi

import (
	"io"
	"strings"
	"testing"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/importertest"
	"github.com/uricat/uricat/internal/lines"
)

// FuzzReader checks that no input makes the reader panic or stall, that
// every record it returns is one the catalogue accepts with no control
// characters or escape sequences in its text, and that every diagnostic
// names a line of the input.
func FuzzReader(f *testing.F) {
	f.Add(file(header...) + file("URL: http://a.example/", "Title: t", "Keyword: a: b", "Last-Modified: Sun, 2 Dec 2001 03:04:05 GMT", ""))
	f.Add("HINA/2.1\nUser-Agent:\t\tWDB\nContent-Type: text/plain; charset=ISO-2022-JP\n\nURL: http://a/\nTitle: \x1b$B4A;z\x1b(B\n\nVirtual: http://b/\n")
	f.Add("HINA/2.2beta\r\nContent-Type: text/plain; charset=Shift_JIS\r\n\r\nurl: http://a/\r\nURL: http://b/\r\n\r\nVitural: x\r\nTitle: \x83\x65\r\n")
	f.Add("User-Agent: x\nURL: http://a/\nX-Foo:bar\nBad Line\n\n\n")
	f.Add("HINA/2.2beta\nContent-Type: text/plain; charset=UTF-8\nDate: Mon, 31 Feb 2001 25:00:00 XYZ\n\nURL: http://a/\nDate: Sun Dec  2 03:04:05 2001\n")
	f.Fuzz(func(t *testing.T, input string) {
		r := NewReader(strings.NewReader(input), importers.Options{Now: now})
		var count lines.Counter // CR LF, LF and CR alone each end a line
		count.Write([]byte(input))
		lines := count.Line()
		for i := 0; ; i++ {
			// A record needs a line of its own: more than that means the
			// reader does not advance.
			if i > lines+1 {
				t.Fatal("more records than lines")
			}
			rec, err := r.Read()
			for _, d := range r.Diagnostics() {
				if d.Line < 0 || d.Line > lines || d.Line == 0 && !strings.Contains(d.Msg, "input is empty") {
					t.Errorf("diagnostic outside the input's %d lines: %+v", lines, d)
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
