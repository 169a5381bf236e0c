package catalogue

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/uricat/uricat/catalogue/ssd3"
)

func TestTags(t *testing.T) {
	tests := []struct {
		value string
		tags  []string
		join  string
	}{
		{"", nil, ""},
		{"go", []string{"go"}, "go"},
		{"a,b", []string{"a", "b"}, "a, b"},
		{" a , b,, ,c ", []string{"a", "b", "c"}, "a, b, c"},
		{"two words, x", []string{"two words", "x"}, "two words, x"},
	}
	for _, tt := range tests {
		got := ssd3.SplitTags(tt.value)
		if !slices.Equal(got, tt.tags) {
			t.Errorf("SplitTags(%q) = %q, want %q", tt.value, got, tt.tags)
		}
		if j := ssd3.JoinTags(got); j != tt.join {
			t.Errorf("JoinTags(%q) = %q, want %q", got, j, tt.join)
		}
	}
}

// An X- field named as one uricat knows but for its case is a field of its
// own (SSD3 2.1.3): the record is used, the catalogue conforms, and a
// warning says why its tags are not tags. The file is kept as it was.
func TestMiscasedExtensionWarns(t *testing.T) {
	const head = "URI: http://example.com/\r\nNAME: Example\r\nDATE: 31/10/2007 19:03:34\r\n"
	tests := []struct {
		field string
		want  string // substring of the one warning; "" for none
	}{
		{"X-Tags: go, tui", "X-Tags is not X-TAGS"},
		{"X-tags: go", "rename it X-TAGS"},
		{"X-Added: 31/10/2007 19:03:34", "X-Added is not X-ADDED"},
		{"X-TAGS: go", ""},
		{"X-Tagged: go", ""},
		{"X-Note: go", ""},
	}
	for _, tt := range tests {
		t.Run(tt.field, func(t *testing.T) {
			in := head + tt.field + "\r\n"
			c := mustRead(t, in)
			r := c.Records()[0]
			if !r.Valid() {
				t.Fatalf("record not used: %v", r.Problems())
			}
			ps := c.Problems()
			if tt.want == "" {
				if len(ps) > 0 {
					t.Errorf("unexpected problems %v", ps)
				}
				return
			}
			if len(ps) != 1 || ps[0].Kind != ssd3.Warning || ps[0].Line != 4 || !strings.Contains(ps[0].Msg, tt.want) {
				t.Fatalf("problems %v, want one warning at line 4 containing %q", ps, tt.want)
			}
			var out bytes.Buffer
			c.WriteTo(&out)
			if out.String() != in {
				t.Errorf("not written back verbatim: %q", out.String())
			}
		})
	}
}
