package ssd3

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

func TestCategoryNames(t *testing.T) {
	for _, cat := range []string{"", "Go", "a/b/c", `News\/Politics/UK`, `a\\/b`, "a//b/", `C:\dir/x`} {
		var paths, names []string
		for p, n := range CategoryNames(cat) {
			paths, names = append(paths, p), append(names, n)
		}
		if !slices.Equal(names, SplitCategory(cat)) {
			t.Errorf("CategoryNames(%q) names %q, want %q", cat, names, SplitCategory(cat))
		}
		for i, p := range paths {
			if !slices.Equal(SplitCategory(p), names[:i+1]) {
				t.Errorf("CategoryNames(%q) path %q, want the path of %q", cat, p, names[:i+1])
			}
		}
	}
}

func TestCanonicalCategory(t *testing.T) {
	for cat, want := range map[string]string{
		"Go/Tools":       "Go/Tools",
		`a\b/c`:          `a\b/c`,
		`a\\b/c`:         `a\b/c`, // an escape that needs none
		`News\/Politics`: `News\/Politics`,
		"a//b":           "a//b",
		`x\\`:            `x\\`,
	} {
		if got := CanonicalCategory(cat); got != want {
			t.Errorf("CanonicalCategory(%q) = %q, want %q", cat, got, want)
		}
		if !slices.Equal(SplitCategory(CanonicalCategory(cat)), SplitCategory(cat)) {
			t.Errorf("CanonicalCategory(%q) changed its names", cat)
		}
	}
}
