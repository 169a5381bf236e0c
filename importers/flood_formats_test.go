package importers_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/uricat/uricat/importers"
	"github.com/uricat/uricat/importers/httpindex"
	"github.com/uricat/uricat/importers/urc"
)

// The floods issue 10 found, through the import as the CLI and the TUI run
// it: each prints a handful of lines, however large the flood.
func TestFloodsOfRealReaders(t *testing.T) {
	tests := []struct {
		name, in string
		format   importers.Format
		want     string // the "and N more" line
	}{
		{
			// It printed 500,000 lines.
			name:   "an http-index listing with 500,000 repeated column names",
			in:     "300: ftp://example.org/pub/\n200: filename " + strings.Repeat("x ", 500_001) + "\n201: a\n",
			format: httpindex.Format,
			want:   `2: deviation: and 499995 more like this, the last at line 2`,
		},
		{
			// It printed 9,999.
			name:   "a URC citation with 100,000 nested groups",
			in:     "<Title=T;" + strings.Repeat("BEGIN*;", 100_000) + "http://example.org/a;>",
			format: urc.Format,
			// maxElements (10,000) cuts the citation; of those, all past
			// maxDepth (100) are reported, 9,899: five are shown.
			want: `1: deviation: and 9894 more like this, the last at line 1`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := importers.NewPlan(false).Read(context.Background(), tt.format, strings.NewReader(tt.in),
				importers.ReadConfig{Source: "f", Options: importers.Options{Now: time.Now()}})
			if err != nil {
				t.Fatal(err)
			}
			if len(s.Diagnostics) > 20 {
				t.Errorf("%d diagnostics; a flood must be summarised", len(s.Diagnostics))
			}
			var lines []string
			found := false
			for _, d := range s.Diagnostics {
				line := d.In("f").String()
				lines = append(lines, line)
				found = found || strings.HasPrefix(line, "f:"+tt.want) && strings.Contains(line, "more like this")
			}
			if !found {
				t.Errorf("no line %q among:\n%s", tt.want, strings.Join(lines, "\n"))
			}
		})
	}
}
