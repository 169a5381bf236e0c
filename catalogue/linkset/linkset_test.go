package linkset

import (
	"slices"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue"
	"github.com/uricat/uricat/catalogue/ssd3"
	"github.com/uricat/uricat/internal/linkcheck"
)

// records reads text as a catalogue and returns its records.
func records(t *testing.T, uris ...string) []*ssd3.Record {
	t.Helper()
	var b strings.Builder
	for _, u := range uris {
		b.WriteString("URI: " + u + "\r\nNAME: n\r\nDATE: 01/02/2024 10:00:00\r\n\r\n")
	}
	c, err := catalogue.Read(strings.NewReader(b.String()))
	if err != nil {
		t.Fatal(err)
	}
	return c.Records()
}

// TestSelect: each http and https link once, in order, with every record
// that has it; other schemes counted; fresh links left out but kept by
// URI, so that a result still names their records.
func TestSelect(t *testing.T) {
	t.Parallel()
	recs := records(t, "https://a.example/", "ftp://f.example/x", "https://b.example/", "https://a.example/", "mailto:x@example.org")
	tests := []struct {
		name      string
		fresh     func(string) bool
		uris      []string
		fresh2    int
		other     int
		recordsOf map[string]int
	}{
		{"all", nil, []string{"https://a.example/", "https://b.example/"}, 0, 2,
			map[string]int{"https://a.example/": 2, "https://b.example/": 1}},
		{"fresh left out", func(u string) bool { return u == "https://a.example/" }, []string{"https://b.example/"}, 1, 2,
			map[string]int{"https://a.example/": 2, "https://b.example/": 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := Select(recs, tt.fresh)
			if !slices.Equal(s.URIs, tt.uris) || s.Fresh != tt.fresh2 || s.Other != tt.other {
				t.Errorf("Select = %q fresh %d other %d, want %q fresh %d other %d", s.URIs, s.Fresh, s.Other, tt.uris, tt.fresh2, tt.other)
			}
			for u, n := range tt.recordsOf {
				if len(s.ByURI[u]) != n {
					t.Errorf("ByURI[%s] has %d records, want %d", u, len(s.ByURI[u]), n)
				}
			}
		})
	}
}

// TestChecked: the summary both the CLI and the TUI print.
func TestChecked(t *testing.T) {
	t.Parallel()
	got := Checked(3, map[linkcheck.Status]int{linkcheck.OK: 1, linkcheck.Dead: 2})
	if want := "checked 3 links: 1 ok, 0 moved, 2 dead, 0 unknown"; got != want {
		t.Errorf("Checked = %q, want %q", got, want)
	}
}
