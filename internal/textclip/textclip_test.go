package textclip

import (
	"testing"
	"unicode/utf8"
)

func TestClip(t *testing.T) {
	tests := []struct {
		in   string
		n    int
		want string
	}{
		{"", 10, ""},
		{"short", 10, "short"},
		{"exactly10!", 10, "exactly10!"},
		{"eleven byte", 10, "eleven ..."},
		// Characters, not bytes: nine runes of three bytes each fit in 10.
		{"日本語日本語日本語", 10, "日本語日本語日本語"},
		{"日本語日本語日本語日本語", 10, "日本語日本語日..."},
		// Never inside a character.
		{"aé" + "bcdefghijk", 4, "a..."},
		{"abcdef", 2, "..."},
	}
	for _, tt := range tests {
		got := Clip(tt.in, tt.n)
		if got != tt.want {
			t.Errorf("Clip(%q, %d) = %q, want %q", tt.in, tt.n, got, tt.want)
		}
		if !utf8.ValidString(got) {
			t.Errorf("Clip(%q, %d) = %q: not valid UTF-8", tt.in, tt.n, got)
		}
	}
}

func FuzzClip(f *testing.F) {
	f.Add("日本語日本語日本語日本語", 10)
	f.Fuzz(func(t *testing.T, s string, n int) {
		n = n%100 + 4
		if n < 4 {
			n += 100
		}
		got := Clip(s, n)
		if utf8.RuneCountInString(got) > n && got != s {
			t.Fatalf("Clip(%q, %d) = %q: longer than %d characters", s, n, got, n)
		}
		if got != s && (len(got) < len(Ellipsis) || got[len(got)-len(Ellipsis):] != Ellipsis) {
			t.Fatalf("Clip(%q, %d) = %q: cut without saying so", s, n, got)
		}
		if utf8.ValidString(s) && !utf8.ValidString(got) {
			t.Fatalf("Clip(%q, %d) = %q: cut inside a character", s, n, got)
		}
		if utf8.RuneCountInString(s) <= n && got != s {
			t.Fatalf("Clip(%q, %d) = %q: cut text that fits", s, n, got)
		}
	})
}
