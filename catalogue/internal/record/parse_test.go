package record

import "testing"

func TestFirstForbidden(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want int
	}{
		{"", -1}, {"plain ascii text, long enough for words", -1}, {"0123456\x7f", 7}, {"01234567\x1f", 8},
		{"abcdefgh ijklmno\x80", 16}, {"\t", 0}, {"~~~~~~~~~~~~~~~~", -1}, {"        \x00       ", 8},
		{"!!!!!!!!\x20\x20", -1}, {"abcdefghabcdefgh\xff", 16},
	} {
		if got := firstForbidden(tt.s); got != tt.want {
			t.Errorf("firstForbidden(%q) = %d, want %d", tt.s, got, tt.want)
		}
	}
}
