package transfer

import "testing"

// TestCount: counts have their thousands grouped.
func TestCount(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{
		{0, "0"},
		{999, "999"},
		{1000, "1,000"},
		{-1234, "-1,234"},
		{12345, "12,345"},
		{1234567, "1,234,567"},
		{-1234567, "-1,234,567"},
	} {
		if got := count(tc.n); got != tc.want {
			t.Errorf("count(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}
