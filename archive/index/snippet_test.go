package index

import (
	"strings"
	"testing"
	"unicode"

	"github.com/uricat/uricat/catalogue/query"
)

// TestSnippet: the excerpt is one clean line around the first match, the
// match's place in it given in bytes, cut at spaces with "…".
func TestSnippet(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("filler words go here ", 20)
	tests := []struct {
		text, term string
		want, lit  string // the excerpt (or a part of it); what the match spans
	}{
		{"Der Kölner Dom steht am Rhein.", "koln", "Der Kölner Dom steht am Rhein.", "Köln"},
		{long + "the Kölner\x1b[31m Dom\n\nsteht " + long, "dom steht", "Kölner [31m Dom steht", "Dom\n\nsteht"},
		{"我们在北京大学学习中文。", "大学", "我们在北京大学学习中文。", "大学"},
		{"no match here", "zzz", "no match here", ""},
	}
	for _, tc := range tests {
		s := Snippet(tc.text, []query.TextTerm{{Text: query.Fold(tc.term)}}, 40)
		if !strings.Contains(s.Text, tc.want) {
			t.Errorf("Snippet(%.20q…, %q) = %q, want it to hold %q", tc.text, tc.term, s.Text, tc.want)
		}
		if strings.ContainsFunc(s.Text, func(r rune) bool { return unicode.IsControl(r) || r == '\n' }) {
			t.Errorf("Snippet(%q) = %q: control characters", tc.term, s.Text)
		}
		lit := s.Text[s.Start:s.End]
		if strings.Join(strings.Fields(lit), " ") != strings.Join(strings.Fields(tc.lit), " ") {
			t.Errorf("Snippet(%q): the match spans %q, want %q", tc.term, lit, tc.lit)
		}
		if len(tc.text) > 2*len(long) && (!strings.HasPrefix(s.Text, "…") || !strings.HasSuffix(s.Text, "…")) {
			t.Errorf("a cut excerpt is not marked: %q", s.Text)
		}
	}
}
