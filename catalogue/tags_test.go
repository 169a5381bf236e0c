package catalogue

import (
	"slices"
	"testing"
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
		got := SplitTags(tt.value)
		if !slices.Equal(got, tt.tags) {
			t.Errorf("SplitTags(%q) = %q, want %q", tt.value, got, tt.tags)
		}
		if j := JoinTags(got); j != tt.join {
			t.Errorf("JoinTags(%q) = %q, want %q", got, j, tt.join)
		}
	}
}
