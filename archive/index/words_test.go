package index

import "testing"

// TestWords: a page's words are folded as searches fold them, and a run
// of Chinese or Japanese is its pairs of characters and its last.
func TestWords(t *testing.T) {
	t.Parallel()
	tests := []struct{ text, want string }{
		{"Köln ist SCHÖN, oder?", "koln ist schon oder"},
		{"Straße\tŁódź\x1b[31m", "strasse lodz 31m"},
		{"北京大学", "北京 京大 大学 学"},
		{"東京tower 日", "東京 京 tower 日"},
		{"हिन्दी भाषा", "हिनदी भाषा"}, // vowel signs are part of the word (Fold drops the virama, a Mn)
		{"", ""},
	}
	for _, tc := range tests {
		if got := Words(tc.text); got != tc.want {
			t.Errorf("Words(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestMatch: a search's FTS5 expression is its words as one phrase, the
// last a beginning, CJK runs as their pairs.
func TestMatch(t *testing.T) {
	t.Parallel()
	tests := []struct{ text, want string }{
		{"koln", `"koln"*`},
		{"Dom am rhein", `"dom am rhein"*`},
		{"大学", `"大学"*`},
		{"北京大学", `"北京 京大 大学"*`},
		{"北京 x", `"北京 京 x"`}, // x: too short to be a beginning
		{"学", `"学"*`},
		{"ko", `"ko"`},
		{"dom am", `"dom am"`},
		{"dom ams", `"dom ams"*`},
		{`"; DROP TABLE pages; --`, `"drop table pages"*`},
		{"...", ""},
	}
	for _, tc := range tests {
		if got := match(tc.text); got != tc.want {
			t.Errorf("match(%q) = %q, want %q", tc.text, got, tc.want)
		}
	}
}

// TestHeads: the index keeps a word's first four characters, or a word
// of three or four whole, and a search of three or four characters reads
// those heads: four letters one list rather than FTS5's merge of every
// word they begin.
func TestHeads(t *testing.T) {
	t.Parallel()
	if got, want := Heads("national con it nationwide tion 東京 京"), "nati con tion"; got != want {
		t.Errorf("Heads = %q, want %q", got, want)
	}
	tests := []struct {
		text, want string
		ok         bool
	}{
		{"nat", `"nat"*`, true},
		{"Nati", `"nati"`, true},
		{"natio", "", false},
		{"na", "", false},
		{"nat ion", "", false},
		{"東京大", "", false},
	}
	for _, tc := range tests {
		if got, ok := headMatch(tc.text); got != tc.want || ok != tc.ok {
			t.Errorf("headMatch(%q) = %q, %v; want %q, %v", tc.text, got, ok, tc.want, tc.ok)
		}
	}
}
