package gitsync

import (
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue"
)

// FuzzMarkerLines checks MarkerLines against the catalogue's reader: a
// line it takes for git's marker is one the reader reports a problem on
// (it is no SSD3 line), so that the sync refuses nothing a catalogue may
// hold.
func FuzzMarkerLines(f *testing.F) {
	f.Add(start)
	f.Add("URI: https://go.dev/\r\n<<<<<<< HEAD\r\nNAME: A\r\n=======\r\nNAME: B\r\n>>>>>>> origin/main\r\n")
	f.Add("NAME: =======\n||||||| base\n\n>>>>>>>\n")
	f.Fuzz(func(t *testing.T, text string) {
		lines := MarkerLines([]byte(text))
		if len(lines) == 0 {
			return
		}
		c, err := catalogue.Read(strings.NewReader(text))
		if err != nil {
			return
		}
		reported := map[int]bool{}
		for _, p := range c.Problems() {
			reported[p.Line] = true
		}
		for _, n := range lines {
			if !reported[n] {
				t.Errorf("line %d is a marker to MarkerLines, a line the reader takes as it is; problems %v", n, c.Problems())
			}
		}
	})
}
