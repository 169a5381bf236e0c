package catalogue

import (
	"slices"
	"testing"
)

func TestSplitJoinCategory(t *testing.T) {
	for _, tt := range []struct {
		cat   string
		names []string
	}{
		{"", nil},
		{"Go", []string{"Go"}},
		{"Bookmarks Menu/Programming/Go", []string{"Bookmarks Menu", "Programming", "Go"}},
		{`News\/Politics/UK`, []string{"News/Politics", "UK"}},
		{`C:\dir`, []string{`C:\dir`}},
		{`a\\/b`, []string{`a\`, "b"}},
	} {
		if got := SplitCategory(tt.cat); !slices.Equal(got, tt.names) {
			t.Errorf("SplitCategory(%q) = %q, want %q", tt.cat, got, tt.names)
		}
		if got := JoinCategory(tt.names); got != tt.cat {
			t.Errorf("JoinCategory(%q) = %q, want %q", tt.names, got, tt.cat)
		}
	}
}

func TestRecategorised(t *testing.T) {
	for _, tt := range []struct {
		cat, from, to, want string
		moved               bool
	}{
		{"Programming", "Programming", "Code", "Code", true},
		{"Programming/Go/Tools", "Programming", "Code", "Code/Go/Tools", true},
		{"Programming/Go", "Programming/Go", "Go", "Go", true},
		{"Programming/Go/Tools", "Programming/Go", "", "Tools", true},
		{"Programmingx/Go", "Programming", "Code", "Programmingx/Go", false},
		{"Other/Programming", "Programming", "Code", "Other/Programming", false},
		{`Programming\/Go`, "Programming", "Code", `Programming\/Go`, false}, // one name "Programming/Go"
		{`News\/Politics/UK`, `News\/Politics`, "News", "News/UK", true},
		{`News\/Politics`, `News\/Politics`, "Politics", "Politics", true},
		{`News\/Politicsx`, `News\/Politics`, "Politics", `News\/Politicsx`, false},
		{"a/", "a", "b", "b/", true},
		{"", "Programming", "Code", "", false},
		{"Go", "", "Code", "Go", false},
	} {
		got, moved := Recategorised(tt.cat, tt.from, tt.to)
		if got != tt.want || moved != tt.moved {
			t.Errorf("Recategorised(%q, %q, %q) = %q, %v; want %q, %v", tt.cat, tt.from, tt.to, got, moved, tt.want, tt.moved)
		}
	}
}
