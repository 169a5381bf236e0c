package display

import (
	"testing"
	"unicode"
	"unicode/utf8"
)

func TestClean(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", "plain"},
		{"red \x1b[31mtext\x1b[0m", "red text"},
		{"title \x1b]0;pwned\x07!", "title !"},
		{"osc8 \x1b]8;;http://x\x1b\\link\x1b]8;;\x1b\\", "osc8 link"},
		{"bell\x07 nul\x00 del\x7f", "bell nul del"},
		{"c1 \u009b31mcsi", "c1 csi"},
		{"crlf\r\nand cr\rend", "crlf\nand cr\nend"},
		{"bad \xff utf8", "bad  utf8"},
		{"tab\tkept", "tab\tkept"},
	}
	for _, tt := range tests {
		if got := Clean(tt.in); got != tt.want {
			t.Errorf("Clean(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if got := Text("a\nb\tc"); got != "a b c" {
		t.Errorf("Text = %q", got)
	}
}

// FuzzIsPlain: the word-at-a-time scan agrees with a byte loop.
func FuzzIsPlain(f *testing.F) {
	f.Add("plain ASCII text, long enough for two words\n\tand a tab")
	f.Add("caf\xc3\xa9 \x7f\x1f~ \u2028 \u0085")
	f.Fuzz(func(t *testing.T, s string) {
		want := utf8.ValidString(s)
		for _, r := range s {
			if unicode.IsControl(r) && r != '\n' && r != '\t' || r == '\u2028' || r == '\u2029' {
				want = false
			}
		}
		if got := isPlain(s); got != want {
			t.Fatalf("isPlain(%q) = %v, want %v", s, got, want)
		}
	})
}

// FuzzClean: cleaned text is valid UTF-8 with no control character but
// line feed and tab, no escape sequence left, and cleaning it again changes
// nothing (so the fast path and the slow path agree).
func FuzzClean(f *testing.F) {
	for _, s := range []string{"plain", "\x1b[31mred", "東京\u0085x", "a\u2028b", "\xff\xfe", "\u009b31m", "\x1b]0;t\x07", "é\r\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := Clean(s)
		if !utf8.ValidString(c) {
			t.Fatalf("Clean(%q) = %q is not UTF-8", s, c)
		}
		for _, r := range c {
			if unicode.IsControl(r) && r != '\n' && r != '\t' || r == '\u2028' || r == '\u2029' {
				t.Fatalf("Clean(%q) = %q keeps %U", s, c, r)
			}
		}
		if again := Clean(c); again != c {
			t.Fatalf("Clean is not idempotent: %q then %q", c, again)
		}
	})
}
