package main

import (
	"strings"
	"testing"
)

// Issue 24: an edit of a catalogue whose lines end in LF alone wrote its
// new lines with CRLF, mixing the two. The file keeps one kind of line
// break: LF in a file that is all LF (rewriting every line of it would
// change every byte's line; check still warns, SSD3 2.1.2 asks for CRLF),
// CRLF in any other, as SSD3 asks.
func TestEditKeepsLineBreaks(t *testing.T) {
	t.Parallel()
	const lf = "URI: http://a/\nNAME: A\nDATE: 31/10/2007 19:03:34\n\nURI: http://b/\nNAME: B\nDATE: 31/10/2007 19:03:34\n"
	crlf := strings.ReplaceAll(lf, "\n", "\r\n")
	// One CRLF line among LF ones: not an LF file, so new lines are CRLF.
	mixed := strings.Replace(lf, "NAME: A\n", "NAME: A\r\n", 1)
	edits := [][]string{
		{"add", "http://c/", "--name", "C", "--tags", "x"},
		{"set", "http://a/", "--name", "AA"},
		{"rm", "http://b/"},
		{"rm", "http://a/"},
	}
	tests := []struct {
		name, file string
		want       string // the line break of every line written
	}{
		{"LF", lf, "\n"},
		{"LF, no line break at the end", strings.TrimSuffix(lf, "\n"), "\n"},
		{"CRLF", crlf, "\r\n"},
		{"mixed", mixed, "\r\n"},
	}
	for _, tt := range tests {
		for _, edit := range edits {
			t.Run(tt.name+"/"+edit[0]+" "+edit[1], func(t *testing.T) {
				path := writeCatalogue(t, tt.file)
				if code, _, errs := uricat(t, append([]string{"--catalogue", path}, edit...)...); code != 0 {
					t.Fatalf("exit %d: %s", code, errs)
				}
				got := string(mustRead(t, path))
				for i, line := range strings.SplitAfter(got, "\n") {
					if line == "" || strings.Contains(tt.file, line) {
						continue // a line of the file as it was, with its break
					}
					if !strings.HasSuffix(line, tt.want) || tt.want == "\n" && strings.HasSuffix(line, "\r\n") {
						t.Fatalf("line %d is %q, want it to end in %q:\n%q", i+1, line, tt.want, got)
					}
				}
			})
		}
	}
}
